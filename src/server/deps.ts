import type { Database } from './db/client';
import type { Env } from './env';
import type { AdminSignupGate } from './features/auth/admin-signup-gate.service';
import type { Auth } from './features/auth/auth.instance';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mail/outbox';
import type { PaymentProvider } from './platform/payments';
import type { RateLimiter } from './platform/rate-limit/rate-limiter';
import type { FileStorage } from './platform/storage/storage';
import type { UploadBudget } from './platform/uploads/upload-budget';

/** Everything a request handler may need, built once at start-up (main.ts) or per test. */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  auth: Auth;
  adminSignup: AdminSignupGate;
  /** 64 hex characters: the AES-256-GCM key for SSNs. */
  encryptionKey: string;
  /** Counters of the rate limits in RATE_LIMITS (src/shared/domain/limits.ts), kept in the database. */
  rateLimiter: RateLimiter;
  /** Private files (uploads, prepared forms); read back only through GET /api/files/... */
  storage: FileStorage;
  /** Stripe Checkout, or the local TEST MODE checkout without Stripe keys (decision 0012). */
  payments: PaymentProvider;
  /** Upload bytes this process reads at once (decision 0024); a default budget when not given. */
  uploadBudget?: UploadBudget;
}
