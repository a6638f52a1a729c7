import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FORMATION_STATUSES, type FormationStatus } from '../../../../shared/domain/formation';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Input';
import { errorMessage } from '../../../lib/errors';
import { setFormationStatus, useApplyFormationChange } from '../api/formations';

export interface FormationStatusSelectProps {
  formationId: string;
  status: FormationStatus;
  /** Who the formation belongs to, for the label and the question ("Acme LLC: Preparation → …"). */
  name: string;
  className?: string;
}

/**
 * SPEC §2/§4: the formation_status dropdown. An admin may pick any value; the choice is asked again
 * in a dialog and only then saved (and audited on the server). The select shows the saved status
 * until the server has the new one.
 */
export function FormationStatusSelect({ formationId, status, name, className }: FormationStatusSelectProps) {
  const { t } = useTranslation();
  const apply = useApplyFormationChange();
  const [target, setTarget] = useState<FormationStatus | null>(null);

  const save = useMutation({
    mutationFn: (to: FormationStatus) => setFormationStatus(formationId, to),
    onSuccess: () => {
      setTarget(null);
      toast.success(t('adminFormations.status.updated'));
      apply();
    },
    onError: (error) => {
      setTarget(null);
      const title = t('adminFormations.status.failed');
      const reason = errorMessage(error, 'adminFormations.status.failed', t);
      toast.error(title, { description: reason === title ? undefined : reason });
    },
  });

  return (
    <>
      <select
        aria-label={t('adminFormations.status.label', { name })}
        data-testid="formation-status-select"
        value={status}
        disabled={save.isPending}
        onChange={(event) => {
          const to = event.target.value as FormationStatus;
          if (to !== status) setTarget(to);
        }}
        className={clsx(inputClass, 'border-slate-300 sm:min-h-9 sm:py-1.5 sm:text-sm', className)}
      >
        {FORMATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`catalogue.formationStatus.${s}`)}
          </option>
        ))}
      </select>
      <FormationStatusDialog
        open={target !== null}
        busy={save.isPending}
        title={t('adminFormations.status.confirmTitle')}
        body={
          target
            ? t('adminFormations.status.confirmBody', {
                name,
                from: t(`catalogue.formationStatus.${status}`),
                to: t(`catalogue.formationStatus.${target}`),
              })
            : ''
        }
        confirmLabel={t('adminFormations.status.confirm')}
        cancelLabel={t('adminFormations.status.cancel')}
        onConfirm={() => target && save.mutate(target)}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}

interface DialogProps {
  open: boolean;
  busy: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before a status change: a native modal <dialog> (focus trap, Escape), focus on Cancel. */
function FormationStatusDialog({
  open,
  busy,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="formation-status-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <ArrowRightLeft aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p id={bodyId} className="mt-1 break-words text-sm text-slate-600">
            {body}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={onCancel}
          disabled={busy}
          data-testid="formation-status-cancel"
        >
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={busy} data-testid="formation-status-confirm">
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
