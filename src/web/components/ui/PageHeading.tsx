import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../../lib/useTranslation';

/**
 * A signed-in page's heading row, aligned left (the account and the subscriptions pages): the round
 * icon, the title and a line under it, and the tab's title. PageWrapper centres its own for the guides.
 */
export function PageHeading({ icon: Icon, title, subtitle }: { icon: LucideIcon; title: string; subtitle: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${title} · ${t('common.appName')}`}</title>
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
      </div>
    </>
  );
}
