import { clsx } from 'clsx';
import { Paperclip } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { formatFileSize } from '../../../lib/files';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import type { SupportMessage } from '../api/support';

export interface ConversationProps {
  messages: SupportMessage[];
  /**
   * Whose messages are "mine" and sit on the right: the customer's on /support, the staff's on the
   * admin desk (an admin reads it as their own chat, as the customer does).
   */
  own: 'customer' | 'staff';
  /** How the customer's messages are signed on the staff side (their name); 'Müşteri' without it. */
  customerName?: string;
  /** 'panel': a fixed 400 px (a thread inside a side panel); 'page' (default): 400–600 px with the screen. */
  size?: 'page' | 'panel';
}

/**
 * The messages, oldest first, in a scroll area of 400–600 px (product.md#limits-and-constants) that opens, and stays, at the
 * newest one. Bubbles are at most 80% wide; attachments are download links.
 */
export function Conversation({ messages, own, customerName, size = 'page' }: ConversationProps) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  // Before paint, so the thread never flashes at its oldest message first.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  return (
    <div
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area must be reachable by keyboard to scroll it
      tabIndex={0}
      role="log"
      aria-label={t('support.conversation.label')}
      data-testid="support-messages"
      className={clsx(
        size === 'panel' ? 'h-[400px]' : 'h-[clamp(400px,60dvh,600px)]',
        'overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:p-4',
      )}
    >
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-slate-600">
          {t('support.conversation.empty')}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => {
            const author = m.isAdminReply ? 'staff' : 'customer';
            const mine = author === own;
            // Staff replies are signed by the team, not "You": on the desk another admin may have written them.
            const who =
              author === 'staff'
                ? t('support.conversation.staff')
                : own === 'customer'
                  ? t('support.conversation.you')
                  : customerName || t('support.conversation.customer');
            return (
              <li
                key={m.id}
                data-testid="support-message"
                data-author={author}
                data-side={mine ? 'right' : 'left'}
                className={clsx('flex', mine ? 'justify-end' : 'justify-start')}
              >
                <div
                  className={clsx(
                    'min-w-0 max-w-[80%] rounded-2xl px-4 py-2.5 shadow-sm',
                    mine
                      ? 'rounded-br-sm bg-indigo-600 text-white'
                      : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
                  )}
                >
                  <p className={clsx('text-xs font-semibold', mine ? 'text-indigo-100' : 'text-slate-600')}>
                    {who}
                    <span aria-hidden="true"> · </span>
                    <time dateTime={m.createdAt} className="font-normal">
                      {fmt.dateTime(m.createdAt)}
                    </time>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.message}</p>
                  {m.attachments.length > 0 ? (
                    <ul className="mt-2 space-y-1">
                      {m.attachments.map((a) => (
                        <li key={a.id}>
                          <a
                            href={a.url}
                            download={a.fileName}
                            data-testid="support-attachment"
                            className={clsx(
                              'inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2',
                              mine
                                ? 'bg-indigo-500/60 text-white focus-visible:outline-white'
                                : 'bg-slate-100 text-indigo-800 focus-visible:outline-indigo-600',
                            )}
                          >
                            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                            <span className="truncate">{a.fileName}</span>
                            <span className="shrink-0 font-normal opacity-80">
                              ({formatFileSize(a.fileSize, i18n.language)})
                            </span>
                            <span className="sr-only"> {t('support.conversation.download')}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
