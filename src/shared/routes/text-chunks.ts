import {
  CORE_REST,
  CORE_SECTIONS,
  type CoreSection,
  LAYOUT_SECTIONS,
  PAGE_ROUTES,
  type RouteLayout,
  routeSections,
} from './route-table';

/**
 * How the message sections are cut into script files (decision 0060). The core sections, the mails'
 * and every section a public page shows stay one file each, so the sign-in page fetches only its own
 * texts. The signed-in pages' sections go into at most three files per language, the customer's, the
 * back office's and those both show: one file per section was twelve of the dashboard's requests for about 20 KB, and on a
 * phone each is a round trip. The build (vite.config.ts) groups by this rule and the server preloads
 * by it.
 */
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
 * A section that a layout brings to every one of its pages and that the other side shows too (support's:
 * the back office's frame counts the unread threads): in the shared file of both sides it made every
 * admin page, and the customer's support page, load the texts of both (55 KiB of script, of which
 * support's are 4) for the few keys the frame shows (decision 0096).
 */
const LAYOUT_SECTIONS_OF_BOTH = Object.values(LAYOUT_SECTIONS)
  .flat()
  .filter((section) => (LAYOUTS_OF.get(section)?.size ?? 0) > 1);

const OWN_FILE_SECTIONS: ReadonlySet<string> = new Set([
  ...CORE_SECTIONS,
  'mail',
  ...PAGE_ROUTES.filter((route) => route.layout === 'public').flatMap((route) => routeSections(route)),
  ...LAYOUT_SECTIONS_OF_BOTH,
]);

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

/**
 * Where a section's JSON file sits: the shell's in `shared/i18n/<lang>/`, a feature's in
 * `shared/features/<feature>/messages/<lang>/` (decision 0097). Groups: the language, the section.
 */
export const SECTION_FILE = /shared[\\/](?:i18n|features[\\/][\w-]+[\\/]messages)[\\/](\w+)[\\/](\w+)\.json$/;

/**
 * For the build: the shared file of a section's JSON module (`…/<lang>/<section>.json`, SECTION_FILE), or of
 * the rest of the core sections for a layout (`lib/messages/coreRestAdmin.<lang>.ts`, named as the
 * CORE_REST unit, and the JSON parts it imports, `…/<section>.json?core=rest&for=admin`), if any.
 */
export function textsChunkOfModule(id: string): string | null {
  const section = SECTION_FILE.exec(id);
  if (section) return textsChunkName(section[1], section[2]);
  const part = corePartOf(id);
  if (part?.part === 'rest') return textsChunkName(part.lang, CORE_REST[part.layout]);
  const rest = /lib[\\/]messages[\\/](\w+)\.(\w+)\.ts$/.exec(id);
  return rest && Object.values(CORE_REST).includes(rest[1]) ? textsChunkName(rest[2], rest[1]) : null;
}

/**
 * What of the core sections a public page can show, by top-level key (with everything under it), or
 * the whole section: the sign-in page's first load carries these only (decision 0061). The rest (most
 * API error codes, the signed-in forms' field messages, the signed-in frame's words) is the
 * CORE_REST unit, which the signed-in and admin layouts load. The keys stay where they are: the
 * build cuts each JSON file in two (coreTextsPart), the server and the tests read it whole.
 * tests/unit/public-texts.test.ts checks that every core key a public page's code can show is here.
 */
export const PUBLIC_CORE_TEXTS: Record<CoreSection, readonly string[] | 'all'> = {
  common: [
    'appName',
    'duration',
    'emailVerified',
    'footer',
    'language',
    'languages',
    'loading',
    'showPassword',
    // The guards' toast, raised on the way to the sign-in page, which shows it.
    'signInRequired',
    'skipToContent',
    'toast',
  ],
  errors: [
    'ADMIN_SIGNUP_CLOSED',
    'EMAIL_TAKEN',
    'INTERNAL',
    'INVALID_ADMIN_CODE',
    'INVALID_TOKEN',
    'INVALID_TWO_FACTOR_CODE',
    'INVITATION_INVALID',
    'SIGN_IN_FAILED',
    'SIGN_UP_FAILED',
    'TOO_MANY_ATTEMPTS',
    // The code step's refusal while the account's app codes are locked (decision 0070).
    'TWO_FACTOR_LOCKED',
  ],
  errorsPage: 'all',
  validation: [
    'adminCodeRequired',
    'emailInvalid',
    'emailRequired',
    'emailTooLong',
    'fullNameRequired',
    'fullNameTooLong',
    // The server's word for a field whose rule has no message of its own (platform/http/errors.ts).
    'invalid',
    'invalidCharacters',
    'passwordDigit',
    'passwordMax',
    'passwordMin',
    'passwordRequired',
    'passwordsMismatch',
    'termsRequired',
    'tokenRequired',
    'tooLong',
    'twoFactorCodeRequired',
  ],
};

/** The two parts of a core section: what loads with the entry, and the rest. */
export type CorePart = 'public' | 'rest';

/** One part of a core section's messages (`messages`, one language's JSON file, read whole). */
export function coreTextsPart<T>(section: CoreSection, messages: Record<string, T>, part: CorePart): Record<string, T> {
  const publicKeys = PUBLIC_CORE_TEXTS[section];
  const isPublic = (key: string) => publicKeys === 'all' || publicKeys.includes(key);
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isPublic(key) === (part === 'public')));
}

/**
 * A module id that asks for a part of a core section's JSON file: `…/i18n/<lang>/<section>.json?core=public`,
 * or `?core=rest&for=<layout>` (the same texts for each layout, as two modules, so that each can be built
 * into its side's shared file).
 */
export function corePartOf(
  id: string,
):
  | { lang: string; section: CoreSection; part: 'public' }
  | { lang: string; section: CoreSection; part: 'rest'; layout: keyof typeof CORE_REST }
  | null {
  const match = /shared[\\/]i18n[\\/](\w+)[\\/](\w+)\.json\?(.*)$/.exec(id);
  if (!match) return null;
  const query = new URLSearchParams(match[3]);
  const [lang, section, part, layout] = [match[1], match[2] as CoreSection, query.get('core'), query.get('for')];
  if (part === null) return null;
  if (!CORE_SECTIONS.includes(section)) throw new Error(`${id}: ${section} is not a core section`);
  if (part === 'public') return { lang, section, part };
  if (part === 'rest' && (layout === 'signed-in' || layout === 'admin')) return { lang, section, part, layout };
  throw new Error(`${id}: no such part of a core section`);
}
