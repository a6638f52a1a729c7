import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useSignOut } from '../../features/auth/api/auth';

export function SignOutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button variant="ghost" size="sm" loading={signOut.isPending} onClick={() => signOut.mutate()}>
      <LogOut aria-hidden="true" className="size-4" />
      {t('common.signOut.label')}
    </Button>
  );
}
