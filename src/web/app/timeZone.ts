import { TIME_ZONE_COOKIE } from '../../shared/routes/first-view';

/*
 * The browser's time zone for the server, which writes a first view's instants in it (decision 0095).
 * Beside the zone's name the browser stores its offset from UTC when it stored the name: comparing
 * offsets needs no date formatter (the first costs tens of milliseconds on a slow phone, decision
 * 0063), and a browser that moved to another offset since is not hydrated with the old zone's times.
 */

const OFFSET_COOKIE = `${TIME_ZONE_COOKIE}o`;
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function cookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

const offsetNow = () => String(new Date().getTimezoneOffset());

/** The zone a first view was written in is the one this browser stored, and its offset still holds. */
export function storedZoneHolds(zone: string): boolean {
  return zone === cookie(TIME_ZONE_COOKIE) && cookie(OFFSET_COOKIE) === offsetNow();
}

/** Stores the zone (the signed-in frame runs it once the page is idle: reading it builds a date formatter). */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = offsetNow();
  if (cookie(TIME_ZONE_COOKIE) === zone && cookie(OFFSET_COOKIE) === offset) return;
  const attributes = `path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; ${attributes}`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${OFFSET_COOKIE}=${offset}; ${attributes}`;
}
