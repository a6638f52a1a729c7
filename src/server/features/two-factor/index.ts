/*
 * What other features may use of two-factor (decision 0082): they import it from here, never from its files.
 */
export { holdForSecondFactor, isEnabled } from './two-factor.service';
