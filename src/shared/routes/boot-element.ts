/**
 * The id of the `<script type="application/json">` element in which the server writes a signed-in page's
 * boot data (contracts/boot.ts, decision 0060), and from which the web app reads it.
 */
export const BOOT_DATA_ID = 'boot-data';

/**
 * A GET call's key among the boot data's answers (contracts/boot.ts): its path and its query with the
 * names in order, so the order in which the web and the server wrote the query does not matter.
 */
export function bootAnswerKey(path: string, query: URLSearchParams | string = ''): string {
  const params = new URLSearchParams(query);
  params.sort();
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
