import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../../lib/useTranslation';

export function AdminPageHeader({
  icon: Icon,
  title,
  subtitle,
}: {
  icon: LucideIcon;
  title: string;
  subtitle?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex items-center gap-4">
      {/* "Services" and "Support" exist on both sides: the area keeps the staff page's title distinct. */}
      <title>{`${title} · ${t('admin.area')} · ${t('common.appName')}`}</title>
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
    </div>
  );
}
