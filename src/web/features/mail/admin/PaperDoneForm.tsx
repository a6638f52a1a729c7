import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { LetterForwardedInput, LetterShreddedInput } from '../../../../shared/contracts/mail';
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
import { type DeskLetter, MAIL_DESK_KEY, markForwarded, markShredded } from './mailAdminApi';

/** The API's own schemas (decision 0081), loaded when a row first shows the form. */
const forwardedResolver = lazyZodResolver(() =>
  import('../../../../shared/schemas/mail').then((m) => m.letterForwardedSchema),
);
const shreddedResolver = lazyZodResolver(() =>
  import('../../../../shared/schemas/mail').then((m) => m.letterShreddedSchema),
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
