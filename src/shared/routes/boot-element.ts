/**
 * The id of the `<script type="application/json">` element in which the server writes a signed-in page's
 * boot data (contracts/boot.ts, decision 0060), and from which the web app reads it.
 */
export const BOOT_DATA_ID = 'boot-data';
