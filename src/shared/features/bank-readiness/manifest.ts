/*
 * Bank readiness (decisions 0084, 0085). Its customer part is a section of the bank guide's page and its
 * staff parts are sections of the home and the customer file, so it has no page of its own in the route
 * table: its manifest only declares the catalogue namespaces it owns.
 */

/** The catalogue namespaces the feature owns (src/shared/i18n/{tr,en}/<namespace>.json, listed in i18n/ui.ts). */
export const messages: readonly string[] = ['bankReadiness'];
