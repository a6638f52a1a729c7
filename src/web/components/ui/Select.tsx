import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './Field';
import { inputClass } from './Input';

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled native select (the best picker on phones) with its error underneath. */
export function SelectField({ label, error, hint, id, name, className, children, ...rest }: SelectFieldProps) {
  const fieldId = id ?? name ?? 'select';
  return (
    <FieldShell fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <select
          id={fieldId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(inputClass, 'mt-1.5', error ? 'border-red-600' : 'border-slate-300')}
          {...rest}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
