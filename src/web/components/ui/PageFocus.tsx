import { type MouseEvent, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/useTranslation';

/** The id every layout gives its `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

function focusWithoutOutlineJump(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * After a client-side navigation, moves focus to the new page's heading so a screen reader says where
 * the user is (a full page load starts at the top by itself, so the first render is left alone). A
 * page that already placed focus inside its content (a field to fix, a wizard step) keeps it.
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void pathname;
    const main = document.getElementById(MAIN_ID);
    const active = document.activeElement;
    if (main && active instanceof HTMLElement && active !== document.body && main.contains(active)) return;
    const heading = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1');
    const target = heading ?? main;
    if (target) focusWithoutOutlineJump(target);
  }, [pathname]);
}

/**
 * "Skip to content": the first thing Tab reaches, visible only while focused. Focus is moved by hand
 * rather than by the `#main` fragment, which the router would record as a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    focusWithoutOutlineJump(main);
    main.scrollIntoView();
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={onClick}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-indigo-800 focus:shadow-lg focus:outline-2 focus:outline-indigo-600"
    >
      {t('common.skipToContent')}
    </a>
  );
}
