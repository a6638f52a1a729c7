import { PASSWORD_MIN_LENGTH } from '../../../../shared/domain/limits';
import { INVALID_CHARACTERS, isSafeText, TEXT_MAX } from '../../../../shared/schemas/text-rules';

/*
 * The sign-in and sign-up forms' own checks, without zod: the pages most visitors open first should
 * not download a schema library for a handful of fields. Each gives the message the shared schema
 * (shared/schemas/auth.ts, which the API applies) gives first for each field;
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
const PASSWORD = { required: 'validation.passwordRequired', tooLong: 'validation.passwordMax' };

function emailProblem(value: string) {
  return (
    textProblem(value, TEXT_MAX.email, EMAIL) ?? (EMAIL_PATTERN.test(value.trim()) ? null : 'validation.emailInvalid')
  );
}

function newPasswordProblem(value: string) {
  // Never trimmed: spaces are part of a password.
  const text = textProblem(value, TEXT_MAX.password, PASSWORD, false);
  if (text) return text;
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.passwordMin';
  if (!/\d/.test(value)) return 'validation.passwordDigit';
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

/** signInSchema: only "required" is shown on sign-in (SPEC §5), with the bounds every request has. */
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
    [
      'fullName',
      textProblem(values.fullName, TEXT_MAX.fullName, {
        required: 'validation.fullNameRequired',
        tooLong: 'validation.fullNameTooLong',
      }),
    ],
    ['email', emailProblem(values.email)],
    ['password', newPasswordProblem(values.password)],
    ['confirmPassword', confirmProblem(values.password, values.confirmPassword)],
    ['terms', values.terms === true ? null : 'validation.termsRequired'],
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
