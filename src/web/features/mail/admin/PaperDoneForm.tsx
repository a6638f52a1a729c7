import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { LetterForwardedInput, LetterShreddedInput } from '../../../../shared/features/mail/mail.contracts';
import { todayUtc } from '../../../../shared/format/dates';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type DeskLetter, MAIL_DESK_KEY, markForwarded, markShredded, takeEin } from './mailAdminApi';

/** The API's own schemas (decision 0081), loaded when a row first shows the form. */
const forwardedResolver = lazyZodResolver(() =>
  import('../../../../shared/features/mail/mail.schemas').then((m) => m.letterForwardedSchema),
);
const einResolver = lazyZodResolver(() =>
  import('../../../../shared/features/formations/company.schemas').then((m) => m.adminEinNumberSchema),
);
const shreddedResolver = lazyZodResolver(() =>
  import('../../../../shared/features/mail/mail.schemas').then((m) => m.letterShreddedSchema),
);

/** The desk's last step on the paper (decision 0089): posted with its tracking number, or shredded, and the day. */
export function PaperDoneForm({ letter, step }: { letter: DeskLetter; step: 'forwarded' | 'shredded' }) {
  return step === 'forwarded' ? <ForwardedForm letter={letter} /> : <ShreddedForm letter={letter} />;
}

const refresh = () => queryClient.invalidateQueries({ queryKey: MAIL_DESK_KEY });

function ForwardedForm({ letter }: { letter: DeskLetter }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LetterForwardedInput, unknown, LetterForwardedInput>({
    resolver: useLazyResolver(forwardedResolver),
    defaultValues: { trackingNumber: '', forwardedOn: todayUtc() },
  });
  const save = useMutation({
    mutationFn: (input: LetterForwardedInput) => markForwarded(letter.id, input),
    onSuccess: async () => {
      toast.success(t('mailroom.desk.forwarded'));
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED'))
        applyFieldErrors(setError, error.fields, ['trackingNumber', 'forwardedOn']);
      failureToast(error, 'mailroom.desk.failed', t);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((input) => save.mutate(input))}
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end"
      data-testid="mail-forwarded-form"
    >
      <TextField
        id={`tracking-${letter.id}`}
        label={t('mailroom.desk.trackingNumber')}
        error={errors.trackingNumber?.message}
        autoComplete="off"
        {...register('trackingNumber')}
      />
      <TextField
        id={`forwardedOn-${letter.id}`}
        type="date"
        label={t('mailroom.desk.forwardedOn')}
        error={errors.forwardedOn?.message}
        {...register('forwardedOn')}
      />
      <Button type="submit" size="sm" loading={save.isPending} data-testid="mail-forwarded-save">
        {t('mailroom.desk.markForwarded')}
      </Button>
    </form>
  );
}

function ShreddedForm({ letter }: { letter: DeskLetter }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LetterShreddedInput, unknown, LetterShreddedInput>({
    resolver: useLazyResolver(shreddedResolver),
    defaultValues: { shreddedOn: todayUtc() },
  });
  const save = useMutation({
    mutationFn: (input: LetterShreddedInput) => markShredded(letter.id, input),
    onSuccess: async () => {
      toast.success(t('mailroom.desk.shredded'));
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED')) applyFieldErrors(setError, error.fields, ['shreddedOn']);
      failureToast(error, 'mailroom.desk.failed', t);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((input) => save.mutate(input))}
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end"
      data-testid="mail-shredded-form"
    >
      <TextField
        id={`shreddedOn-${letter.id}`}
        type="date"
        label={t('mailroom.desk.shreddedOn')}
        error={errors.shreddedOn?.message}
        {...register('shreddedOn')}
      />
      <Button type="submit" size="sm" loading={save.isPending} data-testid="mail-shredded-save">
        {t('mailroom.desk.markShredded')}
      </Button>
    </form>
  );
}

/**
 * The EIN desk's confirmation of the number a scanned CP 575 (or 147C) prints (decision 0089): the
 * application moves to "EIN issued" through the EIN desk's own rules.
 */
export function EinFromLetterForm({ letter }: { letter: DeskLetter }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ ein: string }, unknown, { ein: string }>({
    resolver: useLazyResolver(einResolver),
    defaultValues: { ein: '' },
  });
  const save = useMutation({
    mutationFn: (input: { ein: string }) => takeEin(letter.id, input.ein),
    onSuccess: async () => {
      toast.success(t('mailroom.desk.einTaken'));
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ['ein'])) return;
      failureToast(error, 'mailroom.desk.failed', t);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((input) => save.mutate(input))}
      noValidate
      className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50 p-3"
      data-testid="mail-ein-form"
    >
      <p className="text-sm font-semibold text-slate-900">{t('mailroom.desk.einTitle')}</p>
      <p className="text-sm text-slate-600">{t('mailroom.desk.einHint')}</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-end">
        <TextField
          id={`ein-${letter.id}`}
          label={t('mailroom.desk.einField')}
          error={errors.ein?.message}
          autoComplete="off"
          inputMode="numeric"
          placeholder="12-3456789"
          {...register('ein')}
        />
        <Button type="submit" size="sm" loading={save.isPending} data-testid="mail-ein-save">
          {t('mailroom.desk.einSave')}
        </Button>
      </div>
    </form>
  );
}
