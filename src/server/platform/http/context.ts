import type { Role } from '../../../shared/domain/roles';
import type { Language } from '../../../shared/i18n/languages';
import type { AppDeps } from '../../deps';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  lang: Language;
  /** The user has a second factor (decision 0042); staff without one are kept out of the admin door. */
  twoFactorEnabled: boolean;
}

/** A password-only sign-in of a user with a second factor, waiting for its code (decision 0042). */
export interface PendingSignIn {
  sessionId: string;
  userId: string;
  email: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    lang: Language;
    user: SessionUser | null;
    sessionId: string | null;
    /** When the session's last second-factor code was accepted: step-up asks again after 15 minutes. */
    twoFactorAt: Date | null;
    /** Set only while a sign-in waits for its second factor; `user` is null then. */
    pendingSignIn: PendingSignIn | null;
  };
}
