import { Building2, Clock, FileText, Landmark, Timer } from 'lucide-react';
import type { Fact } from '../components/ui/FactList';
import { useFormat } from './format';
import { useTranslation } from './useTranslation';

/**
 * The catalogue's timings as facts, each with its icon, label and value, for the pages that list how
 * long the process takes (onboarding's overview, the formation guide, the turnkey wizard).
 */
export function useTimingFacts() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return {
    application: (): Fact => ({
      id: 'application',
      icon: Timer,
      label: t('catalogue.timing.labels.application'),
      value: fmt.timing('application'),
    }),
    preparation: (): Fact => ({
      id: 'preparation',
      icon: FileText,
      label: t('catalogue.timing.labels.preparation'),
      value: fmt.timing('preparation'),
    }),
    formation: (): Fact => ({
      id: 'formation',
      icon: Building2,
      label: t('catalogue.timing.labels.formation'),
      value: fmt.timing('formation'),
      note: t('catalogue.timing.wyomingNote', { duration: fmt.timing('formationWyoming') }),
    }),
    ein: (note: string): Fact => ({
      id: 'ein',
      icon: FileText,
      label: t('catalogue.timing.labels.ein'),
      value: fmt.timing('ein'),
      note,
    }),
    bank: (): Fact => ({
      id: 'bank',
      icon: Landmark,
      label: t('catalogue.timing.labels.bankAccount'),
      value: fmt.timing('bankAccount'),
    }),
    total: (withPayment: boolean, id = 'total'): Fact => ({
      id,
      icon: Clock,
      label: t(withPayment ? 'catalogue.timing.labels.totalWithPayment' : 'catalogue.timing.labels.total'),
      value: fmt.timing(withPayment ? 'totalProcessWithPayment' : 'totalProcess'),
    }),
  };
}
