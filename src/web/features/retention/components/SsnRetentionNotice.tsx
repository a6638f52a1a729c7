import { Alert } from '../../../components/ui/Alert';
import { useFormat } from '../../../lib/format';
import type { MyFormation } from '../../../lib/formation';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * Decision 0048 on the dashboard: a week before the SSN of the EIN application is purged, the day it
 * will be; once purged, that it was. Nothing otherwise.
 */
export function SsnRetentionNotice({ data }: { data: MyFormation }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ein = data.einApplication;
  if (!ein) return null;
  if (ein.ssnPurgedAt) {
    return (
      <div data-testid="ssn-retention-purged">
        <Alert tone="success">
          <p className="font-medium">{t('retention.dashboard.purgedTitle')}</p>
          <p className="mt-1">{t('retention.dashboard.purgedBody', { date: fmt.date(ein.ssnPurgedAt) })}</p>
        </Alert>
      </div>
    );
  }
  if (!ein.ssnPurgeOn) return null;
  return (
    <div data-testid="ssn-retention-soon">
      <Alert tone="info">
        <p className="font-medium">{t('retention.dashboard.soonTitle', { date: fmt.day(ein.ssnPurgeOn) })}</p>
        <p className="mt-1">{t('retention.dashboard.soonBody')}</p>
      </Alert>
    </div>
  );
}
