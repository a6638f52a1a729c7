import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, ExternalLink, FolderOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatEin } from '../../../../shared/features/ein/ein-number.domain';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { Fact, Facts, Section } from '../../../components/admin/DetailPanel';
import { useAdminLoadError } from '../../../components/admin/useAdminListPage';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { EinStatusBadge } from '../../ein';
import { PaymentStatusBadge } from '../../payments';
import { UserDocuments, UserOrders, UserSupportHistory, userDetailQuery } from '../../users';
import { FormationCompanyForm } from './FormationCompanyForm';
import { FormationStatusSelect } from './FormationStatusSelect';
import { FormationTimeline } from './FormationTimeline';
import { type FormationCustomerFile, formationFileQuery } from './formationsApi';

/**
 * The customer file (product.md#admin-pages Admin formations, 'View Details'; decision 0014): everything about the
 * customer behind one formation on one page: profile, formation (status editable), turnkey request,
 * EIN application, documents (with upload), orders, support threads, and the timeline of every change.
 */
export function CustomerFilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const location = useLocation();
  const backTo = (location.state as { backTo?: string } | null)?.backTo ?? '/admin/formations';
  const file = useQuery(formationFileQuery(id));
  // A missing file is the page's own message, not a toast; a 401/403 still leaves the page.
  useAdminLoadError(
    isApiError(file.error, 'NOT_FOUND') ? null : file.error,
    'adminFormations.file.loadFailed',
    'formation-file-failed',
  );

  const data = file.data;
  const title = data
    ? data.formation.businessName || data.profile.displayName || data.profile.name || data.profile.email
    : t('adminFormations.file.title');

  return (
    <>
      <Link
        to={backTo}
        className={`${linkClass} mb-4 inline-flex items-center gap-1.5 text-sm`}
        data-testid="formation-file-back"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('adminFormations.file.back')}
      </Link>
      <AdminPageHeader icon={FolderOpen} title={title} subtitle={data ? t('adminFormations.file.title') : undefined} />
      {data ? (
        <FileBody file={data} refreshing={file.isFetching} />
      ) : file.isError ? (
        <Alert
          tone="error"
          action={
            isApiError(file.error, 'NOT_FOUND') ? undefined : (
              <Button variant="secondary" size="sm" onClick={() => void file.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {errorMessage(file.error, 'adminFormations.file.loadFailed', t)}
        </Alert>
      ) : (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </>
  );
}

/** Everything but the timeline: the left column on wide screens (the timeline is the right one). */
const LEFT = 'lg:col-start-1';

function Card({ children, testId, className }: { children: ReactNode; testId?: string; className?: string }) {
  return (
    <div
      data-testid={testId}
      className={clsx('min-w-0 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
    >
      {children}
    </div>
  );
}

function FileBody({ file, refreshing }: { file: FormationCustomerFile; refreshing: boolean }) {
  const { t } = useTranslation();
  const { date, dateTime } = useFormat();
  const { profile, formation, turnkeyRequest: turnkey, einApplication: ein } = file;
  const none = t('adminFormations.none');
  const notSet = t('adminFormations.notSet');
  const who = formation.businessName || profile.displayName || profile.name || profile.email;
  const user = useQuery(userDetailQuery(profile.userId));
  const can = useCan();

  return (
    <div
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]"
      aria-busy={refreshing || undefined}
      data-testid="formation-file"
      data-id={formation.id}
    >
      <Card testId="formation-file-summary" className={LEFT}>
        <div className="grid grid-cols-1 md:grid-cols-2 md:divide-x md:divide-slate-200">
          <Section title={t('adminFormations.file.profile')} testId="formation-file-profile">
            <Facts>
              <Fact label={t('adminFormations.file.fields.name')}>{profile.name || t('adminFormations.noName')}</Fact>
              {profile.displayName && profile.displayName !== profile.name ? (
                <Fact label={t('adminFormations.file.fields.displayName')}>{profile.displayName}</Fact>
              ) : null}
              <Fact label={t('adminFormations.file.fields.email')} testId="formation-file-email">
                {profile.email}
              </Fact>
              <Fact label={t('adminFormations.file.fields.language')}>
                {t(`adminFormations.file.languages.${profile.lang}`)}
              </Fact>
              <Fact label={t('adminFormations.file.fields.signedUpAt')}>
                <time dateTime={profile.signedUpAt}>{date(profile.signedUpAt)}</time>
              </Fact>
              <Fact label={t('adminFormations.file.fields.utmSource')}>{profile.utmSource ?? none}</Fact>
              <Fact label={t('adminFormations.file.fields.utmMedium')}>{profile.utmMedium ?? none}</Fact>
              <Fact label={t('adminFormations.file.fields.utmCampaign')}>{profile.utmCampaign ?? none}</Fact>
              <Fact label={t('adminFormations.file.fields.shortLink')}>
                {profile.shortLinkSlug ? <code className="text-xs">/go/{profile.shortLinkSlug}</code> : none}
              </Fact>
              <Fact label={t('adminFormations.file.fields.userId')}>
                <code className="break-all text-xs font-normal text-slate-700">{profile.userId}</code>
              </Fact>
            </Facts>
            {can('audit.read') ? (
              <p className="mt-4">
                <Link
                  to={`/admin/audit?customer=${encodeURIComponent(profile.userId)}`}
                  className={linkClass}
                  data-testid="formation-file-audit"
                >
                  {t('adminFormations.file.auditLink')}
                </Link>
              </p>
            ) : null}
          </Section>
          <Section title={t('adminFormations.file.formation')} testId="formation-file-formation">
            <div className="mb-4 max-w-xs">
              <FormationStatusSelect
                formationId={formation.id}
                status={formation.formationStatus}
                name={who}
                formedOn={formation.formedOn}
              />
            </div>
            <div className="mb-4">
              <FormationCompanyForm
                formationId={formation.id}
                formedOn={formation.formedOn}
                stateFileNumber={formation.stateFileNumber}
              />
            </div>
            <Facts>
              <Fact label={t('adminFormations.file.fields.businessName')}>{formation.businessName ?? notSet}</Fact>
              <Fact label={t('adminFormations.file.fields.state')}>{formation.stateSelected ?? notSet}</Fact>
              <Fact label={t('adminFormations.file.fields.payment')}>
                <PaymentStatusBadge status={formation.paymentStatus} />
              </Fact>
              <Fact label={t('adminFormations.file.fields.preference')}>
                {t(`catalogue.formationType.${formation.preference}`)}
              </Fact>
              {formation.businessAddressPreference ? (
                <Fact label={t('adminFormations.file.fields.address')}>
                  {t(`catalogue.addressOptions.${formation.businessAddressPreference}`)}
                </Fact>
              ) : null}
              {formation.phoneNumber ? (
                <Fact label={t('adminFormations.file.fields.phone')}>{formation.phoneNumber}</Fact>
              ) : null}
              {formation.businessMotivation ? (
                <Fact label={t('adminFormations.file.fields.motivation')}>{formation.businessMotivation}</Fact>
              ) : null}
              <Fact label={t('adminFormations.file.fields.createdAt')}>
                <time dateTime={formation.createdAt}>{dateTime(formation.createdAt)}</time>
              </Fact>
              <Fact label={t('adminFormations.file.fields.updatedAt')}>
                <time dateTime={formation.updatedAt}>{dateTime(formation.updatedAt)}</time>
              </Fact>
            </Facts>
          </Section>
        </div>
      </Card>

      <div className={clsx(LEFT, 'grid min-w-0 grid-cols-1 gap-6 md:grid-cols-2')}>
        <Card testId="formation-file-turnkey">
          <Section title={t('adminFormations.file.turnkey')}>
            {turnkey ? (
              <Facts>
                <Fact label={t('adminFormations.file.fields.package')}>
                  {turnkey.packageSelected
                    ? t(`catalogue.packages.${turnkey.packageSelected}.name`, {
                        defaultValue: turnkey.packageSelected,
                      })
                    : notSet}
                </Fact>
                <Fact label={t('adminFormations.file.fields.state')}>{turnkey.stateSelected ?? notSet}</Fact>
                <Fact label={t('adminFormations.file.fields.address')}>
                  {turnkey.businessAddress
                    ? t(`catalogue.addressOptions.${turnkey.businessAddress}`, {
                        defaultValue: turnkey.businessAddress,
                      })
                    : notSet}
                </Fact>
                <Fact label={t('adminFormations.file.fields.turnkeyPaid')} testId="formation-file-turnkey-paid">
                  {turnkey.paidOrderId ? t('adminFormations.file.turnkeyPaidByOrder') : t('adminFormations.file.no')}
                </Fact>
                <Fact label={t('adminFormations.file.fields.documentsReady')}>
                  {turnkey.documentsReady ? t('adminFormations.file.yes') : t('adminFormations.file.no')}
                </Fact>
                <Fact label={t('adminFormations.file.fields.updatedAt')}>
                  <time dateTime={turnkey.updatedAt}>{dateTime(turnkey.updatedAt)}</time>
                </Fact>
              </Facts>
            ) : (
              <p className="text-sm text-slate-600">{t('adminFormations.file.noTurnkey')}</p>
            )}
          </Section>
        </Card>
        <Card testId="formation-file-ein">
          <Section title={t('adminFormations.file.ein')}>
            {ein ? (
              <>
                <Facts>
                  <Fact label={t('adminFormations.file.fields.businessName')}>{ein.businessName}</Fact>
                  <Fact label={t('adminFormations.file.fields.einStatus')}>
                    <EinStatusBadge status={ein.einStatus} />
                  </Fact>
                  <Fact label={t('adminFormations.file.fields.applicationStatus')}>{ein.status}</Fact>
                  {ein.ein ? (
                    <Fact label={t('company.admin.ein.label')} testId="formation-file-ein-number">
                      <span className="font-mono tabular-nums">{formatEin(ein.ein)}</span>
                    </Fact>
                  ) : null}
                  <Fact label={t('adminFormations.file.fields.createdAt')}>
                    <time dateTime={ein.createdAt}>{date(ein.createdAt)}</time>
                  </Fact>
                </Facts>
                <Link
                  // The EIN desk keeps its list in the URL: q finds the customer, id opens the application.
                  to={`/admin/ein?${new URLSearchParams({ q: profile.email, id: ein.id })}`}
                  className={`${linkClass} mt-4 inline-flex items-center gap-1.5 text-sm`}
                  data-testid="formation-file-ein-link"
                >
                  {t('adminFormations.file.openEinDesk')}
                  <ExternalLink aria-hidden="true" className="size-4" />
                </Link>
              </>
            ) : (
              <p className="text-sm text-slate-600">{t('adminFormations.file.noEin')}</p>
            )}
          </Section>
        </Card>
      </div>

      <Card testId="formation-file-timeline" className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-5 lg:row-start-1">
        <Section title={t('adminFormations.file.timeline')}>
          {/* It scrolls on its own on wide screens, so the keyboard must be able to reach and scroll it. */}
          <section
            aria-label={t('adminFormations.file.timeline')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has no other way to take keyboard focus
            tabIndex={0}
            className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto lg:pr-1"
          >
            <FormationTimeline entries={file.timeline} />
          </section>
        </Section>
      </Card>

      <Card testId="formation-file-documents" className={LEFT}>
        <Section title={t('adminFormations.file.documents')}>
          {user.data ? (
            <UserDocuments user={user.data} />
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600">
              <Spinner className="size-4 text-indigo-600" />
              {t('common.loading')}
            </div>
          )}
        </Section>
      </Card>

      {can('orders.read') ? (
        <Card testId="formation-file-orders" className={LEFT}>
          <Section title={t('adminFormations.file.orders')}>
            <UserOrders userId={profile.userId} />
          </Section>
        </Card>
      ) : null}

      {can('support.read') ? (
        <Card testId="formation-file-support" className={LEFT}>
          <UserSupportHistory
            user={{ id: profile.userId, email: profile.email, displayName: profile.displayName ?? profile.name }}
          />
        </Card>
      ) : null}
    </div>
  );
}
