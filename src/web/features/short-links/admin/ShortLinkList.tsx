import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { shortLinkState } from '../../../../shared/features/short-links/short-links.domain';
import { PagedList } from '../../../components/admin/ListParts';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { deleteShortLink, SHORT_LINKS_KEY, type ShortLink, type ShortLinkPage, shortUrlOf } from './shortLinksApi';

export interface ShortLinkListProps {
  data: ShortLinkPage | undefined;
  loading: boolean;
  updating: boolean;
  error: string | null;
  filtered: boolean;
  editingId: string | null;
  onEdit: (link: ShortLink) => void;
  onDeleted: (id: string) => void;
  onRetry: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
}

const headClass = 'px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';

/** The links as a table on wide screens; below `xl` each row lays itself out as a card. */
export function ShortLinkList(props: ShortLinkListProps) {
  const { updating } = props;
  const { t } = useTranslation();

  const numeric = clsx(headClass, 'whitespace-nowrap text-right');
  return (
    <PagedList {...props} idPrefix="short-links" ns="shortLinks.list" filtersNs="shortLinks.filters">
      {(items) => (
        <table
          aria-busy={updating || undefined}
          className={clsx('block w-full text-sm xl:table', updating && 'opacity-60 transition-opacity')}
          data-testid="short-links-table"
        >
          <caption className="sr-only">{t('shortLinks.list.caption')}</caption>
          <thead className="hidden border-b border-slate-200 bg-slate-50 xl:table-header-group">
            <tr>
              <th scope="col" className={headClass}>
                {t('shortLinks.list.link')}
              </th>
              <th scope="col" className={numeric}>
                {t('shortLinks.list.clicks')}
              </th>
              <th scope="col" className={numeric}>
                {t('shortLinks.list.shares')}
              </th>
              <th scope="col" className={numeric}>
                {t('shortLinks.list.signUps')}
              </th>
              <th scope="col" className={numeric}>
                {t('shortLinks.list.paying')}
              </th>
              <th scope="col" className={headClass}>
                {t('shortLinks.list.created')}
              </th>
              <th scope="col" className={numeric}>
                {t('shortLinks.list.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-200 xl:table-row-group">
            {items.map((link) => (
              <ShortLinkRow key={link.id} link={link} {...props} />
            ))}
          </tbody>
        </table>
      )}
    </PagedList>
  );
}

function ShortLinkRow({
  link,
  editingId,
  onEdit,
  onDeleted,
}: { link: ShortLink } & Pick<ShortLinkListProps, 'editingId' | 'onEdit' | 'onDeleted'>) {
  const { date } = useFormat();
  const { t } = useTranslation();
  const editing = link.id === editingId;
  return (
    <tr
      data-testid="short-link-row"
      data-id={link.id}
      data-slug={link.slug}
      aria-current={editing ? 'true' : undefined}
      className={clsx(
        'grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-4 align-top sm:grid-cols-4 xl:table-row xl:p-0',
        editing && 'bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]',
      )}
    >
      <td className="col-span-2 min-w-0 sm:col-span-4 xl:w-full xl:max-w-0 xl:px-3 xl:py-3">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="font-mono font-semibold text-slate-900 [overflow-wrap:anywhere]"
            data-testid="short-link-slug"
          >
            /go/{link.slug}
          </span>
          <StateBadge link={link} />
        </div>
        <span
          className="mt-1 block truncate text-slate-600"
          title={link.originalUrl}
          data-testid="short-link-destination"
        >
          {link.originalUrl}
        </span>
        {link.utmSource || link.utmMedium || link.utmCampaign ? (
          <span className="mt-1 block truncate text-xs text-slate-500" data-testid="short-link-utm">
            {[link.utmSource, link.utmMedium, link.utmCampaign].filter(Boolean).join(' · ')}
          </span>
        ) : null}
      </td>
      <Count label={t('shortLinks.list.clicks')} value={link.clickCount} testId="short-link-clicks" />
      <Count label={t('shortLinks.list.shares')} value={link.shareCount} testId="short-link-shares" />
      <Count label={t('shortLinks.list.signUps')} value={link.signUpCount} testId="short-link-signups" />
      <Count label={t('shortLinks.list.paying')} value={link.payingCustomerCount} testId="short-link-paying" />
      <Cell label={t('shortLinks.list.created')} className="col-span-2 sm:col-span-4 xl:col-span-1">
        <time dateTime={link.createdAt} className="whitespace-nowrap text-slate-700">
          {date(link.createdAt)}
        </time>
      </Cell>
      <td className="col-span-2 sm:col-span-4 xl:px-3 xl:py-3">
        <ShortLinkActions link={link} onEdit={onEdit} onDeleted={onDeleted} />
      </td>
    </tr>
  );
}

/** A table cell that, as a card on a phone, carries its column's name above the value. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={clsx('min-w-0 xl:whitespace-nowrap xl:px-3 xl:py-3', className)}>
      <span className="block text-xs font-medium uppercase tracking-wide text-slate-500 xl:hidden">{label}</span>
      {children}
    </td>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Cell label={label} className="xl:text-right">
      <span className="font-medium tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </span>
    </Cell>
  );
}

/** product.md#admin-pages: Expired / Expires {date} / Permanent, judged by this browser's clock as it renders. */
function StateBadge({ link }: { link: ShortLink }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const state = shortLinkState(link.expiresAt);
  const tone = {
    permanent: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    expiring: 'bg-amber-50 text-amber-900 ring-amber-200',
    expired: 'bg-red-50 text-red-800 ring-red-200',
  }[state];
  return (
    <span
      data-testid="short-link-badge"
      data-state={state}
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone,
      )}
    >
      {state === 'expiring'
        ? t('shortLinks.state.expires', { date: dateTime(link.expiresAt as string) })
        : t(`shortLinks.state.${state}`)}
    </span>
  );
}

/** Copy, Edit and Delete (after 'Are you sure you want to delete this link?'). */
function ShortLinkActions({
  link,
  onEdit,
  onDeleted,
}: {
  link: ShortLink;
  onEdit: (link: ShortLink) => void;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shortUrlOf(link.slug));
      toast.success(t('shortLinks.toast.copied'));
    } catch {
      toast.error(t('shortLinks.toast.copyFailed'));
    }
  };

  const remove = useMutation({
    mutationFn: () => deleteShortLink(link.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('shortLinks.toast.deleted'));
      void queryClient.invalidateQueries({ queryKey: SHORT_LINKS_KEY }).finally(() => onDeleted(link.id));
    },
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'shortLinks.toast.deleteFailed', t);
    },
  });

  const slug = link.slug;
  return (
    <div className="flex flex-wrap gap-2 xl:flex-nowrap xl:justify-end">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void copy()}
        aria-label={t('shortLinks.actions.copyLabel', { slug })}
        data-testid="short-link-copy"
      >
        <Copy aria-hidden="true" className="size-4" />
        {t('shortLinks.actions.copy')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onEdit(link)}
        disabled={remove.isPending}
        aria-label={t('shortLinks.actions.editLabel', { slug })}
        data-testid="short-link-edit"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('shortLinks.actions.edit')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setConfirming(true)}
        disabled={remove.isPending}
        aria-label={t('shortLinks.actions.deleteLabel', { slug })}
        className="text-red-700 hover:bg-red-50"
        data-testid="short-link-delete"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('shortLinks.actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('shortLinks.delete.confirm')}
        body={t('shortLinks.delete.body', { slug })}
        confirmLabel={t('shortLinks.delete.yes')}
        cancelLabel={t('shortLinks.delete.no')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
        testId="short-link-delete-dialog"
      />
    </div>
  );
}
