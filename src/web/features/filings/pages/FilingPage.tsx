import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Landmark } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { SIGNED_FORM_UPLOAD_KINDS } from '../../../../shared/domain/files';
import type { FilingView } from '../../../../shared/features/filings/filings.contracts';
import { isFiled } from '../../../../shared/features/filings/filings.domain';
import { filingQuestionSchema } from '../../../../shared/features/filings/filings.schemas';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { TextareaField } from '../../../components/ui/Textarea';
import { linkClass } from '../../../components/ui/TextLink';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { type FileFormOutput, type FileFormValues, fileFormSchema } from '../../../lib/uploadForms';
import { useTranslation } from '../../../lib/useTranslation';
import { askFilingQuestion, FILINGS_KEY, filingQuery, uploadSignedForms } from '../api/filings';
import { FilingStages } from '../components/FilingStages';
import { Questionnaire } from '../components/Questionnaire';

const FILE_MESSAGES = { wrongType: 'errors.PDF_REQUIRED', tooLarge: 'errors.FILE_SIZE_LIMIT' } as const;
const FILE_KEYS = ['form5472', 'form1120', 'dataSheet', 'signed', 'confirmation'] as const;

function titleOf(filing: FilingView, t: (key: string, vars?: Record<string, string | number>) => string) {
  return filing.kind === 'form_5472'
    ? t('filings.title5472', { year: filing.taxYear })
    : t('filings.titleState', { rule: t(`compliance.rules.${filing.ruleId}.name`), year: filing.taxYear });
}

/** /filings/:id: one tracked filing, its stages, and what the customer does at this stage (decision 0051). */
export function FilingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(filingQuery(id));
  const queryClient = useQueryClient();
  const filing = query.data?.filing;
  const update = (next: FilingView) => {
    queryClient.setQueryData(filingQuery(id).queryKey, { filing: next });
    void queryClient.invalidateQueries({ queryKey: FILINGS_KEY });
  };

  return (
    <PageWrapper
      icon={Landmark}
      title={filing ? titleOf(filing, t) : t('filings.loading')}
      subtitle={t('filings.intro')}
    >
      {query.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('filings.loading')}
        </div>
      ) : !filing ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('filings.retry')}
            </Button>
          }
        >
          {t('filings.loadFailed')}
        </Alert>
      ) : (
        <FilingBody filing={filing} onChange={update} />
      )}
    </PageWrapper>
  );
}

function FilingBody({ filing, onChange }: { filing: FilingView; onChange: (filing: FilingView) => void }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const files = FILE_KEYS.flatMap((key) => {
    const file = filing.files[key];
    return file ? [{ key, ...file }] : [];
  });
  return (
    <div className="space-y-8" data-testid="filing" data-status={filing.status}>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <p data-testid="filing-due">{t('filings.due', { date: day(filing.dueDate) })}</p>
        {filing.extendedOn ? <p>{t('filings.extended', { date: day(filing.extendedOn) })}</p> : null}
      </div>

      {isFiled(filing.status) && filing.filedOn ? (
        <Alert tone="success">
          <span data-testid="filing-filed">
            {filing.submitMethod
              ? t(`filings.filedBy.${filing.submitMethod}`, { date: day(filing.filedOn) })
              : t('filings.filedOn', { date: day(filing.filedOn) })}
            {filing.confirmationNumber ? ` · ${t('filings.confirmation', { number: filing.confirmationNumber })}` : ''}
          </span>
        </Alert>
      ) : filing.status === 'answered' || filing.status === 'signed' || filing.status === 'open' ? (
        <Alert tone="info">{t(`filings.statusNote.${filing.status}`)}</Alert>
      ) : null}

      {filing.answersEditable ? <Questionnaire filing={filing} onChange={onChange} /> : null}

      {filing.status === 'prepared' ? <SignAndUpload filing={filing} onChange={onChange} /> : null}

      {files.length ? (
        <section>
          <h2 className="text-lg font-semibold text-slate-900">{t('filings.files.title')}</h2>
          <ul className="mt-3 space-y-2">
            {files.map((f) => (
              <li key={f.key} className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <a href={f.url} className={linkClass} data-testid={`filing-file-${f.key}`} download>
                  {t(`filings.files.${f.key}`)}
                </a>
                <span className="truncate text-sm text-slate-500">{f.fileName}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section>
        <h2 className="text-lg font-semibold text-slate-900">{t('filings.stagesTitle')}</h2>
        <div className="mt-3">
          <FilingStages filing={filing} />
        </div>
      </section>

      <Question filing={filing} onChange={onChange} />
    </div>
  );
}

function SignAndUpload({ filing, onChange }: { filing: FilingView; onChange: (filing: FilingView) => void }) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting: busy },
  } = useForm<FileFormValues, unknown, FileFormOutput>({
    resolver: zodResolver(fileFormSchema),
    defaultValues: { file: null },
  });
  const send = handleSubmit(async ({ file }) => {
    try {
      onChange((await uploadSignedForms(filing.id, file)).filing);
      toast.success(t('filings.sign.uploaded'));
    } catch (err) {
      failureToast(err, 'filings.sign.failed', t);
    }
  });
  return (
    <section className="space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/50 p-4" data-testid="filing-sign">
      <h2 className="text-lg font-semibold text-slate-900">{t('filings.sign.title')}</h2>
      <p className="text-sm text-slate-700">{t('filings.sign.body')}</p>
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-3">
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState }) => (
            <FileField
              name="file"
              id="filing-signed-file"
              label={t('filings.sign.file')}
              kinds={SIGNED_FORM_UPLOAD_KINDS}
              file={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldState.error?.message}
              messages={FILE_MESSAGES}
              disabled={busy}
            />
          )}
        />
        <Button type="submit" disabled={busy}>
          {t('filings.sign.upload')}
        </Button>
      </form>
    </section>
  );
}

function Question({ filing, onChange }: { filing: FilingView; onChange: (filing: FilingView) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { isSubmitting: busy },
  } = useForm<z.input<typeof filingQuestionSchema>>({
    // The API's schema; the button waits for a question, so its message is not shown here.
    resolver: zodResolver(filingQuestionSchema),
    defaultValues: { message: '' },
  });
  const blank = !(watch('message') ?? '').trim();
  const send = handleSubmit(async ({ message }) => {
    try {
      onChange((await askFilingQuestion(filing.id, message)).filing);
      reset();
      toast.success(t('filings.question.sent'));
    } catch (err) {
      failureToast(err, 'filings.question.failed', t);
    }
  });
  return (
    <section className="space-y-3" data-testid="filing-question">
      <h2 className="text-lg font-semibold text-slate-900">{t('filings.question.title')}</h2>
      <p className="text-sm text-slate-600">{t('filings.question.body')}</p>
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-3">
        <TextareaField id="question" label={t('filings.question.label')} rows={3} {...register('message')} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={busy || blank}>
            {t('filings.question.send')}
          </Button>
          {filing.supportThreadId ? (
            <Link to={`/support?thread=${filing.supportThreadId}`} className={linkClass}>
              {t('filings.question.open')}
            </Link>
          ) : null}
        </div>
      </form>
    </section>
  );
}
