import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { adminFormationCompanySchema, FORMED_ON_MIN, todayUtc } from '../../../../shared/schemas/company';
import { Fact, Facts } from '../../../components/admin/DetailPanel';
import { EditFormActions } from '../../../components/admin/EditFormActions';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { setFormationCompany, useApplyFormationChange } from './formationsApi';

type Fields = Partial<Record<'formedOn' | 'stateFileNumber', string>>;

/** The server's schema, run here first: the same messages before anything is sent. */
function problems(formedOn: string, stateFileNumber: string): Fields {
  const parsed = adminFormationCompanySchema.safeParse({ formedOn, stateFileNumber });
  if (parsed.success) return {};
  const out: Fields = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Fields;
    out[field] ??= issue.message;
  }
  return out;
}

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
  const apply = useApplyFormationChange();
  const [editing, setEditing] = useState(false);
  const [date, setDate] = useState(formedOn ?? '');
  const [fileNumber, setFileNumber] = useState(stateFileNumber ?? '');
  const [errors, setErrors] = useState<Fields>({});
  const dateRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const mayEdit = useCan()('formations.edit');

  const save = useMutation({
    mutationFn: () => setFormationCompany(formationId, { formedOn: date, stateFileNumber: fileNumber.trim() || null }),
    onSuccess: () => {
      setEditing(false);
      toast.success(t('company.admin.formation.saved'));
      apply();
      requestAnimationFrame(() => editRef.current?.focus());
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && Object.keys(error.fields).length) {
        setErrors(error.fields);
        dateRef.current?.focus();
      } else toast.error(errorMessage(error, 'company.admin.formation.saveFailed', t));
    },
  });

  function open() {
    setDate(formedOn ?? '');
    setFileNumber(stateFileNumber ?? '');
    setErrors({});
    setEditing(true);
    requestAnimationFrame(() => dateRef.current?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems(date, fileNumber);
    setErrors(found);
    if (Object.keys(found).length) {
      dateRef.current?.focus();
      return;
    }
    save.mutate();
  }

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
          <Button ref={editRef} size="sm" variant="secondary" onClick={open} data-testid="formation-company-edit">
            <Pencil aria-hidden="true" className="size-4" />
            {t(formedOn ? 'company.admin.formation.edit' : 'company.admin.formation.set')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="formation-company-form">
      <TextField
        id={`formed-on-${formationId}`}
        name="formedOn"
        type="date"
        ref={dateRef}
        min={FORMED_ON_MIN}
        max={todayUtc()}
        required
        label={t('company.admin.formation.formedOn')}
        hint={t('company.admin.formation.formedOnHint')}
        error={errors.formedOn ? t(errors.formedOn) : undefined}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        className="mt-1.5 max-w-56"
      />
      <TextField
        id={`state-file-number-${formationId}`}
        name="stateFileNumber"
        label={t('company.admin.formation.stateFileNumber')}
        hint={t('company.admin.formation.stateFileNumberHint')}
        error={errors.stateFileNumber ? t(errors.stateFileNumber) : undefined}
        maxLength={40}
        autoComplete="off"
        value={fileNumber}
        onChange={(event) => setFileNumber(event.target.value)}
        className="mt-1.5 max-w-72"
      />
      <EditFormActions
        saving={save.isPending}
        saveLabel={t('company.admin.formation.save')}
        cancelLabel={t('company.admin.formation.cancel')}
        saveTestId="formation-company-save"
        onCancel={() => {
          setEditing(false);
          requestAnimationFrame(() => editRef.current?.focus());
        }}
      />
    </form>
  );
}
