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
  return <LegalDocument prefix="legal.terms" sections={SECTIONS} />;
}
