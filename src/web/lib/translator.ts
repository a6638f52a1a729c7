/**
 * The web app's message store and `t`: a single namespace of nested catalogues per language, looked up
 * by dotted key (`section.group.key`), with `{{name}}` interpolation and `_one`/`_other` plurals chosen
 * by `Intl.PluralRules`. It replaces i18next + react-i18next, which were 23 KB gzipped of the sign-in
 * page's first load for the few features the catalogues use (decision 0030).
 */

export type Messages = { [key: string]: string | Messages };
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
export type TFunction = (key: string, options?: TOptions) => string;

/** `languageChanged` and `added` pass the active language; `missing` passes a key found in no catalogue. */
type Event = 'languageChanged' | 'added' | 'missing';

const FALLBACK = 'tr';

export interface Translator {
  /** The active language. */
  readonly language: string;
  t: TFunction;
  exists(key: string): boolean;
  /** Merges a catalogue piece into a language, overwriting keys it holds. */
  addResources(lang: string, messages: Messages): void;
  changeLanguage(lang: string): void;
  on(event: Event, listener: (value: string) => void): () => void;
}

function deepMerge(into: Messages, from: Messages) {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value === 'object' && typeof current === 'object') deepMerge(current, value);
    else into[key] = typeof value === 'object' ? deepMerge({}, value) : value;
  }
  return into;
}

export function createTranslator(initialLanguage: string): Translator {
  let language = initialLanguage;
  const store: Record<string, Messages> = {};
  const listeners = new Map<Event, Set<(value: string) => void>>();
  const plurals = new Map<string, Intl.PluralRules>();

  const emit = (event: Event, value = language) => {
    for (const listener of listeners.get(event) ?? []) listener(value);
  };

  const lookup = (lang: string, key: string): string | undefined => {
    let node: string | Messages | undefined = store[lang];
    for (const part of key.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };

  const pluralRules = (lang: string) => {
    let rules = plurals.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(lang);
      plurals.set(lang, rules);
    }
    return rules;
  };

  /** The text of `key` in `lang`: its plural form for `count` first, the bare key after. */
  const find = (lang: string, key: string, count: unknown): string | undefined => {
    if (typeof count === 'number') {
      const form = lookup(lang, `${key}_${pluralRules(lang).select(count)}`);
      if (form !== undefined) return form;
    }
    return lookup(lang, key);
  };

  const resolve = (key: string, count?: unknown) =>
    find(language, key, count) ?? (language === FALLBACK ? undefined : find(FALLBACK, key, count));

  const t: TFunction = (key, options = {}) => {
    const text = resolve(key, options.count);
    if (text === undefined) {
      emit('missing', key);
      return options.defaultValue ?? key;
    }
    return text.includes('{{')
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options[name] ?? ''))
      : text;
  };

  return {
    get language() {
      return language;
    },
    t,
    exists: (key) => resolve(key) !== undefined,
    addResources(lang, messages) {
      store[lang] = deepMerge(store[lang] ?? {}, messages);
      emit('added');
    },
    changeLanguage(lang) {
      if (lang === language) return;
      language = lang;
      emit('languageChanged');
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

/** A text's `<name>…</name>` spans (they do not nest in the catalogues) between its plain parts, in order. */
export function markupParts(text: string): Array<string | { tag: string; text: string }> {
  const parts: Array<string | { tag: string; text: string }> = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ tag: match[1], text: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
