import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminFormationCompanyInput,
  adminFormationCompanySchema,
  FORMED_ON_MIN,
  STATE_FILE_NUMBER_MAX,
  todayUtc,
} from '../../../../shared/features/formations/company.schemas';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { Fact, Facts } from '../../../components/admin/DetailPanel';
import { EditFormActions } from '../../../components/admin/EditFormActions';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { setFormationCompany, useApplyFormationChange } from './formationsApi';

type Output = z.output<typeof adminFormationCompanySchema>;
const FIELDS = ['formedOn', 'stateFileNumber'] as const;

export interface FormationCompanyFormProps {
  formationId: string;
  formedOn: string | null;
  stateFileNumber: string | null;
}

/**
 * Staff record the day the state approved the filing and its file number (decision 0019). Separate from
 * the status on purpose: correcting a date never moves the process.
 */
export function FormationCompanyForm({ formationId, formedOn, stateFileNumber }: FormationCompanyFormProps) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const mayEdit = useCan()('formations.edit');

  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };

  if (!editing || !mayEdit) {
    return (
      <div className="space-y-3" data-testid="formation-company">
        <Facts>
          <Fact label={t('company.admin.formation.formedOn')} testId="formation-company-formed-on">
            {formedOn ? (
              <time dateTime={formedOn}>{formatCalendarDateLong(formedOn, lang)}</time>
            ) : (
              t('company.admin.formation.missing')
            )}
          </Fact>
          <Fact label={t('company.card.stateFileNumber')} testId="formation-company-file-number">
            {stateFileNumber ?? t('company.admin.formation.missing')}
          </Fact>
        </Facts>
        {mayEdit ? (
          <Button
            ref={editRef}
            size="sm"
            variant="secondary"
            onClick={() => setEditing(true)}
            data-testid="formation-company-edit"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t(formedOn ? 'company.admin.formation.edit' : 'company.admin.formation.set')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <CompanyEditForm formationId={formationId} formedOn={formedOn} stateFileNumber={stateFileNumber} onDone={close} />
  );
}

/** Mounted when Edit is pressed, so it always starts from the saved values. */
function CompanyEditForm({
  formationId,
  formedOn,
  stateFileNumber,
  onDone,
}: FormationCompanyFormProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyFormationChange();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AdminFormationCompanyInput, unknown, Output>({
    // The server's schema, run here first: the same messages before anything is sent.
    resolver: zodResolver(adminFormationCompanySchema),
    defaultValues: { formedOn: formedOn ?? '', stateFileNumber: stateFileNumber ?? '' },
  });

  useEffect(() => setFocus('formedOn'), [setFocus]);

  const save = useMutation({
    mutationFn: (body: AdminFormationCompanyInput) => setFormationCompany(formationId, body),
    onSuccess: () => {
      toast.success(t('company.admin.formation.saved'));
      apply();
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) return;
      toast.error(errorMessage(error, 'company.admin.formation.saveFailed', t));
    },
  });

  return (
    <form
      onSubmit={handleSubmit((body) => save.mutate(body))}
      noValidate
      className="space-y-4"
      data-testid="formation-company-form"
    >
      <TextField
        id={`formed-on-${formationId}`}
        type="date"
        min={FORMED_ON_MIN}
        max={todayUtc()}
        required
        label={t('company.admin.formation.formedOn')}
        hint={t('company.admin.formation.formedOnHint')}
        error={errors.formedOn?.message}
        className="mt-1.5 max-w-56"
        {...register('formedOn')}
      />
      <TextField
        id={`state-file-number-${formationId}`}
        label={t('company.admin.formation.stateFileNumber')}
        hint={t('company.admin.formation.stateFileNumberHint')}
        error={errors.stateFileNumber?.message}
        maxLength={STATE_FILE_NUMBER_MAX}
        autoComplete="off"
        className="mt-1.5 max-w-72"
        {...register('stateFileNumber')}
      />
      <EditFormActions
        saving={save.isPending}
        saveLabel={t('company.admin.formation.save')}
        cancelLabel={t('company.admin.formation.cancel')}
        saveTestId="formation-company-save"
        onCancel={onDone}
      />
    </form>
  );
}
