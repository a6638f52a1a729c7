import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { useResendVerification } from '../../features/auth/api/authMutations';
import { useTranslation } from '../../lib/useTranslation';

export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4">
      <Alert
        tone="warning"
        action={
          <Button variant="secondary" size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
            {t('common.verifyBanner.resend')}
          </Button>
        }
      >
        <p className="font-medium">{t('common.verifyBanner.title')}</p>
        <p className="mt-0.5">{t('common.verifyBanner.body', { email })}</p>
      </Alert>
    </div>
  );
}
