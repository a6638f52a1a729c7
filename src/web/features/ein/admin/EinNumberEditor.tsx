import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminEinNumberInput, adminEinNumberSchema } from '../../../../shared/features/formations/company.schemas';
import { EditFormActions } from '../../../components/admin/EditFormActions';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { EinNumberField, einFieldError } from './EinNumberField';
import { type AdminEinApplication, saveEinNumber, useApplyEinChange } from './einApplicationsApi';

/** The issued EIN, and its correction by staff (PUT …/ein, audited on the server). */
export function EinNumberEditor({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="ein-number">
        <div>
          <p className="text-sm text-slate-600">{t('company.admin.ein.label')}</p>
          <p className="font-mono text-lg font-semibold tabular-nums text-slate-900" data-testid="ein-number-value">
            {application.ein ?? t('company.admin.ein.missing')}
          </p>
        </div>
        <Button
          ref={editRef}
          size="sm"
          variant="secondary"
          onClick={() => setEditing(true)}
          data-testid="ein-number-edit"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t(application.ein ? 'company.admin.ein.edit' : 'company.admin.ein.add')}
        </Button>
      </div>
    );
  }
  return <EinNumberForm application={application} onDone={close} />;
}

/** Mounted when Edit is pressed, so it always starts from the saved number. */
function EinNumberForm({ application, onDone }: { application: AdminEinApplication; onDone: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyEinChange();
  const { control, handleSubmit, setError, setFocus } = useForm<
    AdminEinNumberInput,
    unknown,
    z.output<typeof adminEinNumberSchema>
  >({
    // The server's schema: the same messages before anything is sent.
    resolver: zodResolver(adminEinNumberSchema),
    defaultValues: { ein: application.ein ?? '' },
  });

  useEffect(() => setFocus('ein'), [setFocus]);

  const save = useMutation({
    mutationFn: (ein: string) => saveEinNumber(application.id, ein),
    onSuccess: (updated) => {
      apply(updated);
      toast.success(t('company.admin.ein.saved'));
      onDone();
    },
    onError: (failure) => {
      const field = einFieldError(failure);
      if (field) setError('ein', { type: 'server', message: field }, { shouldFocus: true });
      else toast.error(errorMessage(failure, 'company.admin.ein.saveFailed', t));
    },
  });

  return (
    <form
      onSubmit={handleSubmit(({ ein }) => save.mutate(ein))}
      noValidate
      className="space-y-3"
      data-testid="ein-number-form"
    >
      <Controller
        control={control}
        name="ein"
        render={({ field, fieldState }) => (
          <EinNumberField
            id="ein-number-edit"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message ?? null}
            hint={t('company.admin.ein.editHint')}
            inputRef={field.ref}
          />
        )}
      />
      <EditFormActions
        saving={save.isPending}
        saveLabel={t('company.admin.ein.save')}
        cancelLabel={t('company.admin.ein.cancel')}
        saveTestId="ein-number-save"
        onCancel={onDone}
      />
    </form>
  );
}
