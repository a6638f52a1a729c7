import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminFilingView } from '../../../../shared/features/filings/filings.contracts';
import { DetailPanel, Fact, Facts, Section } from '../../../components/admin/DetailPanel';
import { linkClass } from '../../../components/ui/TextLink';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { FilingStages } from '../components/FilingStages';
import { FilingAnswers } from './FilingAnswers';
import { FilingDeskActions } from './FilingDeskActions';
import { FilingFiles } from './FilingFiles';
import { adminFilingQuery } from './filingsAdminApi';

/** The filing opened beside the list: its facts, stages, answers, files and the desk's actions. */
export function FilingDetail({ id, focusOnOpen, onClose }: { id: string; focusOnOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(adminFilingQuery(id));
  const filing = query.data?.filing;
  return (
    <DetailPanel
      idPrefix="filings"
      title={t('adminFilings.detail.title')}
      meta={
        filing ? <span className="text-sm text-slate-600">{t(`adminFilings.statuses.${filing.status}`)}</span> : null
      }
      closeLabel={t('adminFilings.detail.close')}
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      ready={Boolean(filing)}
      fetching={query.isFetching}
      error={query.error}
      loadFailedKey="adminFilings.loadFailed"
      onRetry={() => void query.refetch()}
      data={{ 'data-status': filing?.status }}
    >
      {filing ? <FilingDetailBody filing={filing} /> : null}
    </DetailPanel>
  );
}

function FilingDetailBody({ filing }: { filing: AdminFilingView }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const can = useCan();
  const mayPrepare = can('filings.prepare');
  return (
    <div className="space-y-5 p-4" data-testid="filing-detail-body">
      <Facts>
        <Fact label={t('adminFilings.detail.customer')}>
          <Link to={`/admin/users?id=${encodeURIComponent(filing.customer.id)}`} className={linkClass}>
            {filing.customer.name ?? filing.customer.email}
          </Link>
        </Fact>
        <Fact label={t('adminFilings.year')}>{filing.taxYear}</Fact>
        <Fact label={t('adminFilings.csv.dueDate')}>{day(filing.dueDate)}</Fact>
      </Facts>

      <Section title={t('filings.stagesTitle')}>
        <FilingStages filing={filing} />
      </Section>

      {filing.kind === 'form_5472' ? <FilingAnswers filing={filing} /> : null}

      <FilingFiles filing={filing} />

      {filing.supportThreadId ? (
        <Link to={`/admin/support?id=${filing.supportThreadId}`} className={linkClass}>
          {t('adminFilings.detail.thread')}
        </Link>
      ) : null}

      {mayPrepare && filing.kind === 'form_5472' ? <FilingDeskActions filing={filing} /> : null}
    </div>
  );
}
