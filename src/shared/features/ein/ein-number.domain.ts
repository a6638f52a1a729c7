/**
 * The Employer Identification Number the IRS issues: nine digits, written NN-NNNNNNN. We store the
 * nine digits and show the dash.
 */

/**
 * The prefixes the IRS assigns, from "How EINs are Assigned and Valid EIN Prefixes"
 * (https://www.irs.gov/businesses/small-businesses-self-employed/how-eins-are-assigned-and-valid-ein-prefixes):
 * Andover 10 12; Atlanta 60 67; Austin 50 53; Brookhaven 01–06 11 13 14 16 21–23 25 34 51 52 54–59 65;
 * Cincinnati 30 32 35–38 61; Fresno 15 24; Kansas City 40 44; Memphis 94 95; Ogden 80 90;
 * Philadelphia 33 39 41–43 46 48 62–64 66 68 71–77 81–88 91–93 98 99; Internet 20 26 27 45–47 81–88 92 93;
 * Small Business Administration 31. Never assigned: 00 07 08 09 17 18 19 28 29 49 69 70 78 79 89 96 97.
 */
export const INVALID_EIN_PREFIXES: ReadonlySet<string> = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

/** What people paste: "12-3456789", " 123456789 ". Only the dash between the two parts is allowed. */
const EIN_INPUT = /^(\d{2})-?(\d{7})$/;

/** The nine digits of a well-formed EIN, or null (letters, 8 or 10 digits, an unassigned prefix). */
export function parseEin(input: string | null | undefined): string | null {
  const match = EIN_INPUT.exec((input ?? '').trim());
  if (!match) return null;
  if (INVALID_EIN_PREFIXES.has(match[1])) return null;
  return match[1] + match[2];
}

export function isEin(input: string | null | undefined): boolean {
  return parseEin(input) !== null;
}

/** 123456789 → 12-3456789; anything that is not nine digits comes back as it was. */
export function formatEin(digits: string): string {
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/**
 * The input field's mask: keeps the digits (at most nine) and puts the dash after the second, so
 * staff see NN-NNNNNNN while they type or paste.
 */
export function maskEinInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}
