import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export function Card({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div className={clsx('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8', className)} {...rest} />
  );
}
