import { useQuery } from '@tanstack/react-query';
import { Download, FileX2 } from 'lucide-react';
import { documentReadPermissions } from '../../../../shared/domain/permissions';
import { EIN_STATUSES } from '../../../../shared/features/ein/ein.domain';
import { DetailPanel, Fact, Facts, Section } from '../../../components/admin/DetailPanel';
import { FileLink } from '../../../components/admin/FileLink';
import { Stepper } from '../../../components/ui/Stepper';
import { linkClass } from '../../../components/ui/TextLink';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { IrsFaxNumbers } from '../../ein-follow-ups';
import { EinGenerateSs4 } from '../../ss4';
import { EinActions } from './EinActions';
import { EinFollowUps } from './EinFollowUps';
import { EinNotes } from './EinNotes';
import { EinSsn } from './EinSsn';
import { EinStatusBadge } from './EinStatusBadge';
import { type AdminEinApplication, EIN_FILE_KEYS, einDetailQuery } from './einApplicationsApi';

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
  const detail = useQuery({ ...einDetailQuery(id), placeholderData: placeholder });
  const application = detail.data;

  return (
    <DetailPanel
      idPrefix="ein"
      data={{ 'data-id': id, 'data-status': application?.einStatus }}
      title={application?.businessName ?? t('adminEin.detail.title')}
      meta={application ? <EinStatusBadge status={application.einStatus} /> : null}
      closeLabel={t('adminEin.detail.close')}
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      ready={Boolean(application)}
      fetching={detail.isFetching}
      error={detail.isError ? detail.error : null}
      loadFailedKey="adminEin.detail.loadFailed"
      onRetry={() => void detail.refetch()}
    >
      {application ? <DetailBody application={application} /> : null}
    </DetailPanel>
  );
}

function DetailBody({ application: app }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayProcess = can('ein.process');
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
          {mayProcess ? <EinActions application={app} /> : <EinNumberReadOnly ein={app.ein} />}
          {mayProcess && can('ein.ssn') ? <EinGenerateSs4 application={app} /> : null}
        </div>
      </Section>

      {app.einStatus === 'submitted_to_irs' || app.einStatus === 'ein_issued' ? (
        <Section title={t('einFollowUps.desk.title')}>
          <EinFollowUps application={app} />
          {app.einStatus === 'submitted_to_irs' ? <IrsFaxNumbers className="mt-4 rounded-xl bg-slate-50 p-4" /> : null}
        </Section>
      ) : app.isForeignApplicant && app.einStatus === 'ss4_uploaded' ? (
        <Section title={t('einFollowUps.fax.title')}>
          <IrsFaxNumbers className="rounded-xl bg-slate-50 p-4" />
        </Section>
      ) : null}

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
                {file && !documentReadPermissions(file.holdsTaxId).every(can) ? (
                  <span className="truncate text-sm text-slate-900" data-testid={`ein-file-${key}`}>
                    {file.fileName}
                  </span>
                ) : file ? (
                  <FileLink
                    href={file.url}
                    fileName={file.fileName}
                    stepUp={file.holdsTaxId}
                    className={`${linkClass} inline-flex min-w-0 items-center gap-1.5 text-sm`}
                    data-testid={`ein-file-${key}`}
                  >
                    <Download aria-hidden="true" className="size-4 shrink-0" />
                    <span className="truncate">{file.fileName}</span>
                    <span className="sr-only"> ({t('adminEin.files.download')})</span>
                  </FileLink>
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
        {mayProcess ? (
          <EinNotes application={app} />
        ) : (
          <p className="whitespace-pre-wrap text-sm text-slate-900" data-testid="ein-notes-text">
            {app.adminNotes ?? t('adminEin.notes.empty')}
          </p>
        )}
      </Section>
    </div>
  );
}

/** The EIN, for staff who may read the desk but not work it. */
function EinNumberReadOnly({ ein }: { ein: string | null }) {
  const { t } = useTranslation();
  if (!ein) return null;
  return (
    <div data-testid="ein-number">
      <p className="text-sm text-slate-600">{t('company.admin.ein.label')}</p>
      <p className="font-mono text-lg font-semibold tabular-nums text-slate-900" data-testid="ein-number-value">
        {ein}
      </p>
    </div>
  );
}
