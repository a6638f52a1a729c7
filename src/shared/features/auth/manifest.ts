import { publicPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Signing up and in, and the password links. */
export const authFeature: SharedFeature = {
  name: 'auth',
  pages: [
    // The sign-in page itself sends a visitor who is signed in already to their home.
    publicPage('signin', 'features/auth/pages/SignInPage.tsx', ['auth']),
    publicPage('signup', 'features/auth/pages/SignUpPage.tsx', ['auth', 'privacy']),
    publicPage('admin/signup', 'features/auth/pages/AdminSignUpPage.tsx', ['auth']),
    publicPage('forgot-password', 'features/auth/pages/ForgotPasswordPage.tsx', ['auth']),
    publicPage('reset-password', 'features/auth/pages/ResetPasswordPage.tsx', ['auth']),
  ],
  messages: ['auth'],
};
