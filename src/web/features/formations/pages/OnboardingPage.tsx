import { Rocket } from 'lucide-react';
import { FormProvider } from 'react-hook-form';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { useTranslation } from '../../../lib/useTranslation';
import { STEP_LABELS } from '../onboarding/lib/onboardingFlow';
import { useOnboardingFlow } from '../onboarding/lib/useOnboardingFlow';
import { AddressStep } from '../onboarding/steps/AddressStep';
import { MembershipStep } from '../onboarding/steps/MembershipStep';
import { OverviewStep } from '../onboarding/steps/OverviewStep';
import { PurposeStep } from '../onboarding/steps/PurposeStep';

/** product.md#onboarding onboarding: membership type, purpose, address (self-service only), overview; then the record. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const flow = useOnboardingFlow();
  const { step, steps, index, moved } = flow;
  return (
    <PageWrapper icon={Rocket} title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} hideBackLink>
      <Stepper steps={steps.map((s) => t(STEP_LABELS[s]))} current={index} label={t('onboarding.steps.label')} />
      <FormProvider {...flow.form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void flow.next();
          }}
        >
          {step === 1 ? <MembershipStep focus={moved} /> : null}
          {step === 2 ? <PurposeStep focus={moved} /> : null}
          {step === 3 ? <AddressStep focus={moved} /> : null}
          {step === 4 ? <OverviewStep focus={moved} /> : null}
          <WizardNav
            onBack={flow.back}
            isFirst={index === 0}
            nextType="submit"
            nextLabel={index === steps.length - 1 ? t('onboarding.complete') : undefined}
            loading={flow.submitting}
          />
        </form>
      </FormProvider>
    </PageWrapper>
  );
}
