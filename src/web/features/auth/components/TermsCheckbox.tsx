import type { ComponentProps } from 'react';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextLink } from '../../../components/ui/TextLink';
import { Trans } from '../../../lib/useTranslation';

type Props = Omit<ComponentProps<typeof Checkbox>, 'label'>;

/** The terms agreement, with links to /terms and /privacy inside its label. */
export function TermsCheckbox(props: Props) {
  return (
    <Checkbox
      label={
        <Trans
          i18nKey="auth.fields.terms"
          components={{
            terms: <TextLink to="/terms" className="underline" />,
            privacy: <TextLink to="/privacy" className="underline" />,
          }}
        />
      }
      {...props}
    />
  );
}
