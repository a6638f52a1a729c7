import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One form way (decisions 0038 and 0081): a signed-in page's form is react-hook-form, with the API's
 * schema through the zod resolver where one exists; the public pages keep their light `useLiteForm`
 * so that the sign-in page loads neither zod nor the form library (decision 0061's budget). A form
 * built again from `useState` and a hand-written check fails here.
 */

const WEB = path.resolve('src/web');

/** A react-hook-form hook: `useForm` itself or the admin lists' inline form built on it. */
const FORM_HOOK = /\buse(?:Form|InlineEditForm)\s*[<(]/;
const FORM_ELEMENT = /<form[\s>]/;

/**
 * Files that draw a `<form>` without calling the hook themselves, each with where its form comes from.
 * A new entry needs a reason as good as these.
 */
const FRAMES: Record<string, { why: string; hookIn?: string }> = {
  'features/auth/components/AuthForm.tsx': {
    why: "the public pages' frame: each page's useLiteForm gives it onSubmit (decision 0038)",
  },
  'features/formations/pages/OnboardingPage.tsx': {
    why: "the onboarding wizard's frame: the form is the flow's, passed down with FormProvider",
    hookIn: 'features/formations/onboarding/lib/useOnboardingFlow.ts',
  },
  'components/admin/ListToolbar.tsx': {
    why:
      "the admin lists' search box: one text that becomes the URL's q as it is typed (debounced) and follows " +
      'the back button; there is nothing to check and nothing to send but the URL',
  },
};

/**
 * The public pages (no account yet) and the sign-in page's second step: the light form, no zod and no
 * react-hook-form in their chunks (decisions 0038, 0061).
 */
const LIGHT_FORMS = [
  'features/auth/components/SignInCodeForm.tsx',
  'features/auth/pages/AdminSignUpPage.tsx',
  'features/auth/pages/ForgotPasswordPage.tsx',
  'features/auth/pages/ResetPasswordPage.tsx',
  'features/auth/pages/SignInPage.tsx',
  'features/auth/pages/SignUpPage.tsx',
  'features/staff/pages/InvitePage.tsx',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(WEB).map((full) => ({
  name: path.relative(WEB, full).split(path.sep).join('/'),
  text: readFileSync(full, 'utf8'),
}));

describe('one form way (decisions 0038, 0081)', () => {
  it('builds every form on react-hook-form, or says why not', () => {
    const withForm = files.filter((f) => FORM_ELEMENT.test(f.text));
    // The scan finds the forms, or it would prove nothing.
    expect(withForm.length).toBeGreaterThan(15);
    const handRolled = withForm.filter((f) => !FORM_HOOK.test(f.text) && !(f.name in FRAMES)).map((f) => f.name);
    expect(handRolled).toEqual([]);
  });

  it('keeps the list of frames true', () => {
    for (const [name, frame] of Object.entries(FRAMES)) {
      const file = files.find((f) => f.name === name);
      expect(file, name).toBeDefined();
      expect(FORM_ELEMENT.test(file?.text ?? ''), `${name} still draws a form`).toBe(true);
      expect(FORM_HOOK.test(file?.text ?? ''), `${name} calls the hook itself: take it off the list`).toBe(false);
      if (frame.hookIn) {
        const source = files.find((f) => f.name === frame.hookIn);
        expect(FORM_HOOK.test(source?.text ?? ''), `${frame.hookIn} holds ${name}'s form`).toBe(true);
      }
    }
  });

  it('keeps the light form to the public pages', () => {
    const light = files
      .filter((f) => f.name !== 'lib/liteForm.ts' && /\buseLiteForm\s*\(/.test(f.text))
      .map((f) => f.name)
      .sort();
    expect(light).toEqual([...LIGHT_FORMS].sort());
    // And those pages load neither the form library nor zod.
    for (const name of LIGHT_FORMS) {
      const text = files.find((f) => f.name === name)?.text ?? '';
      expect(text, name).not.toMatch(/from 'react-hook-form'|from '@hookform\/|from 'zod'/);
    }
  });
});
