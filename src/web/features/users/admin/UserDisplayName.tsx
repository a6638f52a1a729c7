import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Pencil, Save, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminUserUpdate, adminUserUpdateSchema } from '../../../../shared/features/users/users-admin.schemas';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminUserDetail, saveDisplayName, useApplyUserChange } from './usersApi';

/** The display name with Edit, then Save / Cancel (product.md#admin-pages Admin users). */
export function UserDisplayName({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const mayEdit = useCan()('users.edit');

  if (!editing || !mayEdit) {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <span
          data-testid="user-display-name"
          className={user.displayName ? 'min-w-0 break-words' : 'italic font-normal text-slate-500'}
        >
          {user.displayName ?? t('adminUsers.noName')}
        </span>
        {mayEdit ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={t('adminUsers.edit.editLabel')}
            data-testid="user-edit"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('adminUsers.edit.edit')}
          </Button>
        ) : null}
      </div>
    );
  }
  return <DisplayNameForm user={user} onDone={() => setEditing(false)} />;
}

function DisplayNameForm({ user, onDone }: { user: AdminUserDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyUserChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminUserUpdate>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: { displayName: user.displayName ?? '' },
  });

  const save = useMutation({
    mutationFn: (displayName: string) => saveDisplayName(user.id, displayName),
    onSuccess: (updated) => {
      apply(updated);
      toast.success(t('adminUsers.toast.updated'));
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ['displayName'])) return;
      failureToast(error, 'adminUsers.toast.updateFailed', t);
    },
  });

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit((values) => save.mutate(values.displayName))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <TextField
        id="user-display-name-input"
        label={<span className="sr-only">{t('adminUsers.fields.displayName')}</span>}
        autoComplete="off"
        // The admin just pressed Edit: typing starts here.
        autoFocus
        maxLength={TEXT_MAX.fullName}
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending} data-testid="user-save">
          <Save aria-hidden="true" className="size-4" />
          {t('adminUsers.edit.save')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={save.isPending} data-testid="user-cancel">
          <X aria-hidden="true" className="size-4" />
          {t('adminUsers.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
