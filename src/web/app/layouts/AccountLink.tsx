import { clsx } from 'clsx';
import { UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/useTranslation';

/** The way to /account, beside sign-out in both frames (customers and staff). */
export function AccountLink() {
  const { t } = useTranslation();
  return (
    <NavLink
      to="/account"
      end
      data-testid="header-account"
      className={({ isActive }) =>
        clsx(
          'inline-flex min-h-9 min-w-9 items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium sm:px-3',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      <UserRound aria-hidden="true" className="size-4" />
      {/* On a phone the icon alone: the header must keep the language switch and sign-out on one line. */}
      <span className="sr-only sm:not-sr-only">{t('common.accountLink')}</span>
    </NavLink>
  );
}
