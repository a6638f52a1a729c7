import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type EmailChangeInput,
  emailChangeSchema,
  type UpdateAccountInput,
  updateAccountSchema,
} from '../../../../shared/features/account/account.schemas';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { queryClient } from '../../../lib/queryClient';
import { forgetMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { ACCOUNT_KEY, type Account, changePassword, devicesQuery, requestEmailChange, saveName } from '../api/account';

/*
 * The account page's forms, a chunk of their own (decision 0096): each opens only when its section's
 * Change button is pressed, so the page's first view leaves react-hook-form and the schema library
 * (about 125 KiB of decoded script) out. The sections load this module through ./lazyAccountForms.
 */

export function NameForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateAccountInput>({
    resolver: zodResolver(updateAccountSchema),
    defaultValues: { fullName: account.fullName },
  });
  const save = useMutation({
    mutationFn: (values: UpdateAccountInput) => saveName(values.fullName),
    onSuccess: async (updated) => {
      queryClient.setQueryData(ACCOUNT_KEY, updated);
      // The header and other pages read the name from the session.
      await forgetMe(true);
      toast.success(t('account.name.saved'));
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ['fullName'])) return;
      failureToast(error, 'account.name.failed', t);
    },
  });
  return (
    <form noValidate className="space-y-3" onSubmit={handleSubmit((values) => save.mutate(values))}>
      <TextField
        id="account-full-name"
        label={t('account.name.label')}
        autoComplete="name"
        autoFocus
        maxLength={TEXT_MAX.fullName}
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <FormButtons busy={save.isPending} onCancel={onDone} submitLabel={t('account.save')} />
    </form>
  );
}

/** Save and Cancel under an open form. */
export function FormButtons({
  busy,
  onCancel,
  submitLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" size="sm" loading={busy}>
        {submitLabel}
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
        {t('account.cancel')}
      </Button>
    </div>
  );
}

export function EmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailChangeInput>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const send = useMutation({
    mutationFn: requestEmailChange,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY, exact: true });
      toast.success(t('account.email.sent', { email: result.email }));
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && applyFieldErrors(setError, error.fields, ['newEmail', 'currentPassword'])) return;
      failureToast(error, 'account.email.failed', t);
    },
  });
  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={handleSubmit((values) => send.mutate(values))}>
      <TextField
        id="account-new-email"
        type="email"
        label={t('account.email.newLabel')}
        hint={t('account.email.hint')}
        autoComplete="email"
        autoFocus
        maxLength={TEXT_MAX.email}
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <PasswordField
        id="account-email-password"
        label={t('account.currentPassword')}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <FormButtons busy={send.isPending} onCancel={onDone} submitLabel={t('account.email.submit')} />
    </form>
  );
}

export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      // The other devices were signed out with the change.
      await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
      toast.success(t('account.password.changed'));
      onDone();
    },
    onError: (error) => {
      if (
        isApiError(error) &&
        applyFieldErrors(setError, error.fields, ['currentPassword', 'password', 'confirmPassword'])
      ) {
        return;
      }
      failureToast(error, 'account.password.failed', t);
    },
  });
  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={handleSubmit((values) => change.mutate(values))}>
      <PasswordField
        id="account-current-password"
        label={t('account.currentPassword')}
        autoComplete="current-password"
        autoFocus
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        id="account-new-password"
        label={t('account.password.newPassword')}
        hint={t('account.password.hint')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id="account-confirm-password"
        label={t('account.password.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormButtons busy={change.isPending} onCancel={onDone} submitLabel={t('account.password.submit')} />
    </form>
  );
}
