import type { AdminFilingView } from '../../../../shared/features/filings/filings.contracts';
import { formatEinDigits } from '../../../../shared/features/filings/form-5472.domain';
import { Section } from '../../../components/admin/DetailPanel';
import { useTranslation } from '../../../lib/useTranslation';

/** A Form 5472's answers as the customer sent them, once they are no longer editable. */
export function FilingAnswers({ filing }: { filing: AdminFilingView }) {
  const { t } = useTranslation();
  const answers = filing.answers as {
    company?: Record<string, unknown>;
    owner?: Record<string, unknown>;
    transactions?: { none?: boolean | null };
  } | null;
  return (
    <Section title={t('adminFilings.detail.answers')}>
      {answers && !filing.answersEditable ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3" data-testid="filing-answers">
          {[
            ['name', answers.company?.name],
            ['ein', formatEinDigits(String(answers.company?.ein ?? ''))],
            ['activityCode', answers.company?.activityCode],
            ['ownerName', answers.owner?.name],
            ['citizenship', answers.owner?.citizenship],
            ['foreignTaxId', filing.foreignTaxIdLast4 ? `•••${filing.foreignTaxIdLast4}` : null],
          ].map(([key, value]) => (
            <div key={String(key)} className="contents">
              <dt className="text-slate-600">{t(`filings.form.fields.${key}`)}</dt>
              <dd className="break-words text-slate-900">{String(value ?? '—')}</dd>
            </div>
          ))}
          {answers.transactions?.none ? (
            <dd className="sm:col-span-2">{t('adminFilings.detail.noTransactions')}</dd>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">{t('adminFilings.detail.noAnswers')}</p>
      )}
    </Section>
  );
}
