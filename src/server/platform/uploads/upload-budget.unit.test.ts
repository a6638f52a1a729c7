import { describe, expect, it } from 'vitest';
import { FileBuffer } from './file-buffer';
import { UploadBudget } from './upload-budget';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('UploadBudget', () => {
  it('lets requests in while they fit and queues the rest in arrival order', async () => {
    const budget = new UploadBudget({ totalBytes: 100, perUserBytes: 100 });
    const a = await budget.acquire('a', 60);
    const b = await budget.acquire('b', 40);
    expect(a && b).toBeTruthy();
    expect(budget.held).toBe(100);

    const order: string[] = [];
    const granted = (name: string) => (release: (() => void) | null) => {
      order.push(name);
      return release;
    };
    const c = budget.acquire('c', 50).then(granted('c'));
    const d = budget.acquire('d', 10).then(granted('d'));
    await tick();
    // d would fit after b's release, but c came first and waits for room of its own.
    expect(order).toEqual([]);
    b?.();
    await tick();
    expect(order).toEqual([]);
    a?.();
    await tick();
    expect(order).toEqual(['c', 'd']);
    expect(budget.held).toBe(60);
    (await c)?.();
    (await d)?.();
    expect(budget.held).toBe(0);
  });

  it('holds one user to their share while another user goes ahead', async () => {
    const budget = new UploadBudget({ totalBytes: 100, perUserBytes: 50 });
    const first = await budget.acquire('slow', 50);
    let secondOfSlow: (() => void) | null = null;
    const queued = budget.acquire('slow', 20).then((r) => {
      secondOfSlow = r;
    });
    const other = await budget.acquire('other', 30);
    expect(other).toBeTruthy();
    expect(secondOfSlow).toBeNull();
    first?.();
    await queued;
    expect(secondOfSlow).toBeTruthy();
    expect(budget.held).toBe(50);
  });

  it('answers null after the longest wait, and forgets the waiter', async () => {
    const budget = new UploadBudget({ totalBytes: 10, perUserBytes: 10, maxWaitMs: 30 });
    const held = await budget.acquire('a', 10);
    expect(await budget.acquire('b', 5)).toBeNull();
    expect(budget.waiting).toBe(0);
    held?.();
    expect(budget.held).toBe(0);
  });

  it('lets a request larger than a share in alone instead of never', async () => {
    const budget = new UploadBudget({ totalBytes: 10, perUserBytes: 10 });
    const big = await budget.acquire('a', 1_000_000);
    expect(big).toBeTruthy();
    expect(budget.held).toBe(10);
    big?.();
    big?.(); // a second release gives nothing back twice
    expect(budget.held).toBe(0);
  });
});

describe('FileBuffer', () => {
  const chunks = (sizes: number[]) => {
    let n = 0;
    return sizes.map((size) => Buffer.from(Array.from({ length: size }, () => n++ % 251)));
  };

  it('holds the bytes in the order they came, in a buffer of the declared size', () => {
    const parts = chunks([3, 4000, 1, 70_000]);
    const total = parts.reduce((s, p) => s + p.length, 0);
    const buffer = new FileBuffer(total + 200, 5_000_000);
    for (const p of parts) buffer.push(p);
    const file = buffer.take();
    expect(file.equals(Buffer.concat(parts))).toBe(true);
    expect(file.buffer.byteLength).toBeLessThanOrEqual(total + 200 + 8192);
    expect(buffer.head(8).equals(Buffer.concat(parts).subarray(0, 8))).toBe(true);
  });

  it('grows when no size was declared, and hands back a copy without the spare room', () => {
    const parts = chunks([65_536, 65_536, 70_000, 5]);
    const buffer = new FileBuffer(Number.NaN, 5_000_000);
    for (const p of parts) buffer.push(p);
    expect(buffer.size).toBe(201_077);
    const file = buffer.take();
    expect(file.equals(Buffer.concat(parts))).toBe(true);
    expect(file.length).toBe(201_077);
  });
});
