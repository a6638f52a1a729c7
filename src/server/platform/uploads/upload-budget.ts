/**
 * How many upload bytes one server process holds in memory at once (decision 0024).
 *
 * An upload is read whole before it is checked and stored (readMultipart), so fifty 5 MB uploads at
 * once would each hold their file, and the garbage of reading it, at the same time. The budget lets
 * requests in while their declared sizes fit and queues the rest in arrival order; a queued request's
 * body is not read, so it waits in the socket's buffers, not in the heap. A request still waiting
 * after `maxWaitMs` is refused (UPLOADS_BUSY, 503 with Retry-After) rather than kept forever.
 *
 * One user may hold at most `perUserBytes`, so a single account sending slow uploads cannot take the
 * whole budget from everyone else; their further uploads wait while others' go ahead.
 */
export interface UploadBudgetOptions {
  /** Bytes held by all uploads in progress; 48 MB by default. */
  totalBytes?: number;
  /** Bytes one user's uploads may hold together; half the total by default. */
  perUserBytes?: number;
  /** How long a request may wait for room before it is refused; 30 s by default. */
  maxWaitMs?: number;
}

export const DEFAULT_UPLOAD_BUDGET_BYTES = 48 * 1024 * 1024;

interface Waiter {
  bytes: number;
  owner: string;
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

export class UploadBudget {
  readonly totalBytes: number;
  readonly perUserBytes: number;
  readonly maxWaitMs: number;
  private used = 0;
  private readonly usedBy = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(options: UploadBudgetOptions = {}) {
    this.totalBytes = options.totalBytes ?? DEFAULT_UPLOAD_BUDGET_BYTES;
    this.perUserBytes = options.perUserBytes ?? Math.floor(this.totalBytes / 2);
    this.maxWaitMs = options.maxWaitMs ?? 30_000;
  }

  /** Bytes held right now (for tests and the logs). */
  get held(): number {
    return this.used;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Resolves with a release function once `bytes` fit (capped at the per-user share, so one request
   * larger than the budget still gets in alone), or with null when the wait ran out.
   */
  acquire(owner: string, requested: number): Promise<(() => void) | null> {
    const bytes = Math.max(1, Math.min(requested, this.perUserBytes));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        bytes,
        owner,
        grant: resolve,
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          resolve(null);
          // A refused waiter at the head may have been what held others back.
          this.drain();
        }, this.maxWaitMs),
      };
      waiter.timer.unref();
      // Queued first and then granted by the same rule as everyone waiting, so no one jumps the line.
      this.queue.push(waiter);
      this.drain();
    });
  }

  private fits(owner: string, bytes: number): boolean {
    return this.used + bytes <= this.totalBytes && (this.usedBy.get(owner) ?? 0) + bytes <= this.perUserBytes;
  }

  private take(owner: string, bytes: number): () => void {
    this.used += bytes;
    this.usedBy.set(owner, (this.usedBy.get(owner) ?? 0) + bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      const left = (this.usedBy.get(owner) ?? 0) - bytes;
      if (left > 0) this.usedBy.set(owner, left);
      else this.usedBy.delete(owner);
      this.drain();
    };
  }

  /**
   * Grants waiters in arrival order. One held back only by its own user's share is passed over (the
   * others are not that user's fault); one held back by the total stops the scan, so a large upload
   * is not overtaken forever by smaller ones behind it.
   */
  private drain(): void {
    for (let i = 0; i < this.queue.length; ) {
      const waiter = this.queue[i] as Waiter;
      if (this.used + waiter.bytes > this.totalBytes) return;
      if (!this.fits(waiter.owner, waiter.bytes)) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.grant(this.take(waiter.owner, waiter.bytes));
    }
  }
}
