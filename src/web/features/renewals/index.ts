/*
 * What other features may use of renewals (decision 0082): they import it from here, never from its files.
 */
export { CustomerSubscriptions } from './admin/CustomerSubscriptions';
export { loadRenewalCard } from './lazy';
export { agentRenewalText } from './lib/agent-renewal-line';
