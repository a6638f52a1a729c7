/** The memory rows: the server process's resident memory, read from /proc, while it uploads or exports. */
import { sampleRss } from '../../tests/support/portal-process';

export interface UploadFigure {
  uploads: number;
  bytesEach: number;
  statuses: Record<string, number>;
  seconds: number;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
}

/** `count` uploads of a `bytes`-long PDF at once through the customer's documents route. */
export async function measureUploads(
  base: string,
  serverPid: number,
  cookie: string,
  count = 50,
  bytes = 5_000_000,
): Promise<UploadFigure> {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write('%PDF-1.7\n', 0);
  pdf.write('\n%%EOF\n', bytes - 7);
  const statuses: Record<string, number> = {};
  const sampler = sampleRss(serverPid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const form = new FormData();
      form.set('category', 'other');
      form.set('file', new Blob([pdf], { type: 'application/pdf' }), `bench-${i}.pdf`);
      const res = await fetch(`${base}/api/documents`, {
        method: 'POST',
        headers: { origin: base, cookie },
        body: form,
      }).catch((err: Error) => ({ status: err.message, text: async () => '' }));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      await res.text();
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const mem = sampler.stop();
  console.log(
    `${count} concurrent uploads of ${bytes} bytes: ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s; RSS ${mem.beforeMb.toFixed(0)} → peak ${mem.peakMb.toFixed(0)} MB (+${mem.growthMb.toFixed(0)})`,
  );
  return { uploads: count, bytesEach: bytes, statuses, seconds, ...mem };
}

export interface ExportFigure {
  status: number;
  lines: number;
  megabytes: number;
  seconds: number;
  beforeMb: number;
  peakMb: number;
  growthMb: number;
}

/** Streams the admin's formations CSV to the end, reading it as fast as the server sends it. */
export async function measureExport(base: string, serverPid: number, adminCookie: string): Promise<ExportFigure> {
  const sampler = sampleRss(serverPid, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/admin/formations/export.csv`, { headers: { cookie: adminCookie } });
  let bytes = 0;
  let lines = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines += 1;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const mem = sampler.stop();
  console.log(
    `formations CSV export: ${res.status}, ${lines} lines, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS ${mem.beforeMb.toFixed(0)} → peak ${mem.peakMb.toFixed(0)} MB`,
  );
  return { status: res.status, lines, megabytes: bytes / 1e6, seconds, ...mem };
}
