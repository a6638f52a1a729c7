import { clsx } from 'clsx';
import { ArrowRight, Check, Copy, Download, FileText } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { Alert } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import type { Formation, MyFormation } from '../../../lib/formation';
import { useTranslation } from '../../../lib/useTranslation';
import { FormationPaymentBadge } from '../../payments';
import { companyExists, openCompanySteps } from './companySteps';

/**
 * The "Company" card (decision 0019): name, state, the formation date staff recorded (never the record's
 * creation date), the state file number and the EIN with a copy button. Once the process is complete it
 * is also the completion card: the documents and the steps still open.
 */
export function CompanyCard({
  data,
  paymentStatus,
}: {
  data: MyFormation;
  /** The turnkey package's payment, shown beside the title; null for a self-service formation. */
  paymentStatus?: Formation['paymentStatus'] | null;
}) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { formation, einApplication: ein } = data;
  if (!companyExists(data)) return null;
  const completed = formation.formationStatus === 'process_completed';
  const missing = t('company.card.notRecorded');

  return (
    <Card data-testid={completed ? 'company-info' : 'company-card'}>
      {completed ? (
        <Alert tone="success" className="mb-6">
          <p className="font-semibold">{t('dashboard.completed.title')}</p>
          <p className="mt-1">{t('dashboard.completed.body')}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('company.card.title')}</h2>
        {paymentStatus ? <FormationPaymentBadge status={paymentStatus} /> : null}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label={t('company.card.name')} value={formation.businessName} missing={missing} />
        <Fact label={t('company.card.state')} value={formation.stateSelected} missing={missing} />
        <Fact
          label={t('company.card.formedOn')}
          value={formation.formedOn ? formatCalendarDateLong(formation.formedOn, lang) : null}
          missing={missing}
          testId="company-formed-on"
        />
        {formation.stateFileNumber ? (
          <Fact label={t('company.card.stateFileNumber')} value={formation.stateFileNumber} missing={missing} />
        ) : null}
        {ein ? (
          <Fact
            label={t('company.card.ein')}
            value={ein.ein ? <EinValue ein={ein.ein} /> : null}
            missing={t('company.card.einPending')}
          />
        ) : null}
      </dl>

      {completed ? (
        <>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {ein?.einDocumentUrl ? (
              <a
                href={ein.einDocumentUrl}
                download
                data-testid="ein-document-link"
                className={clsx(buttonLinkClass, buttonLinkVariants.primary)}
              >
                <Download aria-hidden="true" className="size-4" />
                {t('dashboard.company.einDocument')}
              </a>
            ) : null}
            <Link to="/documents" className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}>
              <FileText aria-hidden="true" className="size-4" />
              {t('dashboard.company.documents')}
            </Link>
          </div>
          <h3 className="mt-6 font-semibold text-slate-900">{t('company.completed.nextTitle')}</h3>
          <ul className="mt-3 space-y-2" data-testid="company-open-steps">
            {openCompanySteps(data).map(({ id, to, icon: Icon }) => (
              <li key={id} data-step={id}>
                <StepLink to={to}>
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                  <span className="flex-1">
                    <span className="block font-medium text-indigo-700 group-hover:underline">
                      {t(`company.completed.steps.${id}.title`)}
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-600">
                      {t(`company.completed.steps.${id}.body`)}
                    </span>
                  </span>
                  <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                </StepLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

const STEP_CLASS =
  'group flex items-start gap-3 rounded-xl border border-slate-200 p-3 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** An in-page anchor (the compliance calendar) stays a plain link; a page is a router link. */
function StepLink({ to, children }: { to: string; children: ReactNode }) {
  return to.startsWith('#') ? (
    <a href={to} className={STEP_CLASS}>
      {children}
    </a>
  ) : (
    <Link to={to} className={STEP_CLASS}>
      {children}
    </Link>
  );
}

function Fact({
  label,
  value,
  missing,
  testId,
}: {
  label: string;
  value: ReactNode | null;
  missing: string;
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid={testId}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={clsx('mt-1 font-semibold', value ? 'text-slate-900' : 'text-slate-500')}>{value || missing}</dd>
    </div>
  );
}

/** The EIN and its copy button; "Copied" stays visible a moment and is read out by screen readers. */
function EinValue({ ein }: { ein: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(ein);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono tabular-nums" data-testid="company-ein">
        {ein}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        data-testid="copy-ein"
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4 text-emerald-600" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {t('company.card.copy')}
        <span className="sr-only"> {t('company.card.copyWhat')}</span>
      </button>
      <span
        role="status"
        className={clsx('text-sm font-medium', state === 'failed' ? 'text-red-700' : 'text-emerald-700')}
        data-testid="copy-ein-status"
      >
        {state === 'copied' ? t('company.card.copied') : state === 'failed' ? t('company.card.copyFailed') : ''}
      </span>
    </span>
  );
}
