import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/useTranslation';
import { Card } from './Card';

export interface PageWrapperProps {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The dashboard itself, and pages reached before it exists, have nowhere to go back to. */
  hideBackLink?: boolean;
}

/** product.md#shared-page-parts: a round icon, a title and subtitle, a card with the content and a link back to the panel. */
export function PageWrapper({ icon: Icon, title, subtitle, children, hideBackLink }: PageWrapperProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <title>{`${title} · ${t('common.appName')}`}</title>
      <div className="mb-6 flex flex-col items-center text-center sm:mb-8">
        <span className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 max-w-prose text-base text-slate-600">{subtitle}</p> : null}
      </div>
      <Card>{children}</Card>
      {hideBackLink ? null : (
        <div className="mt-6 text-center">
          <Link
            to="/dashboard"
            className="inline-flex items-center gap-2 rounded-md font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common.backToDashboard')}
          </Link>
        </div>
      )}
    </div>
  );
}
