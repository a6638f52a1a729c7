import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A badge's colours (background, text, ring) and, where it has one, the icon that repeats their meaning. */
export interface BadgeStyle {
  tone: string;
  Icon?: LucideIcon;
}

/**
 * The one status pill of the app (orders, payments, EIN applications, support threads): each feature
 * keeps only its colour map and its label. An icon repeats the colour's meaning for those who cannot
 * tell the colours apart.
 */
export function StatusBadge({
  status,
  style,
  testId,
  className,
  gap = 'gap-1',
  children,
}: {
  status: string;
  style: BadgeStyle;
  testId?: string;
  className?: string;
  gap?: 'gap-1' | 'gap-1.5';
  children: ReactNode;
}) {
  const { tone, Icon } = style;
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={clsx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        gap,
        tone,
        className,
      )}
    >
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {children}
    </span>
  );
}
