/**
 * The business address guide's text in both languages (scripts/make-guide-pdfs.ts renders it). Prices
 * and waits come from the catalogue and the brand from common.appName, so the PDF says what the pages
 * say; the glossary test reads these blocks as it reads the message catalogues.
 */
import { formatUsd as usd } from '../src/shared/catalogue/money';
import { ADDRESS_PRICES } from '../src/shared/catalogue/packages';
import { formatTiming } from '../src/shared/catalogue/timing-format';
import { translate } from '../src/shared/i18n';

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'note'; text: string }
  | { kind: 'pageBreak' };

export interface Guide {
  lang: 'tr' | 'en';
  title: string;
  /** The brand, as the portal names itself in this language (common.appName). */
  author: string;
  subject: string;
  footer: string;
  blocks: Block[];
}

export const TR: Guide = {
  lang: 'tr',
  title: 'ABD İş Adresi Kiralama Rehberi',
  author: translate('tr', 'common.appName'),
  subject: 'ABD şirketiniz için özel iş adresi: ne işe yarar, nasıl kiralanır, postalar nasıl yönetilir',
  footer: `${translate('tr', 'common.appName')} · İş adresi rehberi · Bu rehber bilgilendirme amaçlıdır, hukuki danışmanlık değildir.`,
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
    { kind: 'heading', text: '2. Ortak adres mi, özel adres mi?' },
    {
      kind: 'bullets',
      items: [
        'Ortak adres: iki pakette de ücretsizdir. Aynı adresi başka şirketler de kullanır. Kuruluş ve resmi ' +
          'yazışmalar için yeterlidir; bazı bankalar ve ödeme sağlayıcıları ise kabul etmeyebilir.',
        'Özel adres: yalnızca sizin şirketinize ait bir adres ve süit numarasıdır. Anahtar teslim kurulum ' +
          `sihirbazında yılda +${usd(ADDRESS_PRICES.private_address, 'tr')} olarak seçilir. Eyalete göre yılda ` +
          `${usd(ADDRESS_PRICES.privateAddressStateExtraMin, 'tr')}-${usd(ADDRESS_PRICES.privateAddressStateExtraMax, 'tr')} ek ücret çıkabilir.`,
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
        `Sağlayıcı başvurusu: ${formatTiming('application', 'tr')}.`,
        'Kimlik doğrulama ve Form 1583 onayı: çoğunlukla birkaç iş günü.',
        `Şirket kuruluşu: ${formatTiming('formation', 'tr')} (Wyoming’de genellikle ${formatTiming('formationWyoming', 'tr')} içinde).`,
        `Banka hesabı açılışı (adres hazır olduktan sonra): ${formatTiming('bankAccount', 'tr')}.`,
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

export const EN: Guide = {
  lang: 'en',
  title: 'US Business Address Rental Guide',
  author: translate('en', 'common.appName'),
  subject: 'A private business address for your US company: what it is for, how to rent one, handling mail',
  footer: `${translate('en', 'common.appName')} · Business address guide · This guide is for information only, not legal advice.`,
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
        'Shared address: free with either package. Other companies use the same address. It is fine for ' +
          'formation and official mail; some banks and payment providers may not accept it.',
        'Private address: an address and suite number for your company only. In the turnkey setup wizard it ' +
          `costs +${usd(ADDRESS_PRICES.private_address, 'en')} per year. Extra fees of ` +
          `${usd(ADDRESS_PRICES.privateAddressStateExtraMin, 'en')}-${usd(ADDRESS_PRICES.privateAddressStateExtraMax, 'en')} per year may apply depending on the state.`,
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
        `Provider application: ${formatTiming('application', 'en')}.`,
        'Identity verification and Form 1583 approval: usually a few business days.',
        `Company formation: ${formatTiming('formation', 'en')} (Wyoming: usually within ${formatTiming('formationWyoming', 'en')}).`,
        `Bank account opening (once the address is ready): ${formatTiming('bankAccount', 'en')}.`,
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

export const ADDRESS_GUIDES: readonly Guide[] = [TR, EN];
