import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../lib/useTranslation';

export function Label({ className, ...rest }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers always pass htmlFor
    <label className={clsx('block text-sm font-medium text-slate-800', className)} {...rest} />
  );
}

/**
 * A field's error. `message` is an i18n key (zod rule or API field) or, failing that, plain text.
 * `announce` makes it an alert, for an error that appears where focus is not (a choice group).
 */
export function FieldError({ id, message, announce }: { id: string; message?: string; announce?: boolean }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1.5 text-sm text-red-700">
      {t(message)}
    </p>
  );
}

export function errorId(id: string): string {
  return `${id}-error`;
}
