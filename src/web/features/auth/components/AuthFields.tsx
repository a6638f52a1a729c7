import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/Input';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { useTranslation } from '../../../lib/useTranslation';

/*
 * The fields the sign-in, sign-up, admin sign-up and password pages share, each one labelled field
 * (TextField/PasswordField: label, hint, error, aria-invalid and aria-describedby) with the browser
 * hints that field needs, so the pages differ only in which fields they ask for.
 */

type Registered = UseFormRegisterReturn & { error?: string };

export function EmailField({ error, ...registration }: Registered) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...registration}
    />
  );
}

export function FullNameField({ error, ...registration }: Registered) {
  const { t } = useTranslation();
  return <TextField label={t('auth.fields.fullName')} autoComplete="name" error={error} {...registration} />;
}

/** A new password and its confirmation, as sign-up, admin sign-up and reset ask for them. */
export function NewPasswordFields({
  label,
  hint,
  password,
  confirmPassword,
}: {
  label: string;
  hint: string;
  password: Registered;
  confirmPassword: Registered;
}) {
  const { t } = useTranslation();
  const { error: passwordError, ...passwordRegistration } = password;
  const { error: confirmError, ...confirmRegistration } = confirmPassword;
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={hint}
        error={passwordError}
        {...passwordRegistration}
      />
      <PasswordField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        error={confirmError}
        {...confirmRegistration}
      />
    </>
  );
}
