import { Building2, Check, Clock, CreditCard, FileText, Landmark, Timer, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ADDRESS_PRICES,
  type AddressOption,
  findPackage,
  PACKAGES,
  type PackageId,
  REGISTERED_AGENT_RENEWAL,
} from '../../../../shared/catalogue/packages';
import { FEATURED_STATES, OTHER_STATES } from '../../../../shared/catalogue/states';
import { packageOrderAmount } from '../../../../shared/domain/orders';
import { formationServiceCheckoutSchema, formationServiceStepRules } from '../../../../shared/schemas/formation';
import { Alert } from '../../../components/ui/Alert';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { errorId, FieldError } from '../../../components/ui/Label';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { SelectField } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { WizardStep } from '../../../components/ui/WizardStep';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { zodFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { formationChanged, useMyFormation } from '../../../lib/formation';
import { type Draft, type DraftResponse, saveDraft, startCheckout, useDraft } from '../api/draft';

const STEP_KEYS = ['package', 'process', 'state', 'address', 'payment'] as const;
/** The validated steps: zero-based index in STEP_KEYS → step number of formationServiceStepRules. */
const STEP_RULES: Partial<Record<number, keyof typeof formationServiceStepRules>> = { 0: 1, 2: 3, 3: 4 };
/** Where each field is chosen, to send the user back to it when it fails. */
const FIELD_STEP: Record<string, number> = { packageSelected: 0, stateSelected: 2, businessAddress: 3 };

interface Values {
  packageSelected: PackageId | null;
  stateType: 'recommended' | 'other' | null;
  stateSelected: string | null;
  businessAddress: AddressOption | null;
}

function valuesFrom(draft: Draft | null): Values {
  return {
    packageSelected: draft?.packageSelected ?? null,
    stateType: draft?.stateType ?? null,
    stateSelected: draft?.stateSelected ?? null,
    businessAddress: draft?.businessAddress ?? null,
  };
}

/** Where a returning user lands: step 4 once formed (SPEC §2), else the first step still to answer. */
function startStep({ draft, formationStatus }: DraftResponse): number {
  if (formationStatus === 'formation_completed') return 3;
  if (!draft?.packageSelected) return 0;
  if (!draft.stateSelected) return 2;
  if (!draft.businessAddress) return 3;
  return 4;
}

/** SPEC §2 "Turnkey setup wizard (5 steps)": package, process, state, address, payment. */
export function FormationServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft();
  const [restored, setRestored] = useState(false);
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const [values, setValues] = useState<Values>(valuesFrom(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const formation = useMyFormation();
  // Set when the server answers ALREADY_PAID, before the refetched records say so.
  const [paidNow, setPaidNow] = useState(false);
  const paid =
    paidNow || draft.data?.draft?.paymentStatus === 'paid' || formation.data?.formation.paymentStatus === 'paid';

  useEffect(() => {
    if (draft.data && !restored) {
      setValues(valuesFrom(draft.data.draft));
      setStep(startStep(draft.data));
      setRestored(true);
    }
  }, [draft.data, restored]);

  useEffect(() => {
    if (!draft.isError) return;
    const { error } = draft;
    if (isApiError(error, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
    } else if (isApiError(error) && (error.code === 'FORMATION_REQUIRED' || error.status === 404)) {
      navigate('/onboarding', { replace: true });
    } else {
      toast.error(t('formation.loadFailed'), { id: 'formation-load-failed' });
      navigate('/dashboard', { replace: true });
    }
  }, [draft.isError, draft, navigate, t]);

  function set<K extends keyof Values>(patch: Pick<Values, K>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
    setPaymentError(null);
  }

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  /** Saved on every step change so that leaving and coming back restores the wizard. */
  async function save() {
    try {
      await saveDraft(values);
    } catch (error) {
      if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('common.signInRequired'));
        navigate('/signin', { replace: true });
        return false;
      }
      toast.error(t('formationService.toast.saveFailed'));
    }
    return true;
  }

  function validateStep(index: number): boolean {
    const rule = STEP_RULES[index];
    if (rule === undefined) return true;
    const result = formationServiceStepRules[rule].safeParse(values);
    if (result.success) return true;
    setErrors(zodFieldErrors(result.error));
    return false;
  }

  async function checkout() {
    const parsed = formationServiceCheckoutSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = zodFieldErrors(parsed.error);
      setErrors(fieldErrors);
      go(Math.min(...Object.keys(fieldErrors).map((f) => FIELD_STEP[f] ?? 0)));
      return;
    }
    setBusy(true);
    setPaymentError(null);
    try {
      const { url } = await startCheckout(parsed.data);
      toast.success(t('formationService.toast.submitted'));
      window.location.assign(url);
    } catch (error) {
      if (isApiError(error, 'ALREADY_PAID')) {
        toast.info(errorMessage(error, 'formationService.payment.paid.title', t), { id: 'already-paid' });
        setPaidNow(true);
        setBusy(false);
        void formationChanged();
        return;
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        go(Math.min(...Object.keys(error.fields).map((f) => FIELD_STEP[f] ?? 4)));
      }
      setPaymentError(errorMessage(error, 'formationService.toast.checkoutFailed', t));
      setBusy(false);
    }
  }

  async function onNext() {
    if (step === STEP_KEYS.length - 1) {
      if (paid) navigate('/dashboard');
      else await checkout();
      return;
    }
    if (!validateStep(step)) return;
    setBusy(true);
    const ok = await save();
    setBusy(false);
    if (ok) go(step + 1);
  }

  const isLast = step === STEP_KEYS.length - 1;

  return (
    <PageWrapper icon={Wrench} title={t('formationService.title')} subtitle={t('formationService.subtitle')}>
      {!restored ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      ) : (
        <>
          <Stepper
            steps={STEP_KEYS.map((key) => t(`formationService.steps.${key}`))}
            current={step}
            label={t('formationService.steps.label')}
          />
          {step === 0 ? (
            <PackageStep
              focus={moved}
              value={values.packageSelected}
              error={errors.packageSelected}
              onChange={(v) => set({ packageSelected: v as PackageId })}
            />
          ) : null}
          {step === 1 ? <ProcessStep focus={moved} /> : null}
          {step === 2 ? (
            <StateStep
              focus={moved}
              values={values}
              error={errors.stateSelected}
              onChange={(stateSelected, stateType) => set({ stateSelected, stateType })}
            />
          ) : null}
          {step === 3 ? (
            <AddressStep
              focus={moved}
              value={values.businessAddress}
              error={errors.businessAddress}
              onChange={(v) => set({ businessAddress: v as AddressOption })}
            />
          ) : null}
          {step === 4 ? <PaymentStep focus={moved} values={values} paymentError={paymentError} paid={paid} /> : null}
          <WizardNav
            isFirst={step === 0}
            onBack={() => go(step - 1)}
            onNext={() => void onNext()}
            nextLabel={
              isLast ? t(paid ? 'formationService.payment.paid.action' : 'formationService.payment.action') : undefined
            }
            loading={busy}
          />
        </>
      )}
    </PageWrapper>
  );
}

