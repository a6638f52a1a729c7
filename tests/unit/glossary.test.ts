import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_GUIDES } from '../../scripts/address-guide-text';
import { EXAMPLE_SERVICES } from '../../src/server/features/services/services.seed';

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

const RULES: Rule[] = [
  { name: 'kayıtlı temsilci, not acente', lang: 'tr', banned: /kayıtlı acente|yasal temsilci/i },
  {
    name: '"registered agent" only inside "kayıtlı temsilci (registered agent)"',
    lang: 'tr',
    allowed: /kayıtlı temsilci \(registered agent\)/gi,
    banned: /registered[- ]agent/i,
  },
  { name: 'EIN, not "EIN numarası"', lang: 'tr', banned: /EIN numara/i },
  { name: 'EIN, not "EIN number"', lang: 'en', banned: /EIN number/i },
  { name: 'EIN onay mektubu (CP 575)', lang: 'tr', banned: /EIN (?:onay belgesi|yazısı)/i },
  { name: 'ortak adres, not paylaşımlı', lang: 'tr', banned: /paylaşımlı/i },
  { name: 'ücret / harç, not katalog fiyatı', lang: 'tr', banned: /katalog fiyat|eyalet ücret/i },
  { name: 'our price, not catalogue price', lang: 'en', banned: /catalogue price/i },
  { name: 'a report is given, not "dosyalanır"', lang: 'tr', banned: /dosyala(?:ma|n|y)/i },
  { name: 'Kendiniz kurun, Kuruluş şekli', lang: 'tr', banned: /Kendin Kur\b|üyelik türü/i },
  { name: 'formation type, not membership type', lang: 'en', banned: /membership type/i },
  // Decision 0042: one name for the second factor and its codes.
  { name: 'iki adımlı doğrulama, kurtarma kodu', lang: 'tr', banned: /\b2FA\b|iki faktörlü|yedek kod/i },
  { name: 'second factor, recovery code', lang: 'en', banned: /\b2FA\b|backup code/i },
  {
    name: 'calques',
    lang: 'tr',
    banned: /belirtilen|uzantısıyla|özçekim çek/i,
  },
  { name: 'whose status: "Ödemenizin durumu"', lang: 'tr', banned: /(?:^|\. )Durumu panelinizde güncellenecek/ },
  {
    name: 'a named device: belge tarayıcı (scanner) or web tarayıcısı',
    lang: 'tr',
    allowed: /(?:web|belge) tarayıcı\p{L}*/giu,
    banned: /tarayıcı/i,
  },
  { name: 'posta tarama ve yönlendirme, not posta takibi', lang: 'tr', banned: /posta takib/i },
  { name: 'one spelling: resmi', lang: 'tr', banned: /resmî/i },
  { name: 'one brand', lang: 'both', banned: /ABD Şirket Portalı|US Company Portal\b/ },
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
  const dir = path.resolve('src/shared/i18n');
  return (['tr', 'en'] as const).flatMap((lang) =>
    readdirSync(path.join(dir, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        strings(JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')), '').map(([key, text]) => ({
          where: `${lang}/${file}:${key}`,
          lang,
          text,
        })),
      ),
  );
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
});
