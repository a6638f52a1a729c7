import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { STAFF_HOME } from '../../../shared/domain/permissions';
import { isStaff } from '../../../shared/domain/roles';
import { ADMIN_PAGES } from '../../../shared/routes/admin-pages';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { Logo } from '../../components/ui/Logo';
import { MAIN_ID } from '../../components/ui/PageFocus';
import { adminSupportWaitingQuery } from '../../features/support/api/support';
import { StepUpDialog } from '../../features/two-factor/components/StepUpDialog';
import { useCan } from '../../lib/can';
import { useMe } from '../../lib/session';
import { useTranslation } from '../../lib/useTranslation';
import { AccountLink } from './AccountLink';
import { QueryProvider } from './QueryProvider';
import { SignOutButton } from './SignOutButton';

/** Threads waiting for a staff answer, beside the Support item; nothing when none wait or the count fails. */
function SupportWaitingBadge() {
  const { t } = useTranslation();
  const { data: count } = useQuery(adminSupportWaitingQuery);
  if (!count) return null;
  return (
    <span
      data-testid="support-waiting-count"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">({t('support.admin.waitingBadge', { count })})</span>
    </span>
  );
}

function AdminTopBar() {
  const { t } = useTranslation();
  const can = useCan();
  const role = useMe().data?.user.role;
  // Only the sections the role may open: a section it could not load would be a dead link.
  const sections = ADMIN_PAGES.filter((page) => can(page.permission));
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Logo to={isStaff(role) ? STAFF_HOME[role] : '/admin/ein'} />
        <nav aria-label={t('admin.nav.label')} className="order-last w-full">
          {/*
            The sections take their own row at every width and wrap there: in Turkish seven of them no longer
            fit beside the logo at 1280 px, and on a phone they must not scroll out of sight.
          */}
          <ul className="flex flex-wrap items-center gap-1">
            {/* The operator's home (decision 0055): every staff role reads it, with the panels it may see. */}
            {can('overview.read') ? (
              <li>
                <NavLink
                  to="/admin"
                  end
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                      isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {t('admin.nav.home')}
                </NavLink>
              </li>
            ) : null}
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink
                  to={section.path}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                      isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {t(`admin.nav.${section.key}`)}
                  {section.key === 'support' ? <SupportWaitingBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <AccountLink />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

/** Admin back office: the top bar of product.md#admin-pages over a wide content area. */
export function AdminLayout() {
  return (
    <QueryProvider>
      <AdminFrame />
    </QueryProvider>
  );
}

function AdminFrame() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminTopBar />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <StepUpDialog />
    </div>
  );
}
