import { CORE_SECTIONS, PAGE_ROUTES, routeSections } from './route-table';

/**
 * How the message sections are cut into script files (decision 0060). The core sections, the mails'
 * and every section a public page shows stay one file each, so the sign-in page fetches only its own
 * texts. The signed-in pages' sections go into two files per language, the customer's and the back
 * office's: one file per section was twelve of the dashboard's requests for about 20 KB, and on a
 * phone each is a round trip. The build (vite.config.ts) groups by this rule and the server preloads
 * by it.
 */
const OWN_FILE_SECTIONS: ReadonlySet<string> = new Set([
  ...CORE_SECTIONS,
  'mail',
  ...PAGE_ROUTES.filter((route) => route.layout === 'public').flatMap((route) => routeSections(route)),
]);

/** The shared file a section's texts are built into (`texts-tr-customer`), or null for a file of its own. */
export function textsChunkName(lang: string, section: string): string | null {
  if (OWN_FILE_SECTIONS.has(section)) return null;
  const side = section.startsWith('admin') || section === 'ss4Generate' ? 'admin' : 'customer';
  return `texts-${lang}-${side}`;
}

/** For the build: the shared file of a section's JSON module (`…/i18n/<lang>/<section>.json`), if any. */
export function textsChunkOfModule(id: string): string | null {
  const match = /shared[\\/]i18n[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
  return match ? textsChunkName(match[1], match[2]) : null;
}
