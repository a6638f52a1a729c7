import type { ReactNode } from 'react';
import { errorId, FieldError, Label } from './Label';

interface FieldShellProps {
  fieldId: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Renders the control; it receives the ids to put in `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label above, hint and error below, wired to the control for screen readers: one shape for every field. */
export function FieldShell({ fieldId, label, hint, error, className, children }: FieldShellProps) {
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId(fieldId) : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={fieldId}>{label}</Label>
      {children(describedBy || undefined)}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(fieldId)} message={error} />
    </div>
  );
}
