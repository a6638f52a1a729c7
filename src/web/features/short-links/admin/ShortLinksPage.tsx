import { Link2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, readQuery, useListParams } from '../../../components/admin/useListParams';
import { useTranslation } from '../../../lib/useTranslation';
import { ShortLinkForm } from './ShortLinkForm';
import { ShortLinkList } from './ShortLinkList';
import { SHORT_LINKS_KEY, type ShortLink, shortLinkListQuery } from './shortLinksApi';

/** The list's search and page live in the URL, so a reload or a shared link shows the same list. */
const codec: ListParamsCodec<{ page: number; q: string }> = {
  read: (search) => ({ page: readPage(search), q: readQuery(search) }),
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('q', p.q, '');
  },
};

/**
 * product.md#short-link-manager "Short-link manager" (/shorten): one form that creates a link or edits the one picked in
 * the list below it, and the list with clicks, shares, sign-ups and paying customers (decision 0013).
 */
export function ShortLinksPage() {
  const { t } = useTranslation();
  const params = useListParams(codec);
  const { view, toolbar } = useAdminList(params, {
    query: shortLinkListQuery({ q: params.q, page: params.page }),
    refreshKey: SHORT_LINKS_KEY,
    loadFailedKey: 'shortLinks.toast.loadFailed',
    filtered: Boolean(params.q),
    clearFilters: { q: '' },
    rowTestId: 'short-link-row',
  });
  const [editing, setEditing] = useState<ShortLink | null>(null);

  const onDeleted = useCallback((id: string) => {
    setEditing((current) => (current?.id === id ? null : current));
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) {
        document.getElementById('short-links-list-title')?.focus();
      }
    });
  }, []);

  return (
    <AdminListFrame
      icon={Link2}
      title={t('admin.nav.shortLinks')}
      subtitle={t('shortLinks.subtitle')}
      lead={{
        form: <ShortLinkForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />,
        listTitle: t('shortLinks.list.title'),
        listTitleId: 'short-links-list-title',
      }}
      toolbar={<ListToolbar idPrefix="short-links" ns="shortLinks.filters" {...toolbar} />}
    >
      <ShortLinkList {...view} editingId={editing?.id ?? null} onEdit={setEditing} onDeleted={onDeleted} />
    </AdminListFrame>
  );
}
