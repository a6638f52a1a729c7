import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/shared/i18n';
import { createTranslator, markupParts } from '../../src/web/lib/translator';

describe('the web translator (lib/translator.ts)', () => {
  const make = (lang = 'tr') => {
    const i18n = createTranslator(lang);
    i18n.addResources('tr', {
      a: { hello: 'Merhaba {{name}}', days_one: '{{count}} gün', days_other: '{{count}} gün' },
    });
    i18n.addResources('en', {
      a: { hello: 'Hello {{ name }}', days_one: '{{count}} day', days_other: '{{count}} days' },
    });
    return i18n;
  };

  it('looks up dotted keys with interpolation in the active language', () => {
    const i18n = make('en');
    expect(i18n.t('a.hello', { name: 'Ayşe' })).toBe('Hello Ayşe');
    i18n.changeLanguage('tr');
    expect(i18n.t('a.hello', { name: 'Ayşe' })).toBe('Merhaba Ayşe');
  });

  it('picks the plural form with Intl.PluralRules', () => {
    const i18n = make('en');
    expect(i18n.t('a.days', { count: 1 })).toBe('1 day');
    expect(i18n.t('a.days', { count: 0 })).toBe('0 days');
    expect(i18n.t('a.days', { count: 5 })).toBe('5 days');
  });

  it('falls back to Turkish, then to the default value or the key, and reports the miss', () => {
    const i18n = make('en');
    i18n.addResources('tr', { b: { onlyTr: 'Yalnızca Türkçe' } });
    expect(i18n.t('b.onlyTr')).toBe('Yalnızca Türkçe');
    const missed: string[] = [];
    i18n.on('missing', (key) => missed.push(key));
    expect(i18n.t('c.nothing')).toBe('c.nothing');
    expect(i18n.t('c.other', { defaultValue: 'x' })).toBe('x');
    expect(missed).toEqual(['c.nothing', 'c.other']);
    expect(i18n.exists('a.hello')).toBe(true);
    expect(i18n.exists('a')).toBe(false);
    expect(i18n.exists('c.nothing')).toBe(false);
  });

  it('merges sections arriving later without losing earlier keys, and tells listeners', () => {
    const i18n = make('tr');
    let added = 0;
    let changed = '';
    i18n.on('added', () => added++);
    const off = i18n.on('languageChanged', (lang) => {
      changed = lang;
    });
    i18n.addResources('tr', { a: { extra: 'Ek' } });
    expect(i18n.t('a.extra')).toBe('Ek');
    expect(i18n.t('a.hello', { name: 'x' })).toBe('Merhaba x');
    expect(added).toBe(1);
    i18n.changeLanguage('en');
    expect(changed).toBe('en');
    off();
    i18n.changeLanguage('tr');
    expect(changed).toBe('en');
  });

  it('reads every catalogue key the way the server translates it', () => {
    for (const lang of ['tr', 'en'] as const) {
      const i18n = createTranslator(lang);
      const { mail: _mail, ...web } = catalogues[lang];
      i18n.addResources(lang, web as never);
      expect(i18n.t('common.stepOf', { current: 2, total: 4 })).toBe(lang === 'tr' ? 'Adım 2 / 4' : 'Step 2 of 4');
      expect(i18n.t('support.threads.unread', { count: 1 })).not.toContain('{{');
    }
  });

  it('supports every form the catalogues use: simple placeholders, _one/_other plurals, non-nested tags', () => {
    const texts: [string, string][] = [];
    const walk = (node: unknown, key: string) => {
      if (typeof node === 'string') texts.push([key, node]);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
    };
    for (const lang of ['tr', 'en'] as const) walk(catalogues[lang], lang);
    expect(texts.length).toBeGreaterThan(1000);
    const unsupported = texts.filter(([key, text]) => {
      const placeholders = text.match(/\{\{[^}]*\}\}/g) ?? [];
      const pluralSuffix = /_(zero|two|few|many)$/.test(key);
      const tags = text.match(/<\/?[a-zA-Z0-9]+\/?>/g) ?? [];
      return (
        text.includes('$t(') ||
        pluralSuffix ||
        placeholders.some((p) => !/^\{\{\s*\w+\s*\}\}$/.test(p)) ||
        tags.length !== markupParts(text).filter((p) => typeof p !== 'string').length * 2
      );
    });
    expect(unsupported).toEqual([]);
  });

  it('splits a text into its plain parts and its tagged spans', () => {
    expect(markupParts('I agree to the <terms>Terms</terms> and the <privacy>Policy</privacy>.')).toEqual([
      'I agree to the ',
      { tag: 'terms', text: 'Terms' },
      ' and the ',
      { tag: 'privacy', text: 'Policy' },
      '.',
    ]);
    expect(markupParts("<terms>Şartlar</terms>'ı okudum")).toEqual([{ tag: 'terms', text: 'Şartlar' }, "'ı okudum"]);
    expect(markupParts('plain')).toEqual(['plain']);
  });
});
