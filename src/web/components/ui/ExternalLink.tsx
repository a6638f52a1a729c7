import { clsx } from 'clsx';
import { ExternalLink as ExternalIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { linkClass } from './TextLink';

export const buttonLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export const buttonLinkVariants = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 active:bg-indigo-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
} as const;

export interface ExternalLinkProps extends Omit<ComponentProps<'a'>, 'target' | 'rel'> {
  /** Draw it as a button rather than as text. */
  variant?: 'text' | keyof typeof buttonLinkVariants;
}

/** A link to another site, always in a new tab without giving that site a handle on ours. */
export function ExternalLink({ variant = 'text', className, children, ...rest }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(
        variant === 'text' ? clsx(linkClass, 'inline-flex items-center gap-1') : buttonLinkClass,
        variant !== 'text' && buttonLinkVariants[variant],
        className,
      )}
      {...rest}
    >
      {children}
      <ExternalIcon aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only"> ({t('common.opensInNewTab')})</span>
    </a>
  );
}
