import { Outlet } from 'react-router';
import { STAFF_HOME } from '../../../shared/domain/permissions';
import { isStaff } from '../../../shared/domain/roles';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { Logo } from '../../components/ui/Logo';
import { MAIN_ID } from '../../components/ui/PageFocus';
import { StepUpDialog } from '../../features/two-factor/components/StepUpDialog';
import { useMe } from '../../lib/session';
import { AccountLink } from './AccountLink';
import { AdminNav } from './AdminNav';
import { QueryProvider } from './QueryProvider';
import { SignOutButton } from './SignOutButton';

function AdminTopBar() {
  const role = useMe().data?.user.role;
  return (
    <header className="relative border-b border-slate-200 bg-white">
      {/*
        One row on a phone (the logo and the menu button, which opens the sections and the account's
        actions); from the large breakpoint on the sections take a row of their own (decision 0100).
      */}
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 sm:gap-x-6">
        {/* Takes the room the menu button leaves, wrapping its name before the button would wrap. */}
        <div className="min-w-0 flex-1 lg:flex-none">
          <Logo to={isStaff(role) ? STAFF_HOME[role] : '/admin/ein'} />
        </div>
        <AdminNav
          actions={
            <>
              <LanguageSwitcher />
              <AccountLink />
              <SignOutButton />
            </>
          }
        />
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
