import { z } from '@hono/zod-openapi';

/**
 * The second factor (decision 0042): enrolment, the sign-in's second step, step-up, recovery codes and
 * an owner's reset. The web imports the types only (`import type`).
 */

export {
  type TwoFactorCodeInput,
  type TwoFactorSetupRequest,
  twoFactorCodeSchema,
  twoFactorSetupRequestSchema,
} from './two-factor.schemas';

export const twoFactorStateSchema = z
  .object({
    enabled: z.boolean(),
    /** Setting it up asks for the current password first (the sign-in is older than RECENT_SIGN_IN_MS). */
    passwordNeeded: z.boolean(),
    /** Staff must have it; customers may turn it on and off. */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .openapi('TwoFactorState');

export const twoFactorSetupSchema = z
  .object({
    /** The key as text (base32), for typing into the app by hand. */
    secret: z.string(),
    otpauthUri: z.string(),
    /** The QR code of otpauthUri: an SVG path of unit squares in a `size` × `size` box. */
    qr: z.object({ size: z.number().int(), path: z.string() }),
  })
  .openapi('TwoFactorSetup');

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) }).openapi('RecoveryCodes');

export type TwoFactorState = z.output<typeof twoFactorStateSchema>;
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;
