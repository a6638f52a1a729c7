import { Eye } from 'lucide-react';
import type { FactWatchNote } from '../../../../shared/features/compliance/compliance.contracts';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * Figures reported but not confirmed (decision 0073), each with the day staff must check it at its
 * source by: on the deadlines desk, so the operator sees it before the date it would matter.
 */
export function FactWatchNotes({ notes }: { notes: readonly FactWatchNote[] | undefined }) {
  const { t } = useTranslation();
  const { lang, usd } = useFormat();
  if (!notes || notes.length === 0) return null;
  return (
    <section
      aria-labelledby="fact-watch-title"
      data-testid="fact-watch-notes"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <h2 id="fact-watch-title" className="flex items-center gap-2 font-semibold text-amber-950">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        {t('compliance.admin.watch.title')}
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-amber-950">
        {notes.map((note) => (
          <li key={note.id} data-testid={`fact-watch-${note.id}`} data-overdue={note.overdue}>
            {t(`compliance.admin.watch.${note.id}`, { reported: usd(note.reportedCents), shown: usd(note.shownCents) })}{' '}
            <strong>
              {t(note.overdue ? 'compliance.admin.watch.overdue' : 'compliance.admin.watch.checkBy', {
                date: formatCalendarDateLong(note.checkBy, lang),
              })}
            </strong>{' '}
            <ExternalLink href={note.url}>{t('compliance.admin.watch.source')}</ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
