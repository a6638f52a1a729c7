/**
 * Writes the downloadable business address guide (product.md#bank-and-address-guides "Business address rental guide", step 2)
 * in both languages: assets/guides/business-address-guide.{tr,en}.pdf. The server only reads the
 * files; run this again after changing the text:
 *
 *   npx tsx scripts/make-guide-pdfs.ts
 *
 * DejaVu Sans (dev dependency `dejavu-fonts-ttf`) is embedded as a subset, so Turkish letters
 * (ğ ş ı İ ç ö ü) render in every PDF reader.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

import { ADDRESS_GUIDES, type Guide } from './address-guide-text';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.12, 0.14, 0.2);
const ACCENT = rgb(0.11, 0.3, 0.65);
const MUTED = rgb(0.4, 0.43, 0.5);
/** Fixed, so regenerating unchanged text changes as little as possible. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function render(guide: Guide, regular: Uint8Array, bold: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(regular, { subset: true });
  const fontBold = await doc.embedFont(bold, { subset: true });
  doc.setTitle(guide.title);
  doc.setSubject(guide.subject);
  doc.setAuthor(guide.author);
  doc.setLanguage(guide.lang === 'tr' ? 'tr-TR' : 'en-US');
  doc.setCreator('scripts/make-guide-pdfs.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const newPage = () => {
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 24) newPage();
  };
  const text = (lines: string[], opts: { x?: number; size: number; f?: PDFFont; color?: typeof INK; gap?: number }) => {
    const lineHeight = opts.size * (opts.gap ?? 1.4);
    for (const l of lines) {
      ensure(lineHeight);
      y -= lineHeight;
      page.drawText(l, { x: opts.x ?? MARGIN, y, size: opts.size, font: opts.f ?? font, color: opts.color ?? INK });
    }
  };

  for (const block of guide.blocks) {
    switch (block.kind) {
      case 'title':
        text(wrap(block.text, fontBold, 22, CONTENT_WIDTH), { size: 22, f: fontBold, color: ACCENT, gap: 1.2 });
        y -= 6;
        break;
      case 'subtitle':
        text(wrap(block.text, font, 11, CONTENT_WIDTH), { size: 11, color: MUTED });
        y -= 6;
        page.drawLine({
          start: { x: MARGIN, y },
          end: { x: A4.width - MARGIN, y },
          thickness: 0.8,
          color: ACCENT,
        });
        y -= 6;
        break;
      case 'heading':
        ensure(60);
        y -= 10;
        text(wrap(block.text, fontBold, 13.5, CONTENT_WIDTH), { size: 13.5, f: fontBold, color: ACCENT });
        y -= 2;
        break;
      case 'para':
        text(wrap(block.text, font, 10.5, CONTENT_WIDTH), { size: 10.5 });
        y -= 5;
        break;
      case 'bullets':
      case 'steps':
        block.items.forEach((item, i) => {
          const marker = block.kind === 'steps' ? `${i + 1}.` : '•';
          const lines = wrap(item, font, 10.5, CONTENT_WIDTH - 18);
          ensure(10.5 * 1.4);
          page.drawText(marker, {
            x: MARGIN + 2,
            y: y - 10.5 * 1.4,
            size: 10.5,
            font: block.kind === 'steps' ? fontBold : font,
            color: ACCENT,
          });
          text(lines, { x: MARGIN + 18, size: 10.5 });
          y -= 3;
        });
        y -= 2;
        break;
      case 'note': {
        const lines = wrap(block.text, font, 10, CONTENT_WIDTH - 20);
        const height = lines.length * 10 * 1.4 + 12;
        ensure(height + 6);
        y -= 6;
        page.drawRectangle({
          x: MARGIN,
          y: y - height,
          width: CONTENT_WIDTH,
          height,
          color: rgb(0.93, 0.95, 0.99),
          borderColor: ACCENT,
          borderWidth: 0.6,
        });
        y -= 4;
        text(lines, { x: MARGIN + 10, size: 10 });
        y -= 10;
        break;
      }
      case 'pageBreak':
        newPage();
        break;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `${guide.footer}   ${i + 1}/${pages.length}`;
    const lines = wrap(footer, font, 8, CONTENT_WIDTH);
    lines.forEach((l, j) => {
      p.drawText(l, { x: MARGIN, y: 30 - j * 10, size: 8, font, color: MUTED });
    });
  });
  return doc.save();
}

async function main() {
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const regular = readFileSync(path.join(fontDir, 'DejaVuSans.ttf'));
  const bold = readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const outDir = path.resolve(process.cwd(), 'assets/guides');
  mkdirSync(outDir, { recursive: true });
  for (const guide of ADDRESS_GUIDES) {
    const bytes = await render(guide, regular, bold);
    const file = path.join(outDir, `business-address-guide.${guide.lang}.pdf`);
    writeFileSync(file, bytes);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    console.log(`${path.relative(process.cwd(), file)}: ${pages} pages, ${bytes.length} bytes`);
  }
}

await main();
