import { Link } from 'react-router';
import { useTranslation } from '../../lib/useTranslation';

function Mark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-9 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-indigo-600" />
      <path
        d="M9 17.5l4.5 4.5L23 11"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product mark and name; a link home unless `to` is null. */
export function Logo({ to = '/' }: { to?: string | null }) {
  const { t } = useTranslation();
  const content = (
    <span className="flex items-center gap-2.5">
      <Mark />
      <span className="text-base font-semibold leading-tight text-slate-900 sm:text-lg">{t('common.appName')}</span>
    </span>
  );
  if (to === null) return content;
  return (
    <Link
      to={to}
      className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
    >
      {content}
    </Link>
  );
}
