import { describe, expect, it } from 'vitest';
import { einCompanyStepSchema, einOwnershipStepSchema } from '../../src/shared/features/ein/ein.schemas';
import {
  buildEinFormData,
  companyStepInput,
  type EinValues,
  firstStepOf,
  maskedSsn,
  missingFiles,
  orderedFields,
  ownershipStepInput,
  stepOfField,
} from '../../src/web/features/ein/lib/application';

const values: EinValues = {
  businessName: '  Acme LLC ',
  email: 'owner@example.com',
  state: 'Wyoming',
  businessActivity: 'Ecommerce',
  otherActivity: 'left over',
  responsiblePartyName: 'Ayşe Yılmaz',
  responsiblePartyPhone: '+90 555 123 45 67',
  noSsn: false,
  responsiblePartySsn: '123-45-6789',
  terms: true,
};

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('EIN wizard rules', () => {
  it('sends each failing field back to the step that asks for it', () => {
    expect(stepOfField('businessName')).toBe(1);
    expect(stepOfField('otherActivity')).toBe(1);
    expect(stepOfField('responsiblePartySsn')).toBe(2);
    expect(stepOfField('registeredAgentInvoice')).toBe(3);
    expect(stepOfField('terms')).toBe(4);
    expect(stepOfField('somethingElse')).toBe(4);
    expect(firstStepOf(['terms', 'responsiblePartyPhone', 'articlesOfOrganization'])).toBe(2);
    expect(firstStepOf([])).toBeNull();
    expect(orderedFields(['terms', 'unknown', 'state', 'email'])).toEqual(['email', 'state', 'terms', 'unknown']);
  });

  it('shows only the last four digits of the SSN', () => {
    expect(maskedSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskedSsn(' 123 45 6789 ')).toBe('***-**-6789');
    expect(maskedSsn('12')).toBeNull();
  });

  it('asks for the other activity only with Other, and for the SSN only without the no-SSN box', () => {
    expect(einCompanyStepSchema.safeParse(companyStepInput(values)).success).toBe(true);
    const other = einCompanyStepSchema.safeParse(
      companyStepInput({ ...values, businessActivity: 'Other', otherActivity: ' ' }),
    );
    expect(other.success).toBe(false);
    expect(
      einOwnershipStepSchema.safeParse(ownershipStepInput({ ...values, noSsn: true, responsiblePartySsn: 'x' }))
        .success,
    ).toBe(true);
    expect(einOwnershipStepSchema.safeParse(ownershipStepInput({ ...values, responsiblePartySsn: '' })).success).toBe(
      false,
    );
  });

  it('names the missing files', () => {
    expect(missingFiles({ articlesOfOrganization: pdf('a.pdf'), registeredAgentInvoice: null })).toEqual({
      registeredAgentInvoice: 'validation.documentsRequired',
    });
    expect(missingFiles({ articlesOfOrganization: pdf('a.pdf'), registeredAgentInvoice: pdf('b.pdf') })).toEqual({});
  });

  it('builds the multipart body of POST /api/ein-applications', () => {
    const data = buildEinFormData(values, {
      articlesOfOrganization: pdf('a.pdf'),
      registeredAgentInvoice: pdf('b.pdf'),
    });
    expect(data.get('businessName')).toBe('Acme LLC');
    expect(data.get('businessActivity')).toBe('Ecommerce');
    expect(data.has('otherActivity')).toBe(false);
    expect(data.get('noSsn')).toBe('false');
    expect(data.get('responsiblePartySsn')).toBe('123-45-6789');
    expect(data.get('terms')).toBe('true');
    expect((data.get('articlesOfOrganization') as File).name).toBe('a.pdf');
    expect((data.get('registeredAgentInvoice') as File).name).toBe('b.pdf');

    const foreign = buildEinFormData(
      { ...values, noSsn: true, businessActivity: 'Other', otherActivity: ' Consulting ' },
      { articlesOfOrganization: null, registeredAgentInvoice: null },
    );
    expect(foreign.get('noSsn')).toBe('true');
    expect(foreign.has('responsiblePartySsn')).toBe(false);
    expect(foreign.get('otherActivity')).toBe('Consulting');
    expect(foreign.has('articlesOfOrganization')).toBe(false);
  });
});
