/*
 * Amounts and counts are written out by hand rather than by Intl.NumberFormat: a page's first number
 * formatter cost about 60 ms of main thread on Lighthouse's phone (ICU loading its number data), on every
 * page that shows a price or a list's count (decision 0063). The texts are ICU's for tr-TR and en-US;
 * tests/unit/shared/catalogue/money.test.ts compares them with Intl.
 */

/** A whole number with the language's thousands separator: 1.234.567 in Turkish, 1,234,567 in English. */
export function formatCount(value: number, locale: 'tr' | 'en' = 'en'): string {
  // Intl rounds half away from zero (-2.5 → "-3"); Math.round rounds half up (-2.5 → -2).
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, locale === 'tr' ? '.' : ',');
  return value < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/** Formats integer cents as dollars with 2 decimals (product.md#prices), e.g. 13875 → "$138.75" ("$138,75" in Turkish). */
export function formatUsd(cents: number, locale: 'tr' | 'en' = 'en'): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = formatCount(Math.floor(whole / 100), locale);
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  return `${sign}$${dollars}${locale === 'tr' ? ',' : '.'}${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An amount per dollar finer than a cent, with as many decimals as it needs: 0.0002 → "$0.0002"
 * ("$0,0002" in Turkish), written like formatUsd.
 */
export function formatUsdRate(dollars: number, locale: 'tr' | 'en' = 'en'): string {
  const text = String(Math.abs(dollars));
  const sign = dollars < 0 ? '-' : '';
  return `${sign}$${locale === 'tr' ? text.replace('.', ',') : text}`;
}

/**
 * A rate in basis points as a percentage with at most two decimals: "%1,5" in Turkish, "1.5%" in
 * English, as Intl's percent style writes it; by hand like the amounts (decision 0063).
 */
export function formatBasisPoints(basisPoints: number, locale: 'tr' | 'en' = 'en'): string {
  const value = (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
  return locale === 'tr' ? `%${value.replace('.', ',')}` : `${value}%`;
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
