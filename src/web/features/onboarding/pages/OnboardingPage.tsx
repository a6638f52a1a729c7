import { Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../../components/ui/PageWrapper';

/** Placeholder until the onboarding stepper lands. */
export function OnboardingPage() {
  const { t } = useTranslation();
  return (
    <PageWrapper icon={Rocket} title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} hideBackLink>
      <p className="text-slate-700">{t('onboarding.comingNext')}</p>
    </PageWrapper>
  );
}
