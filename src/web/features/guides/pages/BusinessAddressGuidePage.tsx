import { Download, MapPin } from 'lucide-react';
import { ADDRESS_GUIDE_PDF_PATH } from '../../../../shared/catalogue/links';
import { ADDRESS_PRICES } from '../../../../shared/catalogue/packages';
import { addressFeedbackSchema } from '../../../../shared/features/formations/formations.schemas';
import { Alert } from '../../../components/ui/Alert';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { GuideWizard } from '../components/GuideWizard';

const GUIDE_TOPICS = ['choose', 'apply', 'verify', 'use'] as const;

/** product.md#formation-guide "Business address rental guide (3 steps)": general info, downloadable PDF, feedback. */
export function BusinessAddressGuidePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const options = [
    {
      key: 'shared',
      title: t('catalogue.addressOptions.shared_address'),
      price: t('catalogue.free'),
      body: t('guides.address.info.shared'),
    },
    {
      key: 'private',
      title: t('catalogue.addressOptions.private_address'),
      price: `+${fmt.perYear(ADDRESS_PRICES.private_address)}`,
      body: t('guides.address.info.private'),
    },
  ];
  return (
    <GuideWizard
      icon={MapPin}
      title={t('guides.address.title')}
      subtitle={t('guides.address.subtitle')}
      stepsLabel={t('guides.address.steps.label')}
      steps={[
        {
          key: 'info',
          label: t('guides.address.steps.info'),
          title: t('guides.address.info.title'),
          description: t('guides.address.info.intro'),
          content: (
            <>
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {options.map((option) => (
                  <li key={option.key} className="rounded-xl border border-slate-200 p-4">
                    <h3 className="font-semibold text-slate-900">{option.title}</h3>
                    <p className="mt-1 text-sm font-semibold text-indigo-700">{option.price}</p>
                    <p className="mt-2 text-sm text-slate-700">{option.body}</p>
                  </li>
                ))}
              </ul>
              <Alert tone="warning">
                {t('guides.address.info.stateNote', {
                  min: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMin),
                  max: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMax),
                })}
              </Alert>
            </>
          ),
        },
        {
          key: 'guide',
          label: t('guides.address.steps.guide'),
          title: t('guides.address.guide.title'),
          description: t('guides.address.guide.intro'),
          content: (
            <>
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {GUIDE_TOPICS.map((key) => (
                  <li key={key}>{t(`guides.address.guide.topics.${key}`)}</li>
                ))}
              </ul>
              <a
                href={`${ADDRESS_GUIDE_PDF_PATH}?lang=${fmt.lang}`}
                download
                data-testid="address-guide-pdf"
                className={`${buttonLinkClass} ${buttonLinkVariants.primary} w-full sm:w-auto`}
              >
                <Download aria-hidden="true" className="size-5" />
                {t('guides.address.guide.download')}
              </a>
            </>
          ),
        },
      ]}
      feedback={{
        label: t('guides.address.steps.feedback'),
        title: t('guides.address.feedback.title'),
        description: t('guides.feedbackIntro'),
        question: t('guides.address.feedback.question'),
        yes: t('guides.yes'),
        no: t('guides.no'),
        textLabel: t('guides.feedbackLabel'),
        textHint: t('guides.address.feedback.hint'),
        submit: t('guides.submit'),
        schema: addressFeedbackSchema,
        endpoint: '/api/feedback/business-address',
        failedMessage: t('guides.address.feedback.failed'),
      }}
    />
  );
}
