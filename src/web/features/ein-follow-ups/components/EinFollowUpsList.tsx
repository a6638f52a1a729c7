import { PhoneCall } from 'lucide-react';
import type { CustomerEinFollowUp } from '../../../../shared/features/ein/ein-follow-ups.contracts';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * The EIN timeline's follow-ups with the IRS (decision 0050): "We followed up with the IRS on <date>",
 * its outcome, and the team's note when they shared it. Newest first.
 */
export function EinFollowUpsList({ followUps }: { followUps: readonly CustomerEinFollowUp[] | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!followUps?.length) return null;
  return (
    <section aria-labelledby="ein-follow-ups-title" className="mt-5 border-t border-slate-200 pt-4">
      <h3 id="ein-follow-ups-title" className="font-semibold text-slate-900">
        {t('einFollowUps.customer.title')}
      </h3>
      <ol className="mt-3 space-y-3">
        {[...followUps].reverse().map((f) => (
          <li key={f.id} data-testid="ein-follow-up" className="flex items-start gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-50 text-sky-700">
              <PhoneCall aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {t('einFollowUps.customer.item', { date: formatCalendarDateLong(f.followedUpOn, fmt.lang) })}
              </p>
              <p className="text-slate-700">{t(`einFollowUps.outcome.${f.outcome}`)}</p>
              {f.note ? (
                <p className="mt-0.5 break-words text-slate-700" data-testid="ein-follow-up-note">
                  {t('einFollowUps.customer.note', { note: f.note })}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
