/*
 * What other features may use of auth (decision 0082): they import it from here, never from its files.
 */
export { FullNameField, NewPasswordFields } from './components/AuthFields';
export { AuthFooter, AuthForm } from './components/AuthForm';
export { AuthShell } from './components/AuthShell';
export { checkResetPassword } from './lib/authChecks';
