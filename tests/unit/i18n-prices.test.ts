import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sectionFiles } from '../support/message-files';

/*
 * Every price, fee and wait shown comes from the catalogue (src/shared/catalogue) through an
 * interpolation such as {{amount}} or {{duration}}; a figure typed into a message drifts from what the
 * checkout charges and from what the other pages say (decision 0033 found four EIN waits and two budgets).
 */
const HARD_CODED_PRICE = /\$\s?\d|\d\s?\$|\bUSD\s?\d|\d\s?USD\b|\d\s?(?:dolar|dollars?)\b/i;
/**
 * A wait in the units of the catalogue's stated timings (weeks, business days), or any range of days
 * or minutes. Fixed terms that are rules rather than waits ("60 gün" after a due date, "1 saat" for a
 * link) are not ranges and not in these units, so they pass.
 */
const HARD_CODED_WAIT =
  /\d+\s?(?:[-–]\s?\d+\s?)?(?:hafta|weeks?\b|iş gün|business days?\b)|\d+\s?[-–]\s?\d+\s?(?:gün|days?\b|dakika|minutes?\b)/i;

/** A message's text with its interpolations ({{amount}}) and plural/format markers removed. */
function outsideInterpolation(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, '');
}

function strings(node: unknown, key: string): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  }
  return [];
}

function hardCodedPrices(files: { name: string; json: unknown }[], pattern = HARD_CODED_PRICE): string[] {
  return files.flatMap(({ name, json }) =>
    strings(json, '')
      .filter(([, text]) => pattern.test(outsideInterpolation(text)))
      .map(([key, text]) => `${name}:${key}: ${text}`),
  );
}

function catalogueFiles() {
  return ['tr', 'en'].flatMap((lang) =>
    [...sectionFiles(lang)].map(([section, file]) => ({
      name: `${lang}/${section}.json`,
      json: JSON.parse(readFileSync(file, 'utf8')) as unknown,
    })),
  );
}

describe('prices in the message catalogues', () => {
  it('are never typed in: every amount is interpolated from the catalogue', () => {
    const files = catalogueFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(hardCodedPrices(files)).toEqual([]);
  });

  it('state no typed wait: every fee wait and stated timing is interpolated from the catalogue', () => {
    expect(hardCodedPrices(catalogueFiles(), HARD_CODED_WAIT)).toEqual([]);
  });

  it('catch the forms a typed wait takes, and let rules and interpolated ones through', () => {
    const found = hardCodedPrices(
      [
        {
          name: 'x.json',
          json: {
            a: 'EIN için 3-8 hafta',
            b: 'usually 3–6 weeks',
            c: '2-10 iş günü içinde',
            d: 'within 5 business days',
            e: 'takes 15-20 minutes',
            ok: 'EIN {{duration}} sürer; rapor son tarihten 60 gün sonra; bağlantı 1 saat geçerli; 5 MB',
          },
        },
      ],
      HARD_CODED_WAIT,
    );
    expect(found.map((line) => line.split(':')[1])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('catches the forms a typed price takes, and lets interpolated ones through', () => {
    const found = hardCodedPrices([
      {
        name: 'x.json',
        json: {
          a: 'Özel adres: yılda $99',
          b: { c: 'Toplam 143 $' },
          d: 'Budget: 143 USD',
          e: '100 dolar ek ücret',
          ok: 'Toplam {{amount}}, +{{price}} per year, 12 months',
        },
      },
    ]);
    expect(found.map((line) => line.split(':')[1])).toEqual(['a', 'b.c', 'd', 'e']);
  });
});
