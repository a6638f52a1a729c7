import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../shared/domain/limits';
import { ApiError } from '../http/errors';
import { MAX_TEXT_FIELD_BYTES, MAX_TEXT_FIELDS, type MultipartOptions, readMultipart } from './multipart';

const URL_ = 'http://localhost/upload';
const ANY: MultipartOptions = {
  fileFields: ['file', 'other'],
  accept: ['pdf', 'png', 'jpeg'],
  wrongTypeError: 'UNSUPPORTED_FILE_TYPE',
};
const PDF_ONLY: MultipartOptions = { fileFields: ['file'], accept: ['pdf'], wrongTypeError: 'PDF_REQUIRED' };

const PDF_HEAD = '%PDF-1.7\n';
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46];

/** `size` bytes starting with `head`, the rest a repeating pattern so the bytes can be compared. */
function bytes(head: string | number[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = i % 251;
  out.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
  return out;
}

function file(data: Uint8Array<ArrayBuffer>, name: string, type = 'application/octet-stream'): File {
  return new File([data], name, { type });
}

function formRequest(entries: [string, string | File][]): Request {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return new Request(URL_, { method: 'POST', body: form });
}

/** The error code readMultipart rejects with, or 'ok'. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? err.code : `not an ApiError: ${String(err)}`;
  }
}

/** The encoded multipart body and its content type, as a browser would send them. */
async function encode(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  const res = new Response(form);
  return { type: res.headers.get('content-type') as string, body: new Uint8Array(await res.arrayBuffer()) };
}

function streamRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string>): Request {
  return new Request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

describe('readMultipart', () => {
  it('accepts a PDF of exactly UPLOAD_MAX_BYTES and returns its bytes, cleaned name and real type', async () => {
    const data = bytes(PDF_HEAD, UPLOAD_MAX_BYTES);
    const result = await readMultipart(
      formRequest([['file', file(data, 'C:\\Users\\ayse\\Şirket sözleşmesi.pdf', 'text/plain')]]),
      PDF_ONLY,
    );
    const got = result.files.file;
    expect(got).toMatchObject({
      field: 'file',
      fileName: 'Şirket sözleşmesi.pdf',
      kind: 'pdf',
      contentType: 'application/pdf',
      size: UPLOAD_MAX_BYTES,
    });
    expect(got?.data.length).toBe(UPLOAD_MAX_BYTES);
    expect(Buffer.compare(got?.data as Buffer, Buffer.from(data))).toBe(0);
  });

  it('refuses one byte more with FILE_TOO_LARGE', async () => {
    const req = formRequest([['file', file(bytes(PDF_HEAD, UPLOAD_MAX_BYTES + 1), 'a.pdf', 'application/pdf')]]);
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('FILE_TOO_LARGE');
  });

  it("answers with the route's own 413 code, read or refused on the header alone", async () => {
    const streamed = formRequest([['file', file(bytes(PDF_HEAD, UPLOAD_MAX_BYTES + 1), 'a.pdf', 'application/pdf')]]);
    const options = { ...PDF_ONLY, tooLargeError: 'FILE_SIZE_LIMIT' } as const;
    expect(await outcome(readMultipart(streamed, options))).toBe('FILE_SIZE_LIMIT');
    const declared = streamRequest(new ReadableStream<Uint8Array>(), {
      'content-type': 'multipart/form-data; boundary=abc',
      'content-length': String(UPLOAD_MAX_BYTES + 1024 * 1024 + 1),
    });
    expect(await outcome(readMultipart(declared, options))).toBe('FILE_SIZE_LIMIT');
  });

  it('honours a smaller maxFileBytes', async () => {
    const req = () => formRequest([['file', file(bytes(PDF_HEAD, 1001), 'a.pdf')]]);
    expect(await outcome(readMultipart(req(), { ...PDF_ONLY, maxFileBytes: 1000 }))).toBe('FILE_TOO_LARGE');
    expect(await outcome(readMultipart(req(), { ...PDF_ONLY, maxFileBytes: 1001 }))).toBe('ok');
  });

  it('stops reading the body as soon as a file passes the limit', async () => {
    const boundary = 'xBOUNDARYx';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n${PDF_HEAD}`,
    );
    let pulled = 0;
    let cancelled = false;
    // An endless file: only a reader that stops early can finish this test.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = pulled === 0 ? head : new Uint8Array(64 * 1024).fill(7);
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const req = streamRequest(body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('FILE_TOO_LARGE');
    expect(pulled).toBeGreaterThan(UPLOAD_MAX_BYTES);
    expect(pulled).toBeLessThan(UPLOAD_MAX_BYTES + 1024 * 1024);
    expect(cancelled).toBe(true);
  });

  it('refuses a body whose Content-Length is over the limit without reading it', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>({
      pull() {
        pulled = true;
      },
    });
    const req = streamRequest(body, {
      'content-type': 'multipart/form-data; boundary=abc',
      'content-length': String(UPLOAD_MAX_BYTES + 1024 * 1024 + 1),
    });
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('FILE_TOO_LARGE');
    expect(pulled).toBe(false);
  });

  it('recognises PNG and JPEG by their bytes, whatever the name says', async () => {
    const result = await readMultipart(
      formRequest([
        ['file', file(bytes(PNG_HEAD, 300), 'photo.pdf', 'application/pdf')],
        ['other', file(bytes(JPEG_HEAD, 300), 'scan.png', 'image/png')],
      ]),
      ANY,
    );
    expect(result.files.file).toMatchObject({ kind: 'png', contentType: 'image/png', fileName: 'photo.pdf' });
    expect(result.files.other).toMatchObject({ kind: 'jpeg', contentType: 'image/jpeg', size: 300 });
  });

  it('refuses HTML sent as x.pdf / application/pdf with the wrong-type error', async () => {
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    const req = formRequest([['file', file(html, 'x.pdf', 'application/pdf')]]);
    expect(await outcome(readMultipart(req, ANY))).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a PNG where only PDF is accepted with PDF_REQUIRED', async () => {
    const req = formRequest([['file', file(bytes(PNG_HEAD, 100), 'signed.pdf', 'application/pdf')]]);
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('PDF_REQUIRED');
  });

  it('refuses an empty named file as the wrong type, but skips an empty file input', async () => {
    const empty = formRequest([['file', file(new Uint8Array(0), 'empty.pdf', 'application/pdf')]]);
    expect(await outcome(readMultipart(empty, PDF_ONLY))).toBe('PDF_REQUIRED');
    const tiny = formRequest([['file', file(bytes('%PD', 3), 'tiny.pdf')]]);
    expect(await outcome(readMultipart(tiny, PDF_ONLY))).toBe('PDF_REQUIRED');

    const boundary = 'b0undary';
    // What a browser sends for <input type=file> with nothing chosen.
    const text = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const unselected = streamRequest(new Response(text).body as ReadableStream<Uint8Array>, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    const result = await readMultipart(unselected, PDF_ONLY);
    expect(result.files).toEqual({});
  });

  it.each([
    ['application/json', '{"a":1}'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['text/plain', 'hello'],
  ])('refuses a %s body with BAD_REQUEST', async (type, body) => {
    const req = new Request(URL_, { method: 'POST', body, headers: { 'content-type': type } });
    expect(await outcome(readMultipart(req, ANY))).toBe('BAD_REQUEST');
  });

  it('refuses multipart without a boundary with BAD_REQUEST', async () => {
    const req = new Request(URL_, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; x=1' },
    });
    expect(await outcome(readMultipart(req, ANY))).toBe('BAD_REQUEST');
  });

  it.each([
    ['errors', true],
    ['just ends', false],
  ])('refuses a body that %s midway with BAD_REQUEST', async (_label, errors) => {
    const { type, body } = await encode([
      ['businessName', 'Acme LLC'],
      ['file', file(bytes(PDF_HEAD, 200_000), 'a.pdf')],
    ]);
    const half = body.slice(0, Math.floor(body.length / 2));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
        if (errors) controller.error(new Error('connection reset'));
        else controller.close();
      },
    });
    expect(await outcome(readMultipart(streamRequest(stream, { 'content-type': type }), ANY))).toBe('BAD_REQUEST');
  });

  it('refuses garbage between the boundaries with BAD_REQUEST', async () => {
    const req = new Request(URL_, {
      method: 'POST',
      body: '--abc\r\nthis is not a header\r\n\r\nzzz\r\n--abc--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(await outcome(readMultipart(req, ANY))).toBe('BAD_REQUEST');
  });

  it('refuses a file in a field it was not asked for', async () => {
    const req = formRequest([['avatar', file(bytes(PDF_HEAD, 100), 'a.pdf')]]);
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('BAD_REQUEST');
  });

  it('refuses two files in the same field', async () => {
    const req = formRequest([
      ['file', file(bytes(PDF_HEAD, 100), 'a.pdf')],
      ['file', file(bytes(PDF_HEAD, 100), 'b.pdf')],
    ]);
    expect(await outcome(readMultipart(req, PDF_ONLY))).toBe('BAD_REQUEST');
  });

  it('returns the text fields with the files', async () => {
    const result = await readMultipart(
      formRequest([
        ['businessName', 'Yılmaz Ticaret LLC'],
        ['noSsn', 'false'],
        ['file', file(bytes(PDF_HEAD, 100), 'a.pdf')],
        ['__proto__', 'x'],
      ]),
      ANY,
    );
    expect(result.fields).toEqual({ businessName: 'Yılmaz Ticaret LLC', noSsn: 'false', ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(result.fields)).toBe(Object.prototype);
    expect(Object.keys(result.files)).toEqual(['file']);
  });

  it('limits the number and size of text fields', async () => {
    const many = Array.from({ length: MAX_TEXT_FIELDS }, (_, i) => [`f${i}`, 'v'] as [string, string]);
    expect(await outcome(readMultipart(formRequest(many), ANY))).toBe('ok');
    expect(await outcome(readMultipart(formRequest([...many, ['extra', 'v']]), ANY))).toBe('BAD_REQUEST');

    const big = 'a'.repeat(MAX_TEXT_FIELD_BYTES);
    expect(await outcome(readMultipart(formRequest([['note', big]]), ANY))).toBe('ok');
    expect(await outcome(readMultipart(formRequest([['note', `${big}a`]]), ANY))).toBe('BAD_REQUEST');
  });

  it('refuses a repeated text field rather than guessing which one counts', async () => {
    const req = formRequest([
      ['email', 'a@example.com'],
      ['email', 'b@example.com'],
    ]);
    expect(await outcome(readMultipart(req, ANY))).toBe('BAD_REQUEST');
  });

  it('counts a chunked body as it streams: bytes outside the parts stop at the file limit plus a margin', async () => {
    // A valid form, then megabytes after its closing boundary (busboy drops an epilogue unread), with no
    // Content-Length: only a count of the whole body stops it.
    const { type, body } = await encode([['file', file(bytes(PDF_HEAD, 100), 'a.pdf')]]);
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(body);
        else if (pulled > 50 * 1024 * 1024) return controller.close();
        else controller.enqueue(chunk);
        pulled += pulled === 0 ? body.length : chunk.length;
      },
    });
    const result = await outcome(readMultipart(streamRequest(stream, { 'content-type': type }), PDF_ONLY));
    expect(result).toBe('FILE_TOO_LARGE');
    // One file field: 5 MB and the 1 MB allowance, and no more than a few chunks past it.
    expect(pulled).toBeLessThan(UPLOAD_MAX_BYTES + 1024 * 1024 + 8 * chunk.length);
  });
});
