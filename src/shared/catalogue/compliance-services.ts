import type { ComplianceRuleId } from './compliance';

/**
 * Which catalogue service files a compliance item for the customer ("Let us file it"). A service names
 * the rules it files in its own `compliance_rules` column (decision 0052), so the link survives a
 * renamed service; the example catalogue (services.seed.ts) and the migration that added the column
 * give the example services their rules by these English titles, once.
 */
export const COMPLIANCE_SERVICE_TITLES: Partial<Record<ComplianceRuleId, string>> = {
  wyoming_annual_report: 'Annual report filing',
  florida_annual_report: 'Annual report filing',
  federal_form_5472: 'Form 5472 and pro forma 1120 filing',
};

/** The rules the example service of this English title files. */
export function rulesFiledBy(titleEn: string): ComplianceRuleId[] {
  return (Object.entries(COMPLIANCE_SERVICE_TITLES) as [ComplianceRuleId, string][])
    .filter(([, title]) => title === titleEn)
    .map(([rule]) => rule);
}

/** The service (of `services`, active ones) that files `ruleId` by its id-bound rules, or null when none is sold. */
export function matchingService<T extends { complianceRules: readonly string[] }>(
  ruleId: ComplianceRuleId,
  services: readonly T[],
): T | null {
  return services.find((s) => s.complianceRules.includes(ruleId)) ?? null;
}
