import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { myFilingsQuery } from '../api/filings';

/**
 * The dashboard's filing tasks (decision 0051): an open Form 5472 questionnaire to answer, prepared
 * forms to sign and upload. Nothing is shown when there is nothing to do.
 */
export function FilingTasks() {
  const { t } = useTranslation();
  const { day } = useFormat();
  const { data } = useQuery(myFilingsQuery);
  const tasks = (data?.filings ?? []).filter(
    (f) => f.kind === 'form_5472' && (f.status === 'questionnaire_sent' || f.status === 'prepared'),
  );
  if (tasks.length === 0) return null;
  return (
    <Card className="border-indigo-200 bg-indigo-50/60 p-4 sm:p-5" data-testid="filing-tasks">
      <ul className="space-y-3">
        {tasks.map((f) => (
          <li key={f.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <Landmark className="mt-0.5 size-5 shrink-0 text-indigo-700" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900">{t(`filings.task.${f.status}`, { year: f.taxYear })}</p>
                <p className="text-sm text-slate-700">{t('filings.task.due', { date: day(f.dueDate) })}</p>
              </div>
            </div>
            <Link
              to={`/filings/${f.id}`}
              data-testid="filing-task-link"
              className="inline-flex min-h-10 items-center justify-center gap-1 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
            >
              {t('filings.task.open')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
