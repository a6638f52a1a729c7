/*
 * What the retention sweeps tell the customer (decision 0048). No page of its own in the route table, so not in the registry:
 * its manifest only declares the catalogue namespaces it owns.
 */

/** The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by i18n/ui.ts by their place). */
export const messages: readonly string[] = ['retention'];
