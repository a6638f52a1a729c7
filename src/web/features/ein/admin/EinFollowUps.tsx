import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Lock, PhoneCall, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  EIN_FOLLOW_UP_KINDS,
  EIN_FOLLOW_UP_OUTCOMES,
  EIN_FOLLOW_UP_STATUS,
} from '../../../../shared/features/ein/ein-follow-ups.domain';
import { einFollowUpInputSchema } from '../../../../shared/features/ein/ein-follow-ups.schemas';
import { formatCalendarDateLong, todayUtc } from '../../../../shared/format/dates';
import { TEXT_MAX } from '../../../../shared/schemas/text';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { TextareaField } from '../../../components/ui/Textarea';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import type { AdminEinApplication } from './einApplicationsApi';
import { EIN_KEY } from './einApplicationsApi';
import { type AdminEinFollowUp, einFollowUpsQuery, recordEinFollowUp } from './einFollowUpsApi';

type FormInput = z.input<typeof einFollowUpInputSchema>;
type FormOutput = z.output<typeof einFollowUpInputSchema>;

/**
 * Decision 0050: the application's follow-ups with the IRS (every note, internal ones marked so), and for
 * staff with ein.process a form to record one while the SS-4 is with the IRS.
 */
export function EinFollowUps({ application }: { application: AdminEinApplication }) {
  const { t } = useTranslation();
  const can = useCan();
  const log = useQuery(einFollowUpsQuery(application.id));
  const atIrs = application.einStatus === EIN_FOLLOW_UP_STATUS;

  return (
    <div className="space-y-4" data-testid="ein-follow-ups">
      {log.isError ? (
        <Alert tone="error">{t('einFollowUps.desk.loadFailed')}</Alert>
      ) : log.data && log.data.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {[...log.data].reverse().map((f) => (
            <FollowUpRow key={f.id} followUp={f} />
          ))}
        </ol>
      ) : log.data ? (
        <p className="text-sm text-slate-600">{t('einFollowUps.desk.empty')}</p>
      ) : null}
      {can('ein.process') ? (
        atIrs ? (
          <FollowUpForm applicationId={application.id} />
        ) : (
          <p className="text-sm text-slate-600">{t('einFollowUps.desk.onlyAtIrs')}</p>
        )
      ) : null}
    </div>
  );
}

function FollowUpRow({ followUp: f }: { followUp: AdminEinFollowUp }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <li className="px-4 py-3 text-sm" data-testid="ein-follow-up-row">
      <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
        <PhoneCall aria-hidden="true" className="size-4 shrink-0 text-sky-700" />
        <time dateTime={f.followedUpOn}>{formatCalendarDateLong(f.followedUpOn, fmt.lang)}</time>
        <span aria-hidden="true">·</span>
        <span>{t(`einFollowUps.kind.${f.kind}`)}</span>
      </p>
      <p className="mt-0.5 text-slate-700">{t(`einFollowUps.outcome.${f.outcome}`)}</p>
      {f.note ? (
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">
          <span
            className={
              f.noteShareable
                ? 'mr-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800'
                : 'mr-2 inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
            }
          >
            {f.noteShareable ? (
              <Eye aria-hidden="true" className="size-3" />
            ) : (
              <Lock aria-hidden="true" className="size-3" />
            )}
            {t(f.noteShareable ? 'einFollowUps.desk.shared' : 'einFollowUps.desk.internal')}
          </span>
          {f.note}
        </p>
      ) : null}
      {f.createdBy.name ? (
        <p className="mt-0.5 text-xs text-slate-600">{t('einFollowUps.desk.by', { name: f.createdBy.name })}</p>
      ) : null}
    </li>
  );
}

function FollowUpForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(einFollowUpInputSchema),
    defaultValues: {
      kind: 'irs_call',
      // The date field's default; the server checks it against its own clock (its UTC day).
      followedUpOn: todayUtc(),
      outcome: 'still_processing',
      note: '',
      noteShareable: false,
    },
  });

  const save = useMutation({
    mutationFn: (input: FormOutput) => recordEinFollowUp(applicationId, input),
    onSuccess: () => {
      toast.success(t('einFollowUps.desk.saved'));
      reset();
      void queryClient.invalidateQueries({ queryKey: EIN_KEY });
    },
    onError: (error) => {
      if (
        isApiError(error, 'VALIDATION_FAILED') &&
        applyFieldErrors(setError, error.fields, ['followedUpOn', 'note'])
      ) {
        return;
      }
      failureToast(error, 'einFollowUps.desk.loadFailed', t);
    },
  });

  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      data-testid="ein-follow-up-form"
      onSubmit={handleSubmit((values) => save.mutate(values))}
    >
      <h3 className="font-semibold text-slate-900">{t('einFollowUps.desk.record')}</h3>
      <div className="grid gap-3">
        <SelectField id="ein-follow-up-kind" label={t('einFollowUps.desk.kind')} {...register('kind')}>
          {EIN_FOLLOW_UP_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`einFollowUps.kind.${k}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="ein-follow-up-date"
          type="date"
          label={t('einFollowUps.desk.date')}
          error={errors.followedUpOn?.message}
          {...register('followedUpOn')}
        />
      </div>
      <SelectField id="ein-follow-up-outcome" label={t('einFollowUps.desk.outcomeLabel')} {...register('outcome')}>
        {EIN_FOLLOW_UP_OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {t(`einFollowUps.outcome.${o}`)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id="ein-follow-up-note"
        label={t('einFollowUps.desk.note')}
        hint={t('einFollowUps.desk.noteHint')}
        rows={3}
        maxLength={TEXT_MAX.longText}
        error={errors.note?.message}
        {...register('note')}
      />
      <Checkbox id="ein-follow-up-shareable" label={t('einFollowUps.desk.shareable')} {...register('noteShareable')} />
      <Button
        type="submit"
        size="sm"
        loading={save.isPending}
        data-testid="ein-follow-up-save"
        className="w-full sm:w-auto"
      >
        <Save aria-hidden="true" className="size-4" />
        {t('einFollowUps.desk.save')}
      </Button>
    </form>
  );
}
