// Buffers this reader allocates (the file's windows, decompressed pages and dictionaries) are freed
// as soon as nothing reads them any more, rather than at V8's next collection: until then they count
// in the peak RSS, and V8 collects them only when its heap grows. Values that leave a cursor never
// refer to them (strings and numbers are copies), so a cursor knows when its buffers are done.

/**
 * Frees an ArrayBuffer's memory now (ArrayBuffer.prototype.transfer detaches it; Node ≥ 22). On
 * older Node the collector frees it later, as it would anyway.
 */
export function freeBuffer(buffer: ArrayBuffer | undefined): void {
  // `transfer` is ES2024: not in this project's lib (Node 20 lacks it), so it is looked up.
  if (buffer && "transfer" in buffer && typeof buffer.transfer === "function") buffer.transfer(0);
}

/**
 * The buffer behind `bytes` when it was allocated for `bytes` alone (decompression's output), not
 * a view of another buffer (the file's window, which uncompressed pages are) or of a
 * decompressor's own memory: the one a page or dictionary may free.
 */
export function ownedBuffer(bytes: Uint8Array, source: Uint8Array): ArrayBuffer | undefined {
  const buffer = bytes.buffer;
  if (buffer === source.buffer || !(buffer instanceof ArrayBuffer)) return undefined;
  return bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? buffer : undefined;
}
