import { describe, expect, it } from 'vitest';
import { COMPLIANCE_SERVICE_TITLES, matchingService } from '../../../shared/catalogue/compliance-services';
import { EXAMPLE_SERVICES } from '../services/services.seed';

describe('compliance items and the services that file them', () => {
  it('names services the example catalogue really seeds', () => {
    const seeded = EXAMPLE_SERVICES.map((s) => s.titleEn);
    for (const title of Object.values(COMPLIANCE_SERVICE_TITLES)) expect(seeded).toContain(title);
  });

  it('matches by English title, ignoring case and spaces, and offers nothing for rules no service files', () => {
    const services = [
      { id: 'a', titleEn: ' annual REPORT filing ' },
      { id: 'b', titleEn: null },
    ];
    expect(matchingService('wyoming_annual_report', services)?.id).toBe('a');
    expect(matchingService('federal_form_5472', services)).toBeNull();
    expect(matchingService('delaware_llc_annual_tax', services)).toBeNull();
  });
});
