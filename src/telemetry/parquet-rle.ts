// Parquet's RLE/bit-packed hybrid encoding (definition levels, dictionary indices), read forward
// value by value. Most report columns are set on one row in ten or fewer (node attributes on node
// spans only), so their pages are long runs of "null": skipping a run costs one step here, where
// decoding the page into arrays costs one step per row.

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
    const bytes = this.bytes;
    const at = bit >> 3;
    if (this.width <= 24 && at + 3 < bytes.length) {
      // Up to 24 bits starting anywhere in a byte fit in one 32-bit little-endian word.
      const word = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
      return (word >>> (bit & 7)) & ((1 << this.width) - 1);
    }
    let value = 0;
    let shift = 0;
    let remaining = this.width;
    while (remaining > 0) {
      const byte = this.bytes[bit >> 3]!;
      const inByte = bit & 7;
      const take = Math.min(8 - inByte, remaining);
      value += ((byte >> inByte) & ((1 << take) - 1)) * 2 ** shift;
      shift += take;
      bit += take;
      remaining -= take;
    }
    return value;
  }

  private readVarint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.offset >= this.end) throw new RangeError("parquet RLE data ends early");
      const byte = this.bytes[this.offset++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
      if (shift > 35) throw new RangeError("parquet RLE run header is malformed");
    }
  }
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
