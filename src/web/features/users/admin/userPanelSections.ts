/**
 * The texts a customer's panel shows beyond the list page's own (the route table's): its subscriptions,
 * filings and bank readiness. They load with the panel's code when a row is opened, so the list's first
 * view leaves out the texts both sides share (55 KiB of script; decision 0096).
 * tests/unit/route-sections.test.ts checks that the panel spells nothing else.
 */
export const USER_PANEL_SECTIONS: readonly string[] = ['bankReadiness', 'compliance', 'renewals'];
