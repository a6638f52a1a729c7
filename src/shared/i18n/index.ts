import type { Catalogue } from './catalogue';
import enErrors from './en/errors.json';
import enMail from './en/mail.json';
import enValidation from './en/validation.json';
import type { Language } from './languages';
import trErrors from './tr/errors.json';
import trMail from './tr/mail.json';
import trValidation from './tr/validation.json';
import { uiEn, uiTr } from './ui';

export type { Catalogue } from './catalogue';

/**
 * Both catalogues, one JSON file per namespace and language. `npm test` fails when a key exists
 * in one language and not in the other (tests/unit/i18n.test.ts).
 */
export const catalogues: Record<Language, Catalogue> = {
  tr: { errors: trErrors, validation: trValidation, mail: trMail, ...uiTr },
  en: { errors: enErrors, validation: enValidation, mail: enMail, ...uiEn },
};

/** Looks up a dotted key such as `errors.NOT_FOUND`, with `{{name}}` interpolation. */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, ...rest] = key.split('.');
  let node: unknown = catalogues[lang][ns];
  for (const part of rest) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
