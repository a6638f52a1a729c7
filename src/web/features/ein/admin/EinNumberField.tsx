import type { Ref } from 'react';
import { isEin, maskEinInput } from '../../../../shared/features/ein/ein-number.domain';
import { TextField } from '../../../components/ui/Input';
import { isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/useTranslation';

/** The same rule as the server's (shared/features/ein/ein-number.domain.ts): the i18n key of what is wrong, or null. */
export function einInputProblem(value: string): string | null {
  if (value.trim() === '') return 'validation.einRequired';
  return isEin(value) ? null : 'validation.einInvalid';
}

/** The server's word on the EIN field of a failed call, if it gave one. */
export function einFieldError(error: unknown): string | null {
  return isApiError(error) ? (error.fields.ein ?? null) : null;
}

export interface EinNumberFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** An i18n key (validation.*) or null. */
  error: string | null;
  hint?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The EIN as staff type or paste it, shown as NN-NNNNNNN while they type. */
export function EinNumberField({ id, value, onChange, error, hint, disabled, inputRef }: EinNumberFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      name="ein"
      ref={inputRef}
      label={t('company.admin.ein.label')}
      hint={hint ?? t('company.admin.ein.hint')}
      error={error ? t(error) : undefined}
      inputMode="numeric"
      autoComplete="off"
      placeholder="12-3456789"
      maxLength={10}
      value={value}
      disabled={disabled}
      data-testid="ein-number-input"
      className="mt-1.5 max-w-48 font-mono tabular-nums"
      onChange={(event) => onChange(maskEinInput(event.target.value))}
    />
  );
}
