import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ChangePasswordInput, changePasswordSchema } from '../../../../shared/schemas/account';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { changePassword, devicesQuery } from '../api/account';
import { AccountSection, ChangeButton } from './AccountSection';
import { FormButtons } from './NameSection';

export function PasswordSection() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <AccountSection
      id="password"
      icon={KeyRound}
      title={t('account.password.title')}
      action={editing ? null : <ChangeButton section="password" onClick={() => setEditing(true)} />}
    >
      <p className="text-sm text-slate-600">{t('account.password.note')}</p>
      {editing ? <PasswordForm onDone={() => setEditing(false)} /> : null}
    </AccountSection>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
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
