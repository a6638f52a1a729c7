import { privacyNoticeSource } from '../../../../shared/legal/privacy-notice';
import en from '../../../../shared/legal/privacy-notice.en.md?raw';
import tr from '../../../../shared/legal/privacy-notice.tr.md?raw';
import { LegalDocument } from '../components/LegalDocument';

/**
 * The privacy notice (Aydınlatma Metni): the operator's template in src/shared/legal/ (decision 0046),
 * its "The data we keep" list generated from the personal-data registry (decision 0077).
 */
const sources = { tr: privacyNoticeSource(tr, 'tr'), en: privacyNoticeSource(en, 'en') };

export function PrivacyPage() {
  return <LegalDocument sources={sources} />;
}
