import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { MAIN_ID } from './PageFocus';
import { TextLink } from './TextLink';

/** The frame of pages shown without a session: logo, language switch, content, legal links. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · ${t('common.appName')}`}</title>
      <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <Logo to="/" />
        <LanguageSwitcher />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 justify-center px-4 pb-10 pt-2 sm:pt-6">
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-slate-600">
        <nav aria-label={t('common.footer.label')} className="flex justify-center gap-4">
          <TextLink to="/terms">{t('common.footer.terms')}</TextLink>
          <TextLink to="/privacy">{t('common.footer.privacy')}</TextLink>
        </nav>
      </footer>
    </div>
  );
}
