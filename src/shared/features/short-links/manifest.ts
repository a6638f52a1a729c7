import { adminPage, type PageRoute, publicPage } from '../../routes/page';

/** Short links (decision 0013): the staff page that makes them, and the page an unknown one shows. */
export const shortLinksPages: readonly PageRoute[] = [
  // The server redirects a live /go/{slug} and serves this page for an unknown or expired one.
  publicPage('go/:slug', 'pages/ShortLinkNotFoundPage.tsx', ['shortLinks']),
  adminPage('shorten', 'admin/ShortLinksPage.tsx', ['catalogue', 'shortLinks'], {
    key: 'shortLinks',
    permission: 'links.manage',
    group: 'content',
  }),
];

/**
 * The catalogue namespaces the feature owns (messages/{tr,en}/<namespace>.json in its folder, found by
 * i18n/ui.ts by their place). Apart from its pages, which the web's entry carries: only a test reads them.
 */
export const messages: readonly string[] = ['shortLinks'];
