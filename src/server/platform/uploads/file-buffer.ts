/**
 * Collects one uploaded file's chunks into a single buffer, so each byte is held once: a list of
 * chunks joined at the end would hold the file twice at its peak, and fifty uploads at once would pay
 * that twice over. The buffer starts at the size the request declared (never more than the file
 * limit) and grows by doubling only when a body without a Content-Length runs past it.
 */
export class FileBuffer {
  private bytes: Buffer;
  private length = 0;

  constructor(expectedBytes: number, maxBytes: number) {
    const start = Number.isFinite(expectedBytes) && expectedBytes > 0 ? expectedBytes : 64 * 1024;
    this.bytes = Buffer.allocUnsafe(Math.min(start, maxBytes));
  }

  get size(): number {
    return this.length;
  }

  push(chunk: Buffer): void {
    const needed = this.length + chunk.length;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    chunk.copy(this.bytes, this.length);
    this.length = needed;
  }

  /** The first `count` bytes received, without copying. */
  head(count: number): Buffer {
    return this.bytes.subarray(0, Math.min(count, this.length));
  }

  /**
   * The file. When the declared size was close (the usual case: a file plus a few hundred bytes of
   * headers) the bytes are handed over as they are; a buffer much larger than the file is copied down
   * so the spare room is not kept alive with it.
   */
  take(): Buffer {
    if (this.bytes.length - this.length <= 64 * 1024) return this.bytes.subarray(0, this.length);
    return Buffer.from(this.bytes.subarray(0, this.length));
  }
}
