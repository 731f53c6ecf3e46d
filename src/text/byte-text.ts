// The readers make hundreds of thousands of short strings from bytes (span ids, times, column
// values, JSONL lines). Buffer#toString(encoding, start, end) checks and clamps its range and looks
// the encoding up by name on every call before it reaches the method that makes the string: ~10 ms
// of a 20,000-node Parquet run. Node's Buffer has had those methods (latin1Slice, utf8Slice) since
// its first releases, but they are not in its documented API, so each is used only where present;
// callers pass ranges inside the buffer (they throw on others, where toString would clamp).

interface SliceMethods {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

const methods = Buffer.prototype as Partial<SliceMethods>;

/** The bytes `start..end` of `bytes` as Latin-1 text (one character per byte). */
export const latin1Text: (bytes: Buffer, start: number, end: number) => string =
  typeof methods.latin1Slice === "function"
    ? (bytes, start, end) => (bytes as unknown as SliceMethods).latin1Slice(start, end)
    : (bytes, start, end) => bytes.toString("latin1", start, end);

/** The bytes `start..end` of `bytes` as UTF-8 text (malformed sequences become U+FFFD, as toString). */
export const utf8Text: (bytes: Buffer, start: number, end: number) => string =
  typeof methods.utf8Slice === "function"
    ? (bytes, start, end) => (bytes as unknown as SliceMethods).utf8Slice(start, end)
    : (bytes, start, end) => bytes.toString("utf8", start, end);

/** The bytes of ASCII text (one byte per character), to compare with a line's bytes in place. */
export function asciiBytes(text: string): Buffer {
  return Buffer.from(text, "latin1");
}
