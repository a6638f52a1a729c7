import { useQuery } from '@tanstack/react-query';
import { Download, FileX2, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EIN_STATUSES } from '../../../../shared/domain/ein';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper } from '../../../components/ui/Stepper';
import { linkClass } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { type AdminEinApplication, EIN_FILE_KEYS, einDetailQuery } from '../api/einApplications';
import { EinActions } from './EinActions';
import { EinNotes } from './EinNotes';
import { EinSsn } from './EinSsn';
import { EinStatusBadge } from './EinStatusBadge';

const ACTIVITY_KEYS: Record<string, string> = {
  Ecommerce: 'ecommerce',
  'Digital Marketing': 'digitalMarketing',
  'Software Development': 'softwareDevelopment',
  Other: 'other',
};

export interface EinDetailPanelProps {
  id: string;
  /** The row from the list, shown at once while the full record loads. */
  placeholder?: AdminEinApplication;
  /** Move focus to the heading (the user picked a row); not on a page reload. */
  focusOnOpen: boolean;
  onClose: () => void;
}

/**
 * One application: its progress, what staff can do next, everything the customer entered, the
 * files and the notes. Mount it with `key={id}` so that nothing (a revealed SSN, a half-written
 * note) carries over to another application.
 */
export function EinDetailPanel({ id, placeholder, focusOnOpen, onClose }: EinDetailPanelProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const detail = useQuery({ ...einDetailQuery(id), placeholderData: placeholder });
  const application = detail.data;

  useEffect(() => {
    if (!focusOnOpen) return;
    headingRef.current?.focus({ preventScroll: true });
    // Stacked under the list on narrow screens: bring the panel into view.
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [focusOnOpen]);

  return (
    <aside
      ref={panelRef}
      id="ein-detail"
      data-testid="ein-detail"
      data-id={id}
      data-status={application?.einStatus}
      aria-labelledby="ein-detail-title"
      aria-busy={detail.isFetching || undefined}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
    >
      <div className="sticky top-0 z-10 flex items-start gap-3 border-b border-slate-200 bg-white/95 px-5 py-4 backdrop-blur">
        <div className="min-w-0 flex-1">
          <h2
            id="ein-detail-title"
            ref={headingRef}
            tabIndex={-1}
            className="break-words text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {application?.businessName ?? t('adminEin.detail.title')}
          </h2>
          {application ? (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <EinStatusBadge status={application.einStatus} />
              {detail.isFetching ? <Spinner className="size-3.5 text-slate-400" /> : null}
            </div>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label={t('adminEin.detail.close')}
          title={t('adminEin.detail.close')}
          data-testid="ein-detail-close"
          className="-mr-2 shrink-0 px-2"
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {application ? (
        <DetailBody application={application} />
      ) : detail.isError ? (
        <div className="p-5">
          <Alert
            tone="error"
            action={
              // A missing application will not come back by asking again.
              isApiError(detail.error, 'NOT_FOUND') ? undefined : (
                <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
                  {t('common.retry')}
                </Button>
              )
            }
          >
            {errorMessage(detail.error, 'adminEin.detail.loadFailed', t)}
          </Alert>
        </div>
      ) : (
        <div role="status" className="flex items-center justify-center gap-2 px-5 py-12 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 px-5 py-5 first:border-t-0">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="-mt-2.5 break-words text-sm font-medium text-slate-900 sm:mt-0">{children}</dd>
    </>
  );
}

function DetailBody({ application: app }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const activityKey = ACTIVITY_KEYS[app.businessActivity];
  const activity = activityKey ? t(`adminEin.activities.${activityKey}`) : app.businessActivity;

  return (
    <div>
      <Section title={t('adminEin.detail.progress')}>
        <Stepper
          label={t('adminEin.detail.stepper')}
          steps={EIN_STATUSES.map((s) => t(`catalogue.einStatus.${s}`))}
          current={app.stage - 1}
        />
        <div className="mt-5">
          <EinActions application={app} />
        </div>
      </Section>

      <Section title={t('adminEin.detail.company')}>
        <Facts>
          <Fact label={t('adminEin.fields.businessName')}>{app.businessName}</Fact>
          <Fact label={t('adminEin.fields.email')}>
            <a href={`mailto:${app.email}`} className={linkClass}>
              {app.email}
            </a>
          </Fact>
          <Fact label={t('adminEin.fields.state')}>{app.state}</Fact>
          <Fact label={t('adminEin.fields.businessActivity')}>
            {activity}
            {app.otherActivity ? <span className="block font-normal text-slate-700">{app.otherActivity}</span> : null}
          </Fact>
          <Fact label={t('adminEin.fields.account')}>
            {app.userName ? <span className="block">{app.userName}</span> : null}
            <span className="block font-normal text-slate-700">{app.userEmail}</span>
          </Fact>
          <Fact label={t('adminEin.fields.formationStatus')}>
            {app.formationStatus ? t(`catalogue.formationStatus.${app.formationStatus}`) : '—'}
          </Fact>
          <Fact label={t('adminEin.fields.createdAt')}>
            <time dateTime={app.createdAt}>{dateTime(app.createdAt)}</time>
          </Fact>
          <Fact label={t('adminEin.fields.updatedAt')}>
            <time dateTime={app.updatedAt}>{dateTime(app.updatedAt)}</time>
          </Fact>
        </Facts>
      </Section>

      <Section title={t('adminEin.detail.responsibleParty')}>
        <Facts>
          <Fact label={t('adminEin.fields.responsiblePartyName')}>{app.responsiblePartyName}</Fact>
          <Fact label={t('adminEin.fields.phone')}>
            <a href={`tel:${app.responsiblePartyPhone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              {app.responsiblePartyPhone}
            </a>
          </Fact>
          <Fact label={t('adminEin.fields.foreignApplicant')}>
            {t(app.isForeignApplicant ? 'adminEin.yes' : 'adminEin.no')}
          </Fact>
          <Fact label={t('adminEin.fields.ssn')}>
            <EinSsn application={app} />
          </Fact>
        </Facts>
      </Section>

      <Section title={t('adminEin.detail.files')}>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {EIN_FILE_KEYS.map((key) => {
            const file = app.files[key];
            return (
              <li key={key} className="flex flex-col gap-1 px-4 py-3" data-file={key}>
                <span className="text-sm text-slate-600">{t(`adminEin.files.${key}`)}</span>
                {file ? (
                  <a
                    href={file.url}
                    download={file.fileName}
                    className={`${linkClass} inline-flex min-w-0 items-center gap-1.5 text-sm`}
                    data-testid={`ein-file-${key}`}
                  >
                    <Download aria-hidden="true" className="size-4 shrink-0" />
                    <span className="truncate">{file.fileName}</span>
                    <span className="sr-only"> ({t('adminEin.files.download')})</span>
                  </a>
                ) : (
                  <span className="inline-flex items-center gap-1.5 text-sm text-slate-500">
                    <FileX2 aria-hidden="true" className="size-4 shrink-0" />
                    {t('adminEin.files.missing')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title={t('adminEin.detail.notes')}>
        <EinNotes application={app} />
      </Section>
    </div>
  );
}
