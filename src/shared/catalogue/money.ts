/** Formats integer cents as dollars with 2 decimals (product.md#prices), e.g. 13875 → "$138.75". */
export function formatUsd(cents: number, locale: 'tr' | 'en' = 'en'): string {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * Reads a price typed in dollars ("12", "12.5", "12,50") into integer cents; null when it is not a
 * positive amount with at most 2 decimals (product.md#how-validation-works: steps of 0.01).
 */
export function parseUsdToCents(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/**
 * Cents as the plain decimal an input shows, with the language's decimal mark like every other amount
 * (13875 → "138,75" in Turkish, "138.75" in English); parseUsdToCents reads both marks back.
 */
export function centsToInput(cents: number, locale: 'tr' | 'en' = 'en'): string {
  const fixed = (cents / 100).toFixed(2);
  return locale === 'tr' ? fixed.replace('.', ',') : fixed;
}
