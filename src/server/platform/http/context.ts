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
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    lang: Language;
    user: SessionUser | null;
    sessionId: string | null;
  };
}
