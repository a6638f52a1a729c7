import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { inputClass } from './Input';
import { errorId, FieldError, Label } from './Label';

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled native select (the best picker on phones) with its error underneath. */
export function SelectField({ label, error, hint, id, name, className, children, ...rest }: SelectFieldProps) {
  const fieldId = id ?? name ?? 'select';
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId(fieldId) : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={fieldId}>{label}</Label>
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={clsx(inputClass, 'mt-1.5', error ? 'border-red-600' : 'border-slate-300')}
        {...rest}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(fieldId)} message={error} />
    </div>
  );
}
