/**
 * Writes the downloadable business address guide (SPEC §2 "Business address rental guide", step 2)
 * in both languages: assets/guides/business-address-guide.{tr,en}.pdf. The server only reads the
 * files; run this again after changing the text:
 *
 *   npx tsx scripts/make-guide-pdfs.ts
 *
 * DejaVu Sans (dev dependency `dejavu-fonts-ttf`) is embedded as a subset, so Turkish letters
 * (ğ ş ı İ ç ö ü) render in every PDF reader.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

type Block =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'note'; text: string }
  | { kind: 'pageBreak' };

interface Guide {
  lang: 'tr' | 'en';
  title: string;
  subject: string;
  footer: string;
  blocks: Block[];
}

const TR: Guide = {
  lang: 'tr',
  title: 'ABD İş Adresi Kiralama Rehberi',
  subject: 'ABD şirketiniz için özel iş adresi: ne işe yarar, nasıl kiralanır, postalar nasıl yönetilir',
  footer: 'ABD Şirket Portalı · İş adresi rehberi · Bu rehber bilgilendirme amaçlıdır, hukuki danışmanlık değildir.',
  blocks: [
    { kind: 'title', text: 'ABD İş Adresi Kiralama Rehberi' },
    {
      kind: 'subtitle',
      text: 'ABD şirketiniz için özel bir iş adresini adım adım nasıl edineceğinizi ve kullanacağınızı anlatır.',
    },
    { kind: 'heading', text: '1. Özel ABD iş adresi nedir?' },
    {
      kind: 'para',
      text:
        'Özel iş adresi, yalnızca şirketinize ait, ABD’de gerçek bir sokak adresidir (ör. "123 Main St, Suite 456"). ' +
        'Postalarınızı sizin adınıza alan bir posta kabul merkezi veya sanal ofis sağlayıcısı tarafından verilir. ' +
        'Bu adresi banka ve ödeme sağlayıcısı başvurularında, faturalarınızda, web sitenizde ve pazaryeri ' +
        'hesaplarınızda şirket adresi olarak kullanabilirsiniz.',
    },
    {
      kind: 'para',
      text:
        'Kayıtlı temsilci (registered agent) adresi ile karıştırmayın: kayıtlı temsilci adresi resmi tebligatlar ' +
        'içindir ve çoğu sağlayıcı bunun günlük iş adresi olarak kullanılmasına izin vermez.',
    },
    { kind: 'heading', text: '2. Paylaşımlı adres mi, özel adres mi?' },
    {
      kind: 'bullets',
      items: [
        'Paylaşımlı adres: paketlere ücretsiz dahildir. Aynı adresi başka şirketler de kullanır. Kuruluş ve resmi ' +
          'yazışmalar için yeterlidir; bazı bankalar ve ödeme sağlayıcıları ise kabul etmeyebilir.',
        'Özel adres: yalnızca sizin şirketinize ait bir adres ve süit numarasıdır. Kurulum sihirbazında yıllık ' +
          '+100 $ olarak seçilir. Eyalete göre yılda 100-250 $ ek ücret çıkabilir.',
        'Banka hesabı, ödeme altyapısı (kart ile ödeme alma) veya pazaryeri satıcı hesabı açacaksanız özel adres ' +
          'önerilir: doğrulama süreçleri daha sorunsuz geçer.',
      ],
    },
    { kind: 'heading', text: '3. Özel adres nasıl kiralanır? (adım adım)' },
    {
      kind: 'steps',
      items: [
        'Şirketinizin kuruluşunu tamamlayın ve şirket adınızı, eyaletinizi ve kuruluş belgenizi (Articles of ' +
          'Organization) hazır tutun.',
        'Gerçek sokak adresi veren bir sanal ofis / posta kabul sağlayıcısı seçin. Adresin posta kutusu (PO Box) ' +
          'olmadığından ve bir süit numarası verildiğinden emin olun.',
        'Adresin bulunduğu eyaleti seçin. Şirketinizin kurulduğu eyalette olması gerekmez, ancak aynı eyalet ' +
          'çoğu zaman daha az soru doğurur.',
        'Planı seçin: posta tarama, iletme ve saklama seçeneklerini karşılaştırın; yıllık toplam ücreti ' +
          '(eyalet ek ücretleri dahil) kontrol edin.',
        'Kimliğinizi doğrulayın: pasaport ve adres belgesi yüklenir. ABD’de posta kabulü için USPS Form 1583 ' +
          'gerekir; sağlayıcılar bunu çoğunlukla çevrim içi noter onayıyla tamamlatır.',
        'Onaydan sonra size verilen tam adresi (süit numarasıyla birlikte) şirket kayıtlarınıza, banka ' +
          'başvurunuza ve web sitenize aynen yazın.',
      ],
    },
    { kind: 'pageBreak' },
    { kind: 'heading', text: '4. Gelen postalar ne olacak?' },
    {
      kind: 'bullets',
      items: [
        'Sağlayıcı her gelen zarfın dış yüzünü tarar ve size e-posta ile bildirir.',
        'Her posta için seçim yaparsınız: içini açıp taratmak, yurt dışına iletmek, saklamak veya imha etmek.',
        'IRS (vergi dairesi), eyalet ve banka yazışmalarını hemen açtırıp okuyun; son tarihli olabilirler.',
        'Banka kartları ve çekler genellikle fiziksel olarak iletilmelidir; iletme ücretini ve süresini ' +
          'önceden öğrenin.',
        'Adresiniz değişirse bankanıza, ödeme sağlayıcınıza ve IRS’e yeni adresi bildirmeyi unutmayın.',
      ],
    },
    { kind: 'heading', text: '5. Banka doğrulaması (KYC): PO Box kabul edilmez' },
    {
      kind: 'para',
      text:
        'Bankalar ve ödeme sağlayıcıları müşteri tanıma (KYC) kontrolünde şirket adresinin gerçek bir sokak ' +
        'adresi olmasını ister. Posta kutusu (PO Box) adresleri reddedilir; yalnızca kayıtlı temsilci adresi ' +
        'veya çok sayıda şirketin kullandığı bir adres de soru doğurabilir. Başvurularda özel adresinizi, ' +
        'süit numarasıyla birlikte ve her yerde aynı yazımla kullanın.',
    },
    {
      kind: 'note',
      text:
        'İpucu: Banka başvurusundan önce adres onayının tamamlandığından ve sağlayıcının size adres belgesi ' +
        '(ör. hizmet sözleşmesi) verebildiğinden emin olun.',
    },
    { kind: 'heading', text: '6. Süreler' },
    {
      kind: 'bullets',
      items: [
        'Sağlayıcı başvurusu: 15-20 dakika.',
        'Kimlik doğrulama ve Form 1583 onayı: çoğunlukla birkaç iş günü.',
        'Şirket kuruluşu: 2-10 iş günü (Wyoming’de en fazla 5).',
        'Banka hesabı açılışı (adres hazır olduktan sonra): 2-5 iş günü.',
        'Yenileme: adres ücreti yıllıktır; yenileme tarihini takviminize ekleyin.',
      ],
    },
    { kind: 'heading', text: 'Sonraki adım' },
    {
      kind: 'para',
      text:
        'Adresinizi kiraladıktan sonra portaldaki rehberin son adımında bize geri bildiriminizi iletin. ' +
        'Takıldığınız bir yer olursa Destek sayfasından bize yazabilirsiniz.',
    },
  ],
};

const EN: Guide = {
  lang: 'en',
  title: 'US Business Address Rental Guide',
  subject: 'A private business address for your US company: what it is for, how to rent one, handling mail',
  footer: 'US Company Portal · Business address guide · This guide is for information only, not legal advice.',
  blocks: [
    { kind: 'title', text: 'US Business Address Rental Guide' },
    {
      kind: 'subtitle',
      text: 'How to get and use a private business address for your US company, step by step.',
    },
    { kind: 'heading', text: '1. What is a private US business address?' },
    {
      kind: 'para',
      text:
        'A private business address is a real US street address (e.g. "123 Main St, Suite 456") used by your ' +
        'company alone. It is provided by a mail-receiving centre or virtual office provider that accepts mail ' +
        'on your behalf. You can use it as the company address on bank and payment provider applications, on ' +
        'invoices, on your website and on marketplace accounts.',
    },
    {
      kind: 'para',
      text:
        'Do not confuse it with the registered agent address: that one is for official legal notices, and most ' +
        'agents do not allow it to be used as an everyday business address.',
    },
    { kind: 'heading', text: '2. Shared or private address?' },
    {
      kind: 'bullets',
      items: [
        'Shared address: included free in the packages. Other companies use the same address. It is fine for ' +
          'formation and official mail; some banks and payment providers may not accept it.',
        'Private address: an address and suite number for your company only. In the setup wizard it costs ' +
          '+$100 per year. Extra fees of $100-250 per year may apply depending on the state.',
        'If you will open a bank account, a payment infrastructure (taking card payments) or a marketplace seller ' +
          'account, a private address is recommended: verifications go more smoothly.',
      ],
    },
    { kind: 'heading', text: '3. How to rent a private address (step by step)' },
    {
      kind: 'steps',
      items: [
        'Complete your company formation and keep your company name, state and Articles of Organization at hand.',
        'Choose a virtual office / mail-receiving provider that gives a real street address. Make sure the address ' +
          'is not a PO Box and that you get a suite number.',
        'Pick the state of the address. It does not have to be your formation state, but the same state often ' +
          'raises fewer questions.',
        'Choose a plan: compare mail scanning, forwarding and storage options, and check the yearly total ' +
          '(including any state fees).',
        'Verify your identity: upload your passport and a proof of address. Receiving mail in the US requires ' +
          'USPS Form 1583; providers usually have you complete it with an online notary.',
        'Once approved, copy the full address (with the suite number) exactly into your company records, your bank ' +
          'application and your website.',
      ],
    },
    { kind: 'pageBreak' },
    { kind: 'heading', text: '4. What happens to your mail?' },
    {
      kind: 'bullets',
      items: [
        'The provider scans the outside of each envelope and notifies you by email.',
        'For each item you choose: open and scan the contents, forward it abroad, store it or shred it.',
        'Have mail from the IRS, the state and your bank opened and read right away; it may carry deadlines.',
        'Bank cards and cheques usually have to be forwarded physically; ask about forwarding fees and times ' +
          'in advance.',
        'If your address changes, tell your bank, your payment provider and the IRS.',
      ],
    },
    { kind: 'heading', text: '5. Bank verification (KYC): no PO Boxes' },
    {
      kind: 'para',
      text:
        'Banks and payment providers check during know-your-customer (KYC) review that the company address is a ' +
        'real street address. PO Box addresses are refused; a registered-agent-only address or one used by very ' +
        'many companies may also raise questions. Use your private address, with the suite number, written the ' +
        'same way everywhere.',
    },
    {
      kind: 'note',
      text:
        'Tip: before applying to a bank, make sure your address is fully approved and that the provider can give ' +
        'you a proof of address (e.g. the service agreement).',
    },
    { kind: 'heading', text: '6. Timings' },
    {
      kind: 'bullets',
      items: [
        'Provider application: 15-20 minutes.',
        'Identity verification and Form 1583 approval: usually a few business days.',
        'Company formation: 2-10 business days (Wyoming at most 5).',
        'Bank account opening (once the address is ready): 2-5 business days.',
        'Renewal: the address fee is yearly; put the renewal date in your calendar.',
      ],
    },
    { kind: 'heading', text: 'Next step' },
    {
      kind: 'para',
      text:
        "Once you have rented your address, send us your feedback on the guide's last step in the portal. " +
        'If you get stuck, write to us from the Support page.',
    },
  ],
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.12, 0.14, 0.2);
const ACCENT = rgb(0.11, 0.3, 0.65);
const MUTED = rgb(0.4, 0.43, 0.5);
/** Fixed, so regenerating unchanged text changes as little as possible. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function render(guide: Guide, regular: Uint8Array, bold: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(regular, { subset: true });
  const fontBold = await doc.embedFont(bold, { subset: true });
  doc.setTitle(guide.title);
  doc.setSubject(guide.subject);
  doc.setAuthor(guide.lang === 'tr' ? 'ABD Şirket Portalı' : 'US Company Portal');
  doc.setLanguage(guide.lang === 'tr' ? 'tr-TR' : 'en-US');
  doc.setCreator('scripts/make-guide-pdfs.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const newPage = () => {
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN + 24) newPage();
  };
  const text = (lines: string[], opts: { x?: number; size: number; f?: PDFFont; color?: typeof INK; gap?: number }) => {
    const lineHeight = opts.size * (opts.gap ?? 1.4);
    for (const l of lines) {
      ensure(lineHeight);
      y -= lineHeight;
      page.drawText(l, { x: opts.x ?? MARGIN, y, size: opts.size, font: opts.f ?? font, color: opts.color ?? INK });
    }
  };

  for (const block of guide.blocks) {
    switch (block.kind) {
      case 'title':
        text(wrap(block.text, fontBold, 22, CONTENT_WIDTH), { size: 22, f: fontBold, color: ACCENT, gap: 1.2 });
        y -= 6;
        break;
      case 'subtitle':
        text(wrap(block.text, font, 11, CONTENT_WIDTH), { size: 11, color: MUTED });
        y -= 6;
        page.drawLine({
          start: { x: MARGIN, y },
          end: { x: A4.width - MARGIN, y },
          thickness: 0.8,
          color: ACCENT,
        });
        y -= 6;
        break;
      case 'heading':
        ensure(60);
        y -= 10;
        text(wrap(block.text, fontBold, 13.5, CONTENT_WIDTH), { size: 13.5, f: fontBold, color: ACCENT });
        y -= 2;
        break;
      case 'para':
        text(wrap(block.text, font, 10.5, CONTENT_WIDTH), { size: 10.5 });
        y -= 5;
        break;
      case 'bullets':
      case 'steps':
        block.items.forEach((item, i) => {
          const marker = block.kind === 'steps' ? `${i + 1}.` : '•';
          const lines = wrap(item, font, 10.5, CONTENT_WIDTH - 18);
          ensure(10.5 * 1.4);
          page.drawText(marker, {
            x: MARGIN + 2,
            y: y - 10.5 * 1.4,
            size: 10.5,
            font: block.kind === 'steps' ? fontBold : font,
            color: ACCENT,
          });
          text(lines, { x: MARGIN + 18, size: 10.5 });
          y -= 3;
        });
        y -= 2;
        break;
      case 'note': {
        const lines = wrap(block.text, font, 10, CONTENT_WIDTH - 20);
        const height = lines.length * 10 * 1.4 + 12;
        ensure(height + 6);
        y -= 6;
        page.drawRectangle({
          x: MARGIN,
          y: y - height,
          width: CONTENT_WIDTH,
          height,
          color: rgb(0.93, 0.95, 0.99),
          borderColor: ACCENT,
          borderWidth: 0.6,
        });
        y -= 4;
        text(lines, { x: MARGIN + 10, size: 10 });
        y -= 10;
        break;
      }
      case 'pageBreak':
        newPage();
        break;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `${guide.footer}   ${i + 1}/${pages.length}`;
    const lines = wrap(footer, font, 8, CONTENT_WIDTH);
    lines.forEach((l, j) => {
      p.drawText(l, { x: MARGIN, y: 30 - j * 10, size: 8, font, color: MUTED });
    });
  });
  return doc.save();
}

async function main() {
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const regular = readFileSync(path.join(fontDir, 'DejaVuSans.ttf'));
  const bold = readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const outDir = path.resolve(process.cwd(), 'assets/guides');
  mkdirSync(outDir, { recursive: true });
  for (const guide of [TR, EN]) {
    const bytes = await render(guide, regular, bold);
    const file = path.join(outDir, `business-address-guide.${guide.lang}.pdf`);
    writeFileSync(file, bytes);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    console.log(`${path.relative(process.cwd(), file)}: ${pages} pages, ${bytes.length} bytes`);
  }
}

await main();
