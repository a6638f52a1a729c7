import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/Input';
import { isApiError, registerStepUp } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useTranslation } from '../../../lib/useTranslation';
import { verifyStepUp } from '../api/twoFactor';

/**
 * Step-up (decision 0042): mounted once in the admin layout, it answers a STEP_UP_REQUIRED from any
 * call (an SSN reveal, an export) by asking for a code; the call is then sent again (lib/api.ts).
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<((given: boolean) => void) | null>(null);

  useEffect(() => {
    registerStepUp(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setCode('');
          setError(undefined);
          setOpen(true);
        }),
    );
    return () => {
      registerStepUp(null);
      settle.current?.(false);
    };
  }, []);

  const finish = (given: boolean) => {
    setOpen(false);
    settle.current?.(given);
    settle.current = null;
  };

  const confirm = async () => {
    if (!code.trim()) {
      setError('validation.twoFactorCodeRequired');
      return;
    }
    setBusy(true);
    try {
      await verifyStepUp(code.trim());
      finish(true);
    } catch (failure) {
      // The field shows a message key (FieldError translates it).
      // A lockout's text names its end (decision 0070), so it comes translated already.
      if (isApiError(failure, 'TWO_FACTOR_LOCKED')) setError(errorMessage(failure, 'errors.TWO_FACTOR_LOCKED'));
      else setError(isApiError(failure) && failure.fromApi ? `errors.${failure.code}` : 'errors.INTERNAL');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      tone="change"
      title={t('admin.stepUp.title')}
      body={t('admin.stepUp.body')}
      confirmLabel={t('admin.stepUp.confirm')}
      cancelLabel={t('admin.stepUp.cancel')}
      busy={busy}
      onConfirm={confirm}
      onCancel={() => finish(false)}
      testId="step-up-dialog"
    >
      <TextField
        label={t('admin.stepUp.codeLabel')}
        name="stepUpCode"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void confirm();
          }
        }}
      />
    </ConfirmDialog>
  );
}
