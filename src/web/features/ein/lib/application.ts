import type { BusinessActivity } from '../../../../shared/catalogue/packages';
import { maskSsn } from '../../../../shared/features/ein/ein.domain';
import { EIN_APPLICATION_FILES, normaliseSsn } from '../../../../shared/features/ein/ein.schemas';

/*
 * The EIN wizard's pure rules: which step owns a field, what the review shows of the SSN and what
 * the multipart request carries. No React here, so the unit tests can run them as they are.
 */

export type EinFileField = (typeof EIN_APPLICATION_FILES)[number];

/** What the user typed, kept as strings while they move between steps. */
export interface EinValues {
  businessName: string;
  email: string;
  state: string;
  businessActivity: BusinessActivity | '';
  otherActivity: string;
  responsiblePartyName: string;
  responsiblePartyPhone: string;
  noSsn: boolean;
  responsiblePartySsn: string;
  terms: boolean;
}

export type EinFiles = Record<EinFileField, File | null>;

/** The wizard's steps, in order (product.md#documents): zero-based indexes below. */
export const EIN_STEPS = ['info', 'company', 'ownership', 'documents', 'review'] as const;
export type EinStepKey = (typeof EIN_STEPS)[number];

const FIELD_STEP: Record<string, EinStepKey> = {
  businessName: 'company',
  email: 'company',
  state: 'company',
  businessActivity: 'company',
  otherActivity: 'company',
  responsiblePartyName: 'ownership',
  responsiblePartyPhone: 'ownership',
  noSsn: 'ownership',
  responsiblePartySsn: 'ownership',
  articlesOfOrganization: 'documents',
  registeredAgentInvoice: 'documents',
  terms: 'review',
};

/** The step (zero-based) where a field is entered; unknown fields stay on the review step. */
export function stepOfField(field: string): number {
  return EIN_STEPS.indexOf(FIELD_STEP[field] ?? 'review');
}

/** The earliest step among failing fields, to send the user back to the first thing to fix. */
export function firstStepOf(fields: Iterable<string>): number | null {
  let first: number | null = null;
  for (const field of fields) {
    const step = stepOfField(field);
    if (first === null || step < first) first = step;
  }
  return first;
}

/** The failing fields in the order the form shows them, so focus lands on the first one. */
export function orderedFields(fields: Iterable<string>): string[] {
  const order = Object.keys(FIELD_STEP);
  return [...fields].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib);
  });
}

/** The SSN as the review shows it: '***-**-6789', or null when there is none to show. */
export function maskedSsn(value: string): string | null {
  const digits = normaliseSsn(value.trim());
  if (digits.length < 4) return null;
  return maskSsn(digits.slice(-4));
}

/** The values the step schemas check (the SSN only counts when the no-SSN box is clear). */
export function companyStepInput(v: EinValues) {
  return {
    businessName: v.businessName,
    email: v.email,
    state: v.state,
    businessActivity: v.businessActivity || undefined,
    otherActivity: v.businessActivity === 'Other' ? v.otherActivity : null,
  };
}

export function ownershipStepInput(v: EinValues) {
  return {
    responsiblePartyName: v.responsiblePartyName,
    responsiblePartyPhone: v.responsiblePartyPhone,
    noSsn: v.noSsn,
    responsiblePartySsn: v.noSsn ? null : v.responsiblePartySsn,
  };
}

/** Required files not chosen yet, as field → i18n key. */
export function missingFiles(files: EinFiles): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of EIN_APPLICATION_FILES) {
    if (!files[field]) out[field] = 'validation.documentsRequired';
  }
  return out;
}

/**
 * POST /api/ein-applications as multipart/form-data: every text field trimmed, the booleans as
 * 'true'/'false', and the two files. The "other" activity goes only with 'Other', the SSN only
 * without the no-SSN box, so that text typed and then abandoned is never sent.
 */
export function buildEinFormData(v: EinValues, files: EinFiles): FormData {
  const data = new FormData();
  data.append('businessName', v.businessName.trim());
  data.append('email', v.email.trim());
  data.append('state', v.state);
  data.append('businessActivity', v.businessActivity);
  if (v.businessActivity === 'Other') data.append('otherActivity', v.otherActivity.trim());
  data.append('responsiblePartyName', v.responsiblePartyName.trim());
  data.append('responsiblePartyPhone', v.responsiblePartyPhone.trim());
  data.append('noSsn', v.noSsn ? 'true' : 'false');
  if (!v.noSsn) data.append('responsiblePartySsn', v.responsiblePartySsn.trim());
  data.append('terms', v.terms ? 'true' : 'false');
  for (const field of EIN_APPLICATION_FILES) {
    const file = files[field];
    if (file) data.append(field, file, file.name);
  }
  return data;
}
