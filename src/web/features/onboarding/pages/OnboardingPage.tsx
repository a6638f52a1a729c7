import { Banknote, Building2, Clock, FileText, Landmark, Rocket, Timer, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ADDRESS_PRICES,
  ASSISTED_PACKAGE_ID,
  ASSISTED_PRICE,
  findPackage,
  REGISTERED_AGENT_RENEWAL,
} from '../../../../shared/catalogue/packages';
import { WYOMING } from '../../../../shared/catalogue/states';
import { onboardingSchema, onboardingStepOneSchema } from '../../../../shared/schemas/formation';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { TextField } from '../../../components/ui/Input';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { TextareaField } from '../../../components/ui/Textarea';
import { WizardStep } from '../../../components/ui/WizardStep';
import { ApiError, api, isApiError } from '../../../lib/api';
import { useStateCostFacts } from '../../../lib/costs';
import { useFocusField } from '../../../lib/focusField';
import { zodFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { formationCreated } from '../../../lib/formation';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';

type FormationType = 'self' | 'assisted';
type AddressPreference = 'shared' | 'private';
/** 1 membership type, 2 purpose, 3 address preference (self-service only), 4 process overview. */
type Step = 1 | 2 | 3 | 4;

interface Values {
  formationType: FormationType | '';
  phoneNumber: string;
  businessMotivation: string;
  addressPreference: AddressPreference;
}

const ASSISTED_INCLUDES = findPackage(ASSISTED_PACKAGE_ID)?.includes ?? [];

/** The steps a membership type walks through; assisted skips the address step (SPEC §2). */
function stepsFor(type: Values['formationType']): Step[] {
  return type === 'assisted' ? [1, 2, 4] : [1, 2, 3, 4];
}

const STEP_LABELS: Record<Step, string> = {
  1: 'onboarding.steps.membership',
  2: 'onboarding.steps.purpose',
  3: 'onboarding.steps.address',
  4: 'onboarding.steps.overview',
};

export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fmt = useFormat();
  const [step, setStep] = useState<Step>(1);
  const [moved, setMoved] = useState(false);
  const [values, setValues] = useState<Values>({
    formationType: '',
    phoneNumber: '',
    businessMotivation: '',
    addressPreference: 'shared',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const focusField = useFocusField();

  const steps = stepsFor(values.formationType);
  const index = steps.indexOf(step);
  const isAssisted = values.formationType === 'assisted';

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  }

  function go(to: Step) {
    setMoved(true);
    setStep(to);
  }

  function checkStepOne(): boolean {
    if (!values.formationType) {
      setErrors({ formationType: 'validation.formationTypeRequired' });
      focusField('formationType');
      return false;
    }
    const result = onboardingStepOneSchema.safeParse(values);
    if (!result.success) {
      const found = zodFieldErrors(result.error);
      setErrors(found);
      focusField(Object.keys(found)[0]);
      return false;
    }
    return true;
  }

  async function submit() {
    const type = values.formationType as FormationType;
    const body = {
      formationType: type,
      phoneNumber: type === 'assisted' ? values.phoneNumber.trim() : undefined,
      businessMotivation: values.businessMotivation.trim() || undefined,
      addressPreference: type === 'self' ? values.addressPreference : undefined,
    };
    const parsed = onboardingSchema.safeParse(body);
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setErrors(found);
      go(1);
      focusField(Object.keys(found)[0]);
      return;
    }
    setSubmitting(true);
    try {
      await api('POST', '/api/formations', body);
      formationCreated();
      toast.success(t('onboarding.toast.started'));
      navigate(type === 'assisted' ? '/formation-service' : '/dashboard', { replace: true });
    } catch (error) {
      if (isApiError(error, 'FORMATION_EXISTS')) {
        formationCreated();
        toast.success(t('onboarding.toast.welcomeBack'));
        navigate('/dashboard', { replace: true });
        return;
      }
      if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('common.signInRequired'), { id: 'sign-in-required' });
        navigate('/signin', { replace: true });
        return;
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        const fields = Object.keys(error.fields);
        go(fields.includes('formationType') || fields.includes('phoneNumber') ? 1 : 2);
        focusField(fields[0]);
      }
      // No answer: nothing was started. The API's own refusal: the record was not created. Anything else
      // (a proxy's error page, a failure in the page) is the generic message (decision 0035).
      toast.error(
        error instanceof ApiError && error.status === 0
          ? t('onboarding.toast.startFailed')
          : error instanceof ApiError && error.fromApi
            ? t('onboarding.toast.createFailed')
            : t('onboarding.toast.unexpected'),
      );
    } finally {
      setSubmitting(false);
    }
  }

  function onNext() {
    if (step === 1) {
      if (checkStepOne()) go(2);
    } else if (index < steps.length - 1) {
      go(steps[index + 1]);
    } else {
      void submit();
    }
  }

  function onBack() {
    if (index > 0) go(steps[index - 1]);
  }

  const isLast = index === steps.length - 1;

  return (
    <PageWrapper icon={Rocket} title={t('onboarding.title')} subtitle={t('onboarding.subtitle')} hideBackLink>
      <Stepper steps={steps.map((s) => t(STEP_LABELS[s]))} current={index} label={t('onboarding.steps.label')} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
      >
        {step === 1 ? (
          <WizardStep title={t('onboarding.membership.title')} focusOnMount={moved}>
            <ChoiceGroup
              legend={t('onboarding.membership.legend')}
              hideLegend
              name="formationType"
              error={errors.formationType}
            >
              <ChoiceCard
                name="formationType"
                value="self"
                checked={values.formationType === 'self'}
                onChange={() => set('formationType', 'self')}
                invalid={Boolean(errors.formationType)}
                title={t('onboarding.membership.self.title')}
                meta={t('onboarding.membership.self.meta')}
              >
                <p>{t('onboarding.membership.self.description')}</p>
                <SelfServiceBudget />
                <p className="mt-1">{t('onboarding.membership.self.einFree')}</p>
              </ChoiceCard>
              <ChoiceCard
                name="formationType"
                value="assisted"
                checked={isAssisted}
                onChange={() => set('formationType', 'assisted')}
                invalid={Boolean(errors.formationType)}
                title={t('onboarding.membership.assisted.title')}
                meta={fmt.usd(ASSISTED_PRICE)}
              >
                <p>{t('onboarding.membership.assisted.description')}</p>
                <ul className="mt-2 list-disc space-y-0.5 pl-5">
                  {ASSISTED_INCLUDES.map((key) => (
                    <li key={key}>{t(`catalogue.packageIncludes.${key}`)}</li>
                  ))}
                </ul>
                <p className="mt-2 text-xs text-slate-600">{t('onboarding.membership.assisted.partner')}</p>
              </ChoiceCard>
            </ChoiceGroup>
            {isAssisted ? (
              <TextField
                name="phoneNumber"
                id="phoneNumber"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                label={t('onboarding.membership.phone.label')}
                hint={t('onboarding.membership.phone.hint')}
                placeholder="+90 555 123 45 67"
                value={values.phoneNumber}
                onChange={(event) => set('phoneNumber', event.target.value)}
                error={errors.phoneNumber}
              />
            ) : null}
          </WizardStep>
        ) : null}

        {step === 2 ? (
          <WizardStep
            title={t('onboarding.purpose.title')}
            description={t('onboarding.purpose.description')}
            focusOnMount={moved}
          >
            <TextareaField
              name="businessMotivation"
              rows={5}
              label={t('onboarding.purpose.label')}
              hint={t('onboarding.purpose.hint')}
              placeholder={t('onboarding.purpose.placeholder')}
              value={values.businessMotivation}
              onChange={(event) => set('businessMotivation', event.target.value)}
              error={errors.businessMotivation}
              maxLength={2000}
            />
          </WizardStep>
        ) : null}

        {step === 3 ? (
          <WizardStep
            title={t('onboarding.address.title')}
            description={t('onboarding.address.description')}
            focusOnMount={moved}
          >
            <ChoiceGroup
              legend={t('onboarding.address.legend')}
              hideLegend
              name="addressPreference"
              error={errors.addressPreference}
            >
              <ChoiceCard
                name="addressPreference"
                value="shared"
                checked={values.addressPreference === 'shared'}
                onChange={() => set('addressPreference', 'shared')}
                title={t('onboarding.address.shared.title')}
                meta={t('catalogue.free')}
              >
                {t('onboarding.address.shared.description')}
              </ChoiceCard>
              <ChoiceCard
                name="addressPreference"
                value="private"
                checked={values.addressPreference === 'private'}
                onChange={() => set('addressPreference', 'private')}
                title={t('onboarding.address.private.title')}
                meta={fmt.perYear(ADDRESS_PRICES.private_address)}
              >
                {t('onboarding.address.private.description')}
              </ChoiceCard>
            </ChoiceGroup>
          </WizardStep>
        ) : null}

        {step === 4 ? (
          <WizardStep
            title={t('onboarding.overview.title')}
            description={t(isAssisted ? 'onboarding.overview.assistedIntro' : 'onboarding.overview.selfIntro')}
            focusOnMount={moved}
          >
            <Overview isAssisted={isAssisted} addressPreference={values.addressPreference} />
          </WizardStep>
        ) : null}

        <WizardNav
          onBack={onBack}
          isFirst={index === 0}
          nextType="submit"
          nextLabel={isLast ? t('onboarding.complete') : undefined}
          loading={submitting}
        />
      </form>
    </PageWrapper>
  );
}

