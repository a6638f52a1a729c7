import type { BusinessActivity } from '../../../shared/catalogue/packages';

/**
 * IRS Form SS-4 (Application for Employer Identification Number), line by line: what this portal
 * answers on each line and which AcroForm field of the official fillable PDF (irs.gov/pub/irs-pdf/fss4.pdf)
 * carries it. Everything the generator and the data sheet know about the form lives in this file.
 *
 * Written for the revision below. The field names follow the official fillable PDF's XFA-derived
 * naming (`topmostSubform[0].Page1[0].f1_NN[0]` for text, `c1_N[i]` for check boxes). They were
 * collected from several independent SS-4 fillers, which agree on them; they were NOT read from the
 * file itself here (the form is not shipped with the portal), so a few of them — 9b's f1_21, 10's
 * c1_4[0]/f1_25, 16's c1_6 indices — are the least certain. The generator never trusts this list
 * blindly: before filling, it checks that the operator's template names this revision and has every
 * field below with the expected type, and refuses otherwise (ss4-template.service.ts).
 */
export const SS4_FORM_REVISION = {
  /** As printed on the form. */
  label: 'Rev. December 2023',
  /** Looked for in the template's title, subject, keywords or XMP metadata. */
  marker: /December\s+2023/i,
  /** Where the operator gets the form. */
  source: 'https://www.irs.gov/pub/irs-pdf/fss4.pdf',
} as const;

const P = 'topmostSubform[0].Page1[0]';

export type Ss4FieldType = 'text' | 'checkbox';

/**
 * One line (or part of a line) of the form. A text line writes its answer into `field`; a choice line
 * checks the box its answer names in `choices` (an answer with no box, such as 14 "No", checks none).
 */
export type Ss4LineSpec =
  | { line: string; label: string; kind: 'text'; field: string }
  | { line: string; label: string; kind: 'choice'; choices: Record<string, string> };

