import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FORMATION_STATUSES, type FormationStatus } from '../../../../shared/domain/formation';
import { inputClass } from '../../../components/ui/Input';
import { errorMessage } from '../../../lib/errors';
import { setFormationStatus, useApplyFormationChange } from '../api/formations';
import { ConfirmDialog } from './ConfirmDialog';

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
      <ConfirmDialog
        tone="change"
        testId="formation-status"
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
