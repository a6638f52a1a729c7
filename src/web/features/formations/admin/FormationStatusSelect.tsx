import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { FORMATION_STATUSES, type FormationStatus } from '../../../../shared/features/formations/formation.domain';
import { FORMED_ON_MIN, formedOnProblem, todayUtc } from '../../../../shared/features/formations/formed-on.domain';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { inputClass, TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { setFormationCompany, setFormationStatus, useApplyFormationChange } from './formationsApi';

export interface FormationStatusSelectProps {
  formationId: string;
  status: FormationStatus;
  /** Who the formation belongs to, for the label and the question ("Acme LLC: Preparation → …"). */
  name: string;
  /**
   * The recorded formation date (decision 0019). Without one, a move to formation_completed asks for it in
   * the same dialog; the status may still be saved without it.
   */
  formedOn?: string | null;
  className?: string;
}

/**
 * product.md#admin-pages, product.md#formation-states: the formation_status dropdown. An admin may pick any value; the choice is asked again
 * in a dialog and only then saved (and audited on the server). The select shows the saved status
 * until the server has the new one.
 */
export function FormationStatusSelect({ formationId, status, name, formedOn, className }: FormationStatusSelectProps) {
  const { t } = useTranslation();
  const apply = useApplyFormationChange();
  const [target, setTarget] = useState<FormationStatus | null>(null);
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const asksDate = target === 'formation_completed' && !formedOn;
  const can = useCan();

  const save = useMutation({
    mutationFn: async (to: FormationStatus) => {
      // The date first: a refused date leaves the status as it was, and staff can try again.
      if (asksDate && date) await setFormationCompany(formationId, { formedOn: date, stateFileNumber: null });
      return setFormationStatus(formationId, to);
    },
    onSuccess: () => {
      setTarget(null);
      setDate('');
      toast.success(t('adminFormations.status.updated'));
      apply();
    },
    onError: (error) => {
      const field = isApiError(error, 'VALIDATION_FAILED') ? error.fields.formedOn : undefined;
      if (field) {
        setDateError(field);
        return;
      }
      setTarget(null);
      failureToast(error, 'adminFormations.status.failed', t);
    },
  });

  if (!can('formations.edit')) {
    return (
      <span className="text-sm font-medium text-slate-900" data-testid="formation-status-text">
        {t(`catalogue.formationStatus.${status}`)}
      </span>
    );
  }

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
        onConfirm={() => {
          if (!target) return;
          const problem = asksDate && date ? formedOnProblem(date) : null;
          setDateError(problem);
          if (!problem) save.mutate(target);
        }}
        onCancel={() => {
          setTarget(null);
          setDate('');
          setDateError(null);
        }}
      >
        {asksDate ? (
          <TextField
            id={`status-formed-on-${formationId}`}
            name="formedOn"
            type="date"
            min={FORMED_ON_MIN}
            max={todayUtc()}
            label={t('company.admin.formation.formedOn')}
            hint={t('company.admin.formation.statusAsk')}
            error={dateError ? t(dateError) : undefined}
            value={date}
            disabled={save.isPending}
            onChange={(event) => setDate(event.target.value)}
            data-testid="formation-status-formed-on"
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
