import { useMutation } from '@tanstack/react-query';
import { Download, FileText, Upload } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { DOCUMENT_UPLOAD_KINDS, UPLOAD_DOCUMENT_CATEGORIES } from '../../../../shared/domain/files';
import { documentReadPermissions } from '../../../../shared/domain/permissions';
import { FileLink } from '../../../components/admin/FileLink';
import { Button } from '../../../components/ui/Button';
import { FileField } from '../../../components/ui/FileField';
import { SelectField } from '../../../components/ui/Select';
import { linkClass } from '../../../components/ui/TextLink';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { formatFileSize } from '../../../lib/files';
import { useFormat } from '../../../lib/format';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import type { DocumentUploadFormOutput, DocumentUploadFormValues } from '../../../lib/uploadForms';
import { useTranslation } from '../../../lib/useTranslation';
import { type AdminUserDetail, uploadUserDocument, useApplyUserChange } from './usersApi';

const FILE_MESSAGES = { wrongType: 'errors.FILE_TYPE_NOT_ALLOWED', tooLarge: 'errors.FILE_SIZE_LIMIT' };

/** The user's documents card: upload one into their vault (as admin), and every document with its download. */
export function UserDocuments({ user }: { user: AdminUserDetail }) {
  const can = useCan();
  return (
    <div className="space-y-5">
      {can('documents.upload') ? <UploadForm userId={user.id} /> : null}
      <DocumentList user={user} />
    </div>
  );
}

const uploadResolver = lazyZodResolver(() =>
  import('../../../lib/uploadForms').then((m) => m.documentUploadFormSchema),
);

function UploadForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const apply = useApplyUserChange();
  const { register, control, handleSubmit, setValue } = useForm<
    DocumentUploadFormValues,
    unknown,
    DocumentUploadFormOutput
  >({
    resolver: useLazyResolver(uploadResolver),
    defaultValues: { category: 'business_license', file: null },
  });

  const upload = useMutation({
    mutationFn: ({ category, file }: DocumentUploadFormOutput) => uploadUserDocument(userId, category, file),
    onSuccess: () => {
      setValue('file', null);
      apply();
      toast.success(t('adminUsers.toast.uploaded'));
    },
    onError: (error) => toast.error(errorMessage(error, 'adminUsers.toast.uploadFailed', t)),
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((input) => upload.mutate(input))}
      className="space-y-3"
      data-testid="user-document-upload"
    >
      <SelectField
        id="user-document-category"
        label={t('adminUsers.documents.category')}
        disabled={upload.isPending}
        {...register('category')}
      >
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
            id="user-document-file"
            label={t('adminUsers.documents.file')}
            kinds={DOCUMENT_UPLOAD_KINDS}
            file={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.error?.message}
            messages={FILE_MESSAGES}
            disabled={upload.isPending}
          />
        )}
      />
      <Button
        type="submit"
        size="sm"
        loading={upload.isPending}
        className="w-full sm:w-auto"
        data-testid="user-document-submit"
      >
        <Upload aria-hidden="true" className="size-4" />
        {t('adminUsers.documents.upload')}
      </Button>
    </form>
  );
}

function DocumentList({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const { date } = useFormat();
  const can = useCan();
  if (user.documents.length === 0) {
    return (
      <p
        data-testid="user-documents-empty"
        className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
      >
        {t('adminUsers.documents.empty')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="user-documents">
      {user.documents.map((doc) => (
        <li
          key={doc.id}
          className="flex min-w-0 items-start gap-3 px-4 py-3"
          data-testid="user-document"
          data-category={doc.category}
        >
          <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            {documentReadPermissions(doc.holdsTaxId).every(can) ? (
              <FileLink
                href={doc.url}
                fileName={doc.fileName}
                stepUp={doc.holdsTaxId}
                className={`${linkClass} inline-flex max-w-full items-center gap-1.5 text-sm`}
                aria-label={t('adminUsers.documents.download', { name: doc.fileName })}
              >
                <span className="truncate">{doc.fileName}</span>
                <Download aria-hidden="true" className="size-4 shrink-0" />
              </FileLink>
            ) : (
              <span className="block truncate text-sm text-slate-900">{doc.fileName}</span>
            )}
            <p className="text-xs text-slate-600">
              {t(`catalogue.documentCategory.${doc.category}`)} · {date(doc.createdAt)}
              {doc.fileSize !== null ? ` · ${formatFileSize(doc.fileSize, i18n.language)}` : ''}
            </p>
            {doc.uploadedBy === 'admin' ? (
              <span
                data-testid="user-document-by-admin"
                className="mt-1 inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800"
              >
                {t('catalogue.uploadedBy.admin')}
              </span>
            ) : (
              <p className="text-xs text-slate-500">{t('adminUsers.documents.uploadedByUser')}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
