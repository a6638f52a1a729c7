import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_GUIDES } from '../../scripts/address-guide-text';
import { EXAMPLE_SERVICES } from '../../src/server/features/services/services.seed';
import { sectionFiles } from '../support/message-files';

/*
 * One term per thing (docs/glossary.md): the message catalogues (mails included), the address guide
 * PDF's text, the example services and the places the brand is written outside the catalogues.
 */

type Lang = 'tr' | 'en';
interface Text {
  where: string;
  lang: Lang;
  text: string;
}

interface Rule {
  name: string;
  lang: Lang | 'both';
  /** The text with its allowed forms removed, checked for the banned one. */
  allowed?: RegExp;
  banned: RegExp;
}

/**
 * A banned form as a Turkish word stem: the stem starts a word and any suffix may follow, so inflected
 * forms ("EIN onay belgenizi", "EIN mektubunuzu", "SSN numaranız") are caught like the dictionary form.
 * A stem stops before a consonant that softens under a suffix ("mektup" → "mektubu": "mektu[bp]").
 */
function stems(...words: string[]): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${words.join('|')})\\p{L}*(?:['’]\\p{L}+)?`, 'iu');
}

const RULES: Rule[] = [
  { name: 'kayıtlı temsilci, not acente', lang: 'tr', banned: stems('kayıtlı acente', 'yasal temsilci') },
  {
    name: '"registered agent" only inside "kayıtlı temsilci (registered agent)"',
    lang: 'tr',
    allowed: /kayıtlı temsilci \(registered agent\)/gi,
    banned: /registered[- ]agent/i,
  },
  { name: 'EIN, not "EIN numarası"', lang: 'tr', banned: stems('EIN numara') },
  { name: 'EIN, not "EIN number"', lang: 'en', banned: /EIN number/i },
  { name: 'SSN\'iniz / ITIN\'iniz, not "SSN numarası"', lang: 'tr', banned: stems('SSN numara', 'ITIN numara') },
  {
    name: 'EIN onay mektubu (CP 575)',
    lang: 'tr',
    banned: stems('EIN onay belge', 'EIN yazı', 'EIN mektu[bp]'),
  },
  { name: 'EIN confirmation letter (CP 575), not "EIN letter"', lang: 'en', banned: /EIN letter/i },
  { name: 'ortak adres, not paylaşımlı', lang: 'tr', banned: stems('paylaşımlı') },
  { name: 'ücret / harç, not katalog fiyatı', lang: 'tr', banned: stems('katalog fiyat', 'eyalet ücret') },
  { name: 'our price, not catalogue price', lang: 'en', banned: /catalogue price/i },
  { name: 'a report is given, not "dosyalanır"', lang: 'tr', banned: /dosyala(?:ma|n|y)/i },
  { name: 'Kendiniz kurun, Kuruluş şekli', lang: 'tr', banned: /Kendin Kur\b|üyelik tür/i },
  { name: 'formation type, not membership type', lang: 'en', banned: /membership type/i },
  // Decision 0042: one name for the second factor and its codes.
  { name: 'iki adımlı doğrulama, kurtarma kodu', lang: 'tr', banned: /\b2FA\b|iki faktörlü|yedek kod/i },
  { name: 'second factor, recovery code', lang: 'en', banned: /\b2FA\b|backup code/i },
  {
    name: 'calques',
    lang: 'tr',
    banned: stems('belirtilen', 'uzantısıyla', 'özçekim çek'),
  },
  { name: 'whose status: "Ödemenizin durumu"', lang: 'tr', banned: /(?:^|\. )Durumu panelinizde güncellenecek/ },
  {
    name: 'a named device: belge tarayıcı (scanner) or web tarayıcısı',
    lang: 'tr',
    allowed: /(?:web|belge) tarayıcı\p{L}*/giu,
    banned: /tarayıcı/i,
  },
  { name: 'posta tarama ve yönlendirme, not posta takibi', lang: 'tr', banned: stems('posta takib', 'posta takip') },
  { name: 'one spelling: resmi', lang: 'tr', banned: /resmî/i },
  { name: 'one brand', lang: 'both', banned: /ABD Şirket Portalı|US Company Portal\b/ },
  // Delaware's yearly charge is a tax, not a state fee (harç); the state card names it so.
  {
    name: 'Delaware: yıllık vergi, not yıllık eyalet harcı',
    lang: 'tr',
    banned: stems('yıllık eyalet harc', 'yıllık eyalet harç'),
  },
  // Under KVKK an aydınlatma metni is read, not accepted, and the document has one name.
  { name: 'one name: Aydınlatma Metni', lang: 'tr', banned: stems('Gizlilik Politika') },
  {
    name: 'the Aydınlatma Metni is read, not accepted',
    lang: 'tr',
    banned:
      /aydınlatma metni\p{L}*(?:['’]\p{L}+)?\s+(?:okudum,?\s+)?kabul|aydınlatma metni\p{L}*(?:['’]\p{L}+)?\s+okuyup kabul|hizmet şartlarını ve aydınlatma metni\p{L}*\s+(?:okuyup\s+)?kabul/iu,
  },
  { name: 'one name: Privacy Notice', lang: 'en', banned: /Privacy Policy/i },
];

function offences(texts: Text[], rules = RULES): string[] {
  return rules.flatMap((rule) =>
    texts
      .filter((t) => rule.lang === 'both' || rule.lang === t.lang)
      .filter((t) => rule.banned.test(rule.allowed ? t.text.replace(rule.allowed, '') : t.text))
      .map((t) => `${rule.name} — ${t.where}: ${t.text}`),
  );
}

function strings(node: unknown, key: string): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  }
  return [];
}