export const SS4_LINES = [
  { line: '1', label: 'Legal name of entity', kind: 'text', field: `${P}.f1_2[0]` },
  { line: '2', label: 'Trade name of business', kind: 'text', field: `${P}.f1_3[0]` },
  { line: '3', label: 'Executor, administrator, trustee, "care of" name', kind: 'text', field: `${P}.f1_4[0]` },
  {
    line: '4a',
    label: 'Mailing address (room, apt., suite no. and street, or P.O. box)',
    kind: 'text',
    field: `${P}.Line4ReadOrder[0].f1_5[0]`,
  },
  {
    line: '4b',
    label: 'City, state, and ZIP code (mailing address)',
    kind: 'text',
    field: `${P}.Line4ReadOrder[0].f1_6[0]`,
  },
  { line: '5a', label: 'Street address (if different)', kind: 'text', field: `${P}.f1_7[0]` },
  { line: '5b', label: 'City, state, and ZIP code (street address)', kind: 'text', field: `${P}.f1_8[0]` },
  { line: '6', label: 'County and state where principal business is located', kind: 'text', field: `${P}.f1_9[0]` },
  { line: '7a', label: 'Name of responsible party', kind: 'text', field: `${P}.f1_10[0]` },
  { line: '7b', label: 'SSN, ITIN, or EIN', kind: 'text', field: `${P}.f1_11[0]` },
  {
    line: '8a',
    label: 'Is this application for a limited liability company (LLC)?',
    kind: 'choice',
    choices: { Yes: `${P}.c1_1[0]`, No: `${P}.c1_1[1]` },
  },
  { line: '8b', label: 'If 8a is "Yes," enter the number of LLC members', kind: 'text', field: `${P}.f1_12[0]` },
  {
    line: '8c',
    label: 'If 8a is "Yes," was the LLC organized in the United States?',
    kind: 'choice',
    choices: { Yes: `${P}.c1_2[0]`, No: `${P}.c1_2[1]` },
  },
  { line: '9a', label: 'Type of entity', kind: 'choice', choices: { Other: `${P}.c1_3[15]` } },
  { line: '9a-other', label: 'Type of entity: Other (specify)', kind: 'text', field: `${P}.f1_19[0]` },
  { line: '9b', label: 'State where incorporated / organized', kind: 'text', field: `${P}.f1_21[0]` },
  { line: '10', label: 'Reason for applying', kind: 'choice', choices: { 'Started new business': `${P}.c1_4[0]` } },
  { line: '10-type', label: 'Started new business (specify type)', kind: 'text', field: `${P}.f1_25[0]` },
  { line: '11', label: 'Date business started or acquired (month, day, year)', kind: 'text', field: `${P}.f1_31[0]` },
  { line: '12', label: 'Closing month of accounting year', kind: 'text', field: `${P}.f1_32[0]` },
  {
    line: '13-agricultural',
    label: 'Highest number of employees expected: Agricultural',
    kind: 'text',
    field: `${P}.f1_33[0]`,
  },
  {
    line: '13-household',
    label: 'Highest number of employees expected: Household',
    kind: 'text',
    field: `${P}.f1_34[0]`,
  },
  { line: '13-other', label: 'Highest number of employees expected: Other', kind: 'text', field: `${P}.f1_35[0]` },
  {
    line: '14',
    label: 'Employment tax liability $1,000 or less; file Form 944 annually',
    kind: 'choice',
    choices: { Yes: `${P}.c1_5[0]` },
  },
  { line: '15', label: 'First date wages or annuities were paid', kind: 'text', field: `${P}.f1_36[0]` },
  {
    line: '16',
    label: 'Principal activity of the business',
    kind: 'choice',
    choices: { Retail: `${P}.c1_6[7]`, Other: `${P}.c1_6[11]` },
  },
  { line: '16-other', label: 'Principal activity: Other (specify)', kind: 'text', field: `${P}.f1_37[0]` },
  {
    line: '17',
    label: 'Principal line of merchandise sold, construction work done, products produced, or services provided',
    kind: 'text',
    field: `${P}.f1_38[0]`,
  },
  {
    line: '18',
    label: 'Has the applicant entity shown on line 1 ever applied for and received an EIN?',
    kind: 'choice',
    choices: { Yes: `${P}.c1_7[0]`, No: `${P}.c1_7[1]` },
  },
  { line: 'designee-name', label: "Third party designee: designee's name", kind: 'text', field: `${P}.f1_40[0]` },
  {
    line: 'designee-phone',
    label: "Third party designee: designee's telephone number",
    kind: 'text',
    field: `${P}.f1_41[0]`,
  },
  {
    line: 'designee-address',
    label: 'Third party designee: address and ZIP code',
    kind: 'text',
    field: `${P}.f1_42[0]`,
  },
  { line: 'designee-fax', label: "Third party designee: designee's fax number", kind: 'text', field: `${P}.f1_43[0]` },
  { line: 'signature-name', label: 'Name and title (type or print clearly)', kind: 'text', field: `${P}.f1_44[0]` },
  { line: 'applicant-phone', label: "Applicant's telephone number", kind: 'text', field: `${P}.f1_45[0]` },
] as const satisfies readonly Ss4LineSpec[];

export type Ss4Line = (typeof SS4_LINES)[number]['line'];
export type Ss4Answers = Record<Ss4Line, string>;

/** Every AcroForm field the mapping fills, with the type the template must give it. */
export function ss4MappedFields(): { name: string; type: Ss4FieldType }[] {
  return (SS4_LINES as readonly Ss4LineSpec[]).flatMap((spec): { name: string; type: Ss4FieldType }[] =>
    spec.kind === 'text'
      ? [{ name: spec.field, type: 'text' }]
      : Object.values(spec.choices).map((name) => ({ name, type: 'checkbox' })),
  );
}

/** What the answers are computed from: the EIN application with its SSN already decrypted. */
export interface Ss4ApplicationFacts {
  businessName: string;
  state: string;
  businessActivity: BusinessActivity | string;
  otherActivity: string | null;
  responsiblePartyName: string;
  responsiblePartyPhone: string;
  /** Clear SSN/ITIN as `123-45-6789`, or null (a foreign applicant). Never logged. */
  responsiblePartySsn: string | null;
}

