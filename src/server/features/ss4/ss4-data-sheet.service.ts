import type { PDFFont } from 'pdf-lib';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { SS4_FORM_REVISION, SS4_LINES, type Ss4Answers, type Ss4Line } from './ss4.mapper';
import { loadPdfLibs, unicodeFont } from './ss4-template.service';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const COLUMNS = { line: MARGIN, label: MARGIN + 62, answer: MARGIN + 300 };
const LABEL_WIDTH = COLUMNS.answer - COLUMNS.label - 12;
const ANSWER_WIDTH = A4.width - MARGIN - COLUMNS.answer;

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

export interface DataSheetInput {
  lang: Language;
  businessName: string;
  /** The answers with line 7b already masked: the clear SSN stays behind the desk's audited reveal. */
  answers: Ss4Answers;
  /** Printed in the header, `YYYY-MM-DD`. */
  today: string;
}

/**
 * "SS-4 data sheet": every line of the form and the portal's answer, on one A4 page, for staff who
 * copy them onto the form by hand when no template is configured. Line labels stay in the form's own
 * English words; the sheet's own text follows the admin's language.
 */
export async function renderSs4DataSheet(input: DataSheetInput): Promise<Uint8Array> {
  const t = (key: string, vars?: Record<string, string>) => translate(input.lang, `ss4Generate.sheet.${key}`, vars);
  const { lib, fontkit } = await loadPdfLibs();
  const MUTED = lib.rgb(0.35, 0.38, 0.45);
  const INK = lib.rgb(0.06, 0.09, 0.16);
  const RULE = lib.rgb(0.85, 0.87, 0.9);
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await unicodeFont(), { subset: true });
  doc.setTitle(t('title', { business: input.businessName }));
  doc.setLanguage(input.lang === 'tr' ? 'tr-TR' : 'en-US');
  doc.setProducer('pdf-lib');

  let page = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  page.drawText(t('title', { business: input.businessName }), { x: MARGIN, y: y - 14, size: 14, font, color: INK });
  y -= 32;
  for (const note of [
    t('subtitle', { revision: SS4_FORM_REVISION.label, date: formatCalendarDateLong(input.today, input.lang) }),
    t('blankNote'),
  ]) {
    for (const l of wrap(note, font, 8.5, A4.width - 2 * MARGIN)) {
      page.drawText(l, { x: MARGIN, y, size: 8.5, font, color: MUTED });
      y -= 11;
    }
  }
  y -= 6;
  page.drawText(t('columnLine'), { x: COLUMNS.line, y, size: 8, font, color: MUTED });
  page.drawText(t('columnQuestion'), { x: COLUMNS.label, y, size: 8, font, color: MUTED });
  page.drawText(t('columnAnswer'), { x: COLUMNS.answer, y, size: 8, font, color: MUTED });
  y -= 6;

  for (const spec of SS4_LINES) {
    const answer = input.answers[spec.line as Ss4Line] || '—';
    const labels = wrap(spec.label, font, 7.5, LABEL_WIDTH);
    const answers = wrap(answer, font, 9.5, ANSWER_WIDTH);
    const height = Math.max(labels.length * 9.5, answers.length * 12) + 5;
    if (y - height < MARGIN) {
      // Long free-text answers can push past one page; a second page beats cutting an answer off.
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
    y -= 11;
    page.drawText(spec.line, { x: COLUMNS.line, y, size: 9, font, color: INK });
    labels.forEach((l, i) => {
      page.drawText(l, { x: COLUMNS.label, y: y - i * 9.5, size: 7.5, font, color: MUTED });
    });
    answers.forEach((l, i) => {
      page.drawText(l, { x: COLUMNS.answer, y: y - i * 12, size: 9.5, font, color: INK });
    });
    y -= height - 11;
  }
  return doc.save();
}
