import { Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type PathValue, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type AddressOption, ASSISTED_PACKAGE_ID, type PackageId } from '../../../../shared/catalogue/packages';
import {
  formationServiceCheckoutSchema,
  formationServiceStepRules,
} from '../../../../shared/features/formations/formations.schemas';
import { Button } from '../../../components/ui/Button';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFocusField } from '../../../lib/focusField';
import { formationChanged, useMyFormation } from '../../../lib/formation';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { checkWith, replaceErrors, useOneAtATime } from '../../../lib/wizardForm';
import { saveDraft, startCheckout, useDraft } from '../api/draft';
import { AddressStep } from '../steps/AddressStep';
import { PackageStep } from '../steps/PackageStep';
import { PaymentStep } from '../steps/PaymentStep';
import { ProcessStep } from '../steps/ProcessStep';
import { StateStep } from '../steps/StateStep';
import {
  FIELD_STEP,
  PAYMENT_STEP,
  STEP_KEYS,
  STEP_RULES,
  startStep,
  type Values,
  valuesFrom,
} from '../steps/wizardState';

/** product.md#turnkey-wizard "Turnkey setup wizard (5 steps)": package, process, state, address, payment. */
export function FormationServicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft();
  const [restored, setRestored] = useState(false);
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  // The answers and their errors; each step's check is its shared schema (formationServiceStepRules).
  const form = useForm<Values>({ defaultValues: valuesFrom(null) });
  const values = useWatch({ control: form.control }) as Values;
  const { errors } = form.formState;
  const focusField = useFocusField();
  const oneAtATime = useOneAtATime();
  const [busy, setBusy] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const formation = useMyFormation();
  // Set when the server answers ALREADY_PAID, before the refetched records say so.
  const [paidNow, setPaidNow] = useState(false);
  const paid =
    paidNow || draft.data?.draft?.paymentStatus === 'paid' || formation.data?.formation.paymentStatus === 'paid';

  // Waits for the formation too: an assisted customer's package, chosen in onboarding, is preselected.
  useEffect(() => {
    if (draft.data && !formation.isPending && !restored) {
      const assisted = formation.data?.formation.companyFormationPreference === 'service';
      form.reset(valuesFrom(draft.data.draft, assisted ? ASSISTED_PACKAGE_ID : null));
      setStep(startStep(draft.data));
      setRestored(true);
    }
  }, [draft.data, formation.isPending, formation.data, restored, form]);

  useEffect(() => {
    if (!draft.isError) return;
    const { error } = draft;
    if (isApiError(error, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'), { id: 'sign-in-required' });
      navigate('/signin', { replace: true });
    } else if (isApiError(error) && (error.code === 'FORMATION_REQUIRED' || error.status === 404)) {
      navigate('/onboarding', { replace: true });
    } else {
      toast.error(t('formation.loadFailed'), { id: 'formation-load-failed' });
      navigate('/dashboard', { replace: true });
    }
  }, [draft.isError, draft, navigate, t]);

  function set<K extends keyof Values>(patch: Pick<Values, K>) {
    for (const [key, value] of Object.entries(patch) as [K, Values[K]][]) {
      form.setValue(key, value as PathValue<Values, K>);
      form.clearErrors(key);
    }
    setPaymentError(null);
  }

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  /** Saved on every step change so that leaving and coming back restores the wizard. */
  async function save() {
    try {
      await saveDraft(form.getValues());
    } catch (error) {
      if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('common.signInRequired'), { id: 'sign-in-required' });
        navigate('/signin', { replace: true });
        return false;
      }
      toast.error(t('formationService.toast.saveFailed'));
    }
    return true;
  }

  async function validateStep(index: number): Promise<boolean> {
    const rule = STEP_RULES[index];
    if (rule === undefined) return true;
    const { failing } = await checkWith(form, formationServiceStepRules[rule]);
    if (failing.length === 0) return true;
    focusField(failing[0]);
    return false;
  }

  async function checkout() {
    const { failing, data } = await checkWith(form, formationServiceCheckoutSchema);
    if (!data) {
      go(Math.min(...failing.map((f) => FIELD_STEP[f] ?? 0)));
      focusField(failing[0]);
      return;
    }
    setBusy(true);
    setPaymentError(null);
    try {
      const { url } = await startCheckout(data);
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
        const fields = replaceErrors(form, error.fields);
        go(Math.min(...fields.map((f) => FIELD_STEP[f] ?? 4)));
        focusField(fields[0]);
      }
      setPaymentError(errorMessage(error, 'formationService.toast.checkoutFailed', t));
      setBusy(false);
    }
  }

  async function onNext() {
    if (step === PAYMENT_STEP) {
      await checkout();
      return;
    }
    if (!(await validateStep(step))) return;
    setBusy(true);
    const ok = await save();
    setBusy(false);
    if (ok) go(step + 1);
  }

  const isLast = step === PAYMENT_STEP;

  return (
    <PageWrapper icon={Wrench} title={t('formationService.title')} subtitle={t('formationService.subtitle')}>
      {!restored ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      ) : paid ? (
        // Decision 0032: a paid request is what its order bought; the form is not offered again.
        <div data-testid="formation-service-paid-summary">
          <PaymentStep focus={false} values={values} paymentError={null} paid />
          <div className="mt-8 flex justify-end">
            <Button data-testid="wizard-next" onClick={() => navigate('/dashboard')}>
              {t('formationService.payment.paid.action')}
            </Button>
          </div>
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
              error={errors.packageSelected?.message}
              onChange={(packageSelected: PackageId) => set({ packageSelected })}
            />
          ) : null}
          {step === 1 ? <ProcessStep focus={moved} /> : null}
          {step === 2 ? (
            <StateStep
              focus={moved}
              values={values}
              error={errors.stateSelected?.message}
              onChange={(stateSelected, stateType) => set({ stateSelected, stateType })}
            />
          ) : null}
          {step === 3 ? (
            <AddressStep
              focus={moved}
              value={values.businessAddress}
              error={errors.businessAddress?.message}
              onChange={(businessAddress: AddressOption) => set({ businessAddress })}
            />
          ) : null}
          {step === PAYMENT_STEP ? (
            <PaymentStep focus={moved} values={values} paymentError={paymentError} paid={false} />
          ) : null}
          <WizardNav
            isFirst={step === 0}
            onBack={() => go(step - 1)}
            onNext={() => void oneAtATime(onNext)}
            nextLabel={isLast ? t('formationService.payment.action') : undefined}
            loading={busy}
          />
        </>
      )}
    </PageWrapper>
  );
}
