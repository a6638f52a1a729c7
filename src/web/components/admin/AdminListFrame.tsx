import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { Spinner } from '../ui/Spinner';
import { AdminPageHeader } from './AdminPageHeader';

// The detail panel's column beside the list from `lg` on, by how much the panel holds.
const PANEL_COLUMNS = {
  narrow: 'lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]',
  medium: 'lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]',
  wide: 'lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,40rem)]',
} as const;

export interface AdminListFrameProps {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  /** The search box and its filters (ListToolbar or a list's own toolbar built on it); none for a short list. */
  toolbar?: ReactNode;
  /**
   * A form above the list that adds to it or edits its picked row (services, short links): the list then
   * stands under it in its own section, named by its heading (`listTitle`, focusable: a deleted row's
   * focus goes back to it).
   */
  lead?: { form: ReactNode; listTitle: string; listTitleId: string };
  /** A second row under the toolbar: more filters, the export buttons. */
  controls?: ReactNode;
  /** For a list whose rows open a detail panel beside it (below it on phones): the panel's width. */
  panelWidth?: keyof typeof PANEL_COLUMNS;
  /** The open row's panel, or null. */
  panel?: ReactNode;
  /** The list itself. */
  children: ReactNode;
}

/** The frame every admin list page shares: title, toolbar, an optional row of controls, the list and its panel. */
export function AdminListFrame({
  icon,
  title,
  subtitle,
  toolbar,
  lead,
  controls,
  panelWidth,
  panel,
  children,
}: AdminListFrameProps) {
  const list = (
    <>
      {toolbar}
      {controls ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
          {controls}
        </div>
      ) : null}
      <div
        className={clsx(
          panelWidth ? 'mt-5 grid grid-cols-1 items-start gap-6' : 'mt-4',
          panelWidth && panel && PANEL_COLUMNS[panelWidth],
        )}
      >
        {children}
        {/* The pages load their panels' code when a row is opened (decision 0060). */}
        {panel ? <Suspense fallback={<PanelCodeLoading />}>{panel}</Suspense> : null}
      </div>
    </>
  );
  return (
    <>
      <AdminPageHeader icon={icon} title={title} subtitle={subtitle} />
      {lead ? (
        <div className="space-y-8">
          {lead.form}
          <section aria-labelledby={lead.listTitleId}>
            <h2
              id={lead.listTitleId}
              tabIndex={-1}
              className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
            >
              {lead.listTitle}
            </h2>
            {list}
          </section>
        </div>
      ) : (
        list
      )}
    </>
  );
}

/** Where a detail panel will be while its code loads: the panel's frame and the loading line. */
function PanelCodeLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex min-w-0 items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white px-5 py-12 text-slate-600 shadow-sm"
    >
      <Spinner className="size-5 text-indigo-600" />
      {t('common.loading')}
    </div>
  );
}
