import { useState } from 'react';
import { findComplianceRule } from '../../../../shared/catalogue/compliance';
import type { FilingView } from '../../../../shared/contracts/filings';
import { TRANSACTION_CATEGORIES, type TransactionCategory } from '../../../../shared/domain/form-5472';
import { checkFilingAnswers, type FilingDraftInput } from '../../../../shared/schemas/filings';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { TextareaField } from '../../../components/ui/Textarea';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
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

/**
 * The yearly questionnaire (decision 0051): the company, the owner and the year's transactions by the
 * form's categories, each explained with an example. "No transactions" is a choice the customer
 * makes, never a default. Drafts are kept on the server; sending checks every field with the shared
 * schema first and the server again.
 */
export function Questionnaire({ filing, onChange }: { filing: FilingView; onChange: (filing: FilingView) => void }) {
  const { t } = useTranslation();
  const { usd } = useFormat();
  const initial = (filing.answers ?? {}) as FilingDraftInput;
  const [company, setCompany] = useState<Company>(initial.company ?? {});
  const [owner, setOwner] = useState<Owner>(initial.owner ?? {});
  const [none, setNone] = useState<boolean | null>(initial.transactions?.none ?? null);
  const [assets, setAssets] = useState(toDollars(initial.company?.totalAssetsCents));
  const [amounts, setAmounts] = useState<Record<TransactionCategory, string>>(
    () =>
      Object.fromEntries(
        TRANSACTION_CATEGORIES.map((c) => [c, toDollars(initial.transactions?.amounts?.[c])]),
      ) as Record<TransactionCategory, string>,
  );
  const [otherDescription, setOtherDescription] = useState(initial.transactions?.otherDescription ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    setOwner(({ usTaxId: _number, usTaxIdRemove: _remove, foreignTaxId: _foreign, ...rest }) => rest);
    onChange(next);
  }

  /** The draft as the send check sees it: a foreign tax number kept on the server counts as given. */
  function checkedDraft(): FilingDraftInput {
    const current = draft();
    if (!filing.foreignTaxIdLast4 || current.owner?.foreignTaxId?.trim()) return current;
    return { ...current, owner: { ...current.owner, foreignTaxId: `kept-${filing.foreignTaxIdLast4}` } };
  }

  function draft(): FilingDraftInput {
    const cents = Object.fromEntries(
      TRANSACTION_CATEGORIES.flatMap((c) => {
        const value = toCents(amounts[c]);
        return value === undefined ? [] : [[c, value]];
      }),
    );
    return {
      company: { ...company, totalAssetsCents: toCents(assets) },
      owner,
      transactions: { none, amounts: none ? {} : cents, otherDescription },
    };
  }

  async function save() {
    setBusy('save');
    try {
      saved((await saveFilingDraft(filing.id, draft())).filing);
      toast.success(t('filings.form.saved'));
    } catch (err) {
      if (isApiError(err, 'VALIDATION_FAILED') && err.fields) setErrors(err.fields);
      failureToast(err, 'filings.form.saveFailed', t);
    } finally {
      setBusy(null);
    }
  }

  async function send() {
    const checked = checkFilingAnswers(checkedDraft(), year);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(t('filings.form.sendFailed'));
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setBusy('send');
    try {
      saved((await sendFilingAnswers(filing.id, draft())).filing);
      toast.success(t('filings.form.sent'));
    } catch (err) {
      if (isApiError(err, 'VALIDATION_FAILED') && err.fields) setErrors(err.fields);
      failureToast(err, 'filings.form.sendFailed', t);
    } finally {
      setBusy(null);
    }
  }

  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  /** A field edited after a refused send loses its message; the next send checks it again. */
  const clear = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

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
              name={`company.${key}`}
              label={t(`filings.form.fields.${key}`)}
              type={key === 'formedOn' ? 'date' : 'text'}
              inputMode={key === 'activityCode' ? 'numeric' : undefined}
              hint={key === 'activityCode' ? t('filings.form.fields.activityCodeHint') : undefined}
              value={(company[key] as string | undefined) ?? ''}
              onChange={(e) => {
                setCompany({ ...company, [key]: e.target.value });
                clear(`company.${key}`);
              }}
              error={error(`company.${key}`)}
            />
          ))}
          <TextField
            name="company.totalAssetsCents"
            label={t('filings.form.fields.totalAssets', { year })}
            inputMode="numeric"
            value={assets}
            onChange={(e) => {
              setAssets(e.target.value);
              clear('company.totalAssetsCents');
            }}
            error={error('company.totalAssetsCents')}
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
              name={`owner.${key}`}
              label={t(`filings.form.fields.${label}`)}
              autoComplete={key === 'usTaxId' || key === 'foreignTaxId' ? 'off' : undefined}
              hint={key === 'usTaxId' ? usTaxIdHint : key === 'foreignTaxId' ? foreignTaxIdHint : undefined}
              value={(owner[key] as string | undefined) ?? ''}
              onChange={(e) => {
                setOwner({ ...owner, [key]: e.target.value });
                clear(`owner.${key}`);
              }}
              error={error(`owner.${key}`)}
            />
          ))}
        </div>
        {filing.usTaxIdLast4 ? (
          <Checkbox
            name="owner.usTaxIdRemove"
            label={t('filings.form.fields.usTaxIdRemove')}
            checked={owner.usTaxIdRemove ?? false}
            onChange={(e) => setOwner({ ...owner, usTaxIdRemove: e.target.checked })}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t('filings.form.transactions', { year })}</legend>
        <p className="text-sm text-slate-600">{t('filings.form.transactionsHint')}</p>
        <div
          role="radiogroup"
          aria-labelledby="filing-none-legend"
          aria-invalid={errors['transactions.none'] ? true : undefined}
          className="space-y-2 rounded-xl border border-slate-200 p-4"
        >
          <p id="filing-none-legend" className="font-medium text-slate-900">
            {t('filings.form.none.legend', { year })}
          </p>
          {(['some', 'none'] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="transactions.none"
                value={choice}
                className="mt-1"
                checked={none === (choice === 'none')}
                onChange={() => {
                  setNone(choice === 'none');
                  clear('transactions.none');
                }}
              />
              <span>{t(`filings.form.none.${choice}`, { year, penalty: usd(FORM_5472_PENALTY) })}</span>
            </label>
          ))}
          {errors['transactions.none'] ? (
            <p className="text-sm text-red-700" role="alert">
              {t(errors['transactions.none'])}
            </p>
          ) : null}
        </div>
        {none === false ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {TRANSACTION_CATEGORIES.map((c) => (
              <TextField
                key={c}
                name={`transactions.amounts.${c}`}
                label={t(`filings.form.categories.${c}.label`)}
                hint={t(`filings.form.categories.${c}.example`)}
                inputMode="numeric"
                value={amounts[c]}
                onChange={(e) => {
                  setAmounts({ ...amounts, [c]: e.target.value });
                  clear(`transactions.amounts.${c}`);
                  clear('transactions.none');
                }}
                error={error(`transactions.amounts.${c}`)}
              />
            ))}
            <div className="sm:col-span-2">
              <TextareaField
                name="transactions.otherDescription"
                label={t('filings.form.fields.otherDescription')}
                value={otherDescription}
                rows={3}
                onChange={(e) => setOtherDescription(e.target.value)}
                error={error('transactions.otherDescription')}
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
