import { useQuery } from '@tanstack/react-query';
import { isCustomer } from '../../../../shared/domain/roles';
import { DetailPanel, Fact, Facts, Section } from '../../../components/admin/DetailPanel';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { CustomerBankHistory } from '../../bank-readiness';
import { PaymentStatusBadge } from '../../payments';
import { CustomerSubscriptions } from '../../renewals';
import { UserDisplayName } from './UserDisplayName';
import { UserDocuments } from './UserDocuments';
import { RoleBadge } from './UserList';
import { UserOrders } from './UserOrders';
import { UserSupportHistory } from './UserSupportHistory';
import { type AdminUser, type AdminUserDetail, userDetailQuery } from './usersApi';

export interface UserDetailPanelProps {
  id: string;
  /** The row from the list, shown at once (title) while the full record loads. */
  placeholder?: AdminUser;
  focusOnOpen: boolean;
  onClose: () => void;
}

/** One account: profile (display name editable), formation, orders, sign-up source, documents, support. Mount with `key={id}`. */
export function UserDetailPanel({ id, placeholder, focusOnOpen, onClose }: UserDetailPanelProps) {
  const { t } = useTranslation();
  const detail = useQuery(userDetailQuery(id));
  const user = detail.data;
  const known = user ?? placeholder;

  return (
    <DetailPanel
      idPrefix="users"
      data={{ 'data-id': id }}
      title={known ? (known.displayName ?? t('adminUsers.noName')) : t('adminUsers.detail.title')}
      meta={user ? <RoleBadge userRole={user.role} /> : null}
      closeLabel={t('adminUsers.detail.close')}
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      ready={Boolean(user)}
      fetching={detail.isFetching}
      error={detail.isError ? detail.error : null}
      loadFailedKey="adminUsers.detail.loadFailed"
      onRetry={() => void detail.refetch()}
    >
      {user ? <DetailBody user={user} /> : null}
    </DetailPanel>
  );
}

function DetailBody({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const { date } = useFormat();
  const none = t('adminUsers.none');
  return (
    <div>
      <Section title={t('adminUsers.detail.profile')}>
        <Facts>
          <Fact label={t('adminUsers.fields.displayName')}>
            <UserDisplayName user={user} />
          </Fact>
          <Fact label={t('adminUsers.fields.email')} testId="user-email">
            {/* Read-only on purpose: it is the sign-in address (the API never accepts it). */}
            <span title={t('adminUsers.fields.emailReadOnly')}>{user.email}</span>
          </Fact>
          <Fact label={t('adminUsers.fields.joinedAt')}>
            <time dateTime={user.joinedAt}>{date(user.joinedAt)}</time>
          </Fact>
          <Fact label={t('adminUsers.fields.userId')}>
            <code className="break-all text-xs font-normal text-slate-700">{user.id}</code>
          </Fact>
        </Facts>
      </Section>

      <Section title={t('adminUsers.detail.formation')}>
        <Facts>
          <Fact label={t('adminUsers.fields.formationPreference')} testId="user-formation-preference">
            {user.formationPreference
              ? t(`catalogue.formationType.${user.formationPreference}`)
              : t('adminUsers.notSet')}
          </Fact>
          <Fact label={t('adminUsers.fields.formationStatus')} testId="user-formation-status">
            {user.formationStatus ? t(`catalogue.formationStatus.${user.formationStatus}`) : t('adminUsers.notStarted')}
          </Fact>
          <Fact label={t('adminServices.orders.formationPayment')} testId="user-formation-payment">
            {user.paymentStatus ? (
              <PaymentStatusBadge status={user.paymentStatus} testId="user-formation-payment-status" />
            ) : (
              t('adminUsers.notSet')
            )}
          </Fact>
        </Facts>
      </Section>

      {can('orders.read') ? (
        <Section title={t('adminServices.orders.title')} testId="user-orders">
          <UserOrders userId={user.id} />
        </Section>
      ) : null}

      {can('renewals.read') ? (
        <Section title={t('renewals.file.title')} testId="user-subscriptions">
          <CustomerSubscriptions userId={user.id} />
        </Section>
      ) : null}

      {isCustomer(user.role) ? (
        <Section title={t('bankReadiness.title')} testId="user-bank-readiness">
          <CustomerBankHistory userId={user.id} />
        </Section>
      ) : null}

      <Section title={t('adminUsers.detail.marketing')}>
        <Facts>
          <Fact label={t('adminUsers.fields.utmSource')} testId="user-utm-source">
            {user.utmSource ?? none}
          </Fact>
          <Fact label={t('adminUsers.fields.utmMedium')} testId="user-utm-medium">
            {user.utmMedium ?? none}
          </Fact>
          <Fact label={t('adminUsers.fields.utmCampaign')} testId="user-utm-campaign">
            {user.utmCampaign ?? none}
          </Fact>
        </Facts>
      </Section>

      <Section title={t('adminUsers.detail.documents')} testId="user-documents-card">
        <UserDocuments user={user} />
      </Section>

      {can('support.read') ? (
        <div data-slot="support-history" data-user-id={user.id} className="border-t border-slate-200">
          <UserSupportHistory user={user} />
        </div>
      ) : null}
    </div>
  );
}
