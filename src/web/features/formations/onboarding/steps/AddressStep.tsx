import { ADDRESS_PRICES } from '../../../../../shared/catalogue/packages';
import { ChoiceCard, ChoiceGroup } from '../../../../components/ui/ChoiceCard';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useFormat } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/useTranslation';
import { useOnboardingField } from './useOnboardingField';

/** Step 3 (self-service only): the shared, free address or a private one. */
export function AddressStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const address = useOnboardingField('addressPreference');
  return (
    <WizardStep
      title={t('onboarding.address.title')}
      description={t('onboarding.address.description')}
      focusOnMount={focus}
    >
      <ChoiceGroup legend={t('onboarding.address.legend')} hideLegend name="addressPreference" error={address.error}>
        <ChoiceCard
          name="addressPreference"
          value="shared"
          checked={address.value === 'shared'}
          onChange={() => address.choose('shared')}
          title={t('onboarding.address.shared.title')}
          meta={t('catalogue.free')}
        >
          {t('onboarding.address.shared.description')}
        </ChoiceCard>
        <ChoiceCard
          name="addressPreference"
          value="private"
          checked={address.value === 'private'}
          onChange={() => address.choose('private')}
          title={t('onboarding.address.private.title')}
          meta={fmt.perYear(ADDRESS_PRICES.private_address)}
        >
          {t('onboarding.address.private.description')}
        </ChoiceCard>
      </ChoiceGroup>
    </WizardStep>
  );
}
