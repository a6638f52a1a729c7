import QRCode from 'qrcode';

/**
 * The QR code of the second factor's enrolment (its otpauth:// URI), drawn on the server as SVG so the
 * key never leaves the server as an image request to anyone else. The encoding is `qrcode`'s
 * (decision 0078): error correction level M, as before, and the standard four-module quiet zone.
 */
export const QR_ERROR_CORRECTION = 'M' as const;
export const QR_QUIET_ZONE = 4;

/**
 * The code's side in modules (quiet zone included), for the viewBox, and the path of its dark modules.
 * The path is `qrcode`'s own: one horizontal run per row of dark modules, drawn as a 1-unit stroke
 * (`M4 4.5h7m2 0h2…`), so the page strokes it rather than fills it.
 */
export function qrSvgPath(text: string): { size: number; path: string } {
  let svg = '';
  let failure: unknown = null;
  // With a callback, qrcode encodes and renders in the same call (its promise form only wraps that), so
  // the drawing stays synchronous for the enrolment service; the checks below catch it if that changes.
  // One byte segment, as the portal's own encoder wrote it: the codes stay those a camera decoder read back
  // (qr-code.unit.test.ts), and the URI is not cut into mixed segments some readers handle less well.
  QRCode.toString(
    [{ mode: 'byte', data: new TextEncoder().encode(text) }],
    { type: 'svg', errorCorrectionLevel: QR_ERROR_CORRECTION, margin: QR_QUIET_ZONE },
    (error, out) => {
      failure = error;
      svg = out;
    },
  );
  if (failure) throw failure;
  const size = /viewBox="0 0 (\d+) \1"/.exec(svg)?.[1];
  const path = /<path stroke="[^"]*" d="([^"]*)"/.exec(svg)?.[1];
  // A different drawing in a later `qrcode` must fail here, not reach a page as an empty square.
  if (!size || !path) throw new Error('unexpected SVG from qrcode');
  return { size: Number(size), path };
}
