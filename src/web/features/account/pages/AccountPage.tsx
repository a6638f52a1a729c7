import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Languages, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { isCustomer } from '../../../../shared/domain/roles';
import { Alert } from '../../../components/ui/Alert';
import { LanguageSwitcher } from '../../../components/ui/LanguageSwitcher';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { useMe } from '../../../lib/session';
import { useTranslation } from '../../../lib/useTranslation';
import { ConsentsSection, DataExportSection, DeletionSection } from '../../privacy';
import { accountQuery } from '../api/account';
import { AccountSection } from '../components/AccountSection';
import { DevicesSection } from '../components/DevicesSection';
import { EmailSection } from '../components/EmailSection';
import { NameSection } from '../components/NameSection';
import { PasswordSection } from '../components/PasswordSection';

/** /account (decision 0042): the signed-in user's own name, email, language, password, second factor and devices. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const { data: account, isPending, isError } = useQuery(accountQuery);
  const title = t('account.title');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <PageHeading icon={UserRound} title={title} subtitle={t('account.subtitle')} />
      {isPending ? (
        <div role="status" className="flex justify-center py-12">
          <Spinner className="size-8 text-indigo-600" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : isError ? (
        <Alert tone="error">{t('account.loadFailed')}</Alert>
      ) : (
        <div className="space-y-4">
          <NameSection account={account} />
          <EmailSection account={account} />
          <AccountSection id="language" icon={Languages} title={t('account.language.title')}>
            <p className="mb-3 text-sm text-slate-600">{t('account.language.hint')}</p>
            <LanguageSwitcher />
          </AccountSection>
          <PasswordSection />
          <SecondFactorSection enabled={twoFactorOf(me)} />
          <DevicesSection />
          {isCustomer(me?.user.role) ? (
            <>
              <ConsentsSection />
              <DataExportSection />
              <DeletionSection />
            </>
          ) : null}
        </div>
      )}
      {me ? (
        <div className="mt-6 text-center">
          <Link to={me.home} className={`inline-flex items-center gap-2 font-medium ${linkClass}`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('account.back')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** /api/me's `twoFactorEnabled` (decision 0042's second factor), when the server says it. */
function twoFactorOf(me: unknown): boolean | null {
  const value = (me as { twoFactorEnabled?: unknown } | null | undefined)?.twoFactorEnabled;
  return typeof value === 'boolean' ? value : null;
}

/** The second factor is set up on its own page (/account/security); this row says whether it is on. */
function SecondFactorSection({ enabled }: { enabled: boolean | null }) {
  const { t } = useTranslation();
  return (
    <AccountSection
      id="second-factor"
      icon={ShieldCheck}
      title={t('account.secondFactor.title')}
      action={
        <Link
          to="/account/security"
          data-testid="account-second-factor-link"
          className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {t('account.secondFactor.manage')}
        </Link>
      }
    >
      {enabled === null ? (
        <p className="text-sm text-slate-600">{t('account.secondFactor.about')}</p>
      ) : (
        <p className="text-slate-800" data-testid="account-second-factor-state">
          {enabled ? t('account.secondFactor.on') : t('account.secondFactor.off')}
        </p>
      )}
    </AccountSection>
  );
}
