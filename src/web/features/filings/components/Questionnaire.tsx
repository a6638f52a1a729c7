import { useState } from 'react';
import { type FieldPath, get, useForm } from 'react-hook-form';
import { findComplianceRule } from '../../../../shared/catalogue/compliance';
import type { FilingView } from '../../../../shared/features/filings/filings.contracts';
import { checkFilingAnswers, type FilingDraftInput } from '../../../../shared/features/filings/filings.schemas';
import { TRANSACTION_CATEGORIES, type TransactionCategory } from '../../../../shared/features/filings/form-5472.domain';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { TextareaField } from '../../../components/ui/Textarea';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { replaceErrors } from '../../../lib/wizardForm';
import { saveFilingDraft, sendFilingAnswers } from '../api/filings';

type Company = NonNullable<FilingDraftInput['company']>;
type Owner = NonNullable<FilingDraftInput['owner']>;

const COMPANY_FIELDS: (keyof Company)[] = [
  'name',
  'ein',
  'street',
  'city',
  'stateZip',
  'country',
  'formedOn',
  'state',
  'activity',
  'activityCode',
];
const OWNER_FIELDS: { key: keyof Owner; label: string }[] = [
  { key: 'name', label: 'ownerName' },
  { key: 'street', label: 'ownerStreet' },
  { key: 'city', label: 'ownerCity' },
  { key: 'postalCode', label: 'postalCode' },
  { key: 'country', label: 'ownerCountry' },
  { key: 'citizenship', label: 'citizenship' },
  { key: 'taxResidence', label: 'taxResidence' },
  { key: 'foreignTaxId', label: 'foreignTaxId' },
  { key: 'usTaxId', label: 'usTaxId' },
];

/** An incomplete form carries the same penalty as a missing one (the catalogue's figure, never typed). */
const FORM_5472_PENALTY = findComplianceRule('federal_form_5472').penalty?.amountCents ?? 0;

const toDollars = (cents: number | undefined) => (cents === undefined ? '' : String(Math.round(cents / 100)));
/** Whole dollars typed ("1.250", "1,250" or "1250") to cents; '' is left out, anything else is kept as NaN for the check. */
function toCents(value: string): number | undefined {
  const cleaned = value.replace(/[\s.,$]/g, '');
  if (cleaned === '') return undefined;
  return /^\d+$/.test(cleaned) ? Number(cleaned) * 100 : Number.NaN;
}

type Choice = 'some' | 'none';

/** What the inputs hold: text as typed (amounts in whole dollars), "no transactions" as the radio's value. */
interface QuestionnaireValues {
  company: Record<keyof Company, string>;
  owner: Omit<Record<keyof Owner, string>, 'usTaxIdRemove'> & { usTaxIdRemove: boolean };
  transactions: { none: Choice | null; amounts: Record<TransactionCategory, string>; otherDescription: string };
}

function initialValues(filing: FilingView): QuestionnaireValues {
  const initial = (filing.answers ?? {}) as FilingDraftInput;
  const none = initial.transactions?.none;
  return {
    company: {
      ...(Object.fromEntries(COMPANY_FIELDS.map((key) => [key, initial.company?.[key] ?? ''])) as Record<
        keyof Company,
        string
      >),
      totalAssetsCents: toDollars(initial.company?.totalAssetsCents),
    },
    owner: {
      ...(Object.fromEntries(OWNER_FIELDS.map(({ key }) => [key, initial.owner?.[key] ?? ''])) as Record<
        keyof Owner,
        string
      >),
      usTaxIdRemove: initial.owner?.usTaxIdRemove ?? false,
    },
    transactions: {
      none: none === true ? 'none' : none === false ? 'some' : null,
      amounts: Object.fromEntries(
        TRANSACTION_CATEGORIES.map((c) => [c, toDollars(initial.transactions?.amounts?.[c])]),
      ) as Record<TransactionCategory, string>,
      otherDescription: initial.transactions?.otherDescription ?? '',
    },
  };
}

