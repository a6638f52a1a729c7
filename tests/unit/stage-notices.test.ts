import { describe, expect, it } from 'vitest';
import { EIN_STATUSES } from '../../src/shared/features/ein/ein.domain';
import { FORMATION_STATUSES } from '../../src/shared/features/formations/formation.domain';
import {
  customerEinStatus,
  STAGE_NOTICE_TEMPLATES,
  type StageChange,
  stageNotice,
} from '../../src/shared/features/formations/stage-notices.domain';
import { translate } from '../../src/shared/i18n';

describe('stageNotice', () => {
  it('sends nothing when the status did not change', () => {
    for (const s of FORMATION_STATUSES) expect(stageNotice({ kind: 'formation', from: s, to: s })).toBeNull();
    for (const s of EIN_STATUSES) expect(stageNotice({ kind: 'ein', from: s, to: s })).toBeNull();
  });

  it('gives every formation and EIN status its own template, whatever the previous status', () => {
    const seen = new Set<string>();
    for (const to of FORMATION_STATUSES) {
      for (const from of [null, ...FORMATION_STATUSES.filter((s) => s !== to)]) {
        const notice = stageNotice({ kind: 'formation', from, to });
        expect(notice, `${from} → ${to}`).not.toBeNull();
        seen.add(notice?.template as string);
      }
    }
    for (const to of EIN_STATUSES) {
      for (const from of [null, ...EIN_STATUSES.filter((s) => s !== to)]) {
        const notice = stageNotice({ kind: 'ein', from, to });
        expect(notice, `${from} → ${to}`).not.toBeNull();
        seen.add(notice?.template as string);
      }
    }
    expect([...seen].sort()).toEqual([...STAGE_NOTICE_TEMPLATES].sort());
  });

  it.each<[StageChange, string, string]>([
    [{ kind: 'formation', from: 'formation_completed', to: 'preparation' }, 'formationPreparation', '/formation'],
    [{ kind: 'formation', from: 'preparation', to: 'formation_completed' }, 'formationCompleted', '/ein-application'],
    [{ kind: 'formation', from: 'formation_completed', to: 'ein_created' }, 'formationEinCreated', '/dashboard'],
    [{ kind: 'formation', from: 'ein_created', to: 'process_completed' }, 'formationProcessCompleted', '/dashboard'],
    [{ kind: 'ein', from: 'ss4_ready', to: 'waiting_for_form' }, 'einWaitingForForm', '/dashboard'],
    [{ kind: 'ein', from: 'waiting_for_form', to: 'ss4_ready' }, 'ss4Ready', '/ss4-instructions'],
    [{ kind: 'ein', from: 'ss4_ready', to: 'ss4_uploaded' }, 'ss4Uploaded', '/dashboard'],
    [{ kind: 'ein', from: 'ss4_uploaded', to: 'submitted_to_irs' }, 'einSubmittedToIrs', '/dashboard'],
    [{ kind: 'ein', from: 'submitted_to_irs', to: 'ein_issued' }, 'einIssued', '/dashboard'],
  ])('%o sends %s linking to %s', (change, template, path) => {
    expect(stageNotice(change)).toEqual({ template, path });
  });

  it('sends a completed formation to the EIN wizard only while there is no EIN application', () => {
    const change: StageChange = { kind: 'formation', from: 'preparation', to: 'formation_completed' };
    expect(stageNotice(change, { hasEinApplication: false })?.path).toBe('/ein-application');
    expect(stageNotice(change, { hasEinApplication: true })?.path).toBe('/dashboard');
  });

  it('has a subject, a body and a button in both languages for every template', () => {
    for (const template of STAGE_NOTICE_TEMPLATES) {
      for (const lang of ['tr', 'en'] as const) {
        for (const part of ['subject', 'body', 'action']) {
          const key = `mail.${template}.${part}`;
          const text = translate(lang, key);
          expect(text, `${lang} ${key}`).not.toBe(key);
          expect(text.trim().length, `${lang} ${key}`).toBeGreaterThan(5);
        }
      }
      expect(translate('tr', `mail.${template}.subject`)).not.toBe(translate('en', `mail.${template}.subject`));
    }
  });
});

describe('customerEinStatus', () => {
  it('counts ss4_ready without its prepared form as still waiting for the form', () => {
    expect(customerEinStatus('ss4_ready', false)).toBe('waiting_for_form');
    expect(customerEinStatus('ss4_ready', true)).toBe('ss4_ready');
    for (const s of EIN_STATUSES.filter((x) => x !== 'ss4_ready')) {
      expect(customerEinStatus(s, false)).toBe(s);
      expect(customerEinStatus(s, true)).toBe(s);
    }
  });

  it('moves the ready-to-sign mail from an advance without a form to the upload that brings it', () => {
    const advance = stageNotice({
      kind: 'ein',
      from: customerEinStatus('waiting_for_form', false),
      to: customerEinStatus('ss4_ready', false),
    });
    expect(advance).toBeNull();
    const upload = stageNotice({
      kind: 'ein',
      from: customerEinStatus('ss4_ready', false),
      to: customerEinStatus('ss4_ready', true),
    });
    expect(upload?.template).toBe('ss4Ready');
    const replacement = stageNotice({
      kind: 'ein',
      from: customerEinStatus('ss4_ready', true),
      to: customerEinStatus('ss4_ready', true),
    });
    expect(replacement).toBeNull();
  });
});
