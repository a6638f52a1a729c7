import { clsx } from 'clsx';
import { Download, FileText, FolderOpen, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api';
import { formatFileSize } from '../../../lib/files';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { useDocuments } from '../api/documents';
import { DocumentUploadCard } from '../components/DocumentUploadCard';
import { type DocumentItem, groupDocuments } from '../lib/group';

/**
 * product.md#documents "Documents page": an upload form, then the customer's files grouped by category, each
 * downloadable, with a refresh button and an empty state.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const documents = useDocuments();
  const [refreshing, setRefreshing] = useState(false);
  const loadFailed = documents.isError && documents.data === undefined;

  useEffect(() => {
    if (!loadFailed) return;
    if (isApiError(documents.error, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
    } else {
      toast.error(t('documents.loadFailed'), { id: 'documents-load-failed' });
    }
  }, [loadFailed, documents.error, navigate, t]);

  async function refresh() {
    setRefreshing(true);
    const result = await documents.refetch();
    setRefreshing(false);
    if (result.isError) toast.error(t('documents.loadFailed'));
    else toast.success(t('documents.refreshed'));
  }

  return (
    <PageWrapper icon={FolderOpen} title={t('documents.title')} subtitle={t('documents.subtitle')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          {t('documents.privacy')}
        </p>
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          loading={refreshing}
          disabled={documents.isPending}
          className="shrink-0 self-start sm:self-auto"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('documents.refresh')}
        </Button>
      </div>
      <div className="mt-6">
        <DocumentUploadCard />
      </div>
      <div className="mt-8">
        {documents.data ? (
          <DocumentList documents={documents.data} />
        ) : loadFailed ? (
          <Alert
            tone="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void documents.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('documents.loadFailed')}
          </Alert>
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
            <Spinner className="size-6 text-indigo-600" />
            {t('common.loading')}
          </div>
        )}
      </div>
    </PageWrapper>
  );
}

function DocumentList({ documents }: { documents: DocumentItem[] }) {
  const { t } = useTranslation();
  const groups = groupDocuments(documents);
  if (groups.length === 0) {
    return (
      <div data-testid="documents-empty" className="flex flex-col items-center py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FileText aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-3 font-semibold text-slate-900">{t('documents.empty.title')}</p>
        <p className="mt-1 max-w-prose text-sm text-slate-600">{t('documents.empty.body')}</p>
      </div>
    );
  }
  return (
    <div data-testid="documents-list" className="space-y-8">
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`documents-${group.category}`}>
          <h2
            id={`documents-${group.category}`}
            className="flex items-baseline gap-2 text-lg font-semibold text-slate-900"
          >
            {t(`catalogue.documentCategory.${group.category}`)}
            <span className="text-sm font-normal text-slate-500">({group.documents.length})</span>
          </h2>
          <ul className="mt-3 space-y-3">
            {group.documents.map((doc) => (
              <DocumentRow key={doc.id} doc={doc} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DocumentRow({ doc }: { doc: DocumentItem }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const meta = [doc.fileSize !== null ? formatFileSize(doc.fileSize, i18n.language) : null, fmt.date(doc.createdAt)]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      data-testid="document-item"
      data-category={doc.category}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900 [overflow-wrap:anywhere]">{doc.fileName}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            {meta ? <span>{meta}</span> : null}
            {doc.uploadedBy === 'admin' ? (
              <span
                data-testid="uploaded-by-admin"
                className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800"
              >
                {t('catalogue.uploadedBy.admin')}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <a
        href={doc.url}
        download={doc.fileName}
        aria-label={t('documents.downloadNamed', { name: doc.fileName })}
        className={clsx(buttonLinkClass, buttonLinkVariants.secondary, 'shrink-0 text-sm')}
      >
        <Download aria-hidden="true" className="size-4" />
        {t('documents.download')}
      </a>
    </li>
  );
}