/** The draft the API takes, from the inputs. */
function toDraft(values: QuestionnaireValues): FilingDraftInput {
  const { company, owner, transactions } = values;
  const none = transactions.none === null ? null : transactions.none === 'none';
  const cents = Object.fromEntries(
    TRANSACTION_CATEGORIES.flatMap((c) => {
      const value = toCents(transactions.amounts[c]);
      return value === undefined ? [] : [[c, value]];
    }),
  );
  const { usTaxId, foreignTaxId, usTaxIdRemove, ...rest } = owner;
  return {
    company: { ...company, totalAssetsCents: toCents(company.totalAssetsCents) },
    // The tax numbers are sent only when typed: an empty field keeps the stored one (decision 0058).
    owner: {
      ...rest,
      ...(usTaxId ? { usTaxId } : {}),
      ...(foreignTaxId ? { foreignTaxId } : {}),
      ...(usTaxIdRemove ? { usTaxIdRemove } : {}),
    },
    transactions: { none, amounts: none ? {} : cents, otherDescription: transactions.otherDescription },
  };
}

/**
 * The yearly questionnaire (decision 0051): the company, the owner and the year's transactions by the
 * form's categories, each explained with an example. "No transactions" is a choice the customer
 * makes, never a default. Drafts are kept on the server; sending checks every field with the shared
 * check first (checkFilingAnswers, the server's) and the server again. Its messages show on send and
 * go when their field changes, as the wizards' (decision 0038).
 */
