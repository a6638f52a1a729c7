import type { Language } from '../../../../shared/i18n/languages';
import type { ServiceView } from '../api/services';

/** The service's texts in the UI language: the English twin when it is set, else the Turkish text. */
export function localizedService(service: ServiceView, lang: Language): { title: string; description: string } {
  if (lang === 'en') {
    return { title: service.titleEn || service.title, description: service.descriptionEn || service.description };
  }
  return { title: service.title, description: service.description };
}
