import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { TwoFactorSetup } from '../../../../shared/features/two-factor/two-factor.contracts';
import type { TwoFactorCodeInput } from '../../../../shared/features/two-factor/two-factor.schemas';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { sessionChanged } from '../../../lib/me';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  newRecoveryCodes,
  startSetup,
  TWO_FACTOR_KEY,
} from '../api/twoFactor';

/** `?next=` only when it is a path of this site (never `//elsewhere` or a full URL). */
function safeNext(value: string | null): string | null {
  return value && /^\/(?!\/)/.test(value) && !value.includes('\\') ? value : null;
}

/**
 * The key of an API refusal, for the field under which it shows (FieldError translates it); a lockout's
 * text names its end, so it comes translated already (decision 0070).
 */
function codeError(error: unknown): string {
  if (isApiError(error, 'TWO_FACTOR_LOCKED')) return errorMessage(error, 'errors.TWO_FACTOR_LOCKED');
  return isApiError(error) && error.fromApi ? `errors.${error.code}` : 'errors.INTERNAL';
}

/*
 * The API's own schemas, loaded after the first paint: a staff member's first signed-in page is this one
 * (decision 0042), and the code form is often the only form on it.
 */
const codeResolver = lazyZodResolver(() =>
  import('../../../../shared/features/two-factor/two-factor.schemas').then((m) => m.twoFactorCodeSchema),
);
const passwordResolver = lazyZodResolver(() =>
  import('../../../../shared/features/two-factor/two-factor.schemas').then((m) => m.twoFactorSetupWithPasswordSchema),
);