function PackageStep({
  focus,
  value,
  error,
  onChange,
}: {
  focus: boolean;
  value: string | null;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <WizardStep title={t('formationService.package.title')} focusOnMount={focus}>
      <ChoiceGroup legend={t('formationService.package.legend')} hideLegend name="packageSelected" error={error}>
        {PACKAGES.map((pkg) => (
          <ChoiceCard
            key={pkg.id}
            name="packageSelected"
            value={pkg.id}
            checked={value === pkg.id}
            onChange={onChange}
            invalid={Boolean(error)}
            title={t(`catalogue.packages.${pkg.id}.name`)}
            meta={fmt.usd(pkg.price)}
          >
            <p>{t(`catalogue.packages.${pkg.id}.description`)}</p>
            <ul className="mt-3 space-y-1.5">
              {pkg.includes.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {t(`catalogue.packageIncludes.${key}`)}
                </li>
              ))}
            </ul>
          </ChoiceCard>
        ))}
      </ChoiceGroup>
    </WizardStep>
  );
}

function ProcessStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const facts: Fact[] = [
    {
      id: 'application',
      icon: Timer,
      label: t('catalogue.timing.labels.application'),
      value: fmt.timing('application'),
    },
    {
      id: 'preparation',
      icon: FileText,
      label: t('catalogue.timing.labels.preparation'),
      value: fmt.timing('preparation'),
    },
    {
      id: 'formation',
      icon: Building2,
      label: t('catalogue.timing.labels.formation'),
      value: fmt.timing('formation'),
      note: t('catalogue.timing.wyomingNote', { duration: fmt.timing('formationWyomingMax') }),
    },
    { id: 'ein', icon: FileText, label: t('catalogue.timing.labels.ein'), value: fmt.timing('einWizard') },
    {
      id: 'bank',
      icon: Landmark,
      label: t('catalogue.timing.labels.bankAccount'),
      value: fmt.timing('bankAccount'),
    },
    { id: 'total', icon: Clock, label: t('catalogue.timing.labels.total'), value: fmt.timing('totalProcess') },
    {
      id: 'totalWithPayment',
      icon: Clock,
      label: t('catalogue.timing.labels.totalWithPayment'),
      value: fmt.timing('totalProcessWithPayment'),
    },
  ];
  return (
    <WizardStep
      title={t('formationService.process.title')}
      description={t('formationService.process.intro')}
      focusOnMount={focus}
    >
      <FactList facts={facts} />
      <p className="text-sm text-slate-600">
        {t('formationService.process.agentNote', { amount: fmt.perYear(REGISTERED_AGENT_RENEWAL) })}
      </p>
    </WizardStep>
  );
}

