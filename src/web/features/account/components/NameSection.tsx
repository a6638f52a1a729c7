import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/useTranslation';
import type { Account } from '../api/account';
import { AccountSection, ChangeButton } from './AccountSection';
import { FormSlot, NameForm } from './lazyAccountForms';

export function NameSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <AccountSection
      id="name"
      icon={UserRound}
      title={t('account.name.title')}
      action={editing ? null : <ChangeButton section="name" onClick={() => setEditing(true)} />}
    >
      {editing ? (
        <FormSlot>
          <NameForm account={account} onDone={() => setEditing(false)} />
        </FormSlot>
      ) : (
        <p className="break-words text-slate-800" data-testid="account-name-value">
          {account.fullName}
        </p>
      )}
    </AccountSection>
  );
}
