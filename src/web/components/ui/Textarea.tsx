import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './Field';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line field with its error underneath; the id defaults to the field name. */
export function TextareaField({ label, error, hint, id, name, rows = 4, className, ...rest }: TextareaFieldProps) {
  const fieldId = id ?? name ?? 'textarea';
  return (
    <FieldShell fieldId={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <textarea
          id={fieldId}
          name={name}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900',
            'placeholder:text-slate-500 focus:outline-none focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600',
            error ? 'border-red-600' : 'border-slate-300',
          )}
          {...rest}
        />
      )}
    </FieldShell>
  );
}
