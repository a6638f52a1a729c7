import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminSignUpSchema, signUpSchema } from '../../src/shared/features/auth/auth.schemas';

const base = { fullName: 'A B', email: 'a@b.co', terms: true as const };

describe('sign-up rules (product.md#account-rules)', () => {
  it('accepts any password of 8+ characters with a digit, and refuses those without', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 64 }), (pw) => {
        const ok = signUpSchema.safeParse({ ...base, password: pw, confirmPassword: pw }).success;
        expect(ok).toBe(/\d/.test(pw));
      }),
    );
  });

  it('refuses passwords shorter than 8 for admins too, but needs no digit there', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 7 }), (pw) => {
        expect(
          adminSignUpSchema.safeParse({ ...base, adminCode: 'c', password: pw, confirmPassword: pw }).success,
        ).toBe(false);
      }),
    );
    expect(
      adminSignUpSchema.safeParse({ ...base, adminCode: 'c', password: 'abcdefgh', confirmPassword: 'abcdefgh' })
        .success,
    ).toBe(true);
  });
});

describe('password confirmation', () => {
  it('reports a mismatch together with the other field errors', () => {
    const res = signUpSchema.safeParse({ ...base, fullName: '', password: 'abcdefgh', confirmPassword: 'x' });
    expect(res.success).toBe(false);
    const paths = res.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['password', 'validation.passwordDigit'],
        ['confirmPassword', 'validation.passwordsMismatch'],
        ['fullName', 'validation.fullNameRequired'],
      ]),
    );
  });
});
