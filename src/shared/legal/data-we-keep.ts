import { RETENTION_SSN_DEFAULT_DAYS as DAYS } from '../features/retention/retention.domain';
import type { Language } from '../i18n/languages';

/**
 * The privacy notice's "The data we keep" lines (decision 0077), one per kind of personal data the
 * personal-data registry (src/shared/domain/personal-data.ts) declares. The notice's Markdown holds
 * `{{dataWeKeep}}`; `privacyNoticeSource` puts these lines there in the notice's language, so the list
 * cannot say less than the registry: a test fails when a declared kind is missing from either language.
 */
export const NOTICE_KINDS = [
  'account',
  'attribution',
  'devices',
  'security',
  'formation',
  'ein',
  'filing',
  'taxNumbers',
  'documents',
  'support',
  'payments',
  'bank',
  'consents',
  'history',
  'mail',
  'letters',
  'staff',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const DATA_WE_KEEP: Readonly<Record<NoticeKind, Readonly<Record<Language, string>>>> = {
  account: {
    tr: 'Hesap: adınız, e-posta adresiniz, şifreniz (yalnızca tek yönlü özeti saklanır) ve dil seçiminiz.',
    en: 'Account: your name, email address, password (stored only as a one-way hash) and language choice.',
  },
  attribution: {
    tr: 'Geliş kaynağı: bir kampanya ya da kısa link ile geldiyseniz kaynağı (UTM parametreleri ve kısa linkin adı).',
    en: 'Where you came from: if you arrived through a campaign or a short link, its source (UTM parameters and the short link’s name).',
  },
  devices: {
    tr: 'Cihazlar ve oturum açma kayıtları: açık oturumlarınız, her birinin tarayıcısı, IP adresi ve ağı (IPv4 /24, IPv6 /48), açıldığı ve son kullanıldığı zaman.',
    en: 'Devices and sign-in records: your open sessions, each with its browser, IP address and network (IPv4 /24, IPv6 /48), when it was opened and last used.',
  },
  security: {
    tr: 'Hesap güvenliği: iki adımlı doğrulama anahtarınız (şifreli) ve kurtarma kodlarınız (yalnızca özetleri), bekleyen e-posta değişikliği, takvim aboneliği bağlantınız ve deneme sınırlarının sayaçları.',
    en: 'Account security: your two-step verification key (encrypted) and recovery codes (only their hashes), a pending email change, your calendar subscription link and the counters of attempt limits.',
  },
  formation: {
    tr: 'Şirket kuruluşu: seçimleriniz (kuruluş türü, eyalet, paket, adres tercihi), şirketinizin bilgileri, telefon numaranız, rehberlerdeki yanıtlarınız ve geri bildirimleriniz, anahtar teslim kuruluş talebiniz, yükümlülük takviminiz ve tamamlandı olarak işaretlediğiniz adımlar.',
    en: 'Company formation: your choices (formation type, state, package, address preference), your company’s details, your phone number, your answers and feedback in the guides, your turnkey formation request, your compliance calendar and the items you marked done.',
  },
  ein: {
    tr: `EIN başvurusu: şirketin ve sorumlu kişinin bilgileri (adı, adresi, telefonu), SSN’iniz (uygulama tarafından şifrelenir, yalnızca son dört hanesi gösterilir ve EIN alındıktan belirli bir süre sonra, varsayılan olarak ${DAYS} gün, silinir) ve IRS ile yapılan takip görüşmelerinin size açık notları.`,
    en: `EIN application: the company’s and the responsible party’s details (name, address, phone), your SSN (encrypted by the application, shown only by its last four digits and deleted a set period after the EIN is issued, ${DAYS} days by default) and the notes shared with you of our follow-ups with the IRS.`,
  },
  filing: {
    tr: 'Yıllık Form 5472 beyanı: ev adresiniz, vatandaşlığınız, vergi mukimi olduğunuz ülke, şirketinizin bilgileri ve yıl içinde sizinle şirketiniz arasındaki para hareketleri; bunlar IRS’e gönderilen formlara yazılır.',
    en: 'Yearly Form 5472 filing: your home address, citizenship, country of tax residence, your company’s details and the money that moved between you and your company during the year; these go on the forms sent to the IRS.',
  },
  taxNumbers: {
    tr: `Vergi numaralarınız: T.C. kimlik numaranız (ya da başka bir ülkenin vergi kimlik numarası) ve varsa ITIN’iniz ya da SSN’iniz, uygulama tarafından şifrelenir, yalnızca son dört hanesi gösterilir, yalnızca formlar doldurulurken açılır ve beyan tamamlandıktan belirli bir süre sonra (varsayılan olarak ${DAYS} gün) silinir; hazırlanan formlar kasanızda kalır.`,
    en: `Your tax numbers: your T.C. kimlik numarası (or another country’s tax identification number) and, if you have one, your ITIN or SSN are encrypted by the application, shown only by their last four digits, opened only to fill the forms and deleted a set period after the filing is done (${DAYS} days by default); the prepared forms stay in your vault.`,
  },
  documents: {
    tr: 'Belgeler: yüklediğiniz ya da sizin için hazırladığımız kimlik, şirket ve vergi belgeleri; örneğin kuruluş belgesi (Articles of Organization), SS-4 formu, EIN onay mektubu (CP 575) ve Form 5472.',
    en: 'Documents: identity, company and tax documents that you upload or that we prepare for you, such as the articles of organization, the SS-4 form, the EIN confirmation letter (CP 575) and Form 5472.',
  },
  support: {
    tr: 'Destek: yazışmalarınız, ekleri ve hangi yanıtları okuduğunuz.',
    en: 'Support: your conversations with us, their attachments and which replies you have read.',
  },
  payments: {
    tr: 'Siparişler, ödemeler ve yenilemeler: satın aldığınız hizmetler, tutarları ve durumları (kart bilgileriniz ödeme sağlayıcısında kalır, bizde saklanmaz), yıllık aboneliklerinizin dönemleri, iptal nedeniniz ve bunlarla ilgili iş kayıtlarımız.',
    en: 'Orders, payments and renewals: the services you bought, their amounts and status (your card details stay with the payment provider and are not stored by us), your yearly subscriptions’ periods, your reason for cancelling and our work records about them.',
  },
  bank: {
    tr: 'Banka hazırlığı: şirketinizin adresleri (kayıtlı temsilci, posta, fiziksel adres ve yurt dışındaki ev adresiniz) ve türleri, hangi banka ya da ödeme sağlayıcısına başvurduğunuz ve aldığınız yanıt (ret nedeniyle birlikte).',
    en: 'Bank readiness: your company’s addresses (registered agent, mailing, physical address and your home address abroad) and their kinds, which banks or payment providers you applied to and the answer you received (with the reason for a refusal).',
  },
  consents: {
    tr: 'İzinler ve talepler: hangi metinleri hangi sürümüyle kabul ettiğiniz ya da okuduğunuz, verdiğiniz ya da geri aldığınız isteğe bağlı izinler (zamanı ve ağıyla) ve hesap silme talepleriniz.',
    en: 'Consents and requests: which texts you accepted or read and in which version, the optional consents you gave or withdrew (with time and network) and your account deletion requests.',
  },
  history: {
    tr: 'Geçmiş: başvurularınızın aşamalarına ulaştığı tarihler ve sizinle ilgili işlemlerin kayıtları (kim, ne zaman, ne yaptı ve hangi ağdan).',
    en: 'History: the dates your applications reached each stage and the records of actions about you (who did what, when, and from which network).',
  },
  mail: {
    tr: 'E-postalar: size gönderdiğimiz e-postaların kopyaları (alıcı adresi ve metniyle), hesabınız silinene kadar.',
    en: 'Emails: copies of the emails we send you (with the address and the text), until your account is deleted.',
  },
  letters: {
    tr: 'Posta: şirketinizin ABD adresine gelen mektuplar; zarftaki ad, gönderen, türü, tarihleri, sayfa sayısı, zarfın fotoğrafı, taraması, kâğıt için verdiğiniz kararlar ve kalıcı kurallarınız, yönlendirme adresiniz ve yönlendirilen mektupların takip numaraları.',
    en: 'Mail: the letters that reach your company’s US address; the name on the envelope, the sender, the kind, the dates, the pages, the envelope photo, the scan, your decisions about the paper and your standing rules, your forwarding address and the tracking numbers of forwarded letters.',
  },
  staff: {
    tr: 'Çalışanlarımız için: personel hesabı ve rolü, oluşturduğu kısa linkler, gönderdiği davetler (davet edilenin e-posta adresiyle) ve yaptığı işlemlerin kayıtları.',
    en: 'For our staff: the staff account and its role, the short links it created, the invitations it sent (with the invitee’s email address) and the records of its actions.',
  },
};
