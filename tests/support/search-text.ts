import fc from 'fast-check';

/** Turkish and ASCII letters (composed and decomposed), digits, the whitespace the fold collapses and LIKE's special characters. */
const CHARACTERS = [
  ...'İIıŞşĞğÜüÖöÇç',
  // Combining dot above, cedilla, breve and diaeresis: decomposed Turkish letters.
  ...'\u0307\u0327\u0306\u0308',
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'0123456789',
  ...' \t\n\r\u00a0',
  ...'%_\\.@-',
];

/** Strings of what admins type and store: the domain on which foldTurkish and SQL fold_tr must agree. */
export const searchText = (maxLength = 24) => fc.string({ unit: fc.constantFrom(...CHARACTERS), maxLength });
