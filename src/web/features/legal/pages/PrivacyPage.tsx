import en from '../../../../shared/legal/privacy-notice.en.md?raw';
import tr from '../../../../shared/legal/privacy-notice.tr.md?raw';
import { LegalDocument } from '../components/LegalDocument';

/** The privacy notice (Aydınlatma Metni): the operator's template in src/shared/legal/ (decision 0046). */
export function PrivacyPage() {
  return <LegalDocument sources={{ tr, en }} />;
}
