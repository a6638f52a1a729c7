import { LogIn } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { Logo } from '../../components/ui/Logo';
import { MAIN_ID } from '../../components/ui/PageFocus';
import { ConsentGate } from '../../features/privacy/components/ConsentGate';
import { useMe } from '../../lib/session';
import { useTranslation } from '../../lib/useTranslation';
import { AccountLink } from './AccountLink';
import { QueryProvider } from './QueryProvider';
import { SignOutButton } from './SignOutButton';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/** For the pages an anonymous visitor may see (the services): where the sign-out button would be. */
function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/signin"
      data-testid="header-sign-in"
      className="inline-flex min-h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <LogIn aria-hidden="true" className="size-4" />
      {t('services.header.signIn')}
    </Link>
  );
}

/** Customer pages (onboarding, dashboard, services): header, email reminder, content. */
export function SignedInLayout() {
  return (
    <QueryProvider>
      <SignedInFrame />
    </QueryProvider>
  );
}

function SignedInFrame() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo to={me?.home ?? '/'} />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            {/* Sign-out stays while the session is still being read (and when that check fails). */}
            {me === null ? (
              <SignInLink />
            ) : (
              <>
                <AccountLink />
                <SignOutButton />
              </>
            )}
          </div>
        </div>
      </header>
      {me && !me.user.emailVerified ? <VerifyEmailBanner email={me.user.email} /> : null}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1">
        {/* Decision 0046: a new version of the texts is accepted before anything else. */}
        <ConsentGate path={pathname}>
          <Outlet />
        </ConsentGate>
      </main>
    </div>
  );
}
