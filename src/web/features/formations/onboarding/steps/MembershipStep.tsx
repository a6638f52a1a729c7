import { ASSISTED_PACKAGE_ID, ASSISTED_PRICE, findPackage } from '../../../../../shared/catalogue/packages';
import { WYOMING } from '../../../../../shared/catalogue/states';
import { ChoiceCard, ChoiceGroup } from '../../../../components/ui/ChoiceCard';
import { TextField } from '../../../../components/ui/Input';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useStateCostFacts } from '../../../../lib/costs';
import { useFormat } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/useTranslation';
import { useOnboardingField, useOnboardingText } from './useOnboardingField';

const ASSISTED_INCLUDES = findPackage(ASSISTED_PACKAGE_ID)?.includes ?? [];

/** Step 1: self-service or assisted; assisted asks for a phone number. */
export function MembershipStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const type = useOnboardingField('formationType');
  const phone = useOnboardingText('phoneNumber');
  const isAssisted = type.value === 'assisted';
  return (
    <WizardStep title={t('onboarding.membership.title')} focusOnMount={focus}>
      <ChoiceGroup legend={t('onboarding.membership.legend')} hideLegend name="formationType" error={type.error}>
        <ChoiceCard
          name="formationType"
          value="self"
          checked={type.value === 'self'}
          onChange={() => type.choose('self')}
          invalid={Boolean(type.error)}
          title={t('onboarding.membership.self.title')}
          meta={t('onboarding.membership.self.meta')}
        >
          <p>{t('onboarding.membership.self.description')}</p>
          <SelfServiceBudget />
          <p className="mt-1">{t('onboarding.membership.self.einFree')}</p>
        </ChoiceCard>
        <ChoiceCard
          name="formationType"
          value="assisted"
          checked={isAssisted}
          onChange={() => type.choose('assisted')}
          invalid={Boolean(type.error)}
          title={t('onboarding.membership.assisted.title')}
          meta={fmt.usd(ASSISTED_PRICE)}
        >
          <p>{t('onboarding.membership.assisted.description')}</p>
          <ul className="mt-2 list-disc space-y-0.5 pl-5">
            {ASSISTED_INCLUDES.map((key) => (
              <li key={key}>{t(`catalogue.packageIncludes.${key}`)}</li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">{t('onboarding.membership.assisted.partner')}</p>
        </ChoiceCard>
      </ChoiceGroup>
      {isAssisted ? (
        <TextField
          id="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={t('onboarding.membership.phone.label')}
          hint={t('onboarding.membership.phone.hint')}
          placeholder="+90 555 123 45 67"
          {...phone}
        />
      ) : null}
    </WizardStep>
  );
}

/** The self-service card's budget: Wyoming's first-year total and yearly cost, each with its parts. */
function SelfServiceBudget() {
  const { facts, checkedOn } = useStateCostFacts(WYOMING);
  return (
    <div className="mt-2 space-y-1">
      {facts.map((fact) => (
        <p key={fact.id}>
          <span className="font-medium text-slate-900">
            {fact.label}: {fact.value}
          </span>
          <span className="block text-xs text-slate-600">{fact.note}</span>
        </p>
      ))}
      <p className="text-xs text-slate-500">{checkedOn}</p>
    </div>
  );
}
