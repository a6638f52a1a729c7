import { BarChart3, Download, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { panelCsv } from '../../../../shared/features/overview/overview.domain';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

export interface Figure {
  key: string;
  label: string;
  value: string;
  /** The previous period's value, shown beside it. */
  previous?: string;
  /** The admin list this figure counts. */
  to?: string;
}

export interface PanelTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

function saveCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A panel's frame. The minimum height is about a panel's own with its chart, so that a placeholder
 * taking its place while the figures load does not push the panels below it when they arrive (the
 * home's layout shift, decision 0060).
 */
const PANEL_FRAME = 'flex min-h-96 min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm';

/** Where a panel will be, while its figures load: its title in the same frame, nothing to move later. */
export function PanelPlaceholder({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  return (
    <section aria-busy="true" aria-label={title} data-testid={`home-panel-${id}-loading`} className={PANEL_FRAME}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-3 text-sm text-slate-500">{t('common.loading')}</p>
    </section>
  );
}

/**
 * One panel of the home: its figures (each a link to the list it counts), a chart and, one click away,
 * the same numbers as a table. The table is always in the page: shown, or read by screen readers
 * only while the chart (a picture, aria-hidden) is shown. The CSV is the table's own numbers.
 */
export function HomePanel({
  id,
  title,
  figures,
  chart,
  table,
  children,
  loading,
}: {
  id: string;
  title: string;
  figures: readonly Figure[];
  chart: ReactNode;
  table: PanelTable;
  children?: ReactNode;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={`home-panel-${id}`} className={PANEL_FRAME}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => setAsTable((v) => !v)}
            aria-pressed={asTable}
            className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {asTable ? (
              <BarChart3 aria-hidden="true" className="size-4" />
            ) : (
              <Table2 aria-hidden="true" className="size-4" />
            )}
            {asTable ? t('adminHome.showChart') : t('adminHome.showTable')}
          </button>
          <button
            type="button"
            onClick={() =>
              saveCsv(`home-${id}${lang === 'tr' ? '-tr' : ''}.csv`, panelCsv(lang, table.columns, table.rows))
            }
            className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('adminHome.csv')}
          </button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="min-w-0">
            <dt className="truncate text-xs text-slate-600">{f.label}</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid={`home-figure-${id}-${f.key}`}>
              {f.to ? (
                <Link to={f.to} className="text-indigo-700 underline-offset-2 hover:underline">
                  {f.value}
                </Link>
              ) : (
                f.value
              )}
              {f.previous !== undefined ? (
                <span className="ml-1.5 text-xs font-normal text-slate-500">
                  {t('adminHome.previous', { value: f.previous })}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <div className={loading ? 'mt-3 opacity-60' : 'mt-3'}>
        {asTable ? null : chart}
        <div className={asTable ? 'max-h-80 overflow-auto' : 'sr-only'}>
          <table className="w-full text-left text-sm" data-testid={`home-table-${id}`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="border-b border-slate-200 px-2 py-1 font-medium text-slate-700">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered in place
                <tr key={i} className="odd:bg-slate-50">
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    <td key={j} className="px-2 py-1 tabular-nums text-slate-800">
                      {cell ?? '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
