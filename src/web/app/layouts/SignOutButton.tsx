import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useSignOut } from '../../features/auth/api/authMutations';
import { useTranslation } from '../../lib/useTranslation';

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
