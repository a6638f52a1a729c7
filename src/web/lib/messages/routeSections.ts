import { currentLanguage } from '../i18n';
import { loadSections } from './sections';

/**
 * A route's `lazy` that also loads the page's sections (the route table's) in the current language,
 * side by side with its code, so the page renders with its texts in place.
 */
export function withSections<T>(lazy: () => Promise<T>, sections: readonly string[]): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([lazy(), loadSections(currentLanguage(), sections)]);
    return module;
  };
}
