/*
 * What other features may use of ein-follow-ups (decision 0082): they import it from here, never from its files.
 */
export { EinFollowUpsList } from './components/EinFollowUpsList';
export { IrsFaxNumbers } from './components/IrsFaxNumbers';