function Overview({ isAssisted, addressPreference }: { isAssisted: boolean; addressPreference: AddressPreference }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const wyomingCosts = useStateCostFacts(WYOMING, Wallet);
  const facts: Fact[] = [
    {
      id: 'application',
      icon: Timer,
      label: t('catalogue.timing.labels.application'),
      value: fmt.timing('application'),
    },
    {
      id: 'formation',
      icon: Building2,
      label: t('catalogue.timing.labels.formation'),
      value: fmt.timing('formation'),
      note: t('catalogue.timing.wyomingNote', { duration: fmt.timing('formationWyoming') }),
    },
    {
      id: 'ein',
      icon: FileText,
      label: t('catalogue.timing.labels.ein'),
      value: fmt.timing('ein'),
      note: isAssisted ? fmt.einNote() : `${t('onboarding.overview.einFree')} ${fmt.einNote()}`,
    },
    {
      id: 'bank',
      icon: Landmark,
      label: t('catalogue.timing.labels.bankAccount'),
      value: fmt.timing('bankAccount'),
    },
    {
      id: 'total',
      icon: Clock,
      label: t(isAssisted ? 'catalogue.timing.labels.totalWithPayment' : 'catalogue.timing.labels.total'),
      value: fmt.timing(isAssisted ? 'totalProcessWithPayment' : 'totalProcess'),
    },
    ...(isAssisted
      ? [{ id: 'price', icon: Wallet, label: t('onboarding.overview.assistedPrice'), value: fmt.usd(ASSISTED_PRICE) }]
      : wyomingCosts.facts),
  ];
  if (isAssisted) {
    facts.push({
      id: 'agent',
      icon: Banknote,
      label: t('catalogue.registeredAgentRenewal'),
      value: fmt.perYear(REGISTERED_AGENT_RENEWAL),
    });
  } else {
    facts.push({
      id: 'address',
      icon: Building2,
      label: t('onboarding.overview.address'),
      value:
        addressPreference === 'private'
          ? `${t('onboarding.address.private.title')} · ${fmt.perYear(ADDRESS_PRICES.private_address)}`
          : `${t('onboarding.address.shared.title')} · ${t('catalogue.free')}`,
    });
  }
  return (
    <>
      <FactList facts={facts} />
      {isAssisted ? null : <p className="text-xs text-slate-500">{wyomingCosts.checkedOn}</p>}
      <p className="rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900">
        {t(isAssisted ? 'onboarding.overview.assistedNext' : 'onboarding.overview.selfNext')}
      </p>
    </>
  );
}

/** The self-service card's budget: Wyoming's first-year total and yearly cost, each with its parts. */
function SelfServiceBudget() {
  const { facts, checkedOn } = useStateCostFacts(WYOMING);
  return (
    <div className="mt-2 space-y-1">
      {facts.map((fact) => (
        <p key={fact.id}>
          <span className="font-medium text-slate-900">
            {fact.label}: {fact.value}
          </span>
          <span className="block text-xs text-slate-600">{fact.note}</span>
        </p>
      ))}
      <p className="text-xs text-slate-500">{checkedOn}</p>
    </div>
  );
}
