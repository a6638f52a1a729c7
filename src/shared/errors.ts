/**
 * The fixed list of API error codes and their HTTP statuses. The message shown to a user is
 * `errors.<code>` in the i18n catalogues, so both sides agree on the wording in both languages.
 */
export const API_ERRORS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** product.md#roles-and-permissions: the admin's "create a thread for a user", refused to a non-admin in the spec's own words. */
  ADMIN_REQUIRED: 403,
  /** A write that did not come from our own pages (decision 0008). */
  CROSS_SITE_REQUEST: 403,
  INVALID_HOST: 400,
  ADMIN_SIGNUP_CLOSED: 403,
  INVALID_ADMIN_CODE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  INVALID_TRANSITION: 409,
  /** The mail desk (decision 0086): a letter like this one (company, sender, date, pages) is logged already; staff confirm. */
  LETTER_DUPLICATE: 409,
  /** Forwarding (decision 0089): no active service prices the letter's weight band; finance has not put it on sale. */
  FORWARDING_UNAVAILABLE: 409,
  /** Forwarding needs the customer's saved forwarding address first. */
  FORWARDING_ADDRESS_REQUIRED: 409,
  /** Scans (decision 0099): the month's included scans are used up; an extra scan is paid through the checkout. */
  SCAN_PAYMENT_REQUIRED: 409,
  /** Scans: the extra scan is not on sale (no active service prices it). */
  SCAN_UNAVAILABLE: 409,
  /** Scans: this scan is still within the month's included scans, nothing to pay. */
  SCAN_INCLUDED: 409,
  FORMATION_EXISTS: 409,
  FORMATION_REQUIRED: 409,
  SERVICE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  /** The formation's package is already paid: a second checkout would charge twice. */
  ALREADY_PAID: 409,
  /** A paid turnkey request is what its order bought: the wizard's draft can no longer change (decision 0032). */
  TURNKEY_REQUEST_PAID: 409,
  /** The local test checkout is no longer open (paid, cancelled or expired). */
  CHECKOUT_CLOSED: 409,
  /** A renewal was paid while the customer looked at the old period: "Do not renew" asks again (decision 0054). */
  SUBSCRIPTION_CHANGED: 409,
  /** The payment provider refused or could not be reached; product.md#error-catalogue: 'Failed to create checkout session'. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** A webhook whose signature is wrong, or older than the tolerance. */
  INVALID_SIGNATURE: 400,
  /** product.md#short-link-rules short links: a custom slug another link already has. */
  SLUG_TAKEN: 409,
  /** product.md#how-validation-works: three random slugs in a row were taken. */
  SLUG_GENERATION_FAILED: 409,
  FILE_TOO_LARGE: 413,
  /** A JSON body over 64 KB. */
  BODY_TOO_LARGE: 413,
  /** The same limit in the words product.md#uploads gives the SS-4, documents and admin uploads. */
  FILE_SIZE_LIMIT: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  /** The same refusal in the words product.md#uploads gives the admin's document upload. */
  FILE_TYPE_NOT_ALLOWED: 415,
  PDF_REQUIRED: 415,
  EIN_APPLICATION_EXISTS: 409,
  EIN_APPLICATION_REQUIRED: 404,
  FORMATION_NOT_COMPLETED: 409,
  SS4_NOT_AVAILABLE: 409,
  /** Decision 0017's generated SS-4: no usable template at SS4_TEMPLATE_PATH (`fields.template` says why). */
  SS4_TEMPLATE_UNAVAILABLE: 409,
  /** An answer longer than its field on the form allows; nothing is generated rather than a cut answer. */
  SS4_ANSWER_TOO_LONG: 409,
  /** "Use this SS-4" or its download with no generated draft. */
  SS4_GENERATED_NOT_AVAILABLE: 409,
  /** Decision 0019: the EIN number is corrected only once issued; before that it comes with the issuing step. */
  EIN_NOT_ISSUED: 409,
  /** Decision 0050: a follow-up with the IRS is recorded only while the SS-4 is with the IRS (submitted_to_irs). */
  EIN_NOT_AT_IRS: 409,
  DOCUMENTS_REQUIRED: 400,
  TOO_MANY_ATTEMPTS: 429,
  TOO_MANY_REQUESTS: 429,
  INVALID_TOKEN: 400,
  SIGN_UP_FAILED: 500,
  SIGN_IN_FAILED: 500,
  INTERNAL: 500,
  /** The database cannot be reached; sent with Retry-After. */
  SERVICE_UNAVAILABLE: 503,
  /** This server is reading as many uploads as its memory budget allows and this one waited too long. */
  UPLOADS_BUSY: 503,
  /** The account page (decision 0044): the current password given to change the password or the email is wrong. */
  WRONG_PASSWORD: 400,
  /** The new email address is the one the account already has. */
  EMAIL_UNCHANGED: 400,
  /** The devices list ends other sessions; this device's own is ended by signing out. */
  CURRENT_SESSION: 409,
  /** Decision 0042: a staff member without a second factor, on any admin operation. */
  TWO_FACTOR_REQUIRED: 403,
  /** Decision 0042: an SSN reveal or an export when the session's last code is older than 15 minutes. */
  STEP_UP_REQUIRED: 403,
  /** A second-factor code (or recovery code) that is wrong, already used, or out of its window. */
  INVALID_TWO_FACTOR_CODE: 400,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  /** Enrolment's confirmation without its start (no key shown yet). */
  TWO_FACTOR_NOT_STARTED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  /** Staff cannot turn their second factor off; an owner resets it instead. */
  TWO_FACTOR_MANDATORY: 403,
  /**
   * Decision 0070: too many wrong codes for the account; the app's codes are refused until
   * `fields.until` (ISO; `fields.untilText` in UTC for the message). A recovery code still works.
   */
  TWO_FACTOR_LOCKED: 429,
  /** Decision 0043: the last active owner cannot be demoted or deactivated (nobody could manage staff then). */
  LAST_OWNER: 409,
  /** Decision 0043: a deactivated staff member's right password; they are told, as the password was theirs. */
  ACCOUNT_DEACTIVATED: 403,
  /** Decision 0043: an open invitation for this address exists already (resend it instead). */
  INVITATION_PENDING: 409,
  /** Decision 0043: an invitation link that is unknown, used, cancelled or past its 72 hours. */
  INVITATION_INVALID: 400,
  /** Decision 0046: a customer who has not accepted the current terms and privacy notice, on a write. */
  CONSENT_REQUIRED: 403,
  /** Decision 0051: a Form 5472 or 1120 template is set but cannot be used (`fields.template` says why). */
  FILING_TEMPLATE_UNAVAILABLE: 409,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /**
     * For VALIDATION_FAILED: field name → i18n key of the rule that failed. For TWO_FACTOR_LOCKED: `until`
     * and `untilText`, which the message names.
     */
    fields?: Record<string, string>;
  };
}
