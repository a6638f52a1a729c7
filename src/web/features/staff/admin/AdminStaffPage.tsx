import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/domain/roles';
import type { StaffInvitation, StaffMember } from '../../../../shared/features/staff/staff.contracts';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { useAdminLoadError } from '../../../components/admin/useAdminListPage';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { SelectField } from '../../../components/ui/Select';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  cancelInvitation,
  changeStaffRole,
  deactivateStaff,
  fetchStaff,
  reactivateStaff,
  resendInvitation,
  resetStaffTwoFactor,
  STAFF_KEY,
} from '../staffApi';
import { InviteForm } from './InviteForm';

type Pending =
  | { kind: 'deactivate'; member: StaffMember }
  | { kind: 'resetTwoFactor'; member: StaffMember }
  | { kind: 'cancel'; invitation: StaffInvitation }
  | null;

/**
 * /admin/staff (owner only, decision 0043): the members with their role and state, the open
 * invitations, and the form to invite someone. Every change is mailed to the member it affects.
 */
export function AdminStaffPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: fetchStaff, staleTime: 0 });
  useAdminLoadError(staff.error, 'adminStaff.loadFailed', 'staff-list-failed');
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  const failed = (error: unknown) => toast.error(errorMessage(error, 'adminStaff.actionFailed', t));

  const confirm = useMutation({
    mutationFn: async (what: NonNullable<Pending>) => {
      if (what.kind === 'deactivate') await deactivateStaff(what.member.id);
      else if (what.kind === 'resetTwoFactor') await resetStaffTwoFactor(what.member.id);
      else await cancelInvitation(what.invitation.id);
      return what;
    },
    onSuccess: (what) => {
      toast.success(
        what.kind === 'deactivate'
          ? t('adminStaff.members.deactivatedDone', { name: what.member.name })
          : what.kind === 'resetTwoFactor'
            ? t('adminStaff.members.twoFactorResetDone', { name: what.member.name })
            : t('adminStaff.invitations.cancelled', { email: what.invitation.email }),
      );
      setPending(null);
      void refresh();
    },
    onError: (error) => {
      setPending(null);
      failed(error);
    },
  });

  return (
    <>
      <AdminListFrame
        icon={UsersRound}
        title={t('adminStaff.title')}
        subtitle={t('adminStaff.intro')}
        // The team is short: no search; the invitation form stands beside the lists.
        panelWidth="narrow"
        panel={<InviteForm onInvited={() => void refresh()} />}
      >
        <div className="grid min-w-0 gap-6">
          <Card className="p-0">
            <h2 className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900">
              {t('adminStaff.members.title')}
            </h2>
            {staff.isPending ? (
              <p className="px-4 py-6 text-slate-600">…</p>
            ) : staff.isError ? (
              <p className="px-4 py-6 text-red-700">{t('adminStaff.loadFailed')}</p>
            ) : (
              <ul aria-label={t('adminStaff.members.caption')}>
                {staff.data.members.map((member) => (
                  <MemberRow
                    key={member.id}
                    member={member}
                    onDeactivate={() => setPending({ kind: 'deactivate', member })}
                    onResetTwoFactor={() => setPending({ kind: 'resetTwoFactor', member })}
                    onChanged={() => void refresh()}
                    onFailed={failed}
                  />
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-0">
            <h2 className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900">
              {t('adminStaff.invitations.title')}
            </h2>
            {staff.data && staff.data.invitations.length === 0 ? (
              <p className="px-4 py-6 text-slate-600" data-testid="invitations-empty">
                {t('adminStaff.invitations.empty')}
              </p>
            ) : (
              <ul aria-label={t('adminStaff.invitations.caption')}>
                {(staff.data?.invitations ?? []).map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    onCancel={() => setPending({ kind: 'cancel', invitation })}
                    onFailed={failed}
                    onChanged={() => void refresh()}
                  />
                ))}
              </ul>
            )}
          </Card>
        </div>
      </AdminListFrame>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'deactivate'
            ? t('adminStaff.members.deactivate')
            : pending?.kind === 'resetTwoFactor'
              ? t('adminStaff.members.resetTwoFactor')
              : pending?.kind === 'cancel'
                ? t('adminStaff.invitations.cancel')
                : ''
        }
        body={
          pending?.kind === 'deactivate'
            ? t('adminStaff.members.confirmDeactivate', { name: pending.member.name })
            : pending?.kind === 'resetTwoFactor'
              ? t('adminStaff.members.confirmResetTwoFactor', { name: pending.member.name })
              : pending?.kind === 'cancel'
                ? t('adminStaff.invitations.confirmCancel', { email: pending.invitation.email })
                : undefined
        }
        confirmLabel={
          pending?.kind === 'deactivate'
            ? t('adminStaff.members.deactivate')
            : pending?.kind === 'resetTwoFactor'
              ? t('adminStaff.members.resetTwoFactor')
              : t('adminStaff.invitations.cancel')
        }
        cancelLabel={t('adminStaff.back')}
        busy={confirm.isPending}
        onConfirm={() => pending && confirm.mutate(pending)}
        onCancel={() => setPending(null)}
        testId="staff-confirm"
      />
    </>
  );
}

function MemberRow({
  member,
  onDeactivate,
  onResetTwoFactor,
  onChanged,
  onFailed,
}: {
  member: StaffMember;
  onDeactivate: () => void;
  onResetTwoFactor: () => void;
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const me = useMe().data?.user;
  const roleChange = useMutation({
    mutationFn: (role: StaffRole) => changeStaffRole(member.id, { role }),
    onSuccess: () => {
      toast.success(t('adminStaff.members.roleChanged', { name: member.name }));
      onChanged();
    },
    onError: (error) => {
      onFailed(error);
      onChanged();
    },
  });
  const reactivate = useMutation({
    mutationFn: () => reactivateStaff(member.id),
    onSuccess: () => {
      toast.success(t('adminStaff.members.reactivatedDone', { name: member.name }));
      onChanged();
    },
    onError: onFailed,
  });
  const twoFactor =
    member.twoFactorEnabled === null
      ? t('adminStaff.members.twoFactorUnknown')
      : t(member.twoFactorEnabled ? 'adminStaff.members.twoFactorOn' : 'adminStaff.members.twoFactorOff');
  return (
    <li
      data-testid="staff-member"
      data-id={member.id}
      data-email={member.email}
      data-active={member.active}
      className="flex flex-col gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0 md:flex-row md:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">
          {member.name}
          {me?.id === member.id ? (
            <span className="text-sm font-normal text-slate-500"> ({t('adminStaff.members.you')})</span>
          ) : null}
        </p>
        <p className="break-all text-sm text-slate-600">{member.email}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          <span
            data-testid="staff-status"
            className={member.active ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}
          >
            {t(member.active ? 'adminStaff.members.active' : 'adminStaff.members.deactivated')}
          </span>
          <span className="text-slate-600">
            {t('adminStaff.members.twoFactor')}: {twoFactor}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          id={`staff-role-${member.id}`}
          name="role"
          label={t('adminStaff.members.changeRole', { name: member.name })}
          value={member.role}
          disabled={roleChange.isPending}
          onChange={(event) => roleChange.mutate(event.target.value as StaffRole)}
          className="w-44"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`adminStaff.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        {member.twoFactorEnabled && member.active && me?.id !== member.id ? (
          <Button variant="secondary" size="md" onClick={onResetTwoFactor} data-testid="staff-reset-two-factor">
            {t('adminStaff.members.resetTwoFactor')}
          </Button>
        ) : null}
        {member.active ? (
          <Button variant="secondary" size="md" onClick={onDeactivate} data-testid="staff-deactivate">
            {t('adminStaff.members.deactivate')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="md"
            loading={reactivate.isPending}
            onClick={() => reactivate.mutate()}
            data-testid="staff-reactivate"
          >
            {t('adminStaff.members.reactivate')}
          </Button>
        )}
      </div>
    </li>
  );
}

function InvitationRow({
  invitation,
  onCancel,
  onChanged,
  onFailed,
}: {
  invitation: StaffInvitation;
  onCancel: () => void;
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const resend = useMutation({
    mutationFn: () => resendInvitation(invitation.id),
    onSuccess: () => {
      toast.success(t('adminStaff.invitations.resent', { email: invitation.email }));
      onChanged();
    },
    onError: onFailed,
  });
  return (
    <li
      data-testid="staff-invitation"
      data-email={invitation.email}
      className="flex flex-col gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0 md:flex-row md:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="break-all font-medium text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {t(`adminStaff.roles.${invitation.role}`)} ·{' '}
          <span className={invitation.expired ? 'text-red-700' : undefined}>
            {t(invitation.expired ? 'adminStaff.invitations.expired' : 'adminStaff.invitations.expires', {
              date: dateTime(invitation.expiresAt),
            })}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('adminStaff.invitations.resend')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('adminStaff.invitations.cancel')}
        </Button>
      </div>
    </li>
  );
}
