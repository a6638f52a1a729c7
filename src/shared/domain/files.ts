import { UPLOAD_MAX_BYTES } from './limits';

/**
 * The file kinds the portal accepts (product.md#size-and-count-limits: PDF, JPG/JPEG, PNG), recognised by their first bytes
 * rather than by name or by the browser's claimed type.
 */
export const FILE_KINDS = ['pdf', 'png', 'jpeg'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_INFO: Record<FileKind, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((b, i) => bytes[i] === b);
}

/** The bytes needed to recognise every kind. */
export const FILE_SIGNATURE_BYTES = 8;

/** What the file is, by its first bytes; null when it is none of the accepted kinds. */
export function detectFileKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, PDF_SIGNATURE)) return 'pdf';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** The kind a browser file claims to be, for the form's early check (the server checks the bytes). */
export function claimedFileKind(file: { name: string; type: string }): FileKind | null {
  const type = file.type.toLowerCase();
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type === 'image/png' || ext === 'png') return 'png';
  if (type === 'image/jpeg' || ext === 'jpg' || ext === 'jpeg') return 'jpeg';
  return null;
}

/** The `accept` attribute of a file input for the given kinds. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  const parts: string[] = [];
  for (const kind of kinds) {
    parts.push(FILE_KIND_INFO[kind].contentType);
    parts.push(kind === 'jpeg' ? '.jpg,.jpeg' : `.${FILE_KIND_INFO[kind].extension}`);
  }
  return parts.join(',');
}

export function isWithinUploadLimit(size: number): boolean {
  return size <= UPLOAD_MAX_BYTES;
}

/** product.md#data-the-portal-keeps documents.category, with the labels' i18n keys under `catalogue.documentCategory`. */
/**
 * product.md#uploads "Document upload": PDF, JPG or PNG, at most 5 MB, under one of the five categories.
 * Kept here rather than beside the upload's schema, so the upload card does not bring the schema library.
 */
export const DOCUMENT_UPLOAD_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png'];

/**
 * A signed form the customer uploads (the SS-4, the Form 5472 set): staff fax it to the IRS, so it must be
 * a scanned PDF; a photo faxes badly and the IRS may not process it. One rule for every signed form.
 */
export const SIGNED_FORM_UPLOAD_KINDS: readonly FileKind[] = ['pdf'];

export const DOCUMENT_CATEGORIES = ['ss4', 'ein', 'articles_of_org', 'business_license', 'other', 'mail'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * The categories a person may choose for an upload. "Posta / Mail" (`mail`) holds the mailroom's scans
 * (decision 0086), written only by the mailroom, so nobody files an upload under it by hand.
 */
export const UPLOAD_DOCUMENT_CATEGORIES = DOCUMENT_CATEGORIES.filter(
  (c): c is Exclude<DocumentCategory, 'mail'> => c !== 'mail',
);
export type UploadDocumentCategory = (typeof UPLOAD_DOCUMENT_CATEGORIES)[number];

/**
 * A file name as shown to people and sent back in Content-Disposition: no path, no control
 * characters, at most 200 characters; never used to build a storage key.
 */
export function cleanFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}
