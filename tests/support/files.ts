import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

/*
 * The tests' files, for the API tests and the browser tests alike (decision 0093): small but real
 * files (the server recognises kinds by their first bytes), a PDF with a line of text for the pages
 * that draw one, the multipart bodies the API takes, and what the portal stored on disk.
 */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A minimal PDF whose bytes differ by `label` (two uploads of it are two files). */
export function pdf(label = 'x'): Buffer {
  return Buffer.concat([PDF, Buffer.from(`% ${label}\n`)]);
}

/** A one-page PDF that a viewer draws, with `text` on it (pdf-lib): for pages that preview or read it. */
export async function textPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14 });
  return Buffer.from(await doc.save());
}

export function blob(data: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(data)], { type });
}

export interface FormFile {
  data: Buffer;
  type: string;
  name: string;
}

/** A multipart body with one file under `field` (none when `file` is null). */
export function fileForm(file: FormFile | null, field = 'file'): FormData {
  const form = new FormData();
  if (file) form.append(field, blob(file.data, file.type), file.name);
  return form;
}

/** A file as Playwright's `setInputFiles` and `request.post({ multipart })` take it. */
export function browserFile(name: string, buffer: Buffer, mimeType = 'application/pdf') {
  return { name, mimeType, buffer };
}

/** Every file on disk under `dataDir`/files as `folder/name` (temporary upload files included). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}
