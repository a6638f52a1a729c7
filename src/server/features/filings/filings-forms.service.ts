import { readFile, stat } from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { FilingTemplateStatus } from '../../../shared/features/filings/filings.contracts';
import {
  type FilingAnswers,
  FORM_5472_REVISION,
  FORM_LINES,
  type FormId,
  formFieldValues,
} from '../../../shared/features/filings/form-5472.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { loadPdfLibs, unicodeFont } from '../ss4';

/**
 * The prepared forms (decision 0051): the operator's fillable Form 5472 and Form 1120
 * (F5472_TEMPLATE_PATH, F1120_TEMPLATE_PATH) filled from the answers with pdf-lib, the way the SS-4 is;
 * without them, a data sheet with every value in the forms' line order.
 */

/** The portal's field name of each line (form-5472.ts) → the field's name inside the operator's PDF. */
export type FieldNames = Readonly<Record<string, string>>;

type Loaded = { status: FilingTemplateStatus; bytes: Uint8Array | null; fieldNames: FieldNames };

const notReady = (reason: Exclude<FilingTemplateStatus['reason'], null>, missingFields: string[] = []): Loaded => ({
  status: { ready: false, reason, missingFields },
  bytes: null,
  fieldNames: {},
});

const portalNames = (form: FormId): FieldNames => Object.fromEntries(FORM_LINES[form].map((l) => [l.field, l.field]));

/**
 * The field map of F5472_FIELD_MAP_PATH / F1120_FIELD_MAP_PATH: a JSON object from the portal's field
 * names to the PDF's. A name it leaves out keeps the portal's; a key that is not one of the form's
 * fields, or a value that is not a name, makes the map unreadable, so a typo never fills the wrong box.
 */
async function loadFieldNames(form: FormId, mapPath: string | undefined): Promise<FieldNames | null> {
  const names = portalNames(form);
  if (!mapPath) return names;
  let map: unknown;
  try {
    map = JSON.parse(await readFile(mapPath, 'utf8'));
  } catch {
    return null;
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return null;
  const entries = Object.entries(map as Record<string, unknown>);
  const valid = entries.every(([key, value]) => key in names && typeof value === 'string' && value.trim() !== '');
  return valid ? { ...names, ...(Object.fromEntries(entries) as Record<string, string>) } : null;
}

function textFields(lib: typeof import('pdf-lib'), doc: PDFDocument) {
  // An XFA copy of the form would show instead of our values in most viewers: it goes.
  doc.catalog.getAcroForm()?.dict.delete(lib.PDFName.of('XFA'));
  return doc.getForm();
}

/** Reads and checks one template; read afresh on every call, so a changed file counts at once. */
export async function loadFormTemplate(
  form: FormId,
  templatePath: string | undefined,
  fieldMapPath?: string,
): Promise<Loaded> {
  if (!templatePath) return notReady('notConfigured');
  const fieldNames = await loadFieldNames(form, fieldMapPath);
  if (!fieldNames) return notReady('unreadable');
  let bytes: Uint8Array;
  try {
    if (!(await stat(templatePath)).isFile()) return notReady('notFound');
    bytes = await readFile(templatePath);
  } catch {
    return notReady('notFound');
  }
  const { lib } = await loadPdfLibs();
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return notReady('unreadable');
  }
  const fields = textFields(lib, doc);
  const missing = FORM_LINES[form]
    .map((l) => fieldNames[l.field])
    .filter((name) => !(fields.getFieldMaybe(name) instanceof lib.PDFTextField));
  if (missing.length) return notReady('fieldsMissing', missing);
  return { status: { ready: true, reason: null, missingFields: [] }, bytes, fieldNames };
}

export interface FilledForm {
  bytes: Uint8Array;
  /** Every mapped field as it reads after filling, before flattening, by the portal's field name. */
  filled: Record<string, string>;
}

