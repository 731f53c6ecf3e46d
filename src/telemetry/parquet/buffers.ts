// Buffers this reader allocates (the file's windows, decompressed pages and dictionaries) are given
// back as soon as nothing reads them any more, rather than at V8's next collection: until then they
// count in the peak RSS, and V8 collects them only when its heap grows. Values that leave a cursor
// never refer to them (strings and numbers are copies), so a cursor knows when its buffers are done.
//
// Decompressed pages are most of the bytes (~50 MB for a 20,000-node build, in pages of up to ~1.3
// MB; ~11 MB of them in use at once). Freed, a page's memory goes back to the system, and the next
// page's is taken from it afresh: every 4 KiB of it faulted in again, which cost more than the
// decompressing (docs/performance.md). So pages are decompressed into buffers kept in a pool, each
// the next power of two in size: pages of any size up to it can use it again, and the part of a
// buffer no page reached was never touched, so it takes no memory.

/** How many buffers of each size the pool keeps: more than a slice of rows ever holds at once. */
const POOLED_PER_SIZE = 32;
/** The smallest buffer made for a page: smaller pages share this size. */
const MIN_POOLED_BYTES = 64 * 1024;

/** Free buffers by size (a power of two, at least MIN_POOLED_BYTES). */
const pool = new Map<number, ArrayBuffer[]>();

/**
 * `size` bytes to decompress a page into: a view of a buffer given back earlier (its old contents
 * still there: the caller writes every byte it reads) or of a new one. Give it back with
 * `recycleBuffer(bytes.buffer)` when nothing reads it any more.
 */
export function pageBuffer(size: number): Uint8Array<ArrayBuffer> {
  const capacity = Math.max(MIN_POOLED_BYTES, 2 ** Math.ceil(Math.log2(Math.max(size, 1))));
  const buffer = pool.get(capacity)?.pop() ?? new ArrayBuffer(capacity);
  return new Uint8Array(buffer, 0, size);
}

/**
 * Gives a page's buffer (from `pageBuffer`) back for the next page; one of another size, or past
 * what the pool keeps, is freed now. Nothing may read it afterwards.
 */
export function recycleBuffer(buffer: ArrayBuffer | undefined): void {
  if (!buffer) return;
  const capacity = buffer.byteLength;
  const free = pool.get(capacity) ?? [];
  const pooled = capacity >= MIN_POOLED_BYTES && (capacity & (capacity - 1)) === 0;
  if (free.includes(buffer)) return;
  if (!pooled || free.length >= POOLED_PER_SIZE) return freeBuffer(buffer);
  free.push(buffer);
  pool.set(capacity, free);
}

/**
 * Frees every buffer the pool keeps. Called when a file's decoding is done: the report made next
 * never uses them, and kept they are ~10–20 MB of the peak RSS (docs/performance.md).
 */
export function emptyPool(): void {
  for (const free of pool.values()) for (const buffer of free) freeBuffer(buffer);
  pool.clear();
}

/** How many buffers the pool keeps now. */
export function pooledBuffers(): number {
  let count = 0;
  for (const free of pool.values()) count += free.length;
  return count;
}

/**
 * Frees an ArrayBuffer's memory now (ArrayBuffer.prototype.transfer detaches it; Node ≥ 22). On
 * older Node the collector frees it later, as it would anyway.
 */
export function freeBuffer(buffer: ArrayBuffer | undefined): void {
  // `transfer` is ES2024: not in this project's lib (Node 20 lacks it), so it is looked up.
  if (buffer && "transfer" in buffer && typeof buffer.transfer === "function") buffer.transfer(0);
}
