import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_SERVICE_TITLES,
  matchingService,
  rulesFiledBy,
} from '../../../shared/catalogue/compliance-services';
import { EXAMPLE_SERVICES } from '../services/services.seed';

describe('compliance items and the services that file them (decision 0052)', () => {
  it('gives the example services that really are seeded the rules they file', () => {
    const seeded = EXAMPLE_SERVICES.map((s) => s.titleEn);
    for (const title of Object.values(COMPLIANCE_SERVICE_TITLES)) expect(seeded).toContain(title);
    const annual = EXAMPLE_SERVICES.find((s) => s.titleEn === 'Annual report filing');
    expect(annual?.complianceRules).toEqual(['wyoming_annual_report', 'florida_annual_report']);
    expect(rulesFiledBy('Form 5472 and pro forma 1120 filing')).toEqual(['federal_form_5472']);
  });

  it('matches by the rules the service names, whatever its title, and offers nothing for rules no service files', () => {
    const services = [
      { id: 'a', titleEn: 'Renamed by the operator', complianceRules: ['wyoming_annual_report'] },
      { id: 'b', titleEn: 'Annual report filing', complianceRules: [] },
    ];
    expect(matchingService('wyoming_annual_report', services)?.id).toBe('a');
    expect(matchingService('federal_form_5472', services)).toBeNull();
    expect(matchingService('delaware_llc_annual_tax', services)).toBeNull();
  });
});
