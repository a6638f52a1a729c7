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
          'inline-flex min-h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      <UserRound aria-hidden="true" className="size-4" />
      {t('common.accountLink')}
    </NavLink>
  );
}
