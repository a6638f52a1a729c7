import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { FieldShell } from './Field';
import { type InputProps, inputClass } from './Input';

export function PasswordInput({ invalid, className, ...rest }: InputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={clsx('relative', className)}>
      <input
        type={visible ? 'text' : 'password'}
        aria-invalid={invalid || undefined}
        className={clsx(inputClass, 'pr-12', invalid ? 'border-red-600' : 'border-slate-300')}
        {...rest}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={t('common.showPassword')}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}

export interface PasswordFieldProps extends Omit<InputProps, 'invalid' | 'type'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export function PasswordField({ label, error, hint, id, name, ...rest }: PasswordFieldProps) {
  const fieldId = id ?? name ?? 'password';
  return (
    <FieldShell fieldId={fieldId} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <PasswordInput
          id={fieldId}
          name={name}
          invalid={Boolean(error)}
          aria-describedby={describedBy}
          className="mt-1.5"
          {...rest}
        />
      )}
    </FieldShell>
  );
}
