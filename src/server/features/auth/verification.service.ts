/** The verification link stays valid this long (better-auth checks the JWT's expiry). */
export const VERIFICATION_EXPIRES_SECONDS = 3 * 24 * 3600;
