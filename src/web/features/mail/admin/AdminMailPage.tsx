import { useMutation, useQuery } from '@tanstack/react-query';
import { Mail, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { kindsForSender, LETTER_SENDERS, type LetterSender } from '../../../../shared/catalogue/letter-kinds';
import { canReassign, canScan } from '../../../../shared/features/mail/mail.domain';
import { todayUtc } from '../../../../shared/format/dates';
import { TEXT_MAX } from '../../../../shared/schemas/text-rules';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { ListPager, RetryAlert } from '../../../components/admin/ListParts';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { LetterStatus } from '../components/LetterStatus';
import type { LogLetterFormOutput, LogLetterFormValues } from './logLetterForm';
import {
  assignLetter,
  type DeskLetter,
  downloadMailCsv,
  findCompanies,
  logLetter,
  MAIL_DESK_KEY,
  MAIL_DESK_QUEUES,
  type MailCompany,
  type MailDeskQueue,
  mailDeskQuery,
  scanLetter,
} from './mailAdminApi';
import { EinFromLetterForm, PaperDoneForm } from './PaperDoneForm';

const isQueue = (v: string | null): v is MailDeskQueue => (MAIL_DESK_QUEUES as readonly string[]).includes(v ?? '');
const refresh = () => queryClient.invalidateQueries({ queryKey: MAIL_DESK_KEY });

/** /admin/mail (decision 0086): log letters from their envelopes, match them, scan them, and the queues. */
export function AdminMailPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const queueParam = search.get('queue');
  const queue: MailDeskQueue = isQueue(queueParam) ? queueParam : 'all';
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data, isPending, isError, refetch } = useQuery(mailDeskQuery(queue, q, page));
  // The box follows the URL's q (the back button), and sends only what the URL takes.
  const searchForm = useForm<{ q: string }>({ values: { q } });
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSearch(next);
  };

  return (
    <>
      <AdminPageHeader icon={Mail} title={t('mailroom.desk.title')} subtitle={t('mailroom.desk.intro')} />
      {can('mail.handle') ? <LogLetterForm /> : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          name="queue"
          label={t('mailroom.desk.queue')}
          values={MAIL_DESK_QUEUES}
          labelOf={(v) => t(`mailroom.desk.queues.${v}`)}
          value={queue}
          onChange={(v) => set({ queue: v === 'all' ? null : v, page: null })}
          className="w-full sm:w-64"
          testId="mail-queue"
        />
        <form
          className="flex flex-1 gap-2"
          onSubmit={searchForm.handleSubmit((values) => set({ q: values.q.trim(), page: null }))}
        >
          <Input
            aria-label={t('mailroom.desk.search')}
            placeholder={t('mailroom.desk.search')}
            maxLength={TEXT_MAX.search}
            data-testid="mail-search"
            {...searchForm.register('q')}
          />
          <Button type="submit" variant="secondary" aria-label={t('mailroom.desk.search')}>
            <Search aria-hidden="true" className="size-4" />
          </Button>
        </form>
      </div>
      {can('mail.export') ? (
        <ListExport
          ns="mailroom.desk"
          idPrefix="mail"
          download={(format) => downloadMailCsv(queue, q, format)}
          className="mt-3"
        />
      ) : null}
      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {isPending ? (
          <div className="flex justify-center p-8">
            <Spinner />
          </div>
        ) : isError ? (
          <div className="p-4">
            <RetryAlert message={t('mailroom.desk.loadFailed')} onRetry={() => void refetch()} />
          </div>
        ) : data.items.length === 0 ? (
          <p className="p-6 text-center text-slate-600" data-testid="mail-empty">
            {t('mailroom.desk.empty')}
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200" data-testid="mail-letters">
              {data.items.map((letter) => (
                <LetterRow key={letter.id} letter={letter} mayHandle={can('mail.handle')} />
              ))}
            </ul>
            <ListPager
              idPrefix="mail"
              ns="mailroom.desk.list"
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              totalKind={data.totalKind}
              shown={data.items.length}
              onPage={(p) => set({ page: p === 1 ? null : String(p) })}
            />
          </>
        )}
      </div>
    </>
  );
}

