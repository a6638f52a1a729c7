import { X } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useTranslation } from '../../lib/useTranslation';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export interface DetailPanelProps {
  /** `${idPrefix}-detail` is the panel's id and test id (list rows point at it with aria-controls). */
  idPrefix: string;
  title: string;
  /** Under the title once the record is there (status badges); a spinner joins them while refetching. */
  meta?: ReactNode;
  closeLabel: string;
  /** Move focus to the heading (the user picked a row); not on a page reload. */
  focusOnOpen: boolean;
  onClose: () => void;
  /** The query behind the panel: `ready` shows children, otherwise loading or the error with a retry. */
  ready: boolean;
  fetching: boolean;
  error: unknown;
  /** i18n key of the message for an error the server did not name. */
  loadFailedKey: string;
  onRetry: () => void;
  /** data-* attributes for tests. */
  data?: Record<`data-${string}`, string | undefined>;
  children?: ReactNode;
}

/**
 * The right-hand panel of an admin list (below it on phones): a sticky header with the title and a
 * close button, then the record, its loading state or its error.
 */
export function DetailPanel(props: DetailPanelProps) {
  const { idPrefix, title, meta, closeLabel, focusOnOpen, onClose, ready, fetching, error, loadFailedKey } = props;
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const id = `${idPrefix}-detail`;

  useEffect(() => {
    if (!focusOnOpen) return;
    headingRef.current?.focus({ preventScroll: true });
    // Stacked under the list on narrow screens: bring the panel into view.
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [focusOnOpen]);

  return (
    <aside
      ref={panelRef}
      id={id}
      data-testid={id}
      {...(props.data as HTMLAttributes<HTMLElement>)}
      aria-labelledby={`${id}-title`}
      aria-busy={fetching || undefined}
      className="scroll-mt-4 min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
    >
      <div className="sticky top-0 z-10 flex items-start gap-3 border-b border-slate-200 bg-white/95 px-5 py-4 backdrop-blur">
        <div className="min-w-0 flex-1">
          <h2
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            className="break-words text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {title}
          </h2>
          {ready && (meta || fetching) ? (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {meta}
              {fetching ? <Spinner className="size-3.5 text-slate-400" /> : null}
            </div>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label={closeLabel}
          title={closeLabel}
          data-testid={`${id}-close`}
          className="-mr-2 shrink-0 px-2"
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {ready ? (
        props.children
      ) : error ? (
        <div className="p-5">
          <Alert
            tone="error"
            action={
              // A missing record will not come back by asking again.
              isApiError(error, 'NOT_FOUND') ? undefined : (
                <Button variant="secondary" size="sm" onClick={props.onRetry}>
                  {t('common.retry')}
                </Button>
              )
            }
          >
            {errorMessage(error, loadFailedKey, t)}
          </Alert>
        </div>
      ) : (
        <div role="status" className="flex items-center justify-center gap-2 px-5 py-12 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </aside>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="border-t border-slate-200 px-5 py-5 first:border-t-0" data-testid={testId}>
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </section>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">{children}</dl>;
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="-mt-2.5 break-words text-sm font-medium text-slate-900 sm:mt-0" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}
