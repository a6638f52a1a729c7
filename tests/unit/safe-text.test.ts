import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from '../../src/shared/features/auth/auth.schemas';
import { adminEinNotesSchema } from '../../src/shared/features/ein/ein.schemas';
import {
  bankFeedbackSchema,
  guideCompletionSchema,
  onboardingSchema,
} from '../../src/shared/features/formations/formations.schemas';
import { INVALID_CHARACTERS, isSafeText, safeText, TEXT_MAX, TOO_LONG } from '../../src/shared/schemas/text';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

/** Any UTF-16 code unit, with surrogate halves and NUL far more often than chance would give them. */
const codeUnit = fc
  .oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.constant(0))
  .map((n) => String.fromCharCode(n));

describe('isSafeText', () => {
  it.each([
    ['a NUL byte', 'abc\u0000def'],
    ['only a NUL byte', '\u0000'],
    ['a lone high surrogate', 'x\ud800y'],
    ['a high surrogate at the end', 'x\udbff'],
    ['a lone low surrogate', 'x\udc00y'],
    ['a low surrogate at the start', '\udfffx'],
    ['two high surrogates then a low one', '\ud83d\ud83d\ude00'],
    ['a pair followed by a stray low surrogate', '\ud83d\ude00\ude00'],
  ])('refuses %s', (_label, value) => {
    expect(isSafeText(value)).toBe(false);
  });

  it.each([
    ['empty text', ''],
    ['Turkish letters', 'İstanbul Işık Ağaç Şeker Çiçek Öykü Üzüm ığüşöç'],
    ['an emoji (a complete surrogate pair)', 'Harika 😀👍🏽'],
    ['a flag and a joined family', '🇹🇷 👨‍👩‍👧'],
    ['a supplementary CJK character', '𠮷野家'],
    ['other control characters a textarea can hold', 'line 1\r\nline 2\ttab'],
    ['Arabic and combining marks', 'مرحبا é'],
  ])('accepts %s', (_label, value) => {
    expect(isSafeText(value)).toBe(true);
  });

  it('accepts exactly the well-formed strings without NUL', () => {
    // String.prototype.isWellFormed (Node 20) is the reference; the regex must agree with it.
    const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(isSafeText(s)).toBe(wellFormed(s) && !s.includes('\u0000'));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: codeUnit, maxLength: 12 }), (s) => {
        expect(isSafeText(s)).toBe(wellFormed(s) && !s.includes('\u0000'));
      }),
      { numRuns: 2000 },
    );
    // 4,000 generated strings take about 1.5 s on a quiet machine; a loaded one needed more than 5 s.
  }, 30_000);
});

describe('safeText()', () => {
  const field = safeText(10);

  it('trims, then counts', () => {
    expect(field.parse('  Çağrı  ')).toBe('Çağrı');
    expect(field.safeParse(`  ${'a'.repeat(10)}  `).success).toBe(true);
    expect(firstMessage(field.safeParse('a'.repeat(11)))).toBe(TOO_LONG);
  });

  it('keeps spaces when asked not to trim', () => {
    expect(safeText(10, { trim: false }).parse(' a ')).toBe(' a ');
  });

  it('names the characters, not the length, for a long value holding a NUL', () => {
    expect(firstMessage(field.safeParse(`a\u0000${'b'.repeat(100)}`))).toBe(INVALID_CHARACTERS);
  });

  it('uses the given messages', () => {
    const custom = safeText(3, { error: 'validation.nameRequired', tooLong: 'validation.textTooLong' });
    expect(firstMessage(custom.safeParse(42))).toBe('validation.nameRequired');
    expect(firstMessage(custom.safeParse('abcd'))).toBe('validation.textTooLong');
  });
});

describe('the request schemas use it', () => {
  const signUp = {
    fullName: 'Ayşe',
    email: 'a@b.co',
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    terms: true,
  };

  it.each([
    ['sign-in email', signInSchema, { email: 'a\u0000@b.co', password: 'x' }, 'email'],
    ['sign-up utmSource', signUpSchema, { ...signUp, utmSource: 'ads\ud800' }, 'utmSource'],
    [
      'sign-up password',
      signUpSchema,
      { ...signUp, password: 'Passw0rd\u0000', confirmPassword: 'Passw0rd\u0000' },
      'password',
    ],
    [
      'onboarding businessMotivation',
      onboardingSchema,
      { formationType: 'self', businessMotivation: '\udc00' },
      'businessMotivation',
    ],
    [
      'guide difficulties',
      guideCompletionSchema,
      { isFormationComplete: false, difficulties: 'a\u0000' },
      'difficulties',
    ],
    ['bank feedbackText', bankFeedbackSchema, { completed: true, feedbackText: 'ok\u0000' }, 'feedbackText'],
    ['admin notes', adminEinNotesSchema, { adminNotes: 'note\u0000' }, 'adminNotes'],
  ])('%s refuses unsafe text', (_label, schema, value, path) => {
    const res = (schema as typeof signInSchema).safeParse(value);
    expect(res.success).toBe(false);
    const issue = res.error?.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toBe(INVALID_CHARACTERS);
  });

  it('bounds emails at 254 characters with their own message', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    expect(signInSchema.safeParse({ email, password: 'x' }).success).toBe(true);
    const res = signInSchema.safeParse({ email: `a${email}`, password: 'x' });
    expect(res.error?.issues[0]).toMatchObject({ path: ['email'], message: 'validation.emailTooLong' });
  });

  it('still accepts Turkish text and emoji in free text', () => {
    const text = 'Şirketimi kurarken çok zorlandım 😅 ama İngilizce belgeler yardımcı oldu 👍';
    expect(guideCompletionSchema.safeParse({ isFormationComplete: false, difficulties: text }).success).toBe(true);
    expect(onboardingSchema.safeParse({ formationType: 'self', businessMotivation: text }).success).toBe(true);
  });

  it('keeps the free-text limits', () => {
    const notes = (n: number) => adminEinNotesSchema.safeParse({ adminNotes: 'x'.repeat(n) });
    expect(notes(TEXT_MAX.adminNotes).success).toBe(true);
    expect(firstMessage(notes(TEXT_MAX.adminNotes + 1))).toBe('validation.textTooLong');
  });
});
