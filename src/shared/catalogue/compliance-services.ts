import type { ComplianceRuleId } from './compliance';

/**
 * Which catalogue service files a compliance item for the customer ("Let us file it"). The services
 * table has no field naming a rule, and its ids are random per installation, so the link is the
 * service's English title as the example catalogue seeds it (services.seed.ts), compared trimmed and
 * case-insensitively among active services. An operator who renames the service breaks the link
 * visibly (the button disappears) rather than pointing it at the wrong service; the unit test fails
 * when the seed's titles drift from these.
 */
export const COMPLIANCE_SERVICE_TITLES: Partial<Record<ComplianceRuleId, string>> = {
  wyoming_annual_report: 'Annual report filing',
  florida_annual_report: 'Annual report filing',
  federal_form_5472: 'Form 5472 and pro forma 1120 filing',
};

const normalise = (title: string) => title.trim().toLocaleLowerCase('en-US');

/** The service (of `services`, active ones) that files `ruleId`, or null when none is sold. */
export function matchingService<T extends { titleEn: string | null }>(
  ruleId: ComplianceRuleId,
  services: readonly T[],
): T | null {
  const wanted = COMPLIANCE_SERVICE_TITLES[ruleId];
  if (!wanted) return null;
  return services.find((s) => s.titleEn !== null && normalise(s.titleEn) === normalise(wanted)) ?? null;
}
