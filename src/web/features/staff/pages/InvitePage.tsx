import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { InvitationPeek } from '../../../../shared/features/staff/staff.contracts';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useLiteForm } from '../../../lib/liteForm';
import { sessionChanged } from '../../../lib/me';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { AuthFooter, AuthForm, AuthShell, checkResetPassword, FullNameField, NewPasswordFields } from '../../auth';
import { acceptInvitation, peekInvitation } from '../staffApi';

interface InviteValues {
  token: string;
  fullName: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['fullName', 'password', 'confirmPassword'] as const;

/** The reset form's checks (token, new password with a digit, confirmation) and a name, as the API asks. */
function checkInvite(values: InviteValues) {
  const problems: Partial<Record<keyof InviteValues, string>> = checkResetPassword(values);
  const name = values.fullName.trim();
  if (name.length === 0) problems.fullName = 'validation.fullNameRequired';
  else if (name.length > 120) problems.fullName = 'validation.fullNameTooLong';
  return problems;
}

/**
 * /invite/:token (decision 0042): the invitee sees the address and role they were invited with, chooses a
 * name and password, is signed in and goes on to set up the second factor.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  // The public pages load no query library (decision 0030): one call, kept in state.
  const [invitation, setInvitation] = useState<
    { state: 'loading' } | { state: 'open'; data: InvitationPeek } | { state: 'invalid'; error: unknown }
  >({ state: 'loading' });
  useEffect(() => {
    let live = true;
    peekInvitation(token).then(
      (data) => live && setInvitation({ state: 'open', data }),
      (error) => live && setInvitation({ state: 'invalid', error }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const empty = useMemo(() => ({ token, fullName: '', password: '', confirmPassword: '' }), [token]);
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(empty, checkInvite);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await acceptInvitation({ ...values, fullName: values.fullName.trim() });
      await sessionChanged();
      toast.success(t('adminStaff.invitePage.joined'));
      navigate(result.redirectTo, { replace: true });
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) {
        // The fields say what is wrong.
      } else {
        toast.error(errorMessage(error, 'errors.INTERNAL', t));
        if (isApiError(error, 'INVITATION_INVALID')) setInvitation({ state: 'invalid', error });
      }
    }
  });

  const invalid = invitation.state === 'invalid';
  return (
    <AuthShell
      title={invalid ? t('adminStaff.invitePage.invalidTitle') : t('adminStaff.invitePage.title')}
      subtitle={
        invitation.state === 'open'
          ? t('adminStaff.invitePage.intro', {
              email: invitation.data.email,
              role: t(`adminStaff.roles.${invitation.data.role}`),
            })
          : undefined
      }
    >
      {invitation.state === 'loading' ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner /> {t('adminStaff.invitePage.loading')}
        </p>
      ) : invitation.state === 'invalid' ? (
        <Alert tone="error">{errorMessage(invitation.error, 'errors.INVITATION_INVALID', t)}</Alert>
      ) : (
        <AuthForm onSubmit={onSubmit} submitLabel={t('adminStaff.invitePage.submit')} submitting={isSubmitting}>
          <FullNameField error={errors.fullName?.message} {...register('fullName')} />
          <NewPasswordFields
            label={t('auth.fields.password')}
            hint={t('auth.signUp.passwordHint')}
            password={{ ...register('password'), error: errors.password?.message }}
            confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
          />
        </AuthForm>
      )}
      <AuthFooter>
        <TextLink to="/signin">{t('auth.backToSignIn')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