function catalogueTexts(): Text[] {
  return (['tr', 'en'] as const).flatMap((lang) =>
    [...sectionFiles(lang)].flatMap(([section, file]) =>
      strings(JSON.parse(readFileSync(file, 'utf8')), '').map(([key, text]) => ({
        where: `${lang}/${section}.json:${key}`,
        lang,
        text,
      })),
    ),
  );
}

/** The terms and the privacy notice (src/shared/legal), which the sign-up and the consent gate show. */
function legalTexts(): Text[] {
  const dir = path.resolve('src/shared/legal');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((file) => ({
      where: `legal/${file}`,
      lang: (file.includes('.tr.') ? 'tr' : 'en') as Lang,
      // The header comment is for the operator, not the reader.
      text: readFileSync(path.join(dir, file), 'utf8').replace(/<!--[\s\S]*?-->/, ''),
    }));
}

function guideTexts(): Text[] {
  return ADDRESS_GUIDES.flatMap((guide) =>
    [
      guide.title,
      guide.author,
      guide.subject,
      guide.footer,
      ...guide.blocks.flatMap((b) => ('text' in b ? [b.text] : 'items' in b ? b.items : [])),
    ].map((text) => ({ where: `address guide PDF (${guide.lang})`, lang: guide.lang, text })),
  );
}

function serviceTexts(): Text[] {
  return EXAMPLE_SERVICES.flatMap((s) => [
    { where: `example service ${s.titleEn}`, lang: 'tr' as const, text: `${s.title} ${s.description}` },
    { where: `example service ${s.titleEn}`, lang: 'en' as const, text: `${s.titleEn} ${s.descriptionEn}` },
  ]);
}

/** Where the brand is written outside the catalogues: the mail sender, the auth app name, the page title. */
function brandFiles(): Text[] {
  return ['src/server/env.ts', 'src/server/features/auth/auth.instance.ts', 'src/web/index.html', '.env.example'].map(
    (file) => ({ where: file, lang: 'tr' as const, text: readFileSync(path.resolve(file), 'utf8') }),
  );
}

describe('the glossary (docs/glossary.md)', () => {
  it('holds in the message catalogues and mails of both languages', () => {
    const texts = catalogueTexts();
    expect(texts.length).toBeGreaterThan(500);
    expect(offences(texts)).toEqual([]);
  });

  it('holds in the terms and the privacy notice', () => {
    expect(offences(legalTexts())).toEqual([]);
  });

  it('holds in the address guide PDF and the example services', () => {
    expect(offences([...guideTexts(), ...serviceTexts()])).toEqual([]);
  });

  it('names the portal one way wherever the brand is written', () => {
    expect(offences(brandFiles())).toEqual([]);
  });

  it('catches each banned form, and lets the allowed ones through', () => {
    const tr = (text: string): Text => ({ where: 'x', lang: 'tr', text });
    const found = offences([
      tr('1 yıl kayıtlı acente hizmeti'),
      tr('Registered agent faturanız'),
      tr('EIN numaranız çıktı'),
      tr('Paylaşımlı adres'),
      tr('Tarayıcınız yoksa'),
      tr('resmî kaynak'),
      tr('ABD Şirket Portalı'),
      tr('Kayıtlı temsilci (registered agent) faturası, belge tarayıcıyla (scanner), web tarayıcısı, EIN onay mektubu'),
    ]);
    expect(found.map((line) => line.split(' — ')[0])).toEqual([
      'kayıtlı temsilci, not acente',
      '"registered agent" only inside "kayıtlı temsilci (registered agent)"',
      'EIN, not "EIN numarası"',
      'ortak adres, not paylaşımlı',
      'a named device: belge tarayıcı (scanner) or web tarayıcısı',
      'one spelling: resmi',
      'one brand',
    ]);
  });

  it('catches the inflected forms of a banned word, not only its dictionary form', () => {
    const tr = (text: string): Text => ({ where: 'x', lang: 'tr', text });
    const names = (text: string) => offences([tr(text)]).map((line) => line.split(' — ')[0]);
    const mektup = 'EIN onay mektubu (CP 575)';
    expect(names('EIN onay belgenizi belgelerinizde bulabilirsiniz.')).toEqual([mektup]);
    expect(names('Articles of Organization belgenizi ve EIN mektubunuzu yükleyin.')).toEqual([mektup]);
    expect(names('EIN yazınız geldi.')).toEqual([mektup]);
    expect(names('SSN numaranızı sildik')).toEqual(['SSN\'iniz / ITIN\'iniz, not "SSN numarası"']);
    expect(names('ITIN numaranız')).toEqual(['SSN\'iniz / ITIN\'iniz, not "SSN numarası"']);
    expect(names('kayıtlı acentenize')).toEqual(['kayıtlı temsilci, not acente']);
    expect(names("Delaware'in yıllık eyalet harcını öder")).toEqual([
      'Delaware: yıllık vergi, not yıllık eyalet harcı',
    ]);
    expect(names("<privacy>Gizlilik Politikası</privacy>'nı okudum")).toEqual(['one name: Aydınlatma Metni']);
    expect(names("Aydınlatma Metni'ni okudum, kabul ediyorum")).toEqual(['the Aydınlatma Metni is read, not accepted']);
    // The right forms, inflected, pass.
    expect(names("EIN onay mektubunuz (CP 575) belgelerinizde; SSN'iniz ve ITIN'iniz silindi.")).toEqual([]);
    expect(names("Hizmet Şartları'nı kabul ediyorum; Aydınlatma Metni'ni okudum.")).toEqual([]);
  });
});
