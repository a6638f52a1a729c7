import { Building2, LifeBuoy, type LucideIcon, ShoppingBag, Users } from 'lucide-react';
import type { ReactElement } from 'react';
import { Card } from '../../../components/ui/Card';
import { useTranslation } from '../../../lib/useTranslation';
import { AdminPageHeader } from '../components/AdminPageHeader';

export type AdminSection = 'formations' | 'services' | 'users' | 'support';

const ICONS: Record<AdminSection, LucideIcon> = {
  formations: Building2,
  services: ShoppingBag,
  users: Users,
  support: LifeBuoy,
};

/** Placeholder for the admin sections still to be built, so the top bar has no dead links. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader icon={ICONS[section]} title={t(`admin.nav.${section}`)} />
      <Card>
        <p className="text-slate-700">{t('admin.comingNext')}</p>
      </Card>
    </>
  );
}

/** One component per section, so the router can mount each without building components inline. */
export const adminSectionPages: Record<AdminSection, () => ReactElement> = {
  formations: () => <AdminSectionPage section="formations" />,
  services: () => <AdminSectionPage section="services" />,
  users: () => <AdminSectionPage section="users" />,
  support: () => <AdminSectionPage section="support" />,
};