/** One code field and a button: confirming enrolment, turning off, new recovery codes. */
function CodeForm({
  id,
  submitLabel,
  variant = 'primary',
  hint,
  onCode,
}: {
  id: string;
  submitLabel: string;
  variant?: 'primary' | 'secondary' | 'danger';
  hint?: string;
  onCode: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<TwoFactorCodeInput>({
    resolver: useLazyResolver(codeResolver),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
      reset();
    } catch (failure) {
      setError('code', { type: 'server', message: codeError(failure) });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <TextField
            id={id}
            // The tests and the password managers know each form's field by its own name.
            name={id}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:w-56"
            label={t('security.codeLabel')}
            hint={hint}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            error={fieldState.error?.message}
          />
        )}
      />
      <Button type="submit" variant={variant} loading={isSubmitting} className="sm:mt-7" data-testid={`${id}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Enrolment's first step when the server asks for the current password first. */
function PasswordStart({ onStart }: { onStart: (currentPassword: string) => Promise<string | undefined> }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ currentPassword: string }>({
    resolver: useLazyResolver(passwordResolver),
    defaultValues: { currentPassword: '' },
  });
  const submit = handleSubmit(async ({ currentPassword }) => {
    const problem = await onStart(currentPassword);
    if (problem) setError('currentPassword', { type: 'server', message: problem }, { shouldFocus: true });
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3" data-testid="two-factor-password">
      <PasswordField
        id="two-factor-current-password"
        className="sm:w-80"
        label={t('security.currentPassword')}
        hint={t('security.passwordHint')}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Button type="submit" loading={isSubmitting} data-testid="two-factor-start">
        {t('security.start')}
      </Button>
    </form>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    toast.success(t('security.recovery.copied'));
  };
  return (
    <section aria-labelledby="recovery-title" className="space-y-4" data-testid="recovery-codes">
      <h2 id="recovery-title" className="text-lg font-semibold text-slate-900">
        {t('security.recovery.title')}
      </h2>
      <Alert tone="warning">{t('security.recovery.body')}</Alert>
      <ol className="grid grid-cols-1 gap-2 font-mono text-base text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={copy}>
          {t('security.recovery.copy')}
        </Button>
        <Button
          onClick={() => {
            setLeaving(true);
            void onDone().finally(() => setLeaving(false));
          }}
          loading={leaving}
          data-testid="recovery-codes-done"
        >
          {t('security.recovery.done')}
        </Button>
      </div>
    </section>
  );
}

function Enrolment({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  // The key in groups of four, as apps that take it by hand show it.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <div className="space-y-5">
      <p className="font-medium text-slate-900">{t('security.scan')}</p>
      <svg
        role="img"
        aria-label={t('security.qrLabel')}
        viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
        className="mx-auto block size-56 rounded-lg border border-slate-200 bg-white"
        shapeRendering="crispEdges"
        data-testid="two-factor-qr"
      >
        {/* One 1-unit stroke per run of dark modules (the server draws it with `qrcode`, decision 0078). */}
        <path d={setup.qr.path} stroke="#0f172a" strokeWidth={1} fill="none" />
      </svg>
      <div>
        <p className="text-sm text-slate-600">{t('security.keyLabel')}</p>
        <p
          className="mt-1 break-all rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wide text-slate-900"
          data-testid="two-factor-key"
        >
          {grouped}
        </p>
      </div>
      <p className="font-medium text-slate-900">{t('security.enter')}</p>
      <CodeForm
        id="enrolment-code"
        submitLabel={t('security.confirm')}
        onCode={async (code) => onEnabled((await enableTwoFactor(code)).recoveryCodes)}
      />
    </div>
  );
}

/**
 * /account/security (decision 0042): the second factor. Enrolment (QR code, the key as text, one code
 * to confirm, then the ten recovery codes shown once), new recovery codes, and turning it off for
 * customers. Staff without one are sent here by the admin guards, with `?next=` the page they wanted.
 */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const state = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: getTwoFactor });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refreshed = useRef<Promise<void>>(Promise.resolve());
  const next = safeNext(params.get('next'));

  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }), sessionChanged(true)]);
  };

  /** Starts enrolment; returns the message for the password field when the server refused it. */
  const begin = async (currentPassword?: string): Promise<string | undefined> => {
    setStarting(true);
    try {
      setSetup(await startSetup(currentPassword));
    } catch (failure) {
      if (isApiError(failure) && failure.fromApi && failure.fields.currentPassword) {
        return failure.fields.currentPassword;
      }
      toast.error(t(codeError(failure)));
    } finally {
      setStarting(false);
    }
    return undefined;
  };

  const enabled = async (recovery: string[]) => {
    setSetup(null);
    setCodes(recovery);
    toast.success(t('security.enabled'));
    refreshed.current = refresh();
    await refreshed.current;
  };

  const doneWithCodes = async () => {
    // The page in `next` is behind a guard that reads the cached session: until the session read after
    // enrolment has come back, it still says "no second factor" and would send the user back here.
    await refreshed.current.catch(() => {});
    setCodes(null);
    if (next) navigate(next, { replace: true });
  };

  let content: React.ReactNode;
  if (codes) {
    content = <RecoveryCodesPanel codes={codes} onDone={doneWithCodes} />;
  } else if (state.isPending) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  } else if (state.isError || !state.data) {
    content = <Alert tone="error">{t('security.loadFailed')}</Alert>;
  } else if (!state.data.enabled) {
    content = (
      <div className="space-y-5">
        <p className="text-lg font-semibold text-slate-900" data-testid="two-factor-status">
          {t('security.status.off')}
        </p>
        <Alert tone={state.data.required ? 'warning' : 'info'}>
          {t(state.data.required ? 'security.required' : 'security.optional')}
        </Alert>
        {setup ? (
          <Enrolment setup={setup} onEnabled={enabled} />
        ) : state.data.passwordNeeded ? (
          <PasswordStart onStart={begin} />
        ) : (
          <Button onClick={() => void begin()} loading={starting} data-testid="two-factor-start">
            {t('security.start')}
          </Button>
        )}
      </div>
    );
  } else {
    const { required, recoveryCodesLeft } = state.data;
    content = (
      <div className="space-y-6">
        <div>
          <p className="text-lg font-semibold text-emerald-800" data-testid="two-factor-status">
            {t('security.status.on')}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('security.status.recoveryLeft', { count: recoveryCodesLeft })}
          </p>
        </div>
        <section className="space-y-2">
          <h2 className="font-semibold text-slate-900">{t('security.manage.regenerate')}</h2>
          <CodeForm
            id="regenerate-code"
            variant="secondary"
            hint={t('security.manage.codeHint')}
            submitLabel={t('security.manage.regenerate')}
            onCode={async (code) => {
              setCodes((await newRecoveryCodes(code)).recoveryCodes);
              await refresh();
            }}
          />
        </section>
        <section className="space-y-2">
          <h2 className="font-semibold text-slate-900">{t('security.manage.disable')}</h2>
          {required ? (
            <p className="text-sm text-slate-600">{t('security.manage.staffNote')}</p>
          ) : (
            <CodeForm
              id="disable-code"
              variant="danger"
              hint={t('security.manage.codeHint')}
              submitLabel={t('security.manage.disable')}
              onCode={async (code) => {
                await disableTwoFactor(code);
                toast.success(t('security.manage.disabled'));
                await refresh();
              }}
            />
          )}
        </section>
      </div>
    );
  }

  return (
    <PageWrapper
      icon={ShieldCheck}
      title={t('security.title')}
      subtitle={t('security.subtitle')}
      hideBackLink={Boolean(me && me.home !== '/dashboard')}
    >
      {content}
    </PageWrapper>
  );
}
