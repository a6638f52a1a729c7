import { type AgentRenewalState, agentRenewalLine } from '../../../../shared/features/renewals/renewals.domain';

/**
 * Where the agent's subscription stands (decision 0054), on its calendar item and its deadlines desk row
 * (decision 0057): "Renewed until …", "Cancelled: ends on …", "Lapsed", "Renewal due on …".
 */
export function agentRenewalText(
  renewal: AgentRenewalState,
  t: (key: string, vars?: Record<string, unknown>) => string,
  date: (d: string) => string,
): string {
  return t(`renewals.calendar.${agentRenewalLine(renewal)}`, { date: date(renewal.periodEnd) });
}
