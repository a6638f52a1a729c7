import { z } from 'zod';
import type { ComplianceRuleId } from '../catalogue/compliance';
import { safeText, TEXT_MAX } from './text';

export const COMPLIANCE_RULE_IDS = [
  'wyoming_annual_report',
  'delaware_llc_annual_tax',
  'florida_annual_report',
  'texas_franchise_tax_report',
  'texas_public_information_report',
  'new_mexico_annual_report',
  'federal_form_5472',
  'registered_agent_renewal',
  'fincen_boi',
] as const satisfies readonly ComplianceRuleId[];

/** One occurrence of a rule: `<rule id>:<due date>`, the key of compliance_marks. */
export function complianceItemKey(ruleId: ComplianceRuleId, dueDate: string): string {
  return `${ruleId}:${dueDate}`;
}

/** The horizons the admin's "Upcoming deadlines" offers (days from today). */
export const DEADLINE_HORIZONS = [30, 60, 90, 180] as const;

/** What the admin list and its export filter by. */
export const adminDeadlineFilterSchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (DEADLINE_HORIZONS as readonly number[]).includes(n), 'validation.invalid')
    .default(60),
  /** A state's name (only the tracked ones have state deadlines; the federal and agent items are everyone's). */
  state: safeText(TEXT_MAX.choice).optional(),
  rule: z.enum(COMPLIANCE_RULE_IDS).optional(),
  /** Customer email or name, or business name (Turkish letters folded). */
  q: safeText(TEXT_MAX.search).optional(),
});

export const adminDeadlineListQuerySchema = adminDeadlineFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminDeadlineListQuery = z.input<typeof adminDeadlineListQuerySchema>;

export const adminDeadlineExportQuerySchema = adminDeadlineFilterSchema.extend({
  format: z.enum(['csv', 'excel-tr']).default('csv'),
});
