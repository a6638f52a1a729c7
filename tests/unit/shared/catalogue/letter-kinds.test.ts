/**
 * The mailroom's catalogue of letters (decision 0086): every kind explained in both languages,
 * sourced, tied to its sender, and its deadline computed only where the mail fact check gives a rule.
 */
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_RULES } from '../../../../src/shared/catalogue/compliance';
import {
  kindFitsSender,
  kindsForSender,
  LETTER_CATALOGUE,
  LETTER_KINDS,
  LETTER_SENDERS,
  letterDeadlines,
  letterSourceLabel,
  letterTextVars,
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

  it('fills every figure the texts of a kind state from the catalogue, formatted for the language', () => {
    for (const lang of LANGUAGES) {
      for (const kind of LETTER_KINDS) {
        const vars = letterTextVars(kind, lang);
        const used = new Set<string>();
        for (const part of ['name', 'meaning', 'todo', 'deadline']) {
          const raw = translate(
            lang,
            `mailroom.kinds.${kind}.${part}`,
            new Proxy({}, { get: (_, n) => `{{${String(n)}}}` }),
          );
          for (const [, name] of raw.matchAll(/\{\{(\w+)\}\}/g)) {
            expect(vars[name], `${lang} ${kind}.${part} {{${name}}}`).toBeTruthy();
            used.add(name);
          }
        }
        // A figure no text states is a figure nobody checks.
        expect([...used].sort(), `${lang} ${kind}`).toEqual(Object.keys(vars).sort());
      }
    }
    expect(translate('en', 'mailroom.kinds.de_annual_tax.meaning', letterTextVars('de_annual_tax', 'en'))).toContain(
      'a $200.00 penalty plus 1.5% interest a month',
    );
    expect(
      translate('tr', 'mailroom.kinds.wy_annual_report.meaning', letterTextVars('wy_annual_report', 'tr')),
    ).toContain("$60,00 ya da Wyoming'deki varlıkların her doları için $0,0002");
    expect(letterTextVars('cp215', 'tr')).toEqual({ payDays: '21', largeAmount: '$100.000,00', largeDays: '10' });
  });

  it('states the same figures as the compliance calendar and its own deadline rule', () => {
    const penalty = (id: string) => COMPLIANCE_RULES.find((r) => r.id === id)?.penalty;
    const figure = (kind: (typeof LETTER_KINDS)[number], name: string) => LETTER_CATALOGUE[kind].figures?.[name];
    expect(figure('form5472_penalty', 'penalty')).toMatchObject({ cents: penalty('federal_form_5472')?.amountCents });
    expect(figure('de_annual_tax', 'penalty')).toMatchObject({
      cents: penalty('delaware_llc_annual_tax')?.amountCents,
    });
    expect(figure('de_annual_tax', 'interest')).toMatchObject({
      basisPoints: penalty('delaware_llc_annual_tax')?.monthlyRateBasisPoints,
    });
    expect(figure('fl_annual_report', 'lateFee')).toMatchObject({
      cents: penalty('florida_annual_report')?.amountCents,
    });
    const rule = LETTER_CATALOGUE.cp215.deadline;
    expect(figure('cp215', 'payDays')).toMatchObject({ days: rule.type === 'days_after_letter' ? rule.days : null });
  });
});
