import { useMutation } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { LetterForwardedInput, LetterShreddedInput } from '../../../../shared/features/mail/mail.contracts';
import { todayUtc } from '../../../../shared/format/dates';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { type LazyResolver, lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
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

interface DeskFormOptions<Values extends FieldValues> {
  resolver: LazyResolver<Values, Values>;
  defaultValues: DefaultValues<Values>;
  save: (input: Values) => Promise<unknown>;
  /** The toast of a save (`mailroom.desk.<done>`); the desk's list is reloaded. */
  done: string;
  /** The fields the API may name in a refusal, shown on their inputs. */
  fields: readonly Path<Values>[];
  /** A refusal shown on its inputs needs no toast beside it. */
  fieldErrorsOnly?: boolean;
}

/**
 * A desk form with one mutation: react-hook-form checked by the API's own schema (loaded late), saved
 * with a toast and the desk reloaded; the API's field errors onto their inputs, anything else a toast.
 */
function useDeskForm<Values extends FieldValues>(options: DeskFormOptions<Values>) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, Values>({
    resolver: useLazyResolver(options.resolver),
    defaultValues: options.defaultValues,
  });
  const save = useMutation({
    mutationFn: options.save,
    onSuccess: async () => {
      toast.success(t(`mailroom.desk.${options.done}`));
      await refresh();
    },
    onError: (error) => {
      const shown =
        isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(form.setError, error.fields, options.fields);
      if (shown && options.fieldErrorsOnly) return;
      failureToast(error, 'mailroom.desk.failed', t);
    },
  });
  return {
    register: form.register,
    errors: form.formState.errors,
    pending: save.isPending,
    onSubmit: form.handleSubmit((input) => save.mutate(input)),
  };
}

function ForwardedForm({ letter }: { letter: DeskLetter }) {
  const { t } = useTranslation();
  const { register, errors, pending, onSubmit } = useDeskForm<LetterForwardedInput>({
    resolver: forwardedResolver,
    defaultValues: { trackingNumber: '', forwardedOn: todayUtc() },
    save: (input) => markForwarded(letter.id, input),
    done: 'forwarded',
    fields: ['trackingNumber', 'forwardedOn'],
  });
  return (
    <form
      onSubmit={onSubmit}
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
      <Button type="submit" size="sm" loading={pending} data-testid="mail-forwarded-save">
        {t('mailroom.desk.markForwarded')}
      </Button>
    </form>
  );
}

function ShreddedForm({ letter }: { letter: DeskLetter }) {
  const { t } = useTranslation();
  const { register, errors, pending, onSubmit } = useDeskForm<LetterShreddedInput>({
    resolver: shreddedResolver,
    defaultValues: { shreddedOn: todayUtc() },
    save: (input) => markShredded(letter.id, input),
    done: 'shredded',
    fields: ['shreddedOn'],
  });
  return (
    <form
      onSubmit={onSubmit}
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
      <Button type="submit" size="sm" loading={pending} data-testid="mail-shredded-save">
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
  const { register, errors, pending, onSubmit } = useDeskForm<{ ein: string }>({
    resolver: einResolver,
    defaultValues: { ein: '' },
    save: (input) => takeEin(letter.id, input.ein),
    done: 'einTaken',
    fields: ['ein'],
    fieldErrorsOnly: true,
  });
  return (
    <form
      onSubmit={onSubmit}
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
        <Button type="submit" size="sm" loading={pending} data-testid="mail-ein-save">
          {t('mailroom.desk.einSave')}
        </Button>
      </div>
    </form>
  );
}
