import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/ui/LanguageSwitcher';
import { Logo } from '../../components/ui/Logo';
import { useMe } from '../../lib/session';
import { SignOutButton } from './SignOutButton';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/** Customer pages (onboarding, dashboard): header, email reminder, content. */
export function SignedInLayout() {
  const { data: me } = useMe();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo to={me?.home ?? '/'} />
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <SignOutButton />
          </div>
        </div>
      </header>
      {me && !me.user.emailVerified ? <VerifyEmailBanner email={me.user.email} /> : null}
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
