import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument } from 'pdf-lib';
import { SS4_FORM_REVISION, type Ss4Answers, ss4FieldValues, ss4MappedFields } from './ss4.mapper';

/**
 * Why the operator's template cannot be used, or that it can. The reasons are what the desk explains:
 * - notConfigured: SS4_TEMPLATE_PATH is not set;
 * - notFound: it is set, but there is no readable file there;
 * - unreadable: the file is not a PDF pdf-lib can open;
 * - wrongRevision: the file does not say it is the revision the mapping was written for;
 * - fieldsMissing: a mapped field is absent or of another type (a different revision, or a flattened copy).
 */
type PdfLib = typeof import('pdf-lib');

/**
 * pdf-lib and fontkit hold about 30 MB of a process's memory once loaded, and only the SS-4 desk uses
 * them: they load on its first use instead of with every server (Node keeps them after that).
 */
export async function loadPdfLibs() {
  const [lib, fontkit] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  return { lib, fontkit: fontkit.default };
}

export type Ss4TemplateStatus =
  | { ready: true; reason: null; missingFields: [] }
  | {
      ready: false;
      reason: 'notConfigured' | 'notFound' | 'unreadable' | 'wrongRevision' | 'fieldsMissing';
      missingFields: string[];
    };

type Loaded = { status: Ss4TemplateStatus; bytes: Uint8Array | null };

const notReady = (reason: Exclude<Ss4TemplateStatus['reason'], null>, missingFields: string[] = []): Loaded => ({
  status: { ready: false, reason, missingFields },
  bytes: null,
});

/** Collapses a TJ array's kerned pieces, `(Rev. Dec)-20(ember)`, so printed words can be searched. */
function printedText(content: string): string {
  return content.replace(/\)\s*-?\d*\.?\d+\s*\(/g, '');
}

function streamText(lib: PdfLib, stream: unknown): string {
  if (!(stream instanceof lib.PDFRawStream)) return '';
  try {
    return Buffer.from(lib.decodePDFRawStream(stream).decode()).toString('latin1');
  } catch {
    return '';
  }
}

/**
 * The revision is what the file says about itself: its document title, subject or keywords, its XMP
 * metadata, or the words printed on page 1 ("Rev. December 2023" in the form's corner). Field names
 * alone cannot tell revisions apart when the IRS reprints a form without renumbering its fields.
 */
function namesRevision(lib: PdfLib, doc: PDFDocument): boolean {
  const marker = SS4_FORM_REVISION.marker;
  const info = [doc.getTitle(), doc.getSubject(), doc.getKeywords()].filter(Boolean).join(' ');
  if (marker.test(info)) return true;
  if (marker.test(streamText(lib, doc.catalog.lookup(lib.PDFName.of('Metadata'))))) return true;
  const first = doc.getPages()[0];
  if (!first) return false;
  const contents = first.node.Contents();
  const streams: unknown[] = [];
  if (contents && 'asArray' in contents) {
    for (const ref of contents.asArray()) streams.push(doc.context.lookup(ref));
  } else if (contents) {
    streams.push(contents);
  }
  return streams.some((s) => marker.test(printedText(streamText(lib, s))));
}

/**
 * The form's fields. The IRS forms also carry an XFA copy of the form, which pdf-lib cannot fill and
 * which viewers would show instead of our values: it goes (getForm would drop it too, with a console warning).
 */
function acroForm(lib: PdfLib, doc: PDFDocument) {
  doc.catalog.getAcroForm()?.dict.delete(lib.PDFName.of('XFA'));
  return doc.getForm();
}

/** Mapped fields that the template lacks, or has with another type. */
function missingFields(lib: PdfLib, doc: PDFDocument): string[] {
  const form = acroForm(lib, doc);
  return ss4MappedFields()
    .filter(({ name, type }) => {
      const field = form.getFieldMaybe(name);
      return type === 'text' ? !(field instanceof lib.PDFTextField) : !(field instanceof lib.PDFCheckBox);
    })
    .map((f) => f.name);
}

/** Reads and checks the template at `templatePath` (SS4_TEMPLATE_PATH); read afresh on every call. */
export async function loadSs4Template(templatePath: string | undefined): Promise<Loaded> {
  if (!templatePath) return notReady('notConfigured');
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
    // The IRS sometimes ships forms with an owner password (editing restrictions only); the fields
    // are still readable, and a file whose fields are not shows up as fieldsMissing below.
    doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return notReady('unreadable');
  }
  if (!namesRevision(lib, doc)) return notReady('wrongRevision');
  const missing = missingFields(lib, doc);
  if (missing.length) return notReady('fieldsMissing', missing);
  return { status: { ready: true, reason: null, missingFields: [] }, bytes };
}

let fontBytes: Promise<Buffer> | null = null;

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package (the one scripts/make-guide-pdfs.ts embeds): the
 * standard PDF fonts cannot encode ş, ğ or İ, which Turkish company and people names carry.
 */
export function unicodeFont(): Promise<Buffer> {
  if (!fontBytes) {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontBytes = readFile(path.join(dir, 'DejaVuSans.ttf'));
    fontBytes.catch(() => {
      fontBytes = null;
    });
  }
  return fontBytes;
}

export class Ss4AnswerTooLongError extends Error {
  constructor(public readonly field: string) {
    super(`SS-4 answer longer than the field allows: ${field}`);
  }
}

export interface FilledSs4 {
  bytes: Uint8Array;
  /** Every mapped field as it reads after filling (text, or whether the box is checked), before any flattening. */
  filled: Record<string, string | boolean>;
}

/**
 * Fills a checked template with `answers`. Flattened by default (what is stored); `flatten: false`
 * keeps the fields so a test can read them back from the file itself.
 */
export async function fillSs4Template(
  template: Uint8Array,
  answers: Ss4Answers,
  opts: { flatten?: boolean } = {},
): Promise<FilledSs4> {
  const { lib, fontkit } = await loadPdfLibs();
  const doc = await lib.PDFDocument.load(template, { ignoreEncryption: true });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await unicodeFont(), { subset: true });
  const form = acroForm(lib, doc);
  const { text, checked } = ss4FieldValues(answers);
  for (const [name, value] of Object.entries(text)) {
    const field = form.getTextField(name);
    const max = field.getMaxLength();
    // Cutting an answer short would put a wrong name or number on an IRS form.
    if (max !== undefined && value.length > max) throw new Ss4AnswerTooLongError(name);
    field.setText(value || undefined);
  }
  for (const { name, type } of ss4MappedFields()) {
    if (type !== 'checkbox') continue;
    const box = form.getCheckBox(name);
    if (checked.includes(name)) box.check();
    else box.uncheck();
  }
  const filled: Record<string, string | boolean> = {};
  for (const { name, type } of ss4MappedFields()) {
    filled[name] = type === 'text' ? (form.getTextField(name).getText() ?? '') : form.getCheckBox(name).isChecked();
  }
  form.updateFieldAppearances(font);
  if (opts.flatten !== false) form.flatten();
  return { bytes: await doc.save(), filled };
}
