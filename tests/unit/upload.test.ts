import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/web/lib/api';
import { type UploadProgress, upload } from '../../src/web/lib/upload';

/** Just enough of XMLHttpRequest for upload(): the test decides what happens and when. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

vi.stubGlobal('XMLHttpRequest', FakeXhr);
afterEach(() => vi.clearAllMocks());
// The unit files share their workers (vitest.config.ts): the next file must not find this stand-in.
afterAll(() => vi.unstubAllGlobals());

describe('upload()', () => {
  it('sends the form, reports whole percentages as the body goes out, and resolves to the JSON', async () => {
    const seen: UploadProgress[] = [];
    const form = new FormData();
    const done = upload<{ ok: boolean }>('POST', '/api/documents', form, { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body, xhr.headers.Accept]).toEqual([
      'POST',
      '/api/documents',
      form,
      'application/json',
    ]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 });
    xhr.answer(201, '{"ok":true}');
    await expect(done).resolves.toEqual({ ok: true });
    expect(seen).toEqual([
      { loaded: 1, total: 3, percent: 33 },
      { loaded: 3, total: 3, percent: 100 },
    ]);
  });

  it("fails with api()'s ApiError: the code, message and fields of the server's error body", async () => {
    const done = upload('POST', '/api/documents', new FormData());
    FakeXhr.last.answer(
      400,
      JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'x', fields: { category: 'validation.y' } } }),
    );
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { category: 'validation.y' },
      fromApi: true,
    });
  });

  it('gives a code the UI knows to an answer that is not our error shape (a proxy refusing a large body)', async () => {
    const done = upload('POST', '/api/documents', new FormData());
    FakeXhr.last.answer(413, '<html>Request Entity Too Large</html>', 'Payload Too Large');
    // Not the API's own answer: the pages cannot tell what happened to the request (decision 0035).
    await expect(done).rejects.toMatchObject({
      status: 413,
      code: 'BAD_REQUEST',
      message: 'Payload Too Large',
      fromApi: false,
    });
  });

  it('fails with status 0 when no answer came, and when the caller aborts', async () => {
    const lost = upload('POST', '/api/documents', new FormData());
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'INTERNAL', fromApi: false });

    const controller = new AbortController();
    const cancelled = upload('POST', '/api/documents', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ status: 0, code: 'INTERNAL' });
    expect(FakeXhr.last.aborted).toBe(true);
  });
});
