import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type EmailChangeInput, emailChangeSchema } from '../../../../shared/schemas/account';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Input';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { ACCOUNT_KEY, type Account, requestEmailChange } from '../api/account';
import { useDateTime } from '../lib/useDateTime';
import { AccountSection, ChangeButton } from './AccountSection';
import { FormButtons } from './NameSection';

/** The address changes only once the link mailed to the new one is opened (decision 0044). */
export function EmailSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [editing, setEditing] = useState(false);
  const pending = account.pendingEmail;
  return (
    <AccountSection
      id="email"
      icon={Mail}
      title={t('account.email.title')}
      action={editing ? null : <ChangeButton section="email" onClick={() => setEditing(true)} />}
    >
      <p className="break-all text-slate-800" data-testid="account-email-value">
        {account.email}
      </p>
      {pending ? (
        <div className="mt-3" data-testid="account-email-pending">
          <Alert>{t('account.email.pending', { email: pending.email, date: dateTime(pending.expiresAt) })}</Alert>
        </div>
      ) : null}
      {editing ? <EmailForm onDone={() => setEditing(false)} /> : null}
    </AccountSection>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
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
