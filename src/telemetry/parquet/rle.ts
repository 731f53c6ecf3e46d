// Parquet's RLE/bit-packed hybrid encoding (definition levels, dictionary indices).
//
// HybridStream reads forward value by value. Most report columns are set on one row in ten or fewer
// (node attributes on node spans only), so their pages are long runs of "null": skipping a run costs
// one step here, where decoding the page into arrays costs one step per row.
//
// A run header is a count the file claims: a 6-byte run can claim 2^31 values. hyparquet's decoder
// writes every value of a run, past the end of its output (a plain array then grows until memory
// runs out). So whole pages are decoded here (`readHybrid`, which never writes past its output),
// and a page handed to hyparquet's general decoder is checked first (`checkHybridRuns`).

export class HybridStream {
  private offset: number;
  /** Values left in the current run. */
  private left = 0;
  /** The current run repeats `value` (RLE) or holds packed values from `bit` on. */
  private packed = false;
  private value = 0;
  private bit = 0;
  private readonly valueBytes: number;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly end: number,
    private readonly width: number,
  ) {
    this.offset = start;
    this.valueBytes = (width + 7) >> 3;
  }

  /** The next value. */
  next(): number {
    // Runs may be empty (a writer may emit one); each header read moves on, so this ends.
    while (this.left === 0) this.startRun();
    this.left--;
    if (!this.packed) return this.value;
    const value = this.readPacked(this.bit);
    this.bit += this.width;
    return value;
  }

  /** Skips `count` values. */
  skip(count: number): void {
    while (count > 0) {
      if (this.left === 0) this.startRun();
      const step = Math.min(count, this.left);
      if (this.packed) this.bit += step * this.width;
      this.left -= step;
      count -= step;
    }
  }

  /** Skips `count` values and says how many of them equal `target` (non-null rows, for levels). */
  countEqual(count: number, target: number): number {
    let equal = 0;
    while (count > 0) {
      if (this.left === 0) this.startRun();
      const step = Math.min(count, this.left);
      if (!this.packed) {
        if (this.value === target) equal += step;
      } else {
        equal += this.countPacked(step, target);
      }
      this.left -= step;
      count -= step;
    }
    return equal;
  }

  /** countEqual within a bit-packed run: whole bytes at a time when values do not straddle bytes. */
  private countPacked(count: number, target: number): number {
    const width = this.width;
    if (width === 1) {
      // Definition levels of a flat optional column: count the set bits of the range.
      const ones = countOnes(this.bytes, this.bit, count);
      this.bit += count;
      return target === 1 ? ones : target === 0 ? count - ones : 0;
    }
    let equal = 0;
    let i = 0;
    const perByte = width > 0 && width <= 8 && 8 % width === 0 ? 8 / width : 0;
    if (perByte > 0) {
      while (i < count && (this.bit & 7) !== 0) {
        if (this.readPacked(this.bit) === target) equal++;
        this.bit += width;
        i++;
      }
      const table = byteCounts(width, target);
      const bytes = this.bytes;
      let at = this.bit >> 3;
      const wholeBytes = Math.floor((count - i) / perByte);
      for (const stop = at + wholeBytes; at < stop; at++) equal += table[bytes[at]!]!;
      this.bit += wholeBytes * 8;
      i += wholeBytes * perByte;
    }
    for (; i < count; i++) {
      if (this.readPacked(this.bit) === target) equal++;
      this.bit += width;
    }
    return equal;
  }

  private startRun(): void {
    const header = this.readVarint();
    if (header & 1) {
      // Bit-packed: (header >> 1) groups of 8 values.
      const groups = Math.floor(header / 2);
      this.packed = true;
      this.left = groups * 8;
      this.bit = this.offset * 8;
      this.offset += groups * this.width;
      if (this.offset > this.end) throw new RangeError("parquet bit-packed run extends past its data");
    } else {
      this.packed = false;
      this.left = header / 2;
      if (this.offset + this.valueBytes > this.end)
        throw new RangeError("parquet RLE run extends past its data");
      let value = 0;
      for (let i = 0; i < this.valueBytes; i++) value += this.bytes[this.offset + i]! * 2 ** (8 * i);
      this.offset += this.valueBytes;
      this.value = value;
    }
  }

  private readPacked(bit: number): number {
    return readPacked(this.bytes, bit, this.width);
  }

  private readVarint(): number {
    const header = readRunHeader(this.bytes, this.offset, this.end);
    this.offset = header.next;
    return header.value;
  }
}

/** The `width`-bit value packed at bit `bit` (LSB first). */
function readPacked(bytes: Uint8Array, bit: number, width: number): number {
  const at = bit >> 3;
  if (width <= 24 && at + 3 < bytes.length) {
    // Up to 24 bits starting anywhere in a byte fit in one 32-bit little-endian word.
    const word = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
    return (word >>> (bit & 7)) & ((1 << width) - 1);
  }
  let value = 0;
  let shift = 0;
  let remaining = width;
  while (remaining > 0) {
    const byte = bytes[bit >> 3] ?? 0;
    const inByte = bit & 7;
    const take = Math.min(8 - inByte, remaining);
    value += ((byte >> inByte) & ((1 << take) - 1)) * 2 ** shift;
    shift += take;
    bit += take;
    remaining -= take;
  }
  return value;
}

const runHeader = { value: 0, next: 0 };

