import { clsx } from 'clsx';
import { LayoutDashboard, type LucideIcon, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonLinkClass, buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { useTranslation } from '../../../lib/useTranslation';

const TONES = {
  success: 'bg-emerald-100 text-emerald-700',
  info: 'bg-indigo-100 text-indigo-700',
  warning: 'bg-amber-100 text-amber-700',
  error: 'bg-red-100 text-red-700',
  neutral: 'bg-slate-100 text-slate-700',
} as const;

/** The way on from a payment's result (product.md#services-and-payment-pages): the panel and the services. */
export function ResultActions() {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link
        to="/dashboard"
        data-testid="result-dashboard"
        className={clsx(buttonLinkClass, buttonLinkVariants.primary)}
      >
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {t('payments.actions.dashboard')}
      </Link>
      <Link
        to="/services"
        data-testid="result-services"
        className={clsx(buttonLinkClass, buttonLinkVariants.secondary)}
      >
        <ShoppingBag aria-hidden="true" className="size-4" />
        {t('payments.actions.services')}
      </Link>
    </div>
  );
}

/** A payment page's outcome: a round icon in the outcome's colour, a heading, what it means, then the actions. */
export function ResultCard({
  icon: Icon,
  tone,
  title,
  children,
  iconClassName,
  testId,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  iconClassName?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <title>{`${title} · ${t('common.appName')}`}</title>
      <div
        data-testid={testId}
        className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8"
      >
        <span className={clsx('mx-auto flex size-16 items-center justify-center rounded-full', TONES[tone])}>
          <Icon aria-hidden="true" className={clsx('size-8', iconClassName)} />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {children}
        <ResultActions />
      </div>
    </div>
  );
}