function LetterRow({ letter, mayHandle }: { letter: DeskLetter; mayHandle: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormat();
  const fileRef = useRef<HTMLInputElement>(null);
  const scan = useMutation({
    mutationFn: (file: File) => scanLetter(letter.id, file),
    onSuccess: async () => {
      toast.success(t('mailroom.desk.scanned'));
      await refresh();
    },
    onError: (error) => failureToast(error, 'mailroom.desk.failed', t),
  });
  const assign = useMutation({
    mutationFn: (userId: string) => assignLetter(letter.id, userId),
    onSuccess: async () => {
      toast.success(t('mailroom.desk.assigned'));
      await refresh();
    },
    onError: (error) => failureToast(error, 'mailroom.desk.failed', t),
  });
  return (
    <li className="p-4" data-testid="mail-letter" data-letter-id={letter.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {letter.urgent ? (
              <span className="mr-2 font-semibold text-red-700">{t('mailroom.page.urgent')}</span>
            ) : null}
            {t(`mailroom.kinds.${letter.kind}.name`)}
          </p>
          <p className="text-sm text-slate-600">
            {t('mailroom.desk.columns.envelope')}: {letter.envelopeName} ·{' '}
            {letter.userId ? (
              <>
                {t('mailroom.desk.columns.company')}: {letter.businessName ?? letter.customerEmail}
              </>
            ) : (
              <span className="font-medium text-amber-800">{t('mailroom.desk.unmatched')}</span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {letter.senderName ?? t(`mailroom.senders.${letter.sender}`)} ·{' '}
            {t('mailroom.page.arrived', { date: fmt.day(letter.receivedOn) })} ·{' '}
            {letter.pages === 1 ? t('mailroom.page.pagesOne') : t('mailroom.page.pages', { count: letter.pages })}
          </p>
        </div>
        <LetterStatus status={letter.status} />
      </div>
      {letter.heldReason === 'no_subscription' ? (
        <p className="mt-1 text-sm font-medium text-amber-800">{t('mailroom.desk.heldNoSubscription')}</p>
      ) : null}
      {letter.calendarItem ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="mail-letter-calendar-item">
          {t('mailroom.desk.calendarItem', {
            rule: t(`compliance.rules.${letter.calendarItem.ruleId}.name`),
            date: fmt.day(letter.calendarItem.dueDate),
          })}
        </p>
      ) : null}
      {letter.forwardTo && letter.status !== 'forwarded' ? (
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700" data-testid="mail-letter-forward-to">
          <span className="font-medium">{t('mailroom.desk.forwardTo')}:</span>
          {`\n${letter.forwardTo}`}
        </p>
      ) : null}
      {letter.trackingNumber ? (
        <p className="mt-1 text-sm text-slate-700">{t('mailroom.page.tracking', { number: letter.trackingNumber })}</p>
      ) : null}
      {letter.shreddedOn ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('mailroom.page.shreddedOn', { date: fmt.day(letter.shreddedOn) })}
        </p>
      ) : null}
      {letter.einOffer && letter.scanPath && can('ein.process') ? <EinFromLetterForm letter={letter} /> : null}
      {mayHandle && letter.status === 'to_forward' ? <PaperDoneForm letter={letter} step="forwarded" /> : null}
      {mayHandle && letter.status === 'shred_requested' ? <PaperDoneForm letter={letter} step="shredded" /> : null}
      {letter.businessDaysWaiting !== null ? (
        <p
          className={letter.late ? 'mt-1 text-sm font-semibold text-red-700' : 'mt-1 text-sm text-slate-600'}
          data-testid="mail-letter-wait"
          data-late={letter.late}
        >
          {letter.late ? `${t('mailroom.desk.late')}: ` : ''}
          {t('mailroom.desk.waiting', { count: letter.businessDaysWaiting })}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        {letter.hasEnvelope ? (
          <a
            href={`/api/admin/mail/letters/${letter.id}/envelope`}
            target="_blank"
            rel="noopener"
            className={linkClass}
          >
            {t('mailroom.desk.viewEnvelope')}
          </a>
        ) : null}
        {letter.scanPath ? (
          <a href={`/api/files/${letter.scanPath}`} target="_blank" rel="noopener" className={linkClass}>
            {t('mailroom.desk.viewScan')}
          </a>
        ) : null}
        {mayHandle && letter.userId && canScan(letter.status) ? (
          <>
            <input
              ref={fileRef}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              aria-label={t('mailroom.desk.scan')}
              data-testid="mail-scan-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) scan.mutate(file);
                e.target.value = '';
              }}
            />
            <Button size="sm" variant="secondary" loading={scan.isPending} onClick={() => fileRef.current?.click()}>
              {t('mailroom.desk.scan')}
            </Button>
          </>
        ) : null}
      </div>
      {mayHandle && !letter.scanPath && canReassign(letter.status) ? (
        <details className="mt-2 text-sm" open={!letter.userId}>
          <summary className="cursor-pointer font-medium text-indigo-700">{t('mailroom.desk.assign')}</summary>
          <CompanyPicker
            initial={letter.envelopeName}
            label={t('mailroom.desk.assignTo')}
            onPick={(c) => assign.mutate(c.userId)}
          />
        </details>
      ) : null}
    </li>
  );
}

/** Finds companies by the name on the envelope (the server folds Turkish letters) and offers them. */
function CompanyPicker({
  initial,
  label,
  onPick,
}: {
  initial: string;
  label: string;
  onPick: (company: MailCompany) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState(initial);
  const [found, setFound] = useState<MailCompany[] | null>(null);
  const find = useMutation({
    mutationFn: () => findCompanies(q.trim()),
    onSuccess: setFound,
    onError: (error) => failureToast(error, 'mailroom.desk.failed', t),
  });
  return (
    <div className="mt-2">
      <div className="flex gap-2">
        <Input
          aria-label={label}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (q.trim()) find.mutate();
            }
          }}
          data-testid="company-query"
        />
        <Button
          type="button"
          variant="secondary"
          loading={find.isPending}
          disabled={!q.trim()}
          onClick={() => find.mutate()}
          data-testid="company-find"
        >
          {t('mailroom.desk.log.findCompany')}
        </Button>
      </div>
      {found === null ? null : found.length === 0 ? (
        <p className="mt-2 text-sm text-amber-800">{t('mailroom.desk.log.noMatch')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {found.map((c) => (
            <li key={c.userId}>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => onPick(c)}
                data-testid="company-option"
              >
                {c.businessName ?? c.email}
                <span className="text-xs text-slate-500">{c.customerName ?? c.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The API's own schema with the two files beside it, loaded after the desk's first paint (decision 0060). */
const logLetterResolver = lazyZodResolver(() => import('./logLetterForm').then((m) => m.logLetterFormSchema));

const LOG_FIELDS = [
  'envelopeName',
  'userId',
  'sender',
  'senderName',
  'kind',
  'letterDate',
  'receivedOn',
  'pages',
  'envelope',
  'scan',
] as const satisfies readonly (keyof LogLetterFormValues)[];

/** An optional text field left empty is not sent, as the multipart body has it. */
const emptyIsAbsent = (value: string) => value || undefined;

function LogLetterForm() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [company, setCompany] = useState<MailCompany | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<LogLetterFormValues, unknown, LogLetterFormOutput>({
    resolver: useLazyResolver(logLetterResolver),
    defaultValues: {
      envelopeName: '',
      sender: 'irs',
      kind: 'cp575',
      pages: '1',
      receivedOn: todayUtc(),
      envelope: null,
      scan: null,
    },
  });
  const save = useMutation({
    mutationFn: ({ input, confirm }: { input: LogLetterFormOutput; confirm: boolean }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(input)) {
        if (value === undefined || value === null || value === '') continue;
        form.set(name, value instanceof File ? value : String(value));
      }
      if (confirm) form.set('confirmDuplicate', 'true');
      return logLetter(form);
    },
    onSuccess: async () => {
      toast.success(t('mailroom.desk.log.saved'));
      formRef.current?.reset();
      reset();
      setCompany(null);
      setDuplicate(false);
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error, 'LETTER_DUPLICATE')) {
        setDuplicate(true);
        return;
      }
      if (isApiError(error, 'VALIDATION_FAILED')) applyFieldErrors(setError, error.fields, LOG_FIELDS);
      failureToast(error, 'mailroom.desk.failed', t);
    },
  });
  const choose = (chosen: MailCompany | null) => {
    setCompany(chosen);
    setValue('userId', chosen?.userId);
  };
  const submit = (confirm: boolean) =>
    handleSubmit((input) => {
      if (!confirm) setDuplicate(false);
      save.mutate({ input, confirm });
    });
  const envelopeName = watch('envelopeName');
  const kinds = kindsForSender(watch('sender'));

  return (
    <Card className="mt-6 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('mailroom.desk.log.title')}</h2>
      <form
        ref={formRef}
        onSubmit={submit(false)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        data-testid="log-letter"
      >
        <div className="sm:col-span-2">
          <TextField
            id="envelopeName"
            label={t('mailroom.desk.log.envelopeName')}
            error={errors.envelopeName?.message}
            required
            {...register('envelopeName')}
          />
          {company ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800" data-testid="chosen-company">
              {t('mailroom.desk.log.chosen', { name: company.businessName ?? company.email })}
              <button type="button" className={linkClass} onClick={() => choose(null)}>
                {t('mailroom.desk.log.clear')}
              </button>
            </p>
          ) : envelopeName.trim() ? (
            <CompanyPicker
              key={envelopeName}
              initial={envelopeName}
              label={t('mailroom.desk.log.findCompany')}
              onPick={choose}
            />
          ) : null}
          {errors.userId?.message ? <p className="mt-1 text-sm text-red-700">{t(errors.userId.message)}</p> : null}
        </div>
        <SelectField
          id="sender"
          label={t('mailroom.desk.log.sender')}
          error={errors.sender?.message}
          {...register('sender', {
            onChange: (e: { target: { value: string } }) =>
              setValue('kind', kindsForSender(e.target.value as LetterSender)[0]),
          })}
        >
          {LETTER_SENDERS.map((s) => (
            <option key={s} value={s}>
              {t(`mailroom.senders.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id="kind" label={t('mailroom.desk.log.kind')} error={errors.kind?.message} {...register('kind')}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`mailroom.kinds.${k}.name`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="senderName"
          label={t('mailroom.desk.log.senderName')}
          error={errors.senderName?.message}
          {...register('senderName', { setValueAs: emptyIsAbsent })}
        />
        <TextField
          id="pages"
          label={t('mailroom.desk.log.pages')}
          inputMode="numeric"
          error={errors.pages?.message}
          required
          {...register('pages')}
        />
        <TextField
          id="letterDate"
          type="date"
          label={t('mailroom.desk.log.letterDate')}
          error={errors.letterDate?.message}
          {...register('letterDate', { setValueAs: emptyIsAbsent })}
        />
        <TextField
          id="receivedOn"
          type="date"
          label={t('mailroom.desk.log.receivedOn')}
          error={errors.receivedOn?.message}
          required
          {...register('receivedOn')}
        />
        {(['envelope', 'scan'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                id={name}
                name={name}
                type="file"
                accept={name === 'envelope' ? 'image/jpeg,image/png,.jpg,.jpeg,.png' : 'application/pdf,.pdf'}
                label={t(`mailroom.desk.log.${name}`)}
                error={fieldState.error?.message}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
              />
            )}
          />
        ))}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" loading={save.isPending && !duplicate} data-testid="log-letter-save">
            {t('mailroom.desk.log.save')}
          </Button>
          {duplicate ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-amber-800" role="alert">
              {t('mailroom.desk.log.duplicate')}
              <Button type="button" size="sm" variant="secondary" onClick={submit(true)}>
                {t('mailroom.desk.log.saveAnyway')}
              </Button>
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
