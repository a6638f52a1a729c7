import type { Actor } from '../../domain/roles';
import type { FormationStatus } from './formation.domain';

/**
 * Who may move a formation from one status to another (product.md#formation-states). A customer only answers "yes" in the
 * guide (preparation → formation_completed); the system moves it on when the EIN application is
 * submitted and when the EIN is issued; an admin may set any value.
 */
const ALLOWED: Record<Exclude<Actor, 'admin'>, ReadonlyArray<[FormationStatus, FormationStatus]>> = {
  customer: [['preparation', 'formation_completed']],
  system: [
    ['formation_completed', 'ein_created'],
    ['ein_created', 'process_completed'],
  ],
};

export function canTransitionFormation(actor: Actor, from: FormationStatus, to: FormationStatus): boolean {
  if (from === to) return false;
  if (actor === 'admin') return true;
  return ALLOWED[actor].some(([f, t]) => f === from && t === to);
}
