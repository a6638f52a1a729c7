/*
 * What other features may use of the mailroom (decision 0082): they import it from here, never from its files.
 */
export { envelopeKeysOf, lettersOf } from './mail-admin.service';
export { mailListensToPayments, mailSettings as mailSettingsOf } from './mail-forwarding.service';
export { expireLetters, paperHeldFor } from './mail-retention.service';
export { writeMailRollups } from './mail-rollups.service';
