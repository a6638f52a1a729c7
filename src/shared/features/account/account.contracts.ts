import { z } from '@hono/zod-openapi';

/**
 * The account page's contract (decision 0044, decision 0044): /api/account. The request schemas live in
 * src/shared/features/account/account.schemas.ts (re-exported); the web imports the types only (`import type`).
 */

export { type Ok, okSchema } from '../../contracts/common';
export {
  type ChangePasswordInput,
  type ConfirmEmailChangeInput,
  changePasswordSchema,
  confirmEmailChangeSchema,
  type EmailChangeInput,
  emailChangeSchema,
  type UpdateAccountInput,
  updateAccountSchema,
} from './account.schemas';

export const accountSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    /** A change waiting for the link mailed to the new address, if any. */
    pendingEmail: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
  })
  .openapi('Account');

/** One signed-in device: a session, described without its token or full address. */
export const deviceSchema = z
  .object({
    id: z.string(),
    /** Parsed from the user agent; null when it names nothing known. */
    browser: z.string().nullable(),
    system: z.string().nullable(),
    /** The client's network (/24 or /48), null until the session's first request was seen. */
    network: z.string().nullable(),
    firstSeen: z.string(),
    lastSeen: z.string(),
    current: z.boolean(),
    /**
     * A sign-in whose password was right, waiting for its second-factor code (decision 0070): listed for
     * its ten minutes, so the member sees someone has the password, and can be ended like any other.
     */
    pending: z.boolean(),
  })
  .openapi('Device');

export const devicesSchema = z.object({ devices: z.array(deviceSchema) }).openapi('Devices');

export const sessionsEndedSchema = z.object({ ended: z.number().int() }).openapi('SessionsEnded');

export const emailChangeResultSchema = z
  .object({ email: z.string(), expiresAt: z.string() })
  .openapi('EmailChangeRequested');

export const emailChangedSchema = z.object({ email: z.string() }).openapi('EmailChanged');

export type Account = z.output<typeof accountSchema>;
export type Device = z.output<typeof deviceSchema>;
export type Devices = z.output<typeof devicesSchema>;
export type SessionsEnded = z.output<typeof sessionsEndedSchema>;
export type EmailChangeResult = z.output<typeof emailChangeResultSchema>;
export type EmailChanged = z.output<typeof emailChangedSchema>;
