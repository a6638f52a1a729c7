import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { EditFormActions } from '../../../components/admin/EditFormActions';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { EinNumberField, einFieldError, einInputProblem } from './EinNumberField';
import { type AdminEinApplication, saveEinNumber, useApplyEinChange } from './einApplicationsApi';

/** The issued EIN, and its correction by staff (PUT …/ein, audited on the server). */
export function EinNumberEditor({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const apply = useApplyEinChange();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(application.ein ?? '');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);

  const save = useMutation({
    mutationFn: (ein: string) => saveEinNumber(application.id, ein),
    onSuccess: (updated) => {
      apply(updated);
      setEditing(false);
      toast.success(t('company.admin.ein.saved'));
      requestAnimationFrame(() => editRef.current?.focus());
    },
    onError: (failure) => {
      const field = einFieldError(failure);
      if (field) {
        setError(field);
        inputRef.current?.focus();
      } else toast.error(errorMessage(failure, 'company.admin.ein.saveFailed', t));
    },
  });

  function open() {
    setValue(application.ein ?? '');
    setError(null);
    setEditing(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = einInputProblem(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    save.mutate(value);
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="ein-number">
        <div>
          <p className="text-sm text-slate-600">{t('company.admin.ein.label')}</p>
          <p className="font-mono text-lg font-semibold tabular-nums text-slate-900" data-testid="ein-number-value">
            {application.ein ?? t('company.admin.ein.missing')}
          </p>
        </div>
        <Button ref={editRef} size="sm" variant="secondary" onClick={open} data-testid="ein-number-edit">
          <Pencil aria-hidden="true" className="size-4" />
          {t(application.ein ? 'company.admin.ein.edit' : 'company.admin.ein.add')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="ein-number-form">
      <EinNumberField
        id="ein-number-edit"
        value={value}
        onChange={(next) => {
          setValue(next);
          if (error) setError(einInputProblem(next));
        }}
        error={error}
        hint={t('company.admin.ein.editHint')}
        inputRef={inputRef}
      />
      <EditFormActions
        saving={save.isPending}
        saveLabel={t('company.admin.ein.save')}
        cancelLabel={t('company.admin.ein.cancel')}
        saveTestId="ein-number-save"
        onCancel={() => {
          setEditing(false);
          requestAnimationFrame(() => editRef.current?.focus());
        }}
      />
    </form>
  );
}
