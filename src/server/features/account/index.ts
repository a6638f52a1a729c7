/*
 * What other features may use of account (decision 0082): they import it from here, never from its files.
 */
export { checkCurrentPassword, getAccount, listDevices } from './account.service';
