import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { i18n } from './i18n';
import { markupParts, type TFunction, type TOptions } from './translator';

export type { TFunction } from './translator';

// Bumped whenever the language changes or a section arrives, so that every component showing texts
// renders again with them (a section requested late, messages/sections.ts, arrives after first paint).
let version = 0;
const subscribe = (onChange: () => void) => {
  const bump = () => {
    version += 1;
    onChange();
  };
  const offLanguage = i18n.on('languageChanged', bump);
  const offAdded = i18n.on('added', bump);
  return () => {
    offLanguage();
    offAdded();
  };
};
const snapshot = () => version;

/** `t` in the active language, and the translator (for `language` and `exists`). */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new function per change, as effects and memos that list `t` expect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the change being tracked
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [current]);
  return { t, i18n };
}

/**
 * A text holding markup such as `I agree to the <terms>terms</terms>`: each `<name>…</name>` becomes
 * `components[name]` with the enclosed words as its children. Tags do not nest in the catalogues.
 */
export function Trans({
  i18nKey,
  components,
  values,
}: {
  i18nKey: string;
  components: Record<string, ReactElement>;
  values?: TOptions;
}): ReactNode {
  const { t } = useTranslation();
  const parts = markupParts(t(i18nKey, values)).map((part, index) => {
    if (typeof part === 'string') return part;
    const element = components[part.tag];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder; their place is their identity
    return isValidElement(element) ? cloneElement(element, { key: index }, part.text) : part.text;
  });
  return Children.toArray(parts);
}
