import { BadgeCheck, Landmark } from 'lucide-react';
import { EXTERNAL_LINKS } from '../../../../shared/catalogue/links';
import { bankFeedbackSchema } from '../../../../shared/features/formations/formations.schemas';
import { Alert } from '../../../components/ui/Alert';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { VideoEmbed } from '../../../components/ui/VideoEmbed';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BankReadinessSection } from '../../bank-readiness';
import { GuideWizard } from '../components/GuideWizard';
import { NumberedList } from '../components/NumberedList';

const REQUIREMENTS = ['passport', 'ein', 'articles', 'address', 'contact', 'ownership'] as const;
const PROCESS = ['open', 'company', 'documents', 'identity', 'wait'] as const;

/** product.md#formation-guide "Bank guide (3 steps)": requirements, application process with video, feedback. */
export function BankGuidePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      <BankReadinessSection />
      <GuideWizard
        icon={Landmark}
        title={t('guides.bank.title')}
        subtitle={t('guides.bank.subtitle')}
        stepsLabel={t('guides.bank.steps.label')}
        steps={[
          {
            key: 'requirements',
            label: t('guides.bank.steps.requirements'),
            title: t('guides.bank.requirements.title'),
            description: t('guides.bank.requirements.intro'),
            content: (
              <>
                <ul className="space-y-2">
                  {REQUIREMENTS.map((key) => (
                    <li key={key} className="flex items-start gap-2 text-slate-800">
                      <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                      {t(`guides.bank.requirements.items.${key}`)}
                    </li>
                  ))}
                </ul>
                <Alert tone="info">
                  {t('guides.bank.requirements.timing', { duration: fmt.timing('bankAccount') })}
                </Alert>
              </>
            ),
          },
          {
            key: 'process',
            label: t('guides.bank.steps.process'),
            title: t('guides.bank.process.title'),
            description: t('guides.bank.process.intro'),
            content: (
              <>
                <NumberedList
                  items={PROCESS.map((key) => ({
                    key,
                    title: t(`guides.bank.process.items.${key}.title`),
                    body: t(`guides.bank.process.items.${key}.body`, { duration: fmt.timing('bankAccount') }),
                    action:
                      key === 'open' ? (
                        <ExternalLink href={EXTERNAL_LINKS.onlineBank} variant="primary">
                          {t('guides.bank.process.link')}
                        </ExternalLink>
                      ) : undefined,
                  }))}
                />
                <div>
                  <h3 className="mb-3 font-semibold text-slate-900">{t('guides.bank.process.videoTitle')}</h3>
                  <VideoEmbed src={EXTERNAL_LINKS.videos.bank} title={t('guides.bank.process.videoTitle')} />
                </div>
              </>
            ),
          },
        ]}
        feedback={{
          label: t('guides.bank.steps.feedback'),
          title: t('guides.bank.feedback.title'),
          description: t('guides.feedbackIntro'),
          question: t('guides.bank.feedback.question'),
          yes: t('guides.yes'),
          no: t('guides.no'),
          textLabel: t('guides.feedbackLabel'),
          textHint: t('guides.bank.feedback.hint'),
          submit: t('guides.submit'),
          schema: bankFeedbackSchema,
          endpoint: '/api/feedback/bank',
          failedMessage: t('guides.bank.feedback.failed'),
        }}
      />
    </>
  );
}
