import { HybridStream } from "./rle.js";

/**
 * One data page (v1) read forward: the definition levels and dictionary indices are streams
 * advanced to the row asked for, so rows skipped in long null runs cost nothing. Asking for an
 * earlier row restarts the streams (correct, just slower; the reader never does it).
 */
export class StreamPage {
  private levels!: HybridStream | null;
  private ids!: HybridStream | null;
  /** Next row whose level is unread, and how many values the rows before it hold. */
  private nextRow = 0;
  private valuesBefore = 0;
  /** Indices consumed from `ids`. */
  private idsRead = 0;
  private lastRow = -1;
  private lastIndex = -1;
  private valuesStart = 0;
  private readonly view: DataView;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxDef: number,
    readonly dictionary: boolean,
    private readonly width: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.restart();
  }

  /** The index among the page's values of row `offset` (relative to the page), or -1 for null. */
  valueIndex(offset: number): number {
    if (offset === this.lastRow) return this.lastIndex;
    if (offset < this.nextRow) this.restart();
    let index: number;
    if (!this.levels) {
      index = offset;
    } else {
      this.valuesBefore += this.levels.countEqual(offset - this.nextRow, this.maxDef);
      index = this.levels.next() === this.maxDef ? this.valuesBefore++ : -1;
    }
    this.nextRow = offset + 1;
    this.lastRow = offset;
    this.lastIndex = index;
    return index;
  }

  /** The dictionary index of value `i` (values are asked for in increasing order). */
  id(i: number): number {
    if (i < this.idsRead) this.restart(true);
    this.ids!.skip(i - this.idsRead);
    this.idsRead = i + 1;
    return this.ids!.next();
  }

  /** Value `i` of a PLAIN INT32/INT64 page. */
  fixed(i: number): number | bigint {
    const at = this.valuesStart + i * this.width;
    if (at + this.width > this.bytes.byteLength) throw new RangeError("parquet value extends past its page");
    return this.width === 8 ? this.view.getBigInt64(at, true) : this.view.getInt32(at, true);
  }

  /** Positions the streams at the page's first row (or, with `idsOnly`, the indices only). */
  private restart(idsOnly = false): void {
    const bytes = this.bytes;
    let offset = 0;
    if (!idsOnly) {
      this.levels = null;
      if (this.maxDef > 0) {
        if (bytes.byteLength < 4) throw new RangeError("parquet page is too short for its levels");
        const length = this.view.getUint32(0, true);
        offset = 4 + length;
        if (offset > bytes.byteLength)
          throw new RangeError("parquet definition levels extend past their page");
        this.levels = new HybridStream(bytes, 4, offset, 32 - Math.clz32(this.maxDef));
      }
      this.valuesStart = offset;
      this.nextRow = 0;
      this.valuesBefore = 0;
      this.lastRow = -1;
    }
    this.ids = null;
    this.idsRead = 0;
    if (this.dictionary) {
      const start = this.valuesStart;
      const width = start < bytes.byteLength ? bytes[start]! : 0;
      if (width > 32) throw new RangeError(`parquet dictionary index width ${width} is invalid`);
      this.ids = new HybridStream(bytes, start + 1, bytes.byteLength, width);
    }
  }
}
