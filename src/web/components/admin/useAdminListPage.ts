import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/useTranslation';

interface PageOf {
  items: unknown[];
  total: number;
  totalKind?: 'exact' | 'atLeast' | 'estimate';
  pageSize: number;
}

export interface AdminListPageOptions {
  error: unknown;
  data: PageOf | undefined;
  page: number;
  selectedId: string | null;
  update: (patch: { page?: number; selectedId?: string | null }, options?: { replace?: boolean }) => void;
  /** i18n key of the toast for a failed load (the list shows it with a retry too). */
  loadFailedKey: string;
  /** The list rows' data-testid, to give focus back to the row the panel was opened from. */
  rowTestId: string;
}

/**
 * What every admin list page does around its list: the role check's outcome (401 to sign-in, 403 to
 * the dashboard), a toast on a failed load, a page past the end moved back, and opening and closing
 * the detail panel with focus kept where the user is.
 */
export function useAdminListPage(options: AdminListPageOptions) {
  const { error, data, page, selectedId, update, loadFailedKey, rowTestId } = options;
  // A row picked by the user moves focus to the panel; one restored from the URL does not.
  const picked = useRef(false);

  useAdminLoadError(error, loadFailedKey, `${rowTestId}-list-failed`);

  // A page past the end (the list shrank, or an old link): go to the last page there is.
  useEffect(() => {
    // Only an exact total says where the last page is; past an estimate's end, page 1 is the way back.
    if (!data || data.items.length > 0 || data.total === 0 || page === 1) return;
    if (data.totalKind && data.totalKind !== 'exact') {
      update({ page: 1 }, { replace: true });
      return;
    }
    update({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) }, { replace: true });
  }, [data, page, update]);

  function select(id: string) {
    picked.current = true;
    update({ selectedId: id }, { replace: true });
  }

  function close() {
    const id = selectedId;
    update({ selectedId: null }, { replace: true });
    // Back to the row the user came from.
    requestAnimationFrame(() => {
      const row = id
        ? document.querySelector(`[data-testid="${rowTestId}"][data-id="${CSS.escape(id)}"] button`)
        : null;
      if (row instanceof HTMLElement) row.focus();
    });
  }

  return { focusOnOpen: picked.current, select, close };
}

/**
 * The role check's outcome of an admin page's main query: 401 to sign-in, 403 to the dashboard with
 * 'Unauthorized access', anything else a toast (`toastId` keeps a retried failure to one toast).
 */
export function useAdminLoadError(error: unknown, loadFailedKey: string, toastId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 401) {
      navigate('/signin', { replace: true });
    } else if (isApiError(error) && error.status === 403) {
      toast.error(t('admin.unauthorized'));
      navigate('/dashboard', { replace: true });
    } else {
      toast.error(t(loadFailedKey), { id: toastId });
    }
  }, [error, navigate, t, loadFailedKey, toastId]);
}
