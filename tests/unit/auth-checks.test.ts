import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminSignUpSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../src/shared/features/auth/auth.schemas';
import { TEXT_MAX } from '../../src/shared/schemas/text';
import {
  checkAdminSignUp,
  checkForgotPassword,
  checkResetPassword,
  checkSignIn,
  checkSignUp,
  EMAIL_PATTERN,
} from '../../src/web/features/auth/lib/authChecks';

/** What the zod form resolver showed: the first issue of each field, in the schema's order. */
function schemaMessages(schema: z.ZodType, values: Record<string, unknown>) {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (!out[field]) out[field] = issue.message;
  }
  return out;
}

// Text near the limits, with spaces to trim, a NUL and lone surrogates among ordinary letters.
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', ' ', '  \t', 'x\u0000y', '\ud800', 'ok\udc00', '😀', 'Ayşe Yılmaz'),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => 'a'.repeat(n)),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => ` ${'a'.repeat(n)} `),
  );
const email = fc.oneof(
  text(TEXT_MAX.email),
  fc.emailAddress(),
  fc.emailAddress().map((e) => ` ${e} `),
  fc.constantFrom('a@b.co', 'a@b', '.a@b.co', 'a..b@c.co', 'a@-b.co', 'ş@b.co'),
);
const password = fc.oneof(text(TEXT_MAX.password), fc.constantFrom('Sirket2025ok', 'sifresiz', 'kisa1', ' 12345678 '));

describe('the auth forms checks without zod', () => {
  it('use zod’s email pattern', () => {
    // Written without the escapes a linter removes: `\-` and `-` mean the same at a class's end.
    const plain = (source: string) => source.replaceAll('\\-', '-');
    expect(plain(EMAIL_PATTERN.source)).toBe(plain(z.regexes.email.source));
  });

  it('say on sign-in what signInSchema says first, field by field', () => {
    fc.assert(
      fc.property(email, password, fc.boolean(), (e, p, rememberMe) => {
        const values = { email: e, password: p, rememberMe };
        expect(checkSignIn(values)).toEqual(schemaMessages(signInSchema, values));
      }),
      { numRuns: 500 },
    );
  });

  it('say on sign-up what signUpSchema says first, field by field', () => {
    fc.assert(
      fc.property(
        text(TEXT_MAX.fullName),
        email,
        password,
        fc.boolean(),
        fc.boolean(),
        (fullName, e, p, sameConfirm, terms) => {
          const values = { fullName, email: e, password: p, confirmPassword: sameConfirm ? p : `${p}x`, terms };
          expect(checkSignUp(values)).toEqual(schemaMessages(signUpSchema, values));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('say on admin sign-up what adminSignUpSchema says first, field by field', () => {
    fc.assert(
      fc.property(
        text(TEXT_MAX.fullName),
        email,
        password,
        fc.boolean(),
        text(TEXT_MAX.adminCode),
        fc.boolean(),
        (fullName, e, p, sameConfirm, adminCode, terms) => {
          const values = {
            fullName,
            email: e,
            password: p,
            confirmPassword: sameConfirm ? p : `${p}x`,
            adminCode,
            terms,
          };
          expect(checkAdminSignUp(values)).toEqual(schemaMessages(adminSignUpSchema, values));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('say on the password pages what forgotPasswordSchema and resetPasswordSchema say first', () => {
    fc.assert(
      fc.property(email, (e) => {
        expect(checkForgotPassword({ email: e })).toEqual(schemaMessages(forgotPasswordSchema, { email: e }));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(text(TEXT_MAX.token), password, fc.boolean(), (token, p, sameConfirm) => {
        const values = { token, password: p, confirmPassword: sameConfirm ? p : `${p}x` };
        expect(checkResetPassword(values)).toEqual(schemaMessages(resetPasswordSchema, values));
      }),
      { numRuns: 500 },
    );
  });

  it('ask for everything on an empty form', () => {
    expect(checkSignIn({ email: ' ', password: '', rememberMe: false })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
    expect(checkSignUp({ fullName: '', email: '', password: '', confirmPassword: '', terms: false })).toEqual({
      fullName: 'validation.fullNameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
      terms: 'validation.termsRequired',
    });
    const empty = { fullName: '', email: '', password: '', confirmPassword: '', adminCode: ' ', terms: false };
    expect(checkAdminSignUp(empty)).toEqual({
      fullName: 'validation.fullNameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
      adminCode: 'validation.adminCodeRequired',
      terms: 'validation.termsRequired',
    });
    // The admin password needs no digit; the reset one does.
    expect(checkAdminSignUp({ ...empty, password: 'sifresiz', confirmPassword: 'sifresiz' }).password).toBeUndefined();
    expect(checkResetPassword({ token: '', password: 'sifresiz', confirmPassword: '' })).toEqual({
      token: 'validation.tokenRequired',
      password: 'validation.passwordDigit',
      confirmPassword: 'validation.passwordsMismatch',
    });
  });
});
