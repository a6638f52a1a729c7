import { FileText } from 'lucide-react';
import { useState } from 'react';
import { type Path, type PathValue, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isUsState } from '../../../../shared/catalogue/states';
import {
  einCompanyStepSchema,
  einOwnershipStepSchema,
  einReviewStepSchema,
} from '../../../../shared/features/ein/ein.schemas';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFocusField } from '../../../lib/focusField';
import { formationChanged, formationQuery } from '../../../lib/formation';
import { queryClient } from '../../../lib/queryClient';
import { cachedMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { errorMessages, replaceErrors, schemaErrors, useOneAtATime } from '../../../lib/wizardForm';
import { submitEinApplication } from '../api/ein';
import {
  buildEinFormData,
  companyStepInput,
  EIN_STEPS,
  type EinFileField,
  type EinFiles,
  type EinValues,
  firstStepOf,
  missingFiles,
  orderedFields,
  ownershipStepInput,
} from '../lib/application';
import { CompanyStep } from '../steps/CompanyStep';
import { DocumentsStep } from '../steps/DocumentsStep';
import { InfoStep } from '../steps/InfoStep';
import { OwnershipStep } from '../steps/OwnershipStep';
import { ReviewStep } from '../steps/ReviewStep';

type Errors = Record<string, string>;

const DOCUMENTS_STEP = EIN_STEPS.indexOf('documents');
const DOCUMENTS_TOAST = 'ein-documents-missing';

/** Prefilled from what we already know: the account's email, the formation's name and state. */
function initialValues(): EinValues {
  const formation = queryClient.getQueryData(formationQuery.queryKey)?.formation;
  const state = formation?.stateSelected;
  return {
    businessName: formation?.businessName ?? '',
    email: cachedMe()?.user.email ?? '',
    state: isUsState(state) ? state : '',
    businessActivity: '',
    otherActivity: '',
    responsiblePartyName: '',
    responsiblePartyPhone: '',
    noSsn: false,
    responsiblePartySsn: '',
    terms: false,
  };
}

/** What one step's shared schema says of the values, or nothing for a step without one. */
function stepSchemaErrors(index: number, values: EinValues): Promise<{ errors: Errors }> | null {
  switch (EIN_STEPS[index]) {
    case 'company':
      return schemaErrors(einCompanyStepSchema, companyStepInput(values));
    case 'ownership':
      return schemaErrors(einOwnershipStepSchema, ownershipStepInput(values));
    case 'review':
      return schemaErrors(einReviewStepSchema, { terms: values.terms });
    default:
      return null;
  }
}

/** The failing fields of one step, or null when it may be left. */
async function checkStep(index: number, values: EinValues, files: EinFiles): Promise<Errors | null> {
  const found =
    EIN_STEPS[index] === 'documents' ? missingFiles(files) : (await stepSchemaErrors(index, values))?.errors;
  return found && Object.keys(found).length > 0 ? found : null;
}

/** product.md#ein-wizard "EIN application wizard (5 steps)"; the route loader lets in only a formed company without an application. */
export function EinApplicationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  // The answers and their errors (the files' too); the files themselves stay beside the form.
  const [defaults] = useState(initialValues);
  const form = useForm<EinValues>({ defaultValues: defaults });
  const values = useWatch({ control: form.control }) as EinValues;
  const errors = errorMessages(form.formState.errors);
  const [files, setFiles] = useState<EinFiles>({ articlesOfOrganization: null, registeredAgentInvoice: null });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // After a failed check the first invalid field takes focus, after the step's heading has taken it.
  const focusField = useFocusField();
  const oneAtATime = useOneAtATime();

  function clearErrors(fields: string[]) {
    form.clearErrors(fields as Path<EinValues>[]);
  }

  function set(patch: Partial<EinValues>) {
    for (const [key, value] of Object.entries(patch)) {
      form.setValue(key as Path<EinValues>, value as PathValue<EinValues, Path<EinValues>>);
    }
    const touched = Object.keys(patch);
    // Ticking "no SSN" removes the SSN's error along with the field.
    if ('noSsn' in patch) touched.push('responsiblePartySsn');
    if ('businessActivity' in patch) touched.push('otherActivity');
    clearErrors(touched);
  }

  function setFile(field: EinFileField, file: File | null) {
    const next = { ...files, [field]: file };
    setFiles(next);
    if (file) clearErrors([field]);
    if (Object.values(next).every(Boolean)) toast.dismiss(DOCUMENTS_TOAST);
  }

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  function showErrors(found: Errors, at: number) {
    for (const [name, message] of Object.entries(found)) {
      form.setError(name as Path<EinValues>, { type: 'validate', message });
    }
    if (at !== step) go(at);
    focusField(orderedFields(Object.keys(found))[0]);
    if (EIN_STEPS[at] === 'documents' && Object.values(found).includes('validation.documentsRequired')) {
      toast.error(t('validation.documentsRequired'), { id: DOCUMENTS_TOAST });
    }
  }

  async function submit() {
    // Every step again: a value may have been cleared after its step was passed.
    for (let i = 0; i < EIN_STEPS.length; i++) {
      const found = await checkStep(i, form.getValues(), files);
      if (found) {
        showErrors(found, i);
        return;
      }
    }
    setBusy(true);
    setProgress(0);
    try {
      await submitEinApplication(buildEinFormData(form.getValues(), files), {
        onProgress: (p) => setProgress(p.percent),
      });
      toast.success(t('ein.toast.submitted'));
      void formationChanged();
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setBusy(false);
      setProgress(null);
      onSubmitError(error);
    }
  }

  function onSubmitError(error: unknown) {
    if (isApiError(error, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
      return;
    }
    // Someone else moved the record on (another tab, an admin): the dashboard shows where it stands.
    if (isApiError(error, 'EIN_APPLICATION_EXISTS') || isApiError(error, 'FORMATION_NOT_COMPLETED')) {
      toast.error(errorMessage(error, 'ein.toast.submitFailed', t));
      void formationChanged();
      navigate('/dashboard', { replace: true });
      return;
    }
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      const fields = replaceErrors(form, error.fields);
      const at = firstStepOf(fields) ?? step;
      if (at !== step) go(at);
      focusField(orderedFields(fields)[0]);
      toast.error(errorMessage(error, 'ein.toast.submitFailed', t));
      return;
    }
    // A file refused without naming it (a size limit in front of the API, say): back to the files.
    if (isApiError(error) && (error.status === 413 || error.status === 415)) {
      go(DOCUMENTS_STEP);
      toast.error(t(error.status === 413 ? 'errors.FILE_TOO_LARGE' : 'errors.UNSUPPORTED_FILE_TYPE'));
      return;
    }
    // No answer at all: the documents, most of the request's bytes, did not get through (product.md#error-catalogue).
    if (isApiError(error) && error.status === 0) {
      toast.error(t('ein.toast.uploadFailed'));
      return;
    }
    // An answer that is not the portal's (a proxy's error page) or a failure in the page itself: we do
    // not know what happened, so the spec's generic 'An error occurred'.
    if (!isApiError(error) || !error.fromApi) {
      toast.error(t('ein.toast.unexpected'));
      return;
    }
    const clientError = error.status >= 400 && error.status < 500;
    toast.error(clientError ? errorMessage(error, 'ein.toast.submitFailed', t) : t('ein.toast.submitFailed'));
  }

  async function onNext() {
    if (busy) return;
    if (step === EIN_STEPS.length - 1) {
      await submit();
      return;
    }
    const found = await checkStep(step, form.getValues(), files);
    if (found) {
      showErrors(found, step);
      return;
    }
    go(step + 1);
  }

  const isLast = step === EIN_STEPS.length - 1;
  const key = EIN_STEPS[step];

  return (
    <PageWrapper icon={FileText} title={t('ein.title')} subtitle={t('ein.subtitle')}>
      <Stepper steps={EIN_STEPS.map((s) => t(`ein.steps.${s}`))} current={step} label={t('ein.steps.label')} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void oneAtATime(onNext);
        }}
      >
        {key === 'info' ? <InfoStep focus={moved} /> : null}
        {key === 'company' ? <CompanyStep focus={moved} values={values} errors={errors} set={set} /> : null}
        {key === 'ownership' ? <OwnershipStep focus={moved} values={values} errors={errors} set={set} /> : null}
        {key === 'documents' ? <DocumentsStep focus={moved} files={files} errors={errors} setFile={setFile} /> : null}
        {key === 'review' ? (
          <ReviewStep focus={moved} values={values} files={files} errors={errors} set={set} goTo={go} />
        ) : null}
        {/* The submit carries both documents (up to 10 MB): on a slow link it must show it is moving. */}
        {isLast && progress !== null ? <UploadProgress percent={progress} testId="ein-submit-progress" /> : null}
        <WizardNav
          isFirst={step === 0}
          onBack={() => go(step - 1)}
          nextType="submit"
          nextLabel={isLast ? t('ein.submit') : undefined}
          loading={busy}
        />
      </form>
    </PageWrapper>
  );
}
