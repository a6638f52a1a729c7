/** Limits of SPEC §9, used by the forms and enforced by the API. */
export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_MAX_BYTES = 5_242_880;
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const REMEMBER_ME_DAYS = 30;
export const TOAST_DURATION_MS = 5000;
