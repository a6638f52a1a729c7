import { describe, expect, it } from 'vitest';
import { formatEin } from '../../src/shared/features/ein/ein-number.domain';
import { adminFormationCompanySchema } from '../../src/shared/features/formations/company.schemas';
import { formatCalendarDateLong } from '../../src/shared/format/dates';
import { companyExists, openCompanySteps } from '../../src/web/features/dashboard/components/companySteps';

const formation = (formationStatus: string, formedOn: string | null) =>
  ({ formation: { formationStatus, formedOn } }) as Parameters<typeof companyExists>[0];

describe('the dashboard company card', () => {
  it('shows once the company exists: a formation date, or past preparation', () => {
    expect(companyExists(formation('preparation', null))).toBe(false);
    expect(companyExists(formation('preparation', '2025-03-04'))).toBe(true);
    expect(companyExists(formation('formation_completed', null))).toBe(true);
  });

  it('lists only the steps still open, and always the compliance calendar', () => {
    const ids = (guidesDone: { bankAccount: boolean; businessAddress: boolean } | null) =>
      openCompanySteps({ guidesDone }).map((s) => s.id);
    expect(ids(null)).toEqual(['bankAccount', 'businessAddress', 'compliance']);
    expect(ids({ bankAccount: true, businessAddress: false })).toEqual(['businessAddress', 'compliance']);
    expect(ids({ bankAccount: true, businessAddress: true })).toEqual(['compliance']);
    expect(openCompanySteps({ guidesDone: null }).at(-1)?.to).toBe('#compliance-calendar');
  });

  it('shows the formation date as the calendar day it is, whatever the time zone', () => {
    expect(formatCalendarDateLong('2024-02-29', 'en')).toBe('February 29, 2024');
    expect(formatCalendarDateLong('2024-02-29', 'tr')).toBe('29 Şubat 2024');
    expect(formatEin('987654321')).toBe('98-7654321');
  });

  it('checks the formation date and file number as the server does', () => {
    const ok = adminFormationCompanySchema.safeParse({ formedOn: '2024-02-29', stateFileNumber: ' 2024 - 0012 ' });
    expect(ok.success && ok.data).toEqual({ formedOn: '2024-02-29', stateFileNumber: '2024 - 0012' });
    expect(adminFormationCompanySchema.safeParse({ formedOn: '2024-02-29', stateFileNumber: '  ' }).data).toEqual({
      formedOn: '2024-02-29',
      stateFileNumber: null,
    });
    expect(adminFormationCompanySchema.safeParse({ formedOn: '2023-02-29' }).success).toBe(false);
  });
});
