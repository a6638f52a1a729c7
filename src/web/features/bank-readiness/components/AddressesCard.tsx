import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADDRESS_KINDS,
  ADDRESS_ROLES,
  type AddressRole,
} from '../../../../shared/features/bank-readiness/addresses.domain';
import type { BankAddressView } from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import type {
  BankAddressInput,
  BankAddressValues,
} from '../../../../shared/features/bank-readiness/bank-readiness.schemas';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { BANK_READINESS_KEY, removeBankAddress, saveBankAddress } from '../api/bank-readiness';
import { countryName } from '../lib/reason-text';

/** The API's own schema, loaded after the page's first paint (decision 0060). */
const addressResolver = lazyZodResolver(() =>
  import('../../../../shared/features/bank-readiness/bank-readiness.schemas').then((m) => m.bankAddressInputSchema),
);

type AddressValues = BankAddressValues;

const FIELDS = ['kind', 'country', 'line1', 'line2', 'city', 'region', 'postalCode'] as const;

const EMPTY: AddressValues = {
  kind: 'home',
  country: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
};

function AddressForm({
  role,
  start,
  onDone,
}: {
  role: AddressRole;
  start: BankAddressView | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AddressValues, unknown, BankAddressInput>({
    resolver: useLazyResolver(addressResolver),
    defaultValues:
      start?.origin === 'customer'
        ? {
            kind: start.kind,
            country: start.country,
            line1: start.line1,
            line2: start.line2 ?? '',
            city: start.city,
            region: start.region ?? '',
            postalCode: start.postalCode ?? '',
          }
        : EMPTY,
  });
  const [reminder, setReminder] = useState(false);
  const save = useMutation({
    mutationFn: (value: BankAddressInput) => saveBankAddress(role, value),
    onSuccess: async (saved) => {
      toast.success(t('bankReadiness.addresses.saved'));
      await queryClient.invalidateQueries({ queryKey: BANK_READINESS_KEY });
      if (saved.form8822b) setReminder(true);
      else onDone();
    },
    onError: (error) => {
      // The role's rules (a US address, no PO box) are the server's: it names the fields.
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) return;
      toast.error(t('bankReadiness.addresses.failed'));
    },
  });
  const kind = watch('kind');
  if (reminder) {
    return (
      <div className="mt-3 space-y-3">
        <Alert tone="warning">
          <span data-testid="bank-form-8822b">{t('bankReadiness.addresses.form8822b')}</span>{' '}
          <TextLink to="/dashboard#compliance-item-form_8822b">{t('bankReadiness.addresses.seeCalendar')}</TextLink>
        </Alert>
        <Button variant="secondary" size="sm" onClick={onDone}>
          {t('bankReadiness.addresses.done')}
        </Button>
      </div>
    );
  }
  return (
    <form
      onSubmit={handleSubmit((value) => save.mutate(value))}
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-2"
      data-testid={`bank-address-form-${role}`}
    >
      <SelectField
        id={`${role}-kind`}
        label={t('bankReadiness.addresses.fields.kind')}
        error={errors.kind?.message}
        hint={t(`bankReadiness.addresses.kindHelp.${kind}`)}
        className="sm:col-span-2"
        {...register('kind')}
      >
        {ADDRESS_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`bankReadiness.addresses.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${role}-country`}
        label={t('bankReadiness.addresses.fields.country')}
        error={errors.country?.message}
        maxLength={2}
        autoComplete="country"
        {...register('country')}
      />
      <TextField
        id={`${role}-line1`}
        label={t('bankReadiness.addresses.fields.line1')}
        error={errors.line1?.message}
        autoComplete="address-line1"
        {...register('line1')}
      />
      <TextField
        id={`${role}-line2`}
        label={t('bankReadiness.addresses.fields.line2')}
        error={errors.line2?.message}
        autoComplete="address-line2"
        {...register('line2')}
      />
      <TextField
        id={`${role}-city`}
        label={t('bankReadiness.addresses.fields.city')}
        error={errors.city?.message}
        autoComplete="address-level2"
        {...register('city')}
      />
      <TextField
        id={`${role}-region`}
        label={t('bankReadiness.addresses.fields.region')}
        error={errors.region?.message}
        autoComplete="address-level1"
        {...register('region')}
      />
      <TextField
        id={`${role}-postalCode`}
        label={t('bankReadiness.addresses.fields.postalCode')}
        error={errors.postalCode?.message}
        autoComplete="postal-code"
        {...register('postalCode')}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {t('bankReadiness.addresses.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('bankReadiness.addresses.cancel')}
        </Button>
      </div>
    </form>
  );
}

function AddressLine({ address }: { address: BankAddressView }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const street =
    address.origin === 'portal'
      ? t('bankReadiness.addresses.portalStreet', { state: address.region ?? '' })
      : [address.line1, address.line2, address.city, address.region, address.postalCode].filter(Boolean).join(', ');
  return (
    <p className="text-sm text-slate-800">
      {street}, {countryName(address.country, lang)}
    </p>
  );
}

/** The company's four addresses: what each is, who filled it, and a form to give one's own. */
export function AddressesCard({ addresses }: { addresses: readonly BankAddressView[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AddressRole | null>(null);
  const remove = useMutation({
    mutationFn: (role: AddressRole) => removeBankAddress(role),
    onSuccess: async () => {
      toast.success(t('bankReadiness.addresses.removed'));
      await queryClient.invalidateQueries({ queryKey: BANK_READINESS_KEY });
    },
    onError: () => toast.error(t('bankReadiness.addresses.failed')),
  });
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MapPin aria-hidden="true" className="size-5 text-indigo-600" />
        {t('bankReadiness.addresses.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('bankReadiness.addresses.intro')}</p>
      <ul className="mt-3 divide-y divide-slate-200">
        {ADDRESS_ROLES.map((role) => {
          const address = addresses.find((a) => a.role === role);
          return (
            <li key={role} className="py-3" data-testid={`bank-address-${role}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t(`bankReadiness.addresses.roles.${role}`)}</p>
                  {address ? (
                    <>
                      <p className="text-sm text-slate-700">
                        {t(`bankReadiness.addresses.kinds.${address.kind}`)}
                        {address.origin === 'portal' ? ` · ${t('bankReadiness.addresses.portal')}` : ''}
                      </p>
                      <AddressLine address={address} />
                      <p className="mt-0.5 text-xs text-slate-600">
                        {t(`bankReadiness.addresses.kindHelp.${address.kind}`)}
                      </p>
                    </>
                  ) : (
                    <p className="text-sm text-slate-600">{t('bankReadiness.addresses.notGiven')}</p>
                  )}
                </div>
                {editing === role ? null : (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(role)}>
                      {address ? t('bankReadiness.addresses.edit') : t('bankReadiness.addresses.add')}
                    </Button>
                    {address?.origin === 'customer' ? (
                      <Button variant="ghost" size="sm" onClick={() => remove.mutate(role)} loading={remove.isPending}>
                        {t('bankReadiness.addresses.remove')}
                      </Button>
                    ) : null}
                  </div>
                )}
              </div>
              {editing === role ? <AddressForm role={role} start={address} onDone={() => setEditing(null)} /> : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
