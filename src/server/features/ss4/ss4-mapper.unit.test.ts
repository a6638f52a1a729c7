import { describe, expect, it } from 'vitest';
import {
  SS4_LINES,
  type Ss4Answers,
  type Ss4ApplicationFacts,
  ss4Answers,
  ss4FieldValues,
  ss4MappedFields,
  usDate,
} from './ss4.mapper';

const APPLICATION: Ss4ApplicationFacts = {
  businessName: 'Anadolu Yazılım LLC',
  state: 'Wyoming',
  businessActivity: 'Software Development',
  otherActivity: null,
  responsiblePartyName: 'Ayşe Yılmaz',
  responsiblePartyPhone: '+90 532 123 45 67',
  responsiblePartySsn: '123-45-6789',
};
const FORMED = { formedOn: '2026-03-09', stateSelected: 'Wyoming' };
const TODAY = '2026-11-23';

describe('ss4Answers', () => {
  it('answers every line for a foreign-owned single-member LLC', () => {
    const expected: Ss4Answers = {
      '1': 'Anadolu Yazılım LLC',
      '2': '',
      '3': '',
      '4a': '',
      '4b': '',
      '5a': '',
      '5b': '',
      '6': 'Wyoming',
      '7a': 'Ayşe Yılmaz',
      '7b': '123-45-6789',
      '8a': 'Yes',
      '8b': '1',
      '8c': 'Yes',
      '9a': 'Other',
      '9a-other': 'Foreign-owned U.S. disregarded entity',
      '9b': 'Wyoming',
      '10': 'Started new business',
      '10-type': 'Software development',
      '11': '03/09/2026',
      '12': 'December',
      '13-agricultural': '0',
      '13-household': '0',
      '13-other': '0',
      '14': 'No',
      '15': 'N/A',
      '16': 'Other',
      '16-other': 'Software development',
      '17': 'Software development services',
      '18': 'No',
      'designee-name': '',
      'designee-phone': '',
      'designee-address': '',
      'designee-fax': '',
      'signature-name': 'Ayşe Yılmaz, Member',
      'applicant-phone': '+90 532 123 45 67',
    };
    const answers = ss4Answers(APPLICATION, FORMED, TODAY);
    expect(answers).toEqual(expected);
    // Every line of the mapping has an answer, and nothing else does.
    expect(Object.keys(answers).sort()).toEqual(SS4_LINES.map((l) => l.line).sort());
  });

  it('writes "Foreign" on 7b without an SSN or ITIN', () => {
    expect(ss4Answers({ ...APPLICATION, responsiblePartySsn: null }, FORMED, TODAY)['7b']).toBe('Foreign');
  });

  it('starts the business on the formation date, or today until staff record it', () => {
    expect(ss4Answers(APPLICATION, FORMED, TODAY)['11']).toBe('03/09/2026');
    expect(ss4Answers(APPLICATION, { formedOn: null, stateSelected: 'Wyoming' }, TODAY)['11']).toBe('11/23/2026');
    expect(ss4Answers(APPLICATION, null, TODAY)['11']).toBe('11/23/2026');
    expect(usDate('2024-02-29')).toBe('02/29/2024');
  });

  it('takes the state from the formation when the application has none', () => {
    const answers = ss4Answers({ ...APPLICATION, state: '' }, { formedOn: null, stateSelected: 'Delaware' }, TODAY);
    expect([answers['6'], answers['9b']]).toEqual(['Delaware', 'Delaware']);
  });

  it.each([
    [
      'Ecommerce',
      null,
      { '10-type': 'E-commerce', '16': 'Retail', '16-other': '', '17': 'Online retail sales of consumer goods' },
    ],
    [
      'Digital Marketing',
      null,
      {
        '10-type': 'Digital marketing',
        '16': 'Other',
        '16-other': 'Digital marketing services',
        '17': 'Digital marketing services',
      },
    ],
    [
      'Software Development',
      null,
      {
        '10-type': 'Software development',
        '16': 'Other',
        '16-other': 'Software development',
        '17': 'Software development services',
      },
    ],
    [
      'Other',
      'Handmade ceramics',
      { '10-type': 'Handmade ceramics', '16': 'Other', '16-other': 'Handmade ceramics', '17': 'Handmade ceramics' },
    ],
  ])('maps the %s activity onto lines 10, 16 and 17', (activity, other, expected) => {
    const answers = ss4Answers({ ...APPLICATION, businessActivity: activity, otherActivity: other }, FORMED, TODAY);
    expect({
      '10-type': answers['10-type'],
      '16': answers['16'],
      '16-other': answers['16-other'],
      '17': answers['17'],
    }).toEqual(expected);
  });
});

describe('ss4FieldValues', () => {
  it('puts every text answer in its field and ticks only the boxes the answers name', () => {
    const { text, checked } = ss4FieldValues(ss4Answers(APPLICATION, FORMED, TODAY));
    expect(text['topmostSubform[0].Page1[0].f1_2[0]']).toBe('Anadolu Yazılım LLC');
    expect(text['topmostSubform[0].Page1[0].f1_11[0]']).toBe('123-45-6789');
    expect(checked.sort()).toEqual(
      [
        'topmostSubform[0].Page1[0].c1_1[0]', // 8a Yes
        'topmostSubform[0].Page1[0].c1_2[0]', // 8c Yes
        'topmostSubform[0].Page1[0].c1_3[15]', // 9a Other
        'topmostSubform[0].Page1[0].c1_4[0]', // 10 Started new business
        'topmostSubform[0].Page1[0].c1_6[11]', // 16 Other
        'topmostSubform[0].Page1[0].c1_7[1]', // 18 No
      ].sort(),
    );
    // 14 "No" is the Form 944 box left empty.
    expect(checked).not.toContain('topmostSubform[0].Page1[0].c1_5[0]');
    const names = ss4MappedFields().map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(text).length + ss4MappedFields().filter((f) => f.type === 'checkbox').length).toBe(names.length);
  });
});
