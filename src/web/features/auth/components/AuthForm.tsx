import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';

/** The auth pages' form: fields stacked, one full-width submit button, the browser's own checks off. */
export function AuthForm({
  onSubmit,
  submitLabel,
  submitting,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {children}
      <Button type="submit" fullWidth loading={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The line under the card's form: a link to the neighbouring auth page. */
export function AuthFooter({ children }: { children: ReactNode }) {
  return <p className="mt-6 text-center text-sm text-slate-600">{children}</p>;
}
