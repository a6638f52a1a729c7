import { History } from 'lucide-react';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { FormationTimelineEntry } from './formationsApi';

/** Catalogue labels for values the timeline knows (statuses); anything else is shown as stored. */
const VALUE_LABELS: Record<string, string> = {
  formationStatus: 'catalogue.formationStatus',
  einStatus: 'catalogue.einStatus',
  paymentStatus: 'catalogue.paymentStatus',
  category: 'catalogue.documentCategory',
  businessAddressPreference: 'catalogue.addressOptions',
  companyFormationPreference: 'catalogue.formationType',
};

/**
 * The customer's timeline (product.md#admin-pages Admin formations, decision 0014): every audit row about them, newest
 * first: what happened, who did it, each field from → to, and when.
 */
export function FormationTimeline({ entries }: { entries: FormationTimelineEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <p
        data-testid="formation-timeline-empty"
        className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
      >
        <History aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
        {t('adminFormations.timeline.empty')}
      </p>
    );
  }
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" data-testid="formation-timeline">
      {entries.map((entry) => (
        <TimelineItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function TimelineItem({ entry }: { entry: FormationTimelineEntry }) {
  const { t, i18n } = useTranslation();
  const { dateTime, date } = useFormat();
  const what = i18n.exists(`adminFormations.timeline.actions.${entry.action}`)
    ? t(`adminFormations.timeline.actions.${entry.action}`)
    : entry.action;
  const name = entry.actor.name || entry.actor.email;
  const role =
    entry.actor.role && i18n.exists(`adminFormations.timeline.roles.${entry.actor.role}`)
      ? t(`adminFormations.timeline.roles.${entry.actor.role}`)
      : entry.actor.role;
  const who = name ? (role ? `${name} (${role})` : name) : t('adminFormations.timeline.system');
  const changes = entry.changes.filter((c) => c.from !== c.to);

  const fieldLabel = (field: string) =>
    i18n.exists(`adminFormations.timeline.fields.${field}`) ? t(`adminFormations.timeline.fields.${field}`) : field;
  const valueLabel = (field: string, value: string | null) => {
    if (value === null) return '—';
    if (value === 'true' || value === 'false') return t(`adminFormations.file.${value === 'true' ? 'yes' : 'no'}`);
    const ns = VALUE_LABELS[field];
    if (ns && i18n.exists(`${ns}.${value}`)) return t(`${ns}.${value}`);
    return value;
  };

  return (
    <li className="relative" data-testid="formation-timeline-entry" data-action={entry.action}>
      <span
        aria-hidden="true"
        className="absolute -left-[1.6rem] top-1.5 size-3 rounded-full border-2 border-white bg-indigo-500 ring-2 ring-indigo-100"
      />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <p className="text-sm font-semibold text-slate-900">{what}</p>
        <time dateTime={entry.at} title={date(entry.at)} className="text-xs text-slate-500 tabular-nums">
          {dateTime(entry.at)}
        </time>
      </div>
      <p className="break-words text-xs text-slate-600" data-testid="formation-timeline-who">
        {t('adminFormations.timeline.by', { who })}
      </p>
      {changes.length ? (
        <ul className="mt-1.5 space-y-0.5 text-sm" data-testid="formation-timeline-changes">
          {changes.map((c) => (
            <li key={c.field} className="min-w-0 break-words text-slate-700">
              <span className="text-slate-500">{fieldLabel(c.field)}: </span>
              {c.from !== null ? (
                <>
                  <span className="line-through decoration-slate-400">{valueLabel(c.field, c.from)}</span>
                  <span> → </span>
                </>
              ) : null}
              <span className="font-medium text-slate-900">{valueLabel(c.field, c.to)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