export interface Ss4FormationFacts {
  /** The state's approval date (`YYYY-MM-DD`), once staff have recorded it. */
  formedOn: string | null;
  stateSelected: string | null;
}

/** How each catalogue activity reads on lines 10, 16 and 17. */
const ACTIVITY_ANSWERS: Record<
  BusinessActivity,
  { type: string; box: 'Retail' | 'Other'; specify: string; line17: string }
> = {
  Ecommerce: { type: 'E-commerce', box: 'Retail', specify: '', line17: 'Online retail sales of consumer goods' },
  'Digital Marketing': {
    type: 'Digital marketing',
    box: 'Other',
    specify: 'Digital marketing services',
    line17: 'Digital marketing services',
  },
  'Software Development': {
    type: 'Software development',
    box: 'Other',
    specify: 'Software development',
    line17: 'Software development services',
  },
  Other: { type: '', box: 'Other', specify: '', line17: '' },
};

function activityAnswers(activity: string, other: string | null) {
  const known = ACTIVITY_ANSWERS[activity as BusinessActivity];
  const described = other?.trim() || '';
  if (!known || activity === 'Other') {
    // "Other" (or a value the catalogue no longer has): the customer's own words on every line.
    const text = described || activity;
    return { type: text, box: 'Other' as const, specify: text, line17: text };
  }
  return known;
}

/** `YYYY-MM-DD` → `MM/DD/YYYY`, as the IRS writes dates. */
export function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * The answer to every line of the SS-4 for a foreign-owned single-member LLC, as plain strings: the
 * data sheet prints them and the generator writes them into the form. A blank answer is a line the
 * portal has no data for (the business address) or that staff fill by hand (the third-party designee).
 *
 * `today` (`YYYY-MM-DD`) stands in for the formation date until staff record it.
 */
export function ss4Answers(
  application: Ss4ApplicationFacts,
  formation: Ss4FormationFacts | null,
  today: string,
): Ss4Answers {
  const activity = activityAnswers(application.businessActivity, application.otherActivity);
  const state = application.state || formation?.stateSelected || '';
  return {
    '1': application.businessName,
    '2': '',
    '3': '',
    // The portal stores no street address: the registered agent's or the rented address is staff's to enter.
    '4a': '',
    '4b': '',
    '5a': '',
    '5b': '',
    // The county is not known either; the state is.
    '6': state,
    '7a': application.responsiblePartyName,
    '7b': application.responsiblePartySsn ?? 'Foreign',
    '8a': 'Yes',
    '8b': '1',
    '8c': 'Yes',
    '9a': 'Other',
    '9a-other': 'Foreign-owned U.S. disregarded entity',
    '9b': state,
    '10': 'Started new business',
    '10-type': activity.type,
    '11': usDate(formation?.formedOn ?? today),
    '12': 'December',
    '13-agricultural': '0',
    '13-household': '0',
    '13-other': '0',
    '14': 'No',
    '15': 'N/A',
    '16': activity.box,
    '16-other': activity.box === 'Other' ? activity.specify : '',
    '17': activity.line17,
    '18': 'No',
    'designee-name': '',
    'designee-phone': '',
    'designee-address': '',
    'designee-fax': '',
    'signature-name': `${application.responsiblePartyName}, Member`,
    'applicant-phone': application.responsiblePartyPhone,
  };
}

/** The answers as AcroForm values: text per text field, and the check boxes to tick. */
export function ss4FieldValues(answers: Ss4Answers): { text: Record<string, string>; checked: string[] } {
  const text: Record<string, string> = {};
  const checked: string[] = [];
  for (const spec of SS4_LINES as readonly Ss4LineSpec[]) {
    const answer = answers[spec.line as Ss4Line];
    if (spec.kind === 'text') text[spec.field] = answer;
    else if (spec.choices[answer]) checked.push(spec.choices[answer]);
  }
  return { text, checked };
}