export function Questionnaire({ filing, onChange }: { filing: FilingView; onChange: (filing: FilingView) => void }) {
  const { t } = useTranslation();
  const { usd } = useFormat();
  const form = useForm<QuestionnaireValues>({ defaultValues: initialValues(filing) });
  const {
    register,
    getValues,
    setValue,
    setFocus,
    clearErrors,
    watch,
    formState: { errors },
  } = form;
  const none = watch('transactions.none');
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const year = filing.taxYear;
  // The SSN or ITIN is kept encrypted and never sent back: only its last four show (decision 0058).
  const usTaxIdHint = filing.usTaxIdLast4
    ? t('filings.form.fields.usTaxIdSaved', { last4: filing.usTaxIdLast4 })
    : t('filings.form.fields.usTaxIdHint');
  // The foreign tax number (T.C. kimlik numarası) likewise (decision 0077).
  const foreignTaxIdHint = filing.foreignTaxIdLast4
    ? t('filings.form.fields.usTaxIdSaved', { last4: filing.foreignTaxIdLast4 })
    : undefined;

  /** After a save the numbers typed are on the server; the fields empty and the remove box resets. */
  function saved(next: FilingView) {
    setValue('owner.usTaxId', '');
    setValue('owner.foreignTaxId', '');
    setValue('owner.usTaxIdRemove', false);
    onChange(next);
  }

  /** The draft as the send check sees it: a foreign tax number kept on the server counts as given. */
  function checkedDraft(): FilingDraftInput {
    const current = toDraft(getValues());
    if (!filing.foreignTaxIdLast4 || current.owner?.foreignTaxId?.trim()) return current;
    return { ...current, owner: { ...current.owner, foreignTaxId: `kept-${filing.foreignTaxIdLast4}` } };
  }

  /** The API's field messages on their inputs, the first focused. */
  function showErrors(fields: Record<string, string>) {
    const [first] = replaceErrors(form, fields);
    if (first) setFocus(first as FieldPath<QuestionnaireValues>);
  }

  async function save() {
    setBusy('save');
    try {
      saved((await saveFilingDraft(filing.id, toDraft(getValues()))).filing);
      toast.success(t('filings.form.saved'));
    } catch (err) {
      if (isApiError(err, 'VALIDATION_FAILED') && err.fields) showErrors(err.fields);
      failureToast(err, 'filings.form.saveFailed', t);
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    const checked = checkFilingAnswers(checkedDraft(), year);
    if (!checked.ok) {
      showErrors(checked.fields);
      toast.error(t('filings.form.sendFailed'));
      return;
    }
    clearErrors();
    setBusy('send');
    try {
      saved((await sendFilingAnswers(filing.id, toDraft(getValues()))).filing);
      toast.success(t('filings.form.sent'));
    } catch (err) {
      if (isApiError(err, 'VALIDATION_FAILED') && err.fields) showErrors(err.fields);
      failureToast(err, 'filings.form.sendFailed', t);
    } finally {
      setBusy(null);
    }
  }

  const error = (key: string): string | undefined => (get(errors, key) as { message?: string } | undefined)?.message;
  /** A field edited after a refused send loses its message; the next send checks it again. */
  const field = (name: FieldPath<QuestionnaireValues>, alsoClears: FieldPath<QuestionnaireValues>[] = []) =>
    register(name, { onChange: () => clearErrors([name, ...alsoClears]) });

  return (
    <form
      className="space-y-8"
      data-testid="filing-questionnaire"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t('filings.form.company')}</legend>
        <p className="text-sm text-slate-600">{t('filings.form.companyHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {COMPANY_FIELDS.map((key) => (
            <TextField
              key={key}
              label={t(`filings.form.fields.${key}`)}
              type={key === 'formedOn' ? 'date' : 'text'}
              inputMode={key === 'activityCode' ? 'numeric' : undefined}
              hint={key === 'activityCode' ? t('filings.form.fields.activityCodeHint') : undefined}
              error={error(`company.${key}`)}
              {...field(`company.${key}`)}
            />
          ))}
          <TextField
            label={t('filings.form.fields.totalAssets', { year })}
            inputMode="numeric"
            error={error('company.totalAssetsCents')}
            {...field('company.totalAssetsCents')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t('filings.form.owner')}</legend>
        <p className="text-sm text-slate-600">{t('filings.form.ownerHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {OWNER_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={t(`filings.form.fields.${label}`)}
              autoComplete={key === 'usTaxId' || key === 'foreignTaxId' ? 'off' : undefined}
              hint={key === 'usTaxId' ? usTaxIdHint : key === 'foreignTaxId' ? foreignTaxIdHint : undefined}
              error={error(`owner.${key}`)}
              {...field(`owner.${key}`)}
            />
          ))}
        </div>
        {filing.usTaxIdLast4 ? (
          <Checkbox label={t('filings.form.fields.usTaxIdRemove')} {...register('owner.usTaxIdRemove')} />
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t('filings.form.transactions', { year })}</legend>
        <p className="text-sm text-slate-600">{t('filings.form.transactionsHint')}</p>
        <div
          role="radiogroup"
          aria-labelledby="filing-none-legend"
          aria-invalid={error('transactions.none') ? true : undefined}
          className="space-y-2 rounded-xl border border-slate-200 p-4"
        >
          <p id="filing-none-legend" className="font-medium text-slate-900">
            {t('filings.form.none.legend', { year })}
          </p>
          {(['some', 'none'] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" value={choice} className="mt-1" {...field('transactions.none')} />
              <span>{t(`filings.form.none.${choice}`, { year, penalty: usd(FORM_5472_PENALTY) })}</span>
            </label>
          ))}
          {error('transactions.none') ? (
            <p className="text-sm text-red-700" role="alert">
              {t(error('transactions.none') ?? '')}
            </p>
          ) : null}
        </div>
        {none === 'some' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {TRANSACTION_CATEGORIES.map((c) => (
              <TextField
                key={c}
                label={t(`filings.form.categories.${c}.label`)}
                hint={t(`filings.form.categories.${c}.example`)}
                inputMode="numeric"
                error={error(`transactions.amounts.${c}`)}
                {...field(`transactions.amounts.${c}`, ['transactions.none'])}
              />
            ))}
            <div className="sm:col-span-2">
              <TextareaField
                label={t('filings.form.fields.otherDescription')}
                rows={3}
                error={error('transactions.otherDescription')}
                {...field('transactions.otherDescription')}
              />
            </div>
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={() => void save()} disabled={busy !== null}>
          {t('filings.form.save')}
        </Button>
        <Button type="submit" disabled={busy !== null}>
          {t('filings.form.send')}
        </Button>
      </div>
    </form>
  );
}
