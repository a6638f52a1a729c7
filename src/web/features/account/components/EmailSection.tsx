import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { useTranslation } from '../../../lib/useTranslation';
import type { Account } from '../api/account';
import { useDateTime } from '../lib/useDateTime';
import { AccountSection, ChangeButton } from './AccountSection';
import { EmailForm, FormSlot } from './lazyAccountForms';

/** The address changes only once the link mailed to the new one is opened (decision 0044). */
export function EmailSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [editing, setEditing] = useState(false);
  const pending = account.pendingEmail;
  return (
    <AccountSection
      id="email"
      icon={Mail}
      title={t('account.email.title')}
      action={editing ? null : <ChangeButton section="email" onClick={() => setEditing(true)} />}
    >
      <p className="break-all text-slate-800" data-testid="account-email-value">
        {account.email}
      </p>
      {pending ? (
        <div className="mt-3" data-testid="account-email-pending">
          <Alert>{t('account.email.pending', { email: pending.email, date: dateTime(pending.expiresAt) })}</Alert>
        </div>
      ) : null}
      {editing ? (
        <FormSlot>
          <EmailForm onDone={() => setEditing(false)} />
        </FormSlot>
      ) : null}
    </AccountSection>
  );
}
