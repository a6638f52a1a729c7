import { CalendarClock, Landmark, type LucideIcon, MapPin } from 'lucide-react';
import type { MyFormation } from '../../../lib/formation';

/** The company exists once the state approved it (a formation date) or staff moved past preparation. */
export function companyExists({ formation }: Pick<MyFormation, 'formation'>): boolean {
  return formation.formedOn !== null || formation.formationStatus !== 'preparation';
}

export interface OpenCompanyStep {
  /** company.completed.steps.<id> in i18n. */
  id: 'bankAccount' | 'businessAddress' | 'compliance';
  to: string;
  icon: LucideIcon;
}

/**
 * What a finished company still has to do: the bank and address guides the customer has not marked
 * done, and its deadlines (the compliance calendar, which never runs out).
 */
export function openCompanySteps({ guidesDone }: Pick<MyFormation, 'guidesDone'>): OpenCompanyStep[] {
  const steps: OpenCompanyStep[] = [];
  if (!guidesDone?.bankAccount) steps.push({ id: 'bankAccount', to: '/bank-account', icon: Landmark });
  if (!guidesDone?.businessAddress) steps.push({ id: 'businessAddress', to: '/business-address', icon: MapPin });
  steps.push({ id: 'compliance', to: '#compliance-calendar', icon: CalendarClock });
  return steps;
}
