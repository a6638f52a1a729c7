/**
 * One language's messages: namespace → nested keys. Kept apart from index.ts (which assembles the
 * catalogues) and ui.ts (which lists the UI namespaces) so neither imports the other for it.
 */
export type Catalogue = Record<string, Record<string, unknown>>;
