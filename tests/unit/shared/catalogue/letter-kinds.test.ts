/**
 * The mailroom's catalogue of letters (decision 0086): every kind explained in both languages,
 * sourced, tied to its sender, and its deadline computed only where the mail fact check gives a rule.
 */
import { describe, expect, it } from 'vitest';
import {
  kindFitsSender,
  kindsForSender,
  LETTER_CATALOGUE,
  LETTER_KINDS,
  LETTER_SENDERS,
  letterDeadlines,
  letterSourceLabel,
} from '../../../../src/shared/catalogue/letter-kinds';
import { translate } from '../../../../src/shared/i18n';
import { LANGUAGES } from '../../../../src/shared/i18n/languages';

describe('the letter catalogue', () => {
  it('explains every kind in both languages: name, meaning, what to do, the deadline in words', () => {
    for (const lang of LANGUAGES) {
      for (const kind of LETTER_KINDS) {
        for (const part of ['name', 'meaning', 'todo', 'deadline']) {
          const key = `mailroom.kinds.${kind}.${part}`;
          expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
        }
      }
      for (const sender of LETTER_SENDERS) expect(translate(lang, `mailroom.senders.${sender}`)).not.toContain('.');
    }
  });

  it('names the sources of every recognised kind, dated the day of the fact check; the unknown kind has none', () => {
    for (const kind of LETTER_KINDS) {
      const label = letterSourceLabel(kind);
      if (kind === 'unknown') {
        expect(label).toBeNull();
        continue;
      }
      expect(label?.date, kind).toBe('2026-11-28');
      expect(LETTER_CATALOGUE[kind].sources.length, kind).toBeGreaterThan(0);
    }
    // Only official texts may say "checked against": CP 215 rests on the IRM and the statute alone.
    expect(letterSourceLabel('cp215')).toMatchObject({ kind: 'official' });
    expect(letterSourceLabel('form5472_penalty')).toMatchObject({ kind: 'third_party', source: null });
  });

  it('ties each kind to its sender; unknown fits any', () => {
    expect(kindFitsSender('cp575', 'irs')).toBe(true);
    expect(kindFitsSender('cp575', 'bank')).toBe(false);
    expect(kindFitsSender('service_of_process', 'court')).toBe(true);
    expect(kindFitsSender('unknown', 'bank')).toBe(true);
    expect(kindsForSender('bank')).toEqual(['unknown']);
    expect(kindsForSender('state')).toEqual(['wy_annual_report', 'de_annual_tax', 'fl_annual_report', 'unknown']);
    // Only lawsuit papers are urgent.
    expect(LETTER_KINDS.filter((k) => LETTER_CATALOGUE[k].urgent)).toEqual(['service_of_process']);
  });

  it('has a text for every computed deadline, in both languages', () => {
    const ids = new Set<string>();
    for (const kind of LETTER_KINDS) {
      for (const d of letterDeadlines(kind, '2026-03-10', '2026-03-12')) ids.add(d.id);
    }
    expect([...ids].sort()).toEqual(
      ['cp215', 'cp2000', 'deAnnualTax', 'flAnnualReport', 'form5472Penalty', 'sopFederal', 'sopFlorida'].sort(),
    );
    for (const lang of LANGUAGES) {
      for (const id of ids) {
        expect(translate(lang, `mailroom.deadlines.${id}`, { date: 'X' })).toContain('X');
      }
    }
  });
});

describe('letterDeadlines', () => {
  it('counts calendar days from the date on the letter', () => {
    expect(letterDeadlines('cp2000', '2026-01-20', '2026-02-02')).toEqual([{ id: 'cp2000', date: '2026-02-19' }]);
    expect(letterDeadlines('cp215', '2026-12-20', '2026-12-28')).toEqual([{ id: 'cp215', date: '2027-01-10' }]);
    expect(letterDeadlines('form5472_penalty', '2026-02-01', '2026-02-10')).toEqual([
      { id: 'form5472Penalty', date: '2026-05-02' },
    ]);
  });

  it('needs the date on the letter where the rule counts from it', () => {
    expect(letterDeadlines('cp2000', null, '2026-02-02')).toEqual([]);
    expect(letterDeadlines('de_annual_tax', null, '2026-02-02')).toEqual([]);
  });

  it('gives the next fixed day of the year on or after the letter', () => {
    expect(letterDeadlines('de_annual_tax', '2026-03-01', '2026-03-09')).toEqual([
      { id: 'deAnnualTax', date: '2026-06-01' },
    ]);
    expect(letterDeadlines('de_annual_tax', '2026-06-01', '2026-06-09')).toEqual([
      { id: 'deAnnualTax', date: '2026-06-01' },
    ]);
    expect(letterDeadlines('fl_annual_report', '2026-11-15', '2026-11-20')).toEqual([
      { id: 'flAnnualReport', date: '2027-05-01' },
    ]);
  });

  it('counts lawsuit papers from the day they reached the agent, one date per court the sources give', () => {
    expect(letterDeadlines('service_of_process', null, '2026-11-28')).toEqual([
      { id: 'sopFederal', date: '2026-12-19' },
      { id: 'sopFlorida', date: '2026-12-18' },
    ]);
  });

  it('computes nothing where the sources give no rule or only the date printed on the letter', () => {
    for (const kind of ['cp575', 'letter147c', 'cp148', 'cp15', 'cp162', 'wy_annual_report', 'unknown'] as const) {
      expect(letterDeadlines(kind, '2026-03-10', '2026-03-12'), kind).toEqual([]);
    }
  });
});
