import { inflateSync } from 'node:zlib';

/*
 * What a PDF says, well enough to search it for a number (decision 0066's walk test): every stream
 * inflated, and the text drawn in the content streams decoded through each font's ToUnicode map
 * (pdf-lib writes subset fonts' text as glyph codes, so the digits are not in the bytes as such).
 * Not a PDF parser: a search aid that errs on finding more text, never less.
 */

type CMap = Map<string, string>;

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = pdf.subarray(start, end);
    try {
      out.push(inflateSync(body).toString('latin1'));
    } catch {
      out.push(body.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

function hexToText(hex: string): string {
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCodePoint(Number.parseInt(hex.slice(i, i + 4), 16));
  return s;
}

function parseCMap(text: string): CMap {
  const map: CMap = new Map();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(src.toLowerCase(), hexToText(dst));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = Number.parseInt(lo, 16);
      const to = Number.parseInt(hi, 16);
      const targets = rest.startsWith('[') ? [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].map((t) => t[1]) : null;
      for (let code = from; code <= to && code - from < 65_536; code++) {
        const src = code.toString(16).padStart(lo.length, '0');
        if (targets) {
          const t = targets[code - from];
          if (t) map.set(src, hexToText(t));
        } else {
          const base = Number.parseInt(rest.slice(1, -1), 16);
          map.set(src, String.fromCodePoint(base + code - from));
        }
      }
    }
  }
  return map;
}

function decodeHex(hex: string, map: CMap): string {
  const clean = hex.replace(/\s+/g, '').toLowerCase();
  for (const width of [4, 2]) {
    let s = '';
    let ok = true;
    for (let i = 0; i < clean.length; i += width) {
      const ch = map.get(clean.slice(i, i + width));
      if (ch === undefined) {
        ok = false;
        break;
      }
      s += ch;
    }
    if (ok) return s;
  }
  return '';
}

/** Every stream's text and the drawn text decoded by each font map, joined; whitespace is kept. */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes);
  const all = streams(pdf);
  const maps = all.filter((s) => s.includes('begincmap')).map(parseCMap);
  const parts = [pdf.toString('latin1'), ...all];
  for (const s of all) {
    if (s.includes('begincmap')) continue;
    // One line per drawing operation, so a number drawn in one Tj or TJ reads whole.
    for (const [op] of s.matchAll(/(?:<[0-9a-fA-F\s]*>|\[[^\]]*\])\s*T[jJ]/g)) {
      const hexes = [...op.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((h) => h[1]);
      for (const map of maps) parts.push(hexes.map((h) => decodeHex(h, map)).join(''));
    }
  }
  return parts.join('\n');
}

/** Whether the PDF (or any file: the raw bytes are searched too) shows the number, with or without dashes. */
export function showsTaxId(bytes: Uint8Array, digits: string): boolean {
  const text = pdfText(bytes);
  const dashed = `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  return text.includes(digits) || text.includes(dashed);
}
