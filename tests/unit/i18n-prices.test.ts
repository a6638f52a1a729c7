import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every price shown comes from the catalogue (src/shared/catalogue) through an interpolation such
 * as {{amount}}; a dollar figure typed into a message drifts from what the checkout charges.
 */
const I18N_DIR = path.resolve('src/shared/i18n');
const HARD_CODED_PRICE = /\$\s?\d|\d\s?\$|\bUSD\s?\d|\d\s?USD\b|\d\s?(?:dolar|dollars?)\b/i;

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

function hardCodedPrices(files: { name: string; json: unknown }[]): string[] {
  return files.flatMap(({ name, json }) =>
    strings(json, '')
      .filter(([, text]) => HARD_CODED_PRICE.test(outsideInterpolation(text)))
      .map(([key, text]) => `${name}:${key}: ${text}`),
  );
}

describe('prices in the message catalogues', () => {
  it('are never typed in: every amount is interpolated from the catalogue', () => {
    const files = readdirSync(I18N_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) =>
        readdirSync(path.join(I18N_DIR, dir.name))
          .filter((file) => file.endsWith('.json'))
          .map((file) => ({
            name: `${dir.name}/${file}`,
            json: JSON.parse(readFileSync(path.join(I18N_DIR, dir.name, file), 'utf8')) as unknown,
          })),
      );
    expect(files.length).toBeGreaterThan(10);
    expect(hardCodedPrices(files)).toEqual([]);
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
