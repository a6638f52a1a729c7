/*
 * What other features may use of bank readiness (decision 0082): they import it from here, never from its files.
 */
export { CustomerBankHistory } from './admin/CustomerBankHistory';
export { BankReadinessSection } from './components/BankReadinessSection';
