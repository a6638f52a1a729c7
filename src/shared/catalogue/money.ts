/** Formats integer cents as dollars with 2 decimals (SPEC §9), e.g. 13875 → "$138.75". */
export function formatUsd(cents: number, locale: 'tr' | 'en' = 'en'): string {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
