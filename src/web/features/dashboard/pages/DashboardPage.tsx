import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { displayName, useMe } from '../../../lib/session';

/** Placeholder: the greeting now, the formation and EIN progress in a later issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const name = me ? displayName(me.user) : '';
  return (
    <PageWrapper
      icon={LayoutDashboard}
      title={t('dashboard.greeting', { name })}
      subtitle={t('dashboard.subtitle')}
      hideBackLink
    >
      <p className="text-slate-700">{t('dashboard.comingNext')}</p>
    </PageWrapper>
  );
}
