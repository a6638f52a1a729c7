import { ArrowRightLeft, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  /** danger (default): a red warning before destroying; change: a plain question before a change of state. */
  tone?: 'danger' | 'change';
  /** More to ask with the question (a field), shown under the body. */
  children?: ReactNode;
}

/**
 * A modal question before a destructive action or a change of state. The native <dialog> gives the focus trap, Escape and
 * the inert page behind it; focus starts on Cancel so that Enter never destroys by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, body, confirmLabel, cancelLabel, busy, onConfirm, onCancel, testId, tone = 'danger' } = props;
  const { children } = props;
  const danger = tone === 'danger';
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={danger ? 'alertdialog' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      data-testid={testId}
      // Escape: the browser closes the dialog; keep React's state in step.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-start gap-3">
        <span
          className={
            danger
              ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700'
              : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-700'
          }
        >
          {danger ? (
            <TriangleAlert aria-hidden="true" className="size-5" />
          ) : (
            <ArrowRightLeft aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {body ? (
            <p id={bodyId} className="mt-1 break-words text-sm text-slate-600">
              {body}
            </p>
          ) : null}
        </div>
      </div>
      {children ? <div className="mt-4">{children}</div> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={onCancel}
          disabled={busy}
          data-testid={testId && `${testId}-cancel`}
        >
          {cancelLabel}
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={onConfirm}
          loading={busy}
          data-testid={testId && `${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
