import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DOCUMENT_UPLOAD_KINDS,
  UPLOAD_DOCUMENT_CATEGORIES,
  type UploadDocumentCategory,
} from '../../../../shared/domain/files';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { DOCUMENTS_KEY, uploadDocument } from '../api/documents';

/** product.md#uploads gives one message for the size; the type message is the API's own. */
const FILE_MESSAGES = { tooLarge: 'errors.FILE_SIZE_LIMIT', wrongType: 'errors.UNSUPPORTED_FILE_TYPE' } as const;

type Errors = Partial<Record<'category' | 'file', string>>;

function isCategory(value: string): value is UploadDocumentCategory {
  return (UPLOAD_DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

/** The documents page's upload form: a category, a file, a button, and the upload's progress. */
export function DocumentUploadCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<UploadDocumentCategory | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: (input: { category: UploadDocumentCategory; file: File }) =>
      uploadDocument(input.category, input.file, { onProgress: (p) => setProgress(p.percent) }),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: () => {
      toast.success(t('documents.upload.success'));
      // The category stays chosen: several files of one kind often come one after another.
      setFile(null);
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
      setErrors({ file: key });
      toast.error(t(key));
      return;
    }
    if (isApiError(failure) && Object.keys(failure.fields).length > 0) {
      setErrors({ category: failure.fields.category, file: failure.fields.file });
    }
    // The server's words for a refusal it explains; ours for an outage or a lost connection.
    const explained = isApiError(failure) && failure.status >= 400 && failure.status < 500;
    toast.error(explained ? errorMessage(failure, 'documents.upload.failed', t) : t('documents.upload.failed'));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!category) found.category = 'validation.documentCategoryRequired';
    if (!file) found.file = 'validation.fileRequired';
    setErrors(found);
    if (!category || !file) {
      document.getElementById(found.category ? 'category' : 'file')?.focus();
      return;
    }
    mutation.mutate({ category, file });
  }

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
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <SelectField
          name="category"
          label={t('documents.upload.category')}
          value={category}
          disabled={busy}
          error={errors.category}
          onChange={(event) => {
            const value = event.target.value;
            setCategory(isCategory(value) ? value : '');
            if (value) setErrors((e) => ({ ...e, category: undefined }));
          }}
        >
          <option value="">{t('documents.upload.categoryPlaceholder')}</option>
          {UPLOAD_DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`catalogue.documentCategory.${c}`)}
            </option>
          ))}
        </SelectField>
        <FileField
          name="file"
          label={t('documents.upload.file')}
          kinds={DOCUMENT_UPLOAD_KINDS}
          file={file}
          onChange={(next) => {
            setFile(next);
            if (next) setErrors((e) => ({ ...e, file: undefined }));
          }}
          error={errors.file}
          messages={FILE_MESSAGES}
          disabled={busy}
          progress={progress}
        />
        <Button type="submit" loading={busy} className="w-full sm:w-auto" data-testid="documents-upload-submit">
          <Upload aria-hidden="true" className="size-4" />
          {t('documents.upload.action')}
        </Button>
      </form>
    </section>
  );
}
