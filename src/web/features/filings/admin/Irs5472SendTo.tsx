import { Printer } from 'lucide-react';
import type { AdminFilingView } from '../../../../shared/features/filings/filings.contracts';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * Where a Form 5472 goes (decision 0073): the IRS fax number and the Ogden address from the catalogue,
 * with the day they were written down and the IRS page to check them against before sending.
 */
export function Irs5472SendTo({ sendTo }: { sendTo: NonNullable<AdminFilingView['sendTo']> }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  return (
    <div data-testid="filing-send-to" className="mb-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Printer aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
        {t('adminFilings.detail.sendTo.title')}
      </p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t('adminFilings.detail.sendTo.fax')}</dt>
          <dd className="font-mono font-semibold tabular-nums" data-testid="filing-send-to-fax">
            {sendTo.fax.number}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('adminFilings.detail.sendTo.mail')}</dt>
          <dd data-testid="filing-send-to-mail">
            {sendTo.mail.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-slate-600">
        {t('adminFilings.detail.sendTo.checked', { date: formatCalendarDateLong(sendTo.source.checked, lang) })}{' '}
        <ExternalLink href={sendTo.source.url}>{t('adminFilings.detail.sendTo.source')}</ExternalLink>
      </p>
    </div>
  );
}