/** A run header (ULEB128) at `offset`; reused result object (the decoders read millions). */
function readRunHeader(bytes: Uint8Array, offset: number, end: number): { value: number; next: number } {
  let result = 0;
  let shift = 0;
  for (;;) {
    if (offset >= end) throw new RangeError("parquet RLE data ends early");
    const byte = bytes[offset++]!;
    result += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
    shift += 7;
    if (shift > 35) throw new RangeError("parquet RLE run header is malformed");
  }
  runHeader.value = result;
  runHeader.next = offset;
  return runHeader;
}

/**
 * Decodes the first `count` values of the hybrid stream in `bytes[start, end)` into `out`. Writes
 * exactly `count` values whatever the runs claim; throws a RangeError when the data ends first.
 */
export function readHybrid(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  out: Uint8Array | Int32Array,
  count: number,
): void {
  if (width > 32) throw new RangeError(`parquet bit width ${width} is invalid`);
  const valueBytes = (width + 7) >> 3;
  const mask = width >= 32 ? -1 : (1 << width) - 1;
  let offset = start;
  let seen = 0;
  while (seen < count) {
    let header: number;
    if (offset < end && bytes[offset]! < 0x80) header = bytes[offset++]!;
    else {
      const read = readRunHeader(bytes, offset, end);
      header = read.value;
      offset = read.next;
    }
    // Headers fit 35 bits: halve without 32-bit integer operators.
    const half = Math.floor(header / 2);
    if (half * 2 !== header) {
      const n = Math.min(count - seen, half * 8);
      // The values used must be in the data; padding after them may be cut off.
      if (offset + Math.ceil((n * width) / 8) > end) {
        throw new RangeError("parquet bit-packed run extends past its data");
      }
      if (width === 1 || width === 2 || width === 4 || width === 8) {
        // Whole values per byte (levels are 1 or 2 bits wide).
        let at = offset;
        const stop = seen + n;
        while (seen < stop) {
          let byte = bytes[at++]!;
          for (let shift = 0; shift < 8 && seen < stop; shift += width) {
            out[seen++] = byte & mask;
            byte >>>= width;
          }
        }
      } else if (width <= 24) {
        // Bits LSB first; at most 24 + 7 of them are held at once, so they fit an int.
        let at = offset;
        let held = 0;
        let bits = 0;
        const stop = seen + n;
        while (seen < stop) {
          if (bits < width) {
            held |= bytes[at++]! << bits;
            bits += 8;
            if (bits < width) {
              held |= bytes[at++]! << bits;
              bits += 8;
              if (bits < width) {
                held |= bytes[at++]! << bits;
                bits += 8;
              }
            }
          }
          out[seen++] = held & mask;
          held >>>= width;
          bits -= width;
        }
      } else {
        let bit = offset * 8;
        for (let i = 0; i < n; i++, bit += width) out[seen++] = readPacked(bytes, bit, width);
      }
      offset += half * width;
    } else {
      if (offset + valueBytes > end) throw new RangeError("parquet RLE run extends past its data");
      let value = valueBytes === 0 ? 0 : bytes[offset]!;
      for (let i = 1; i < valueBytes; i++) value += bytes[offset + i]! * 2 ** (8 * i);
      offset += valueBytes;
      const stop = half < count - seen ? seen + half : count;
      if (stop - seen > 16) {
        out.fill(value, seen, stop);
        seen = stop;
      } else {
        while (seen < stop) out[seen++] = value;
      }
    }
  }
}

/**
 * Checks that no RLE run in the hybrid stream `bytes[start, end)` claims more of the `count` values
 * than are left, before hyparquet's decoder (which would write them all) reads it.
 */
export function checkHybridRuns(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  count: number,
): void {
  const valueBytes = (width + 7) >> 3;
  let offset = start;
  let seen = 0;
  while (seen < count && offset < end) {
    const { value: header, next } = readRunHeader(bytes, offset, end);
    offset = next;
    if (header % 2 === 1) {
      const groups = (header - 1) / 2;
      seen += groups * 8;
      offset += groups * width;
    } else {
      const run = header / 2;
      if (run > count - seen) {
        throw new RangeError(`parquet RLE run of ${run} values exceeds the ${count - seen} left in its page`);
      }
      seen += run;
      offset += valueBytes;
    }
  }
}

/** Set bits per byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, byte) => {
  let n = 0;
  for (let b = byte; b > 0; b >>= 1) n += b & 1;
  return n;
});

/** Set bits among `count` bits of `bytes` from bit `bit` on (LSB first). */
function countOnes(bytes: Uint8Array, bit: number, count: number): number {
  let at = bit >> 3;
  const skip = bit & 7;
  let ones = 0;
  if (skip !== 0) {
    const take = Math.min(8 - skip, count);
    ones += POPCOUNT[(bytes[at++]! >> skip) & ((1 << take) - 1)]!;
    count -= take;
  }
  for (; count >= 8; count -= 8) ones += POPCOUNT[bytes[at++]!]!;
  if (count > 0) ones += POPCOUNT[bytes[at]! & ((1 << count) - 1)]!;
  return ones;
}

const byteCountTables = new Map<number, Uint8Array>();

/** For each byte value: how many of the `width`-bit values packed in it equal `target`. */
function byteCounts(width: number, target: number): Uint8Array {
  const key = width * 256 + target;
  let table = byteCountTables.get(key);
  if (!table) {
    table = new Uint8Array(256);
    const mask = (1 << width) - 1;
    for (let byte = 0; byte < 256; byte++) {
      for (let shift = 0; shift < 8; shift += width) if (((byte >> shift) & mask) === target) table[byte]!++;
    }
    byteCountTables.set(key, table);
  }
  return table;
}
