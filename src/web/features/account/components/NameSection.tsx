import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type UpdateAccountInput, updateAccountSchema } from '../../../../shared/schemas/account';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { queryClient } from '../../../lib/queryClient';
import { forgetMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { ACCOUNT_KEY, type Account, saveName } from '../api/account';
import { AccountSection, ChangeButton } from './AccountSection';

export function NameSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <AccountSection
      id="name"
      icon={UserRound}
      title={t('account.name.title')}
      action={editing ? null : <ChangeButton section="name" onClick={() => setEditing(true)} />}
    >
      {editing ? (
        <NameForm account={account} onDone={() => setEditing(false)} />
      ) : (
        <p className="break-words text-slate-800" data-testid="account-name-value">
          {account.fullName}
        </p>
      )}
    </AccountSection>
  );
}

function NameForm({ account, onDone }: { account: Account; onDone: () => void }) {
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
