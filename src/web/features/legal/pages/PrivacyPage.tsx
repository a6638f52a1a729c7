import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = ['who', 'data', 'why', 'sharing', 'security', 'retention', 'rights', 'cookies', 'contact'] as const;

export function PrivacyPage() {
  return <LegalDocument prefix="legal.privacy" sections={SECTIONS} />;
}
