import type { Me } from '../../../shared/features/auth/auth.contracts';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/http/context';
import { homeFor } from '../auth';

/** The signed-in user as `GET /api/me` answers, and as a signed-in page's HTML carries it (decision 0060). */
export async function meOf(db: Db, user: SessionUser): Promise<Me> {
  const { home, hasFormation } = await homeFor(db, user.id, user.role);
  return {
    user: {
      id: user.id,
      email: user.email,
      fullName: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      lang: user.lang,
    },
    hasFormation,
    home,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}
