import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { OverviewCard } from '../components/OverviewCard';

/** Placeholder for the EIN applications list: the admin home, with the overview counts. */
export function AdminEinPage() {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader icon={FileText} title={t('admin.nav.ein')} subtitle={t('admin.ein.subtitle')} />
      <OverviewCard />
    </>
  );
}
