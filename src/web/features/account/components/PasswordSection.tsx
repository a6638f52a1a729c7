import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import { AccountSection, ChangeButton } from './AccountSection';
import { FormSlot, PasswordForm } from './lazyAccountForms';

export function PasswordSection() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <AccountSection
      id="password"
      icon={KeyRound}
      title={t('account.password.title')}
      action={editing ? null : <ChangeButton section="password" onClick={() => setEditing(true)} />}
    >
      <p className="text-sm text-slate-600">{t('account.password.note')}</p>
      {editing ? (
        <FormSlot>
          <PasswordForm onDone={() => setEditing(false)} />
        </FormSlot>
      ) : null}
    </AccountSection>
  );
}
