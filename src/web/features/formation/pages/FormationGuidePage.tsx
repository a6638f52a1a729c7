import { BookOpen, Building2, FileText, Search, Timer, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EXTERNAL_LINKS } from '../../../../shared/catalogue/links';
import { REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { US_STATES, WYOMING } from '../../../../shared/catalogue/states';
import { guideCompletionSchema } from '../../../../shared/schemas/formation';
import { Alert } from '../../../components/ui/Alert';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { SelectField } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { TextareaField } from '../../../components/ui/Textarea';
import { VideoEmbed } from '../../../components/ui/VideoEmbed';
import { WizardStep } from '../../../components/ui/WizardStep';
import { api, isApiError } from '../../../lib/api';
import { useStateCostFacts } from '../../../lib/costs';
import { errorMessage } from '../../../lib/errors';
import { useFocusField } from '../../../lib/focusField';
import { zodFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { formationChanged, useMyFormation } from '../../../lib/formation';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';

const STEP_KEYS = ['overview', 'stepByStep', 'nextStep', 'complete'] as const;

interface Answer {
  isFormationComplete: boolean | null;
  state: string;
  reason: string;
  difficulties: string;
  issues: string;
}

/** SPEC §2 "Formation guide (4 steps)": how to form the company yourself, then whether it is done. */
export function FormationGuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formation = useMyFormation();
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const [answer, setAnswer] = useState<Answer>({
    isFormationComplete: null,
    state: '',
    reason: '',
    difficulties: '',
    issues: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const focusField = useFocusField();

  useEffect(() => {
    if (formation.data === null) {
      navigate('/onboarding', { replace: true });
    } else if (formation.isError) {
      toast.error(t('formation.loadFailed'), { id: 'formation-load-failed' });
      navigate('/dashboard', { replace: true });
    }
  }, [formation.data, formation.isError, navigate, t]);

  const record = formation.data?.formation;
  // Past preparation: the guide's question is already answered (SPEC §4).
  const alreadyDone = Boolean(record && record.formationStatus !== 'preparation');
  const isLast = step === STEP_KEYS.length - 1;

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  function set<K extends keyof Answer>(key: K, value: Answer[K]) {
    setAnswer((a) => ({ ...a, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  }

  async function finish() {
    if (alreadyDone) {
      navigate('/dashboard');
      return;
    }
    const complete = answer.isFormationComplete;
    const body = {
      isFormationComplete: complete,
      state: complete ? answer.state || null : null,
      reason: complete === false ? answer.reason.trim() || null : null,
      difficulties: answer.difficulties.trim() || null,
      issues: answer.issues.trim() || null,
    };
    const parsed = guideCompletionSchema.safeParse(body);
    if (!parsed.success) {
      const fieldErrors = zodFieldErrors(parsed.error);
      setErrors(fieldErrors);
      focusField(Object.keys(fieldErrors)[0]);
      return;
    }
    setSaving(true);
    try {
      await api('POST', '/api/formations/me/guide-completion', parsed.data);
      await formationChanged();
      toast.success(t('formation.toast.thanks'));
      // SPEC §4: a "yes" is then shown the completed step (the refetched record is past preparation, so
      // this step now shows its done message); a "no" has nothing more to show here.
      if (!complete) navigate('/dashboard');
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusField(Object.keys(error.fields)[0]);
      }
      if (isApiError(error, 'INVALID_TRANSITION')) {
        toast.error(errorMessage(error, 'formation.toast.updateFailed', t));
        await formationChanged();
      } else {
        toast.error(t(complete ? 'formation.toast.updateFailed' : 'formation.toast.feedbackFailed'));
      }
    } finally {
      setSaving(false);
    }
  }

  const nextLabel = !isLast
    ? undefined
    : alreadyDone || answer.isFormationComplete === false
      ? t('common.backToDashboard')
      : t('formation.finish');

  return (
    <PageWrapper icon={BookOpen} title={t('formation.title')} subtitle={t('formation.subtitle')}>
      {!record ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      ) : (
        <>
          <Stepper
            steps={STEP_KEYS.map((key) => t(`formation.steps.${key}`))}
            current={step}
            label={t('formation.steps.label')}
          />
          {step === 0 ? <OverviewStep focus={moved} /> : null}
          {step === 1 ? <StepByStep focus={moved} /> : null}
          {step === 2 ? <NextStepEin focus={moved} /> : null}
          {step === 3 ? (
            // A new key once answered: the step mounts again and its heading takes focus, which the
            // busy button had while saving and lost when it was disabled.
            <WizardStep key={alreadyDone ? 'done' : 'ask'} title={t('formation.complete.title')} focusOnMount={moved}>
              {alreadyDone ? (
                <Alert tone="success">
                  <p className="font-semibold">{t('formation.complete.doneTitle')}</p>
                  <p className="mt-1">{t('formation.complete.doneBody')}</p>
                  <Link to="/dashboard" className="mt-3 inline-block font-medium text-emerald-900 underline">
                    {t('formation.complete.doneLink')}
                  </Link>
                </Alert>
              ) : (
                <>
                  <ChoiceGroup
                    legend={t('formation.complete.question')}
                    name="isFormationComplete"
                    error={errors.isFormationComplete}
                  >
                    <ChoiceCard
                      name="isFormationComplete"
                      value="true"
                      checked={answer.isFormationComplete === true}
                      onChange={() => set('isFormationComplete', true)}
                      invalid={Boolean(errors.isFormationComplete)}
                      title={t('formation.complete.yes')}
                    />
                    <ChoiceCard
                      name="isFormationComplete"
                      value="false"
                      checked={answer.isFormationComplete === false}
                      onChange={() => set('isFormationComplete', false)}
                      invalid={Boolean(errors.isFormationComplete)}
                      title={t('formation.complete.no')}
                    />
                  </ChoiceGroup>
                  {answer.isFormationComplete === true ? (
                    <SelectField
                      name="state"
                      label={t('formation.complete.state')}
                      value={answer.state}
                      onChange={(event) => set('state', event.target.value)}
                      error={errors.state}
                    >
                      <option value="">{t('formation.complete.statePlaceholder')}</option>
                      {US_STATES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </SelectField>
                  ) : null}
                  {answer.isFormationComplete === false ? (
                    <TextareaField
                      name="reason"
                      rows={4}
                      label={t('formation.complete.reason')}
                      value={answer.reason}
                      onChange={(event) => set('reason', event.target.value)}
                      error={errors.reason}
                      maxLength={2000}
                    />
                  ) : null}
                  {answer.isFormationComplete !== null ? (
                    <>
                      <TextareaField
                        name="difficulties"
                        rows={3}
                        label={t('formation.complete.difficulties')}
                        hint={t('formation.complete.optional')}
                        value={answer.difficulties}
                        onChange={(event) => set('difficulties', event.target.value)}
                        error={errors.difficulties}
                        maxLength={2000}
                      />
                      <TextareaField
                        name="issues"
                        rows={3}
                        label={t('formation.complete.issues')}
                        hint={t('formation.complete.optional')}
                        value={answer.issues}
                        onChange={(event) => set('issues', event.target.value)}
                        error={errors.issues}
                        maxLength={2000}
                      />
                    </>
                  ) : null}
                </>
              )}
            </WizardStep>
          ) : null}
          <WizardNav
            isFirst={step === 0}
            onBack={() => go(step - 1)}
            onNext={() => (isLast ? void finish() : go(step + 1))}
            nextLabel={nextLabel}
            loading={saving}
          />
        </>
      )}
    </PageWrapper>
  );
}

function OverviewStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const costs = useStateCostFacts(WYOMING, Wallet);
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
    ...costs.facts,
    { id: 'ein', icon: FileText, label: t('catalogue.timing.labels.ein'), value: t('formation.overview.einFree') },
  ];
  return (
    <WizardStep title={t('formation.overview.title')} description={t('formation.overview.intro')} focusOnMount={focus}>
      <FactList facts={facts} />
      <div className="rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">{t('formation.overview.wyomingTitle')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('formation.overview.wyomingBody')}</p>
        <ul className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.stateFees.filingFee')}</span>
            <span className="font-semibold text-slate-900">{fmt.usd(WYOMING.filingFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.stateFees.annualFee')}</span>
            <span className="font-semibold text-slate-900">{fmt.perYear(WYOMING.annualFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.stateFees.registeredAgentFee')}</span>
            <span className="font-semibold text-slate-900">{fmt.usd(WYOMING.registeredAgentFee)}</span>
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <span className="block text-slate-600">{t('catalogue.registeredAgentRenewal')}</span>
            <span className="font-semibold text-slate-900">{fmt.perYear(REGISTERED_AGENT_RENEWAL)}</span>
          </li>
        </ul>
        <p className="mt-2 text-xs text-slate-500">{costs.checkedOn}</p>
      </div>
    </WizardStep>
  );
}

function StepByStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <WizardStep
      title={t('formation.stepByStep.title')}
      description={t('formation.stepByStep.intro')}
      focusOnMount={focus}
    >
      <ol className="space-y-4">
        <GuideItem n={1} title={t('formation.stepByStep.name.title')} body={t('formation.stepByStep.name.body')}>
          <ExternalLink href={EXTERNAL_LINKS.wyomingNameSearch}>
            <Search aria-hidden="true" className="size-4" />
            {t('formation.stepByStep.name.link')}
          </ExternalLink>
        </GuideItem>
        <GuideItem n={2} title={t('formation.stepByStep.site.title')} body={t('formation.stepByStep.site.body')}>
          <ExternalLink href={EXTERNAL_LINKS.affiliateFormation} variant="primary">
            {t('formation.stepByStep.site.link')}
          </ExternalLink>
        </GuideItem>
        <GuideItem n={3} title={t('formation.stepByStep.form.title')} body={t('formation.stepByStep.form.body')} />
        <GuideItem
          n={4}
          title={t('formation.stepByStep.wait.title')}
          body={t('formation.stepByStep.wait.body', {
            duration: fmt.timing('formation'),
            wyoming: fmt.timing('formationWyoming'),
          })}
        />
      </ol>
      <div>
        <h3 className="mb-3 font-semibold text-slate-900">{t('formation.stepByStep.videoTitle')}</h3>
        <VideoEmbed src={EXTERNAL_LINKS.videos.formation} title={t('formation.stepByStep.videoTitle')} />
      </div>
    </WizardStep>
  );
}

function NextStepEin({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const items = ['apply', 'ss4', 'irs'] as const;
  return (
    <WizardStep title={t('formation.nextStep.title')} description={t('formation.nextStep.intro')} focusOnMount={focus}>
      <ol className="space-y-4">
        {items.map((key, i) => (
          <GuideItem
            key={key}
            n={i + 1}
            title={t(`formation.nextStep.${key}.title`)}
            body={t(`formation.nextStep.${key}.body`, { duration: fmt.timing('ein') })}
          />
        ))}
      </ol>
      <Alert tone="info">{t('formation.nextStep.free')}</Alert>
    </WizardStep>
  );
}

function GuideItem({ n, title, body, children }: { n: number; title: string; body: string; children?: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
        {n}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-700">{body}</p>
        {children ? <div className="mt-3">{children}</div> : null}
      </div>
    </li>
  );
}
