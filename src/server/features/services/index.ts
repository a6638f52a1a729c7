/*
 * What other features may use of services (decision 0082): they import it from here, never from its files.
 */
export { findActiveService, listActiveServices, mailroomService, toServiceView } from './services.service';
