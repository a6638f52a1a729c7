import { PASSWORD_MIN_LENGTH } from '../../../../shared/domain/limits';
import { INVALID_CHARACTERS, isSafeText, TEXT_MAX } from '../../../../shared/schemas/text-rules';

/*
 * The public forms' own checks (sign-in, sign-up, admin sign-up, forgotten and new password), without
 * zod: the pages visitors open before they have an account should not download a schema library for
 * a handful of fields (decisions 0030 and 0038). Each gives the message the shared schema
 * (shared/features/auth/auth.schemas.ts, which the API applies) gives first for each field;
 * tests/unit/auth-checks.test.ts holds the two together.
 */

type Problems<F extends string> = Partial<Record<F, string>>;

function textProblem(value: string, max: number, messages: { required: string; tooLong?: string }, trim = true) {
  if (!isSafeText(value)) return INVALID_CHARACTERS;
  const counted = trim ? value.trim() : value;
  if (counted.length > max) return messages.tooLong ?? 'validation.tooLong';
  if (counted.length === 0) return messages.required;
  return null;
}

/** zod's own email pattern (z.email()), which the API applies; the unit test compares the two. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const EMAIL = { required: 'validation.emailRequired', tooLong: 'validation.emailTooLong' };
const FULL_NAME = { required: 'validation.fullNameRequired', tooLong: 'validation.fullNameTooLong' };
const PASSWORD = { required: 'validation.passwordRequired', tooLong: 'validation.passwordMax' };

function emailProblem(value: string) {
  return (
    textProblem(value, TEXT_MAX.email, EMAIL) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'validation.emailInvalid')
  );
}

/** A new password; the admin sign-up asks for no digit (adminSignUpSchema's passwordBase). */
function newPasswordProblem(value: string, digit = true) {
  // Never trimmed: spaces are part of a password.
  const text = textProblem(value, TEXT_MAX.password, PASSWORD, false);
  if (text) return text;
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.passwordMin';
  if (digit && !/\d/.test(value)) return 'validation.passwordDigit';
  return null;
}

/** Not "required": an empty confirmation is simply one that does not match. */
function confirmProblem(password: string, confirm: string) {
  if (!isSafeText(confirm)) return INVALID_CHARACTERS;
  if (confirm.length > TEXT_MAX.password) return 'validation.passwordMax';
  return password === confirm ? null : 'validation.passwordsMismatch';
}

function collect<F extends string>(checks: [F, string | null][]): Problems<F> {
  const problems: Problems<F> = {};
  for (const [field, problem] of checks) if (problem) problems[field] = problem;
  return problems;
}

export interface SignInValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** signInSchema: only "required" is shown on sign-in (product.md#account-rules), with the bounds every request has. */
export function checkSignIn(values: SignInValues): Problems<keyof SignInValues> {
  return collect<keyof SignInValues>([
    ['email', textProblem(values.email, TEXT_MAX.email, EMAIL)],
    ['password', textProblem(values.password, TEXT_MAX.password, PASSWORD, false)],
  ]);
}

export interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

/** signUpSchema's fields a visitor types; the campaign and short-link fields come from the URL. */
export function checkSignUp(values: SignUpValues): Problems<keyof SignUpValues> {
  return collect<keyof SignUpValues>([
    ['fullName', textProblem(values.fullName, TEXT_MAX.fullName, FULL_NAME)],
    ['email', emailProblem(values.email)],
    ['password', newPasswordProblem(values.password)],
    ['confirmPassword', confirmProblem(values.password, values.confirmPassword)],
    ['terms', values.terms === true ? null : 'validation.termsRequired'],
  ]);
}

export interface AdminSignUpValues extends SignUpValues {
  adminCode: string;
}

/** adminSignUpSchema: sign-up's fields with the admin code, and a password that needs no digit. */
export function checkAdminSignUp(values: AdminSignUpValues): Problems<keyof AdminSignUpValues> {
  return collect<keyof AdminSignUpValues>([
    ['fullName', textProblem(values.fullName, TEXT_MAX.fullName, FULL_NAME)],
    ['email', emailProblem(values.email)],
    ['password', newPasswordProblem(values.password, false)],
    ['confirmPassword', confirmProblem(values.password, values.confirmPassword)],
    ['adminCode', textProblem(values.adminCode, TEXT_MAX.adminCode, { required: 'validation.adminCodeRequired' })],
    ['terms', values.terms === true ? null : 'validation.termsRequired'],
  ]);
}

export interface ForgotPasswordValues {
  email: string;
}

/** forgotPasswordSchema. */
export function checkForgotPassword(values: ForgotPasswordValues): Problems<keyof ForgotPasswordValues> {
  return collect<keyof ForgotPasswordValues>([['email', emailProblem(values.email)]]);
}

export interface ResetPasswordValues {
  token: string;
  password: string;
  confirmPassword: string;
}

/** resetPasswordSchema: the token from the link (not a field the user sees) and the new password. */
export function checkResetPassword(values: ResetPasswordValues): Problems<keyof ResetPasswordValues> {
  return collect<keyof ResetPasswordValues>([
    ['token', textProblem(values.token, TEXT_MAX.token, { required: 'validation.tokenRequired' })],
    ['password', newPasswordProblem(values.password)],
    ['confirmPassword', confirmProblem(values.password, values.confirmPassword)],
  ]);
}

/** What is sent: text fields as the API's schemas read them (trimmed where they trim). */
export function trimmed<V extends { email: string; fullName?: string }>(values: V): V {
  return {
    ...values,
    email: values.email.trim(),
    ...(values.fullName === undefined ? {} : { fullName: values.fullName.trim() }),
  };
}
