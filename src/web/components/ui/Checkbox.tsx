import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { errorId, FieldError } from './Label';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label beside it; the label may hold links (terms, privacy). */
export function Checkbox({ label, error, id, name, className, ...rest }: CheckboxProps) {
  const fieldId = id ?? name ?? 'checkbox';
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={fieldId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(fieldId) : undefined}
          className={clsx(
            'mt-0.5 size-5 shrink-0 rounded accent-indigo-600',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          )}
          {...rest}
        />
        <label htmlFor={fieldId} className="text-sm leading-6 text-slate-700">
          {label}
        </label>
      </div>
      <FieldError id={errorId(fieldId)} message={error} />
    </div>
  );
}
