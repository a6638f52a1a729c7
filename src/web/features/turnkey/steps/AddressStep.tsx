import { ADDRESS_PRICES, type AddressOption } from '../../../../shared/catalogue/packages';
import { Alert } from '../../../components/ui/Alert';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { ChoiceStepProps } from './wizardState';

/** The warning that some states charge more for a private address, shown here and on the payment step. */
export function useAddressStateNote(): string {
  const { t } = useTranslation();
  const fmt = useFormat();
  return t('formationService.address.stateNote', {
    min: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMin),
    max: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMax),
  });
}

/** Step 4: the shared (free) or private (yearly surcharge) business address. */
export function AddressStep({ focus, value, error, onChange }: ChoiceStepProps<AddressOption>) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const stateNote = useAddressStateNote();
  const options = [
    { id: 'shared_address', meta: t('catalogue.free'), body: t('formationService.address.sharedBody') },
    {
      id: 'private_address',
      meta: `+${fmt.perYear(ADDRESS_PRICES.private_address)}`,
      body: t('formationService.address.privateBody'),
    },
  ] as const;
  return (
    <WizardStep
      title={t('formationService.address.title')}
      description={t('formationService.address.intro')}
      focusOnMount={focus}
    >
      <ChoiceGroup legend={t('formationService.address.legend')} hideLegend name="businessAddress" error={error}>
        {options.map((option) => (
          <ChoiceCard
            key={option.id}
            name="businessAddress"
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
            invalid={Boolean(error)}
            title={t(`catalogue.addressOptions.${option.id}`)}
            meta={option.meta}
          >
            {option.body}
          </ChoiceCard>
        ))}
      </ChoiceGroup>
      <Alert tone="warning">{stateNote}</Alert>
    </WizardStep>
  );
}
