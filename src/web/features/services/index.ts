/*
 * What other features may use of services (decision 0082): they import it from here, never from its files.
 */
export { serviceListQuery } from './admin/servicesApi';
