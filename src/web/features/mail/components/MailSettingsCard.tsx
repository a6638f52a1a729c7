import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Settings } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type {
  ForwardingAddressInput,
  ForwardingAddressValues,
  StandingRulesInput,
} from '../../../../shared/features/mail/mail.contracts';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  LETTERS_KEY,
  MAIL_SETTINGS_KEY,
  type MailSettings,
  mailSettingsQuery,
  saveForwardingAddress,
  saveStandingRules,
} from '../api/mail';

/** The API's own schemas, loaded after the page's first paint (decision 0081). */
const addressResolver = lazyZodResolver(() =>
  import('../../../../shared/features/mail/mail.schemas').then((m) => m.forwardingAddressSchema),
);
const rulesResolver = lazyZodResolver(() =>
  import('../../../../shared/features/mail/mail.schemas').then((m) => m.standingRulesSchema),
);

const ADDRESS_FIELDS = ['recipient', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;

/** /mail's settings (decision 0089): where forwarded letters go, and the standing rules. */
export function MailSettingsCard() {
  const { t } = useTranslation();
  const { data } = useQuery(mailSettingsQuery);
  if (!data) return null;
  return (
    <Card className="mt-6" data-testid="mail-settings">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Settings aria-hidden="true" className="size-5 text-indigo-600" />
        {t('mailroom.settings.title')}
      </h2>
      <AddressForm settings={data} />
      <RulesForm settings={data} />
    </Card>
  );
}

function useSaved() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (saved: MailSettings) => {
    toast.success(t('mailroom.settings.saved'));
    queryClient.setQueryData(MAIL_SETTINGS_KEY, saved);
    // The letters' forwarding buttons depend on the address.
    await queryClient.invalidateQueries({ queryKey: LETTERS_KEY });
  };
}

function AddressForm({ settings }: { settings: MailSettings }) {
  const { t } = useTranslation();
  const onSaved = useSaved();
  const a = settings.address;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForwardingAddressValues, unknown, ForwardingAddressInput>({
    resolver: useLazyResolver(addressResolver),
    defaultValues: {
      recipient: a?.recipient ?? '',
      line1: a?.line1 ?? '',
      line2: a?.line2 ?? '',
      city: a?.city ?? '',
      region: a?.region ?? '',
      postalCode: a?.postalCode ?? '',
      country: a?.country ?? '',
    },
  });
  const save = useMutation({
    mutationFn: saveForwardingAddress,
    onSuccess: onSaved,
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ADDRESS_FIELDS)) return;
      failureToast(error, 'mailroom.settings.failed', t);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((value) => save.mutate(value))}
      noValidate
      className="mt-4 grid gap-3 sm:grid-cols-2"
      data-testid="forwarding-address-form"
    >
      <div className="sm:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('mailroom.settings.address')}</h3>
        <p className="text-sm text-slate-600">{t('mailroom.settings.addressHint')}</p>
      </div>
      <TextField
        id="fwd-recipient"
        label={t('mailroom.settings.recipient')}
        error={errors.recipient?.message}
        autoComplete="name"
        className="sm:col-span-2"
        {...register('recipient')}
      />
      <TextField
        id="fwd-line1"
        label={t('mailroom.settings.line1')}
        error={errors.line1?.message}
        autoComplete="address-line1"
        {...register('line1')}
      />
      <TextField
        id="fwd-line2"
        label={t('mailroom.settings.line2')}
        error={errors.line2?.message}
        autoComplete="address-line2"
        {...register('line2')}
      />
      <TextField
        id="fwd-city"
        label={t('mailroom.settings.city')}
        error={errors.city?.message}
        autoComplete="address-level2"
        {...register('city')}
      />
      <TextField
        id="fwd-region"
        label={t('mailroom.settings.region')}
        error={errors.region?.message}
        autoComplete="address-level1"
        {...register('region')}
      />
      <TextField
        id="fwd-postalCode"
        label={t('mailroom.settings.postalCode')}
        error={errors.postalCode?.message}
        autoComplete="postal-code"
        {...register('postalCode')}
      />
      <TextField
        id="fwd-country"
        label={t('mailroom.settings.country')}
        error={errors.country?.message}
        maxLength={2}
        autoComplete="country"
        {...register('country')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending} data-testid="forwarding-address-save">
          {t('mailroom.settings.saveAddress')}
        </Button>
      </div>
    </form>
  );
}

function RulesForm({ settings }: { settings: MailSettings }) {
  const { t } = useTranslation();
  const onSaved = useSaved();
  const { register, handleSubmit } = useForm<StandingRulesInput, unknown, StandingRulesInput>({
    resolver: useLazyResolver(rulesResolver),
    defaultValues: settings.rules,
  });
  const save = useMutation({
    mutationFn: saveStandingRules,
    onSuccess: onSaved,
    onError: (error) => failureToast(error, 'mailroom.settings.failed', t),
  });
  return (
    <form
      onSubmit={handleSubmit((value) => save.mutate(value))}
      noValidate
      className="mt-6 space-y-3 border-t border-slate-200 pt-4"
      data-testid="standing-rules-form"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t('mailroom.settings.rules')}</h3>
        <p className="text-sm text-slate-600">{t('mailroom.settings.rulesHint')}</p>
      </div>
      <Checkbox
        id="rule-scanGovernment"
        label={t('mailroom.settings.scanGovernment')}
        {...register('scanGovernment')}
      />
      <Checkbox
        id="rule-shredAdvertising"
        label={t('mailroom.settings.shredAdvertising')}
        {...register('shredAdvertising')}
      />
      <Button type="submit" variant="secondary" loading={save.isPending} data-testid="standing-rules-save">
        {t('mailroom.settings.saveRules')}
      </Button>
    </form>
  );
}
