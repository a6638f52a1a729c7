import type { ComponentProps } from 'react';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextLink } from '../../../components/ui/TextLink';
import { Trans, useTranslation } from '../../../lib/useTranslation';

/**
 * The sign-up page's notice line and its optional consent (decision 0046): asked on its own, never
 * pre-ticked, not needed to sign up.
 */
export function SignUpConsents(props: Omit<ComponentProps<typeof Checkbox>, 'label'>) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-slate-600" data-testid="signup-notice">
        <Trans
          i18nKey="privacy.signUp.notice"
          components={{ privacy: <TextLink to="/privacy" className="underline" /> }}
        />
      </p>
      <Checkbox label={t('privacy.signUp.productMails')} data-testid="signup-product-mails" {...props} />
    </>
  );
}
