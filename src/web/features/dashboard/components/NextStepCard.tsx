import { clsx } from 'clsx';
import { ArrowRight, Download, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonLinkClass, buttonLinkVariants, ExternalLink } from '../../../components/ui/ExternalLink';
import { linkClass } from '../../../components/ui/TextLink';

export interface NextStep {
  id: string;
  icon: LucideIcon;
  title: string;
  body: string;
  tone?: 'action' | 'info' | 'success';
  /** An in-app destination… */
  to?: string;
  /** …or a file or site opened in a new tab… */
  href?: string;
  /** …or, with `href`, a file of ours downloaded in place (the API serves it as an attachment). */
  download?: boolean;
  actionLabel?: string;
  /** data-testid of the action, for the links tests look for (the signed SS-4). */
  actionTestId?: string;
  /** A second, quieter in-app action (replace the signed form). */
  secondaryTo?: string;
  secondaryLabel?: string;
}

const toneClass = {
  action: 'border-indigo-200 bg-indigo-50/70',
  info: 'border-slate-200 bg-white',
  success: 'border-emerald-200 bg-emerald-50',
} as const;

const iconClass = {
  action: 'bg-indigo-600 text-white',
  info: 'bg-slate-100 text-slate-700',
  success: 'bg-emerald-600 text-white',
} as const;

/** One thing the customer can do next, with a single clear action. */
export function NextStepCard({ step }: { step: NextStep }) {
  const { icon: Icon, title, body, tone = 'action', to, href, download, actionLabel, actionTestId } = step;
  const { secondaryTo, secondaryLabel } = step;
  return (
    <li
      data-testid={`next-step-${step.id}`}
      className={clsx('flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center', toneClass[tone])}
    >
      <div className="flex flex-1 items-start gap-3">
        <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-full', iconClass[tone])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h3 className="font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-700">{body}</p>
        </div>
      </div>
      {(to || href) && actionLabel ? (
        <div className="flex shrink-0 flex-col gap-2">
          {to ? (
            <Link to={to} data-testid={actionTestId} className={clsx(buttonLinkClass, buttonLinkVariants.primary)}>
              {actionLabel}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : href && download ? (
            <a
              href={href}
              download
              data-testid={actionTestId}
              className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}
            >
              <Download aria-hidden="true" className="size-4" />
              {actionLabel}
            </a>
          ) : href ? (
            <ExternalLink href={href} variant="secondary" data-testid={actionTestId}>
              {actionLabel}
            </ExternalLink>
          ) : null}
          {secondaryTo && secondaryLabel ? (
            <Link
              to={secondaryTo}
              className={clsx(linkClass, 'inline-flex min-h-11 items-center justify-center text-sm')}
            >
              {secondaryLabel}
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
