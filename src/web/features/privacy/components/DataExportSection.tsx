import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { AccountSection } from '../../account';
import { downloadMyData } from '../api/privacy';

/** /account: "Download my data", one ZIP an hour (decision 0046). */
export function DataExportSection() {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: () => toast.success(t('privacy.export.done')),
    onError: (error) => failureToast(error, 'privacy.export.failed', t),
  });
  return (
    <AccountSection id="data-export" icon={Download} title={t('privacy.export.title')}>
      <p className="text-sm text-slate-600">{t('privacy.export.body')}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-4"
        loading={download.isPending}
        onClick={() => download.mutate()}
        data-testid="data-export-download"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('privacy.export.download')}
      </Button>
    </AccountSection>
  );
}
