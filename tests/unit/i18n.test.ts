import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/shared/errors';
import { catalogues, translate } from '../../src/shared/i18n';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogues', () => {
  const tr = keys(catalogues.tr).sort();
  const en = keys(catalogues.en).sort();

  it('have the same keys in Turkish and English', () => {
    expect(tr.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !tr.includes(k))).toEqual([]);
  });

  it('have no empty text', () => {
    for (const lang of ['tr', 'en'] as const) {
      for (const key of keys(catalogues[lang])) expect(translate(lang, key).trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('translate every API error code', () => {
    for (const code of Object.keys(API_ERRORS)) {
      expect(tr).toContain(`errors.${code}`);
      expect(en).toContain(`errors.${code}`);
    }
  });

  it('use the texts the spec gives', () => {
    expect(translate('en', 'validation.passwordDigit')).toBe('Password must contain at least one number');
    expect(translate('tr', 'errors.INVALID_CREDENTIALS')).toBe('Giriş Bilgileri Hatalı');
    expect(translate('en', 'errors.EMAIL_TAKEN')).toBe('This email is already registered');
  });
});
