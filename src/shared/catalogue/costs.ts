import { REGISTERED_AGENT_RENEWAL } from './packages';
import type { FeaturedState } from './states';

/**
 * What a company in a featured state costs, summed from the catalogue's parts so that a total is never
 * typed apart from them (product.md#who-the-portal-is-for: "$143 for Wyoming" matched no sum of its own figures; decision 0033).
 * The first year pays the state's filing fee and the first year of registered agent service; the state's
 * yearly charge falls due from the second year, together with the agent's renewal.
 */
export function stateCosts(state: Pick<FeaturedState, 'filingFee' | 'annualFee' | 'registeredAgentFee'>) {
  const firstYear = { filingFee: state.filingFee, registeredAgent: state.registeredAgentFee };
  const yearly = { annualFee: state.annualFee, registeredAgent: REGISTERED_AGENT_RENEWAL };
  return {
    firstYear: { ...firstYear, total: firstYear.filingFee + firstYear.registeredAgent },
    yearly: { ...yearly, total: yearly.annualFee + yearly.registeredAgent },
  };
}
