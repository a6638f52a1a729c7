import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { CompleteTaskInput } from '../../../../shared/features/renewals/renewals.schemas';
import { formatCalendarDateLong, todayUtc } from '../../../../shared/format/dates';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { TextareaField } from '../../../components/ui/Textarea';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { completeTask, RENEWALS_KEY, type RenewalTask, renewalTasksQuery } from './renewalsApi';

/**
 * Operations' lapsed-agent tasks, under the renewals desk's list: a chunk of their own, loaded after the
 * list's first view (decision 0096), so that the desk's first load leaves react-hook-form out.
 */
export function RenewalTasks() {
  const { t } = useTranslation();
  const { data } = useQuery(renewalTasksQuery);
  const mayManage = useCan()('renewals.manage');
  return (
    <section
      className="mt-8"
      aria-labelledby="renewal-tasks-title"
      data-testid="renewal-tasks"
      // Mounted once the page is idle, as its last region (decision 0096): not part of its first paint.
      data-after-first-paint=""
    >
      <h2 id="renewal-tasks-title" className="text-lg font-semibold text-slate-900">
        {t('renewals.tasks.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('renewals.tasks.intro')}</p>
      {data && data.tasks.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('renewals.tasks.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data?.tasks.map((task) => (
            <TaskItem key={task.id} task={task} mayManage={mayManage} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The API's own schema, loaded after the list's first paint (decision 0060). */
const completeTaskResolver = lazyZodResolver(() =>
  import('../../../../shared/features/renewals/renewals.schemas').then((m) => m.completeTaskSchema),
);

function TaskItem({ task, mayManage }: { task: RenewalTask; mayManage: boolean }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CompleteTaskInput>({
    resolver: useLazyResolver(completeTaskResolver),
    defaultValues: { doneOn: todayUtc(), note: '' },
  });
  const save = useMutation({
    mutationFn: (body: CompleteTaskInput) => completeTask(task.id, body),
    onSuccess: () => {
      toast.success(t('renewals.tasks.saved'));
      void queryClient.invalidateQueries({ queryKey: RENEWALS_KEY });
    },
    onError: (error) => failureToast(error, 'renewals.tasks.failed'),
  });
  return (
    <li data-testid="renewal-task" className="rounded-xl border border-red-200 bg-white p-4">
      <p className="break-words font-medium text-slate-900">
        {t('renewals.tasks.item', {
          business: task.businessName ?? task.customerEmail,
          state: task.state ?? '—',
          date: formatCalendarDateLong(task.periodEnd, lang),
        })}
      </p>
      <p className="break-all text-sm text-slate-600">
        {task.customerName ? `${task.customerName} · ` : ''}
        {task.customerEmail}
      </p>
      {mayManage ? (
        <form
          noValidate
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={handleSubmit((body) => save.mutate(body))}
        >
          <TextField
            id={`task-date-${task.id}`}
            type="date"
            label={t('renewals.tasks.doneOn')}
            error={errors.doneOn?.message}
            required
            {...register('doneOn')}
          />
          <TextareaField
            id={`task-note-${task.id}`}
            rows={1}
            label={t('renewals.tasks.note')}
            error={errors.note?.message}
            className="min-w-0 flex-1"
            required
            {...register('note')}
          />
          <Button type="submit" loading={save.isPending} data-testid="renewal-task-done">
            {t('renewals.tasks.markDone')}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
