import { createHash } from 'node:crypto';

/**
 * How a verification identifier (`reset-password:<token>`…) is kept in `verifications` (decision 0071):
 * better-auth's `storeIdentifier: 'hashed'`, SHA-256 in base64url without padding. The portal's own
 * reads of the table go through this, so they find the rows better-auth wrote.
 */
export function storedVerificationIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier, 'utf8').digest('base64url');
}
