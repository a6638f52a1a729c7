import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './Field';

// 16px text keeps iOS Safari from zooming into the field on focus.
export const inputClass =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ' +
  'placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ' +
  'focus-visible:border-indigo-600 disabled:bg-slate-100';

export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ invalid, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={clsx(inputClass, invalid ? 'border-red-600' : 'border-slate-300', className)}
      {...rest}
    />
  );
}

export interface TextFieldProps extends Omit<InputProps, 'invalid'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its error underneath; the id defaults to the field name. */
export function TextField({ label, error, hint, id, name, ...rest }: TextFieldProps) {
  const fieldId = id ?? name ?? 'field';
  return (
    <FieldShell fieldId={fieldId} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <Input
          id={fieldId}
          name={name}
          invalid={Boolean(error)}
          aria-describedby={describedBy}
          className="mt-1.5"
          {...rest}
        />
      )}
    </FieldShell>
  );
}
