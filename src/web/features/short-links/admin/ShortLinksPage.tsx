import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminLoadError } from '../../../components/admin/useAdminListPage';
import { useTranslation } from '../../../lib/useTranslation';
import { ShortLinkForm } from './ShortLinkForm';
import { ShortLinkList } from './ShortLinkList';
import { SHORT_LINKS_KEY, type ShortLink, shortLinkListQuery } from './shortLinksApi';

/** The list's search and page live in the URL, so a reload or a shared link shows the same list. */
function useShortLinkParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = useCallback(
    (patch: { q?: string; page?: number }, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (patch.q !== undefined) {
            if (patch.q) next.set('q', patch.q);
            else next.delete('q');
            next.delete('page');
          }
          if (patch.page !== undefined) {
            if (patch.page > 1) next.set('page', String(patch.page));
            else next.delete('page');
          }
          return next;
        },
        { replace: options?.replace },
      );
    },
    [setParams],
  );
  return { q, page, update };
}

/**
 * product.md#short-link-manager "Short-link manager" (/shorten): one form that creates a link or edits the one picked in
 * the list below it, and the list with clicks, shares, sign-ups and paying customers (decision 0013).
 */
export function ShortLinksPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { q, page, update } = useShortLinkParams();
  const list = useQuery(shortLinkListQuery({ q, page }));
  const [editing, setEditing] = useState<ShortLink | null>(null);
  useAdminLoadError(list.error, 'shortLinks.toast.loadFailed', 'short-links-list-failed');

  const onSearch = useCallback((value: string) => update({ q: value }, { replace: true }), [update]);
  const onDeleted = useCallback((id: string) => {
    setEditing((current) => (current?.id === id ? null : current));
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) {
        document.getElementById('short-links-list-title')?.focus();
      }
    });
  }, []);

  return (
    <>
      <AdminPageHeader icon={Link2} title={t('admin.nav.shortLinks')} subtitle={t('shortLinks.subtitle')} />
      <div className="space-y-8">
        <ShortLinkForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <section aria-labelledby="short-links-list-title" className="space-y-4">
          <h2
            id="short-links-list-title"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {t('shortLinks.list.title')}
          </h2>
          <ListToolbar
            idPrefix="short-links"
            ns="shortLinks.filters"
            q={q}
            refreshing={list.isFetching && !list.isPending}
            onSearch={onSearch}
            onRefresh={() => void queryClient.invalidateQueries({ queryKey: SHORT_LINKS_KEY })}
          />
          <ShortLinkList
            data={list.data}
            loading={list.isPending}
            updating={list.isPlaceholderData}
            error={list.isError ? t('shortLinks.toast.loadFailed') : null}
            filtered={Boolean(q)}
            editingId={editing?.id ?? null}
            onEdit={setEditing}
            onDeleted={onDeleted}
            onRetry={() => void list.refetch()}
            onClearFilters={() => update({ q: '' })}
            onPage={(next) => update({ page: next })}
          />
        </section>
      </div>
    </>
  );
}
