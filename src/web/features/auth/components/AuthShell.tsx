import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown beside the card on wide screens and below it on phones. */
  aside?: ReactNode;
}

/** A centred card for the sign-in, sign-up and password pages. */
export function AuthShell({ title, subtitle, children, aside }: AuthShellProps) {
  return (
    <PublicShell title={title}>
      <div
        className={clsx(
          'grid w-full gap-8 self-start sm:self-center',
          aside ? 'max-w-5xl lg:grid-cols-[minmax(0,28rem)_1fr] lg:items-center lg:gap-12' : 'max-w-md',
        )}
      >
        <Card>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-2 text-base text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        {aside}
      </div>
    </PublicShell>
  );
}
