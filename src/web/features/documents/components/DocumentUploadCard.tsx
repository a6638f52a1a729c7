import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DOCUMENT_UPLOAD_KINDS, UPLOAD_DOCUMENT_CATEGORIES } from '../../../../shared/domain/files';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import type { DocumentUploadFormOutput, DocumentUploadFormValues } from '../../../lib/uploadForms';
import { useTranslation } from '../../../lib/useTranslation';
import { DOCUMENTS_KEY, uploadDocument } from '../api/documents';

/** product.md#uploads gives one message for the size; the type message is the API's own. */
const FILE_MESSAGES = { tooLarge: 'errors.FILE_SIZE_LIMIT', wrongType: 'errors.UNSUPPORTED_FILE_TYPE' } as const;

const uploadResolver = lazyZodResolver(() =>
  import('../../../lib/uploadForms').then((m) => m.documentUploadFormSchema),
);

/** The documents page's upload form: a category, a file, a button, and the upload's progress. */
export function DocumentUploadCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<DocumentUploadFormValues, unknown, DocumentUploadFormOutput>({
    resolver: useLazyResolver(uploadResolver),
    defaultValues: { category: '', file: null },
  });

  const mutation = useMutation({
    mutationFn: (input: DocumentUploadFormOutput) =>
      uploadDocument(input.category, input.file, { onProgress: (p) => setProgress(p.percent) }),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: () => {
      toast.success(t('documents.upload.success'));
      // The category stays chosen: several files of one kind often come one after another.
      setValue('file', null);
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    },
    onError: (failure) => onError(failure),
  });
  const busy = mutation.isPending;

  function onError(failure: unknown) {
    if (isApiError(failure, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
      return;
    }
    if (isApiError(failure) && (failure.status === 413 || failure.status === 415)) {
      const key = failure.status === 413 ? FILE_MESSAGES.tooLarge : FILE_MESSAGES.wrongType;
      setError('file', { type: 'server', message: key });
      toast.error(t(key));
      return;
    }
    if (isApiError(failure)) applyFieldErrors(setError, failure.fields, ['category', 'file']);
    // The server's words for a refusal it explains; ours for an outage or a lost connection.
    const explained = isApiError(failure) && failure.status >= 400 && failure.status < 500;
    toast.error(explained ? errorMessage(failure, 'documents.upload.failed', t) : t('documents.upload.failed'));
  }

  const submit = handleSubmit((input) => {
    if (!busy) mutation.mutate(input);
  });

  return (
    <section
      aria-labelledby="documents-upload-title"
      data-testid="documents-upload"
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5"
    >
      <h2 id="documents-upload-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Upload aria-hidden="true" className="size-5 text-indigo-600" />
        {t('documents.upload.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('documents.upload.body')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <SelectField
          id="category"
          label={t('documents.upload.category')}
          disabled={busy}
          error={errors.category?.message}
          {...register('category')}
        >
          <option value="">{t('documents.upload.categoryPlaceholder')}</option>
          {UPLOAD_DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`catalogue.documentCategory.${c}`)}
            </option>
          ))}
        </SelectField>
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState }) => (
            <FileField
              name="file"
              label={t('documents.upload.file')}
              kinds={DOCUMENT_UPLOAD_KINDS}
              file={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldState.error?.message}
              messages={FILE_MESSAGES}
              disabled={busy}
              progress={progress}
            />
          )}
        />
        <Button type="submit" loading={busy} className="w-full sm:w-auto" data-testid="documents-upload-submit">
          <Upload aria-hidden="true" className="size-4" />
          {t('documents.upload.action')}
        </Button>
      </form>
    </section>
  );
}
