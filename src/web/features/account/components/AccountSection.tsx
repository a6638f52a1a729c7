import { type LucideIcon, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../lib/useTranslation';
import { prefetchAccountForms } from './lazyAccountForms';

/** One part of the account page: an icon, a heading, what is set now, and its action beside it. */
export function AccountSection({
  id,
  icon: Icon,
  title,
  action,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  /** A button or link at the heading's end (Change, Manage). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`account-${id}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-indigo-700" />
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The section's "Change" button, which opens its form (hidden while the form is open). */
export function ChangeButton({ section, onClick }: { section: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      onPointerEnter={prefetchAccountForms}
      onFocus={prefetchAccountForms}
      data-testid={`account-${section}-edit`}
    >
      <Pencil aria-hidden="true" className="size-4" />
      {t('account.change')}
    </Button>
  );
}
