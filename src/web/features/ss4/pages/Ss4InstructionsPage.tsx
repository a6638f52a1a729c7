import { clsx } from 'clsx';
import { CalendarDays, Download, FileCheck2, FileSignature, PenLine, Printer, ScanLine } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { canUploadEinFile } from '../../../../shared/features/ein/ein.domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { FileField } from '../../../components/ui/FileField';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { type EinSummary, formationChanged, useMyFormation } from '../../../lib/formation';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import type { FileFormOutput, FileFormValues } from '../../../lib/uploadForms';
import { useTranslation } from '../../../lib/useTranslation';
import { IrsFaxNumbers } from '../../ein-follow-ups';
import { uploadSignedSs4 } from '../api/ss4';

/** product.md#uploads "Signed SS-4 upload": this screen's own words for the early check. */
const SIGNED_FILE_MESSAGES = { wrongType: 'errors.PDF_REQUIRED', tooLarge: 'errors.FILE_SIZE_LIMIT' } as const;
const PDF_ONLY = ['pdf'] as const;

const RULES = [
  { key: 'print', icon: Printer },
  { key: 'signature', icon: PenLine },
  { key: 'date', icon: CalendarDays },
  { key: 'scan', icon: ScanLine },
] as const;

/** product.md#ss-4-instructions "SS-4 instructions": download the prepared form, sign it by the rules, upload the signed PDF. */
export function Ss4InstructionsPage() {
  const { t } = useTranslation();
  const formation = useMyFormation();
  const ein = formation.data?.einApplication ?? null;

  return (
    <PageWrapper icon={FileSignature} title={t('ss4.title')} subtitle={t('ss4.subtitle')}>
      {formation.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      ) : ein?.hasPreparedSs4 && ein.preparedSs4Url ? (
        <Instructions ein={ein} preparedUrl={ein.preparedSs4Url} />
      ) : (
        <Alert
          tone="warning"
          action={
            <Link to="/dashboard" className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}>
              {t('common.backToDashboard')}
            </Link>
          }
        >
          {t('errors.SS4_NOT_AVAILABLE')}
        </Alert>
      )}
    </PageWrapper>
  );
}

function Instructions({ ein, preparedUrl }: { ein: EinSummary; preparedUrl: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ol className="space-y-8">
        <Step number={1} title={t('ss4.download.title')}>
          <p>{t('ss4.download.body')}</p>
          <a
            href={preparedUrl}
            download
            data-testid="ss4-download"
            className={clsx(buttonLinkClass, buttonLinkVariants.primary, 'mt-4 w-full sm:w-auto')}
          >
            <Download aria-hidden="true" className="size-5" />
            {t('ss4.download.action')}
          </a>
        </Step>
        <Step number={2} title={t('ss4.sign.title')}>
          <p>{t('ss4.sign.body')}</p>
          <ul className="mt-4 space-y-3">
            {RULES.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
                <span className="text-slate-800">{t(`ss4.sign.rules.${key}`)}</span>
              </li>
            ))}
          </ul>
          <Alert tone="warning" className="mt-4">
            {t('ss4.sign.warning')}
          </Alert>
        </Step>
        <Step number={3} title={t('ss4.upload.title')}>
          <UploadSigned ein={ein} />
        </Step>
      </ol>
      {/* Decision 0050: where the signed SS-4 goes from outside the US, from the catalogue. */}
      <IrsFaxNumbers className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-4" />
    </>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 sm:gap-4">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
      >
        {number}
      </span>
      <section className="min-w-0 flex-1 text-slate-700">
        <h2 className="pt-1 text-lg font-semibold text-slate-900">
          <span className="sr-only">{number}. </span>
          {title}
        </h2>
        <div className="mt-2">{children}</div>
      </section>
    </li>
  );
}

const signedResolver = lazyZodResolver(() => import('../../../lib/uploadForms').then((m) => m.fileFormSchema));

function UploadSigned({ ein }: { ein: EinSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting: busy },
  } = useForm<FileFormValues, unknown, FileFormOutput>({
    resolver: useLazyResolver(signedResolver),
    defaultValues: { file: null },
  });
  // The customer may replace the signed form until it goes to the IRS (product.md#ein-states).
  const canUpload = canUploadEinFile('signedSs4', ein.einStatus);

  const submit = handleSubmit(async ({ file }) => {
    setProgress(0);
    try {
      await uploadSignedSs4(file, { onProgress: (p) => setProgress(p.percent) });
      toast.success(t('ss4.toast.uploaded'));
      void formationChanged();
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setProgress(null);
      onError(failure);
    }
  });

  function onError(failure: unknown) {
    if (isApiError(failure, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
      return;
    }
    if (isApiError(failure) && (failure.status === 413 || failure.status === 415)) {
      const key = failure.status === 413 ? SIGNED_FILE_MESSAGES.tooLarge : SIGNED_FILE_MESSAGES.wrongType;
      setError('file', { type: 'server', message: key });
      toast.error(t(key));
      return;
    }
    if (isApiError(failure) && failure.fields.file) {
      setError('file', { type: 'server', message: failure.fields.file });
    }
    if (
      isApiError(failure, 'INVALID_TRANSITION') ||
      isApiError(failure, 'SS4_NOT_AVAILABLE') ||
      isApiError(failure, 'EIN_APPLICATION_REQUIRED')
    ) {
      // The application moved on meanwhile: show where it stands now.
      void formationChanged();
    }
    const clientError = isApiError(failure) && failure.status >= 400 && failure.status < 500;
    toast.error(clientError ? errorMessage(failure, 'ss4.toast.uploadFailed', t) : t('ss4.toast.uploadFailed'));
  }

  return (
    <div className="space-y-4">
      {ein.hasSignedSs4 ? (
        <Alert tone="success">
          <p className="font-semibold">{t('ss4.signed.title')}</p>
          <p className="mt-1">{t(canUpload ? 'ss4.signed.replaceable' : 'ss4.signed.final')}</p>
          {ein.signedSs4Url ? (
            <a
              href={ein.signedSs4Url}
              download
              data-testid="ss4-signed-link"
              className={clsx(linkClass, 'mt-2 inline-flex min-h-11 items-center gap-2 underline')}
            >
              <FileCheck2 aria-hidden="true" className="size-4" />
              {t('ss4.signed.view')}
            </a>
          ) : null}
        </Alert>
      ) : null}
      {canUpload ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p>{t('ss4.upload.body')}</p>
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
              <FileField
                name="file"
                label={t(ein.hasSignedSs4 ? 'ss4.upload.replaceLabel' : 'ss4.upload.label')}
                hint={t('ss4.upload.hint')}
                kinds={PDF_ONLY}
                file={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                error={fieldState.error?.message}
                messages={SIGNED_FILE_MESSAGES}
                disabled={busy}
                progress={progress}
              />
            )}
          />
          <Button type="submit" loading={busy} className="w-full sm:w-auto" data-testid="ss4-upload">
            {t(ein.hasSignedSs4 ? 'ss4.upload.replaceAction' : 'ss4.upload.action')}
          </Button>
        </form>
      ) : ein.hasSignedSs4 ? null : (
        <p>{t('ss4.upload.closed')}</p>
      )}
    </div>
  );
}
