import { Printer } from 'lucide-react';
import { IRS_FAX_CHECKED, IRS_SS4_DOMESTIC_FAX, IRS_SS4_INTERNATIONAL_FAX } from '../../../../shared/catalogue/irs-fax';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * The IRS's international SS-4 fax numbers from the catalogue (decision 0050), with the day they were
 * read and the IRS pages they come from: on the SS-4 instructions page and on the EIN desk.
 */
export function IrsFaxNumbers({ className }: { className?: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [where, instructions] = IRS_SS4_INTERNATIONAL_FAX.sources;
  return (
    <section
      aria-labelledby="irs-fax-title"
      data-testid="irs-fax-numbers"
      className={className ?? 'rounded-xl border border-slate-200 bg-white p-4'}
    >
      <h3 id="irs-fax-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Printer aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
        {t('einFollowUps.fax.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('einFollowUps.fax.intro')}</p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {IRS_SS4_INTERNATIONAL_FAX.numbers.map((fax) => (
          <div key={fax.id} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-slate-600">{t(`einFollowUps.fax.${fax.id}`)}</dt>
            <dd
              className="font-mono text-base font-semibold tabular-nums text-slate-900"
              data-testid={`irs-fax-${fax.id}`}
            >
              {fax.number}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-600" data-testid="irs-fax-domestic">
        {t('einFollowUps.fax.domestic', {
          number: IRS_SS4_DOMESTIC_FAX.number.number,
          attention: IRS_SS4_DOMESTIC_FAX.attention,
        })}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        {t('einFollowUps.fax.checked', { date: formatCalendarDateLong(IRS_FAX_CHECKED, fmt.lang) })}
        {' · '}
        <ExternalLink href={where.url}>{t('einFollowUps.fax.source')}</ExternalLink>
        {' · '}
        <ExternalLink href={instructions.url}>{t('einFollowUps.fax.instructions')}</ExternalLink>
      </p>
    </section>
  );
}