function StateStep({
  focus,
  values,
  error,
  onChange,
}: {
  focus: boolean;
  values: Values;
  error?: string;
  onChange: (state: string | null, type: Values['stateType']) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const otherValue = values.stateType === 'other' ? (values.stateSelected ?? '') : '';
  return (
    <WizardStep
      title={t('formationService.state.title')}
      description={t('formationService.state.intro')}
      focusOnMount={focus}
    >
      <ChoiceGroup legend={t('formationService.state.featured')} name="stateSelected" columns={3}>
        {FEATURED_STATES.map((state) => (
          <ChoiceCard
            key={state.name}
            name="stateSelected"
            value={state.name}
            checked={values.stateType !== 'other' && values.stateSelected === state.name}
            onChange={(v) => onChange(v, 'recommended')}
            invalid={Boolean(error)}
            title={state.name}
            badge={state.recommended ? t('formationService.state.recommended') : undefined}
          >
            <dl className="space-y-1">
              {(['filingFee', 'annualFee', 'registeredAgentFee'] as const).map((fee) => (
                <div key={fee} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{t(`catalogue.stateFees.${fee}`)}</dt>
                  <dd className="font-semibold text-slate-900">{fmt.usd(state[fee])}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-3 space-y-1">
              {state.features.map((key) => (
                <li key={key} className="flex items-start gap-1.5">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {t(`catalogue.stateFeatures.${key}`)}
                </li>
              ))}
            </ul>
          </ChoiceCard>
        ))}
      </ChoiceGroup>
      <SelectField
        id="otherState"
        name="stateSelected"
        label={t('formationService.state.other', { count: OTHER_STATES.length })}
        hint={t('formationService.state.otherHint')}
        value={otherValue}
        onChange={(event) => onChange(event.target.value || null, event.target.value ? 'other' : null)}
      >
        <option value="">{t('formationService.state.otherPlaceholder')}</option>
        {OTHER_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <FieldError id={errorId('stateSelected')} message={error} />
    </WizardStep>
  );
}

function AddressStep({
  focus,
  value,
  error,
  onChange,
}: {
  focus: boolean;
  value: string | null;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <WizardStep
      title={t('formationService.address.title')}
      description={t('formationService.address.intro')}
      focusOnMount={focus}
    >
      <ChoiceGroup legend={t('formationService.address.legend')} hideLegend name="businessAddress" error={error}>
        <ChoiceCard
          name="businessAddress"
          value="shared_address"
          checked={value === 'shared_address'}
          onChange={onChange}
          invalid={Boolean(error)}
          title={t('catalogue.addressOptions.shared_address')}
          meta={t('catalogue.free')}
        >
          {t('formationService.address.sharedBody')}
        </ChoiceCard>
        <ChoiceCard
          name="businessAddress"
          value="private_address"
          checked={value === 'private_address'}
          onChange={onChange}
          invalid={Boolean(error)}
          title={t('catalogue.addressOptions.private_address')}
          meta={`+${fmt.perYear(ADDRESS_PRICES.private_address)}`}
        >
          {t('formationService.address.privateBody')}
        </ChoiceCard>
      </ChoiceGroup>
      <Alert tone="warning">
        {t('formationService.address.stateNote', {
          min: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMin),
          max: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMax),
        })}
      </Alert>
    </WizardStep>
  );
}

function PaymentStep({
  focus,
  values,
  paymentError,
  paid,
}: {
  focus: boolean;
  values: Values;
  paymentError: string | null;
  paid: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const pkg = values.packageSelected ? findPackage(values.packageSelected) : null;
  const featured = FEATURED_STATES.find((s) => s.name === values.stateSelected);
  const facts: Fact[] = [];
  if (pkg) {
    facts.push({
      id: 'package',
      icon: CreditCard,
      label: t('formationService.payment.package', { name: t(`catalogue.packages.${pkg.id}.name`) }),
      value: fmt.usd(pkg.price),
      note: paid ? undefined : t('formationService.payment.packageNote'),
    });
  }
  if (values.businessAddress) {
    const isPrivate = values.businessAddress === 'private_address';
    facts.push({
      id: 'address',
      icon: Building2,
      label: t(`catalogue.addressOptions.${values.businessAddress}`),
      value: isPrivate ? `+${fmt.perYear(ADDRESS_PRICES.private_address)}` : t('catalogue.free'),
      note: isPrivate
        ? t('formationService.address.stateNote', {
            min: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMin),
            max: fmt.usd(ADDRESS_PRICES.privateAddressStateExtraMax),
          })
        : undefined,
    });
  }
  if (values.stateSelected) {
    if (featured) {
      facts.push(
        {
          id: 'filing',
          icon: Landmark,
          label: t('formationService.payment.stateFee', {
            state: featured.name,
            fee: t('catalogue.stateFees.filingFee'),
          }),
          value: fmt.usd(featured.filingFee),
        },
        {
          id: 'annual',
          icon: Landmark,
          label: t('formationService.payment.stateFee', {
            state: featured.name,
            fee: t('catalogue.stateFees.annualFee'),
          }),
          value: fmt.perYear(featured.annualFee),
        },
        {
          id: 'agent',
          icon: Landmark,
          label: t('catalogue.stateFees.registeredAgentFee'),
          value: t('formationService.payment.agentIncluded'),
          note: t('formationService.process.agentNote', { amount: fmt.perYear(REGISTERED_AGENT_RENEWAL) }),
        },
      );
    } else {
      facts.push({
        id: 'state',
        icon: Landmark,
        label: t('formationService.payment.stateFees', { state: values.stateSelected }),
        value: t('formationService.payment.stateFeesVary'),
      });
    }
  }
  // What the checkout charges now: the package, plus the private address's first year.
  const total = pkg && values.businessAddress ? packageOrderAmount(pkg.id, values.businessAddress) : null;
  return (
    <WizardStep
      title={t('formationService.payment.title')}
      description={t(paid ? 'formationService.payment.paid.intro' : 'formationService.payment.intro')}
      focusOnMount={focus}
    >
      {paid ? (
        <Alert tone="success">
          <p className="font-semibold" data-testid="formation-service-paid">
            {t('formationService.payment.paid.title')}
          </p>
          <p className="mt-0.5">{t('formationService.payment.paid.body')}</p>
        </Alert>
      ) : null}
      <FactList facts={facts} />
      {total !== null ? (
        <div className="flex flex-col gap-1 rounded-xl bg-indigo-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">
              {t(paid ? 'formationService.payment.totalPaid' : 'formationService.payment.total')}
            </p>
            <p className="text-xs text-slate-600">{t('formationService.payment.totalNote')}</p>
          </div>
          <p data-testid="formation-service-total" className="text-2xl font-bold tracking-tight text-slate-900">
            {fmt.usd(total)}
          </p>
        </div>
      ) : null}
      {paid ? null : <p className="text-sm text-slate-600">{t('formationService.payment.redirectNote')}</p>}
      {paymentError ? <Alert tone="error">{paymentError}</Alert> : null}
    </WizardStep>
  );
}
