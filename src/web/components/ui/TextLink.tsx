import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

export const linkClass =
  'rounded-sm font-medium text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** An in-app link styled as text. */
export function TextLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return <Link className={clsx(linkClass, className)} {...rest} />;
}