/** Fills a checked template. Flattened by default; `flatten: false` keeps the fields for a test to read. */
export async function fillFormTemplate(
  form: FormId,
  template: Uint8Array,
  answers: FilingAnswers,
  opts: { flatten?: boolean; fieldNames?: FieldNames } = {},
): Promise<FilledForm> {
  const names = opts.fieldNames ?? portalNames(form);
  const { lib, fontkit } = await loadPdfLibs();
  const doc = await lib.PDFDocument.load(template, { ignoreEncryption: true });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await unicodeFont(), { subset: true });
  const fields = textFields(lib, doc);
  const values = formFieldValues(form, answers);
  for (const [name, value] of Object.entries(values)) {
    const field = fields.getTextField(names[name]);
    // A field narrower than the answer takes the whole answer: a number cut short would be wrong.
    field.setMaxLength(undefined);
    field.setText(value || undefined);
  }
  const filled = Object.fromEntries(
    Object.keys(values).map((name) => [name, fields.getTextField(names[name]).getText() ?? '']),
  );
  fields.updateFieldAppearances(font);
  if (opts.flatten !== false) fields.flatten();
  return { bytes: await doc.save(), filled };
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const COLUMNS = { line: MARGIN, label: MARGIN + 50, answer: MARGIN + 300 };

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/**
 * "Form 5472 and pro forma 1120 data sheet": every line of both forms with its value, in the forms'
 * order, for staff who copy them onto the official forms when no template is configured. Line labels
 * stay in the forms' English; the sheet's own words follow `lang`.
 */
export async function renderFilingDataSheet(input: {
  lang: Language;
  answers: FilingAnswers;
  today: string;
}): Promise<Uint8Array> {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(input.lang, `filings.sheet.${key}`, vars);
  const { lib, fontkit } = await loadPdfLibs();
  const MUTED = lib.rgb(0.35, 0.38, 0.45);
  const INK = lib.rgb(0.06, 0.09, 0.16);
  const RULE = lib.rgb(0.85, 0.87, 0.9);
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await unicodeFont(), { subset: true });
  const title = t('title', { business: input.answers.company.name, year: input.answers.taxYear });
  doc.setTitle(title);
  doc.setLanguage(input.lang === 'tr' ? 'tr-TR' : 'en-US');
  doc.setProducer('pdf-lib');

  let page = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const newPageIfNeeded = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  page.drawText(title, { x: MARGIN, y: y - 14, size: 13, font, color: INK });
  y -= 32;
  for (const note of wrap(
    t('subtitle', { revision: FORM_5472_REVISION.label, date: formatCalendarDateLong(input.today, input.lang) }),
    font,
    8.5,
    A4.width - 2 * MARGIN,
  )) {
    page.drawText(note, { x: MARGIN, y, size: 8.5, font, color: MUTED });
    y -= 11;
  }
  for (const form of ['f5472', 'f1120'] as const) {
    newPageIfNeeded(40);
    y -= 10;
    page.drawText(t(`form.${form}`), { x: MARGIN, y, size: 11, font, color: INK });
    y -= 8;
    for (const spec of FORM_LINES[form]) {
      const value = spec.value(input.answers) || '—';
      const labels = wrap(spec.label, font, 7.5, COLUMNS.answer - COLUMNS.label - 12);
      const values = wrap(value, font, 9.5, A4.width - MARGIN - COLUMNS.answer);
      const height = Math.max(labels.length * 9.5, values.length * 12) + 5;
      newPageIfNeeded(height + 11);
      page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.5, color: RULE });
      y -= 11;
      page.drawText(spec.line, { x: COLUMNS.line, y, size: 9, font, color: INK });
      labels.forEach((l, i) => {
        page.drawText(l, { x: COLUMNS.label, y: y - i * 9.5, size: 7.5, font, color: MUTED });
      });
      values.forEach((l, i) => {
        page.drawText(l, { x: COLUMNS.answer, y: y - i * 12, size: 9.5, font, color: INK });
      });
      y -= height - 11;
    }
  }
  return doc.save();
}
