import { CORE_SECTIONS, PAGE_ROUTES, type RouteLayout, routeSections } from './route-table';

/**
 * How the message sections are cut into script files (decision 0060). The core sections, the mails'
 * and every section a public page shows stay one file each, so the sign-in page fetches only its own
 * texts. The signed-in pages' sections go into at most three files per language, the customer's, the
 * back office's and those both show: one file per section was twelve of the dashboard's requests for about 20 KB, and on a
 * phone each is a round trip. The build (vite.config.ts) groups by this rule and the server preloads
 * by it.
 */
const OWN_FILE_SECTIONS: ReadonlySet<string> = new Set([
  ...CORE_SECTIONS,
  'mail',
  ...PAGE_ROUTES.filter((route) => route.layout === 'public').flatMap((route) => routeSections(route)),
]);

/** Which layouts' pages show each section: the customer's, the back office's, or both. */
const LAYOUTS_OF = new Map<string, Set<RouteLayout>>();
for (const route of PAGE_ROUTES) {
  for (const section of routeSections(route)) {
    const layouts = LAYOUTS_OF.get(section) ?? new Set<RouteLayout>();
    layouts.add(route.layout);
    LAYOUTS_OF.set(section, layouts);
  }
}

/**
 * The shared file a section's texts are built into (`texts-tr-customer`), or null for a file of its own.
 * A section shown on both sides (support's, for one) goes into a third file, so that neither side
 * downloads the other's texts for it.
 */
export function textsChunkName(lang: string, section: string): string | null {
  if (OWN_FILE_SECTIONS.has(section)) return null;
  const layouts = LAYOUTS_OF.get(section);
  const customer = layouts?.has('signed-in') ?? false;
  const admin = layouts?.has('admin') ?? false;
  const side = customer && admin ? 'both' : admin ? 'admin' : 'customer';
  return `texts-${lang}-${side}`;
}

/** For the build: the shared file of a section's JSON module (`…/i18n/<lang>/<section>.json`), if any. */
export function textsChunkOfModule(id: string): string | null {
  const match = /shared[\\/]i18n[\\/](\w+)[\\/](\w+)\.json$/.exec(id);
  return match ? textsChunkName(match[1], match[2]) : null;
}
