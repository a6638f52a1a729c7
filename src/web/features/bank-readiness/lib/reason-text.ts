import type { CheckedReason } from '../../../../shared/features/bank-readiness/check.domain';
import { BANK_CATALOGUE, type ProviderId } from '../../../../shared/features/bank-readiness/providers.domain';
import type { Language } from '../../../../shared/i18n/languages';
import type { TFunction } from '../../../lib/useTranslation';

/** A label used inside a sentence: lower-case first letter, unless it is an abbreviation ("PO box"). */
export function inSentence(label: string): string {
  return label.length > 1 && label[1] === label[1].toLowerCase() ? label[0].toLowerCase() + label.slice(1) : label;
}

/** The country's name in the reader's language (Intl knows every ISO code). */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The sentence of one reason, specific to the company's own facts. */
export function reasonText(t: TFunction, lang: Language, provider: ProviderId, reason: CheckedReason): string {
  const r = reason as CheckedReason & Record<string, any>;
  const en = lang === 'en';
  const role = r.role ? t(`bankReadiness.addresses.roles.${r.role}`) : '';
  const vars: Record<string, string> = {
    provider: BANK_CATALOGUE[provider].name,
    role: en ? inSentence(role) : role,
    kind: r.kind ? inSentence(t(`bankReadiness.addresses.kinds.${r.kind}`)) : '',
    country: r.country ? countryName(r.country, lang) : '',
    document: r.document ? t(`bankReadiness.documents.${r.document}`) : '',
    articles: r.articles ?? '',
    einLetter: r.einLetter ?? '',
  };
  if (r.code === 'address_kind_refused' && r.suggest) {
    return t('bankReadiness.reasons.address_kind_refused_suggest', {
      ...vars,
      suggestKind: inSentence(t(`bankReadiness.addresses.kinds.${r.suggest.kind}`)),
      country: countryName(r.suggest.country, lang),
    });
  }
  return t(`bankReadiness.reasons.${r.code}`, vars);
}
