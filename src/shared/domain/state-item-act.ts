import type { ComplianceRuleId } from '../catalogue/compliance';

/**
 * What staff record when a state item is done (decision 0052's "Mark filed"): a report is filed, but a
 * tax with no report (Delaware's annual LLC tax, `annualFeeKind: 'annualTax'`) is paid, and the button,
 * the dialog, the customer's mail and calendar line say so (decision 0072).
 */
const PAID_NOT_FILED: ReadonlySet<ComplianceRuleId> = new Set<ComplianceRuleId>(['delaware_llc_annual_tax']);

export type StateItemAct = 'filed' | 'paid';

export function stateItemAct(ruleId: string): StateItemAct {
  return PAID_NOT_FILED.has(ruleId as ComplianceRuleId) ? 'paid' : 'filed';
}
