import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES } from '../../../../shared/domain/roles';
import type { InviteStaffInput } from '../../../../shared/features/staff/staff.schemas';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { inviteStaff } from '../staffApi';

/** The API's own schema, loaded after the page's first paint (decision 0060). */
const inviteResolver = lazyZodResolver(() =>
  import('../../../../shared/features/staff/staff.schemas').then((m) => m.inviteStaffSchema),
);

/** The owner invites a member by address, role and the language of the mail (decision 0043). */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const { t, i18n } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<InviteStaffInput>({
    resolver: useLazyResolver(inviteResolver),
    defaultValues: { email: '', role: 'support', lang: i18n.language === 'en' ? 'en' : 'tr' },
  });
  const invite = useMutation({
    mutationFn: inviteStaff,
    onSuccess: (_result, sent) => {
      toast.success(t('adminStaff.invite.sent', { email: sent.email }));
      // The next invitation is for someone else; the role and language often stay.
      resetField('email');
      onInvited();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ['email'])) return;
      if (isApiError(error, 'EMAIL_TAKEN') || isApiError(error, 'INVITATION_PENDING')) {
        setError('email', { type: 'server', message: `errors.${error.code}` }, { shouldFocus: true });
      } else toast.error(errorMessage(error, 'adminStaff.actionFailed', t));
    },
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('adminStaff.invite.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('adminStaff.invite.hint')}</p>
      <form
        className="mt-4 grid gap-4"
        onSubmit={handleSubmit((body) => invite.mutate(body))}
        noValidate
        aria-label={t('adminStaff.invite.title')}
      >
        <TextField
          label={t('adminStaff.invite.email')}
          id="invite-email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField id="invite-role" label={t('adminStaff.invite.role')} {...register('role')}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`adminStaff.roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id="invite-lang" label={t('adminStaff.invite.lang')} {...register('lang')}>
          <option value="tr">Türkçe</option>
          <option value="en">English</option>
        </SelectField>
        <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
          {t('adminStaff.invite.submit')}
        </Button>
      </form>
    </Card>
  );
}
