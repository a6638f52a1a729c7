import { useFormat } from '../../../lib/format';
import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = [
  'who',
  'service',
  'notLegalAdvice',
  'fees',
  'timing',
  'yourPart',
  'account',
  'liability',
  'changes',
  'contact',
] as const;

export function TermsPage() {
  const fmt = useFormat();
  return (
    <LegalDocument
      prefix="legal.terms"
      sections={SECTIONS}
      vars={{ formation: fmt.timing('formation'), ein: fmt.timing('ein') }}
    />
  );
}
