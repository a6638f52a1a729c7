import { type PageRoute, publicPage } from '../../routes/page';

/** Signing up and in, and the password links. */
export const authPages: readonly PageRoute[] = [
  // The sign-in page itself sends a visitor who is signed in already to their home.
  publicPage('signin', 'pages/SignInPage.tsx', ['auth']),
  publicPage('signup', 'pages/SignUpPage.tsx', ['auth', 'privacy']),
  publicPage('admin/signup', 'pages/AdminSignUpPage.tsx', ['auth']),
  publicPage('forgot-password', 'pages/ForgotPasswordPage.tsx', ['auth']),
  publicPage('reset-password', 'pages/ResetPasswordPage.tsx', ['auth']),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['auth'];
