import { clsx } from 'clsx';
import { Languages } from 'lucide-react';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { switchLanguage } from '../../lib/language';
import { useTranslation } from '../../lib/useTranslation';

/** Türkçe / English, each name written in its own language. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language;
  return (
    <fieldset className={clsx('m-0 min-w-0 border-0 p-0', className)}>
      <legend className="sr-only">{t('common.language')}</legend>
      <div className="inline-flex items-center gap-1 rounded-lg border border-slate-200 bg-white p-1">
        <Languages aria-hidden="true" className="mx-1 size-4 text-slate-500" />
        {LANGUAGES.map((lang: Language) => (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={active === lang}
            onClick={() => void switchLanguage(lang)}
            className={clsx(
              'min-h-8 rounded-md px-2.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
              active === lang ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {t(`common.languages.${lang}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
