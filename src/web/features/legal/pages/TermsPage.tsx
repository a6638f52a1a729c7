import en from '../../../../shared/legal/terms.en.md?raw';
import tr from '../../../../shared/legal/terms.tr.md?raw';
import { useFormat } from '../../../lib/format';
import { LegalDocument } from '../components/LegalDocument';

/** The terms: the operator's template in src/shared/legal/ (decision 0046), with the catalogue's waits. */
export function TermsPage() {
  const fmt = useFormat();
  return <LegalDocument sources={{ tr, en }} vars={{ formation: fmt.timing('formation'), ein: fmt.timing('ein') }} />;
}
