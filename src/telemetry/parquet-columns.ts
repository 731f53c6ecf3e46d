// Page-level reading of single Parquet leaf columns, built on hyparquet's page decoders.
//
// hyparquet's row readers decode every column they are given, whole pages at a time, into rich
// values. The telemetry report needs 28 of 56 leaf columns and, of most of them, only the few rows
// that survive the early filter. A LeafCursor therefore:
//   * reads the column chunk's bytes in bounded windows (never the whole chunk, never the file);
//   * keeps the compressed pages that overlap the current slice of rows, and decompresses and decodes
//     a page only when a row in it is asked for (pages without a relevant row are never decoded);
//   * converts values one at a time on request: a string is decoded from its bytes only when read,
//     and a dictionary entry is decoded once and reused;
//   * for columns read in row order, decodes levels and dictionary indices only as far as the row
//     asked for (StreamPage), so long runs of nulls cost one step.
// Memory is bounded by the window size and the pages overlapping one slice, per column.
import type {
  AsyncBuffer,
  ColumnMetaData,
  FileMetaData,
  CompressionCodec,
  Compressors,
  DecodedArray,
  PageHeader,
  SchemaElement,
  SchemaTree,
} from "hyparquet";
import { parquetHeader } from "hyparquet/src/column.js";
import { decompressPage, readDataPage, readDataPageV2 } from "hyparquet/src/datapage.js";
import { readRleBitPackedHybrid } from "hyparquet/src/encoding.js";
import { readPlain } from "hyparquet/src/plain.js";
import { getMaxDefinitionLevel, getMaxRepetitionLevel, getTreePath } from "hyparquet/src/schema.js";
import { compressors } from "hyparquet-compressors";
import { TelemetryInputError } from "./errors.js";
import { HybridStream } from "./parquet-rle.js";
import { toSpanId } from "./values.js";

/** Data pages decoded so far, by how (for tests and docs/performance.md; never reset by the reader). */
export const pageStats: Record<"generic" | "ids" | "bytes" | "stream", number> = {
  generic: 0,
  ids: 0,
  bytes: 0,
  stream: 0,
};

/**
 * Opens a cursor for each flat leaf column of a row group whose dotted path is wanted (a list
 * column, the span links, joins nothing the model needs).
 */
export function openLeafCursors(
  file: AsyncBuffer,
  chunks: FileMetaData["row_groups"][number]["columns"],
  schema: SchemaTree,
  name: string,
  wanted: readonly string[],
): Map<string, LeafCursor> {
  const paths = new Set(wanted);
  const byPath = new Map<string, LeafCursor>();
  for (const chunk of chunks) {
    const meta = chunk.meta_data;
    if (!meta) continue;
    const path = meta.path_in_schema.join(".");
    if (!paths.has(path)) continue;
    let schemaPath;
    try {
      schemaPath = getTreePath(schema, meta.path_in_schema);
    } catch (error) {
      throw new TelemetryInputError(name, `corrupt Parquet schema: ${(error as Error).message}`);
    }
    const cursor = new LeafCursor(file, meta, schemaPath, compressors);
    if (!cursor.repeated) byPath.set(path, cursor);
  }
  return byPath;
}

/** Errors thrown while reading or decoding pages, as opposed to bugs (calling what is not a function). */
export function isDecodeError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof TypeError && /is not a function/.test(error.message));
}

/** A page failed to decode while reading `row` (of the row group). */
export class RowDecodeError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
  }

  /** Errors from decoding get the row; bugs pass unchanged. */
  static wrap(error: unknown, row: number): unknown {
    if (error instanceof RowDecodeError || !isDecodeError(error)) return error;
    return new RowDecodeError(row, error.message);
  }
}

/** Bytes fetched per read from a column chunk (more when one page is larger). */
export const CHUNK_WINDOW_BYTES = 256 * 1024;
const HEADER_PROBE_BYTES = 64 * 1024;

type Kind = "string" | "u64" | "i64" | "u32" | "raw";
type Convert = (value: unknown) => unknown;

interface Page {
  /** Row index within the row group of the page's first row. */
  firstRow: number;
  /** Rows in the page. */
  rows: number;
  header: PageHeader;
  bytes: Uint8Array;
  decoded?: DecodedPage;
}

type DecodedPage =
  /** hyparquet's general decoding (any encoding): values, or dictionary indices when `dict`. */
  | { kind: "generic"; values: DecodedArray; dict: boolean; index?: Int32Array | undefined }
  /** Fast path, dictionary-encoded: one index per non-null value, in a typed array. */
  | { kind: "ids"; ids: Int32Array; index?: Int32Array | undefined }
  /** Fast path, PLAIN strings: where each value's bytes sit; decoded only when read. */
  | {
      kind: "bytes";
      /** The page, as a Buffer: its toString(utf8, start, end) needs no view per value. */
      text: Buffer;
      starts: Int32Array;
      lengths: Int32Array;
      index?: Int32Array | undefined;
    }
  /** Rows read in order: levels and indices decoded as far as the row asked for (see StreamPage). */
  | { kind: "stream"; page: StreamPage; index?: undefined };

const utf8 = new TextDecoder();

/** Scratch space for definition levels, which are not needed once a page's index is built. */
let scratchLevels = new Uint8Array(1 << 15);

function levelBuffer(size: number): Uint8Array {
  if (scratchLevels.byteLength < size)
    scratchLevels = new Uint8Array(Math.max(size, scratchLevels.byteLength * 2));
  return scratchLevels.subarray(0, size);
}

function kindOf(element: SchemaElement): Kind {
  const ctype = element.converted_type;
  const ltype = element.logical_type;
  if (element.type === "BYTE_ARRAY") return "string";
  if (element.type === "INT64") {
    if (ctype === "UINT_64" || (ltype?.type === "INTEGER" && ltype.bitWidth === 64 && !ltype.isSigned))
      return "u64";
    return "i64";
  }
  if (element.type === "INT32") {
    if (ctype === "UINT_32" || (ltype?.type === "INTEGER" && ltype.bitWidth === 32 && !ltype.isSigned))
      return "u32";
  }
  return "raw";
}

/** Nanoseconds per unit of an INT64 timestamp column (1 for nanoseconds and plain integers). */
function timestampScale(element: SchemaElement): bigint {
  const ltype = element.logical_type;
  if (element.converted_type === "TIMESTAMP_MILLIS") return 1_000_000n;
  if (element.converted_type === "TIMESTAMP_MICROS") return 1_000n;
  if (ltype?.type === "TIMESTAMP") {
    if (ltype.unit === "MILLIS") return 1_000_000n;
    if (ltype.unit === "MICROS") return 1_000n;
  }
  return 1n;
}

function converter(element: SchemaElement): Convert {
  switch (kindOf(element)) {
    case "string":
      return (v) => (v instanceof Uint8Array ? utf8.decode(v) : v);
    case "u64":
      return (v) => (typeof v === "bigint" ? BigInt.asUintN(64, v) : v);
    case "i64": {
      const scale = timestampScale(element);
      return scale === 1n ? (v) => v : (v) => (typeof v === "bigint" ? v * scale : v);
    }
    case "u32":
      return (v) => (typeof v === "number" ? v >>> 0 : v);
    default:
      return (v) => v;
  }
}

/**
 * Reads one leaf column of one row group. Rows are asked for in increasing order: `prepare(end)`
 * fetches the (compressed) pages up to row `end`, `get(row)` returns one value, `release(row)`
 * drops the pages that end before `row`.
 */
export class LeafCursor {
  readonly repeated: boolean;
  private readonly maxDef: number;
  private convert: Convert;
  private readonly decoder: {
    type: ColumnMetaData["type"];
    element: SchemaElement;
    schemaPath: SchemaTree[];
    codec: CompressionCodec;
    compressors: Compressors | undefined;
    pathInSchema: string[];
    parsers: never;
  };
  private pages: Page[] = [];
  private dictionary: DecodedArray | undefined;
  private dictionaryCache: unknown[] = [];
  /** Absolute byte position of the next unread page header. */
  private pos: number;
  private readonly end: number;
  private window = new Uint8Array(0);
  private windowStart = 0;
  /** Rows covered by the pages read so far. */
  private rowsRead = 0;
  /**
   * Rows are asked for in increasing order (and never by `idsInto`): pages are then decoded as a
   * stream, as far as the row asked for, instead of whole.
   */
  sequential = false;

  /**
   * Values become span ids (16 hex digits, as records hold them): converted once per dictionary
   * entry instead of once per row.
   */
  convertToSpanIds(): void {
    const convert = this.convert;
    this.convert = (value) => toSpanId(convert(value));
    this.dictionaryCache = [];
  }

  /** Rows covered by the pages prepared so far. */
  get preparedRows(): number {
    return this.rowsRead;
  }

  constructor(
    private readonly file: AsyncBuffer,
    meta: ColumnMetaData,
    schemaPath: SchemaTree[],
    compressors: Compressors | undefined,
  ) {
    const element = schemaPath[schemaPath.length - 1]!.element;
    this.repeated = getMaxRepetitionLevel(schemaPath) > 0;
    this.maxDef = getMaxDefinitionLevel(schemaPath);
    this.convert = converter(element);
    this.decoder = {
      type: meta.type,
      element,
      schemaPath,
      codec: meta.codec,
      compressors,
      pathInSchema: meta.path_in_schema,
      parsers: undefined as never,
    };
    const start = Number(meta.dictionary_page_offset ?? meta.data_page_offset);
    const dataStart = Number(meta.data_page_offset);
    this.pos = meta.dictionary_page_offset !== undefined && start < dataStart ? start : dataStart;
    this.end = this.pos + Number(meta.total_compressed_size);
  }

  /** Fetches page headers and compressed page bytes until the pages cover rows [0, endRow). */
  async prepare(endRow: number): Promise<void> {
    while (this.rowsRead < endRow && this.pos < this.end) {
      const header = await this.readHeader();
      const size = header.compressed_page_size;
      const bytes = await this.take(size);
      if (header.type === "DICTIONARY_PAGE") {
        this.readDictionary(header, bytes);
        continue;
      }
      if (header.type !== "DATA_PAGE" && header.type !== "DATA_PAGE_V2") continue; // index pages
      const page: Page = { firstRow: this.rowsRead, rows: 0, header, bytes };
      page.rows = header.data_page_header_v2?.num_rows ?? header.data_page_header?.num_values ?? 0;
      this.rowsRead += page.rows;
      this.pages.push(page);
    }
  }

  /** The value of a row (null when null). Rows must have been prepared and not released. */
  get(row: number): unknown {
    const page = this.pageOf(row);
    if (!page) return null;
    const decoded = this.decoded(page);
    return this.valueAt(decoded, row - page.firstRow);
  }

  private valueAt(decoded: DecodedPage, offset: number): unknown {
    if (decoded.kind === "stream") return this.streamValue(decoded.page, offset);
    const i = decoded.index ? decoded.index[offset]! : offset;
    if (i < 0) return null;
    switch (decoded.kind) {
      case "ids":
        return this.fromDictionary(decoded.ids[i]!);
      case "bytes": {
        const start = decoded.starts[i]!;
        return decoded.text.toString("utf8", start, start + decoded.lengths[i]!);
      }
      default:
        return this.value(decoded, i);
    }
  }

  /**
   * The values of `rows` (ascending, each at least the last row asked for) into `out[slots[i]]`:
   * one pass over the pages instead of one lookup per value.
   */
  gather(rows: Int32Array, slots: Int32Array, count: number, out: unknown[]): void {
    let i = 0;
    try {
      while (i < count) {
        const page = this.pageOf(rows[i]!);
        if (!page) {
          out[slots[i++]!] = null;
          continue;
        }
        const decoded = this.decoded(page);
        const first = page.firstRow;
        const stop = first + page.rows;
        if (decoded.kind === "stream") {
          const stream = decoded.page;
          for (; i < count && rows[i]! < stop; i++) {
            const v = stream.valueIndex(rows[i]! - first);
            out[slots[i]!] =
              v < 0
                ? null
                : stream.dictionary
                  ? this.fromDictionary(stream.id(v))
                  : this.convert(stream.fixed(v));
          }
        } else {
          for (; i < count && rows[i]! < stop; i++) out[slots[i]!] = this.valueAt(decoded, rows[i]! - first);
        }
      }
    } catch (error) {
      throw RowDecodeError.wrap(error, rows[Math.min(i, count - 1)]!);
    }
  }

  /**
   * Dictionary indices of rows [start, end) into `out` (-1 for null), for filtering a whole range
   * with integer lookups instead of a string per row. False when a page in the range is not
   * dictionary-encoded (a writer's fallback to PLAIN): the caller then reads values with `get`.
   */
  idsInto(start: number, end: number, out: Int32Array): boolean {
    try {
      return this.idsFrom(start, end, out, start);
    } catch (error) {
      throw RowDecodeError.wrap(error, start);
    }
  }

  private idsFrom(row: number, end: number, out: Int32Array, start: number): boolean {
    while (row < end) {
      const page = this.pageOf(row);
      if (!page) {
        out.fill(-1, row - start, end - start);
        return true;
      }
      const decoded = this.decoded(page);
      if (decoded.kind !== "ids") return false;
      const { ids, index } = decoded;
      const stop = Math.min(end, page.firstRow + page.rows);
      const first = page.firstRow;
      if (index) {
        for (; row < stop; row++) {
          const i = index[row - first]!;
          out[row - start] = i < 0 ? -1 : ids[i]!;
        }
      } else {
        out.set(ids.subarray(row - first, stop - first), row - start);
        row = stop;
      }
    }
    return true;
  }

  /** Entries in this column chunk's dictionary (0 before its dictionary page is read, or without one). */
  get dictionarySize(): number {
    return this.dictionary?.length ?? 0;
  }

  /** The value of dictionary entry `id` of this column chunk (as `get` would return it). */
  dictionaryValue(id: number): unknown {
    return this.fromDictionary(id);
  }

  private streamValue(page: StreamPage, offset: number): unknown {
    const i = page.valueIndex(offset);
    if (i < 0) return null;
    if (page.dictionary) return this.fromDictionary(page.id(i));
    return this.convert(page.fixed(i));
  }

  private decoded(page: Page): DecodedPage {
    let decoded = page.decoded;
    if (!decoded) {
      decoded = page.decoded = this.decodeStream(page) ?? this.decodeFast(page) ?? this.decodeFlat(page);
      pageStats[decoded.kind]++;
    }
    return decoded;
  }

  /** Drops pages that end at or before `row`. */
  release(row: number): void {
    let drop = 0;
    while (drop < this.pages.length && this.pages[drop]!.firstRow + this.pages[drop]!.rows <= row) drop++;
    if (drop > 0) this.pages.splice(0, drop);
    if (this.lastPage && this.lastPage.firstRow + this.lastPage.rows <= row) this.lastPage = undefined;
  }

  private pageOf(row: number): Page | undefined {
    const last = this.lastPage;
    if (last && row >= last.firstRow && row < last.firstRow + last.rows) return last;
    for (const page of this.pages) {
      if (row < page.firstRow + page.rows) {
        if (row < page.firstRow) return undefined;
        this.lastPage = page;
        return page;
      }
    }
    return undefined;
  }

  private lastPage: Page | undefined;

  private value(decoded: { values: DecodedArray; dict: boolean }, i: number): unknown {
    const raw = decoded.values[i];
    if (decoded.dict && typeof raw === "number") return this.fromDictionary(raw);
    return this.convert(raw);
  }

  private fromDictionary(id: number): unknown {
    let cached = this.dictionaryCache[id];
    if (cached === undefined) {
      if (!this.dictionary) throw new Error("parquet dictionary-encoded page without a dictionary page");
      if (id >= this.dictionary.length) throw new Error(`parquet dictionary index ${id} out of range`);
      cached = this.convert(this.dictionary[id]);
      this.dictionaryCache[id] = cached;
    }
    return cached;
  }

  /**
   * Data page v1 with PLAIN or dictionary encoding (what parquet-rs writes): levels and indices go
   * into typed arrays, strings stay bytes until read. Other pages take hyparquet's general path.
   */
  private decodeFast(page: Page): DecodedPage | null {
    const { header } = page;
    const daph = header.data_page_header;
    if (header.type !== "DATA_PAGE" || !daph) return null;
    const dict = daph.encoding === "RLE_DICTIONARY" || daph.encoding === "PLAIN_DICTIONARY";
    if (!dict && !(daph.encoding === "PLAIN" && this.decoder.type === "BYTE_ARRAY")) return null;
    const bytes = this.decompress(page.bytes, header);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const reader = { view, offset: 0 };
    const rows = daph.num_values;
    let index: Int32Array | undefined;
    let count = rows;
    if (this.maxDef > 0) {
      const levels = levelBuffer(rows);
      readRleBitPackedHybrid(reader, 32 - Math.clz32(this.maxDef), levels as never);
      index = new Int32Array(rows);
      count = 0;
      for (let r = 0; r < rows; r++) index[r] = levels[r] === this.maxDef ? count++ : -1;
      if (count === rows) index = undefined;
    }
    if (dict) {
      const ids = new Int32Array(count);
      const width = count > 0 ? view.getUint8(reader.offset++) : 0;
      if (width) readRleBitPackedHybrid(reader, width, ids as never, view.byteLength - reader.offset);
      return { kind: "ids", ids, index };
    }
    const starts = new Int32Array(count);
    const lengths = new Int32Array(count);
    let offset = reader.offset;
    for (let i = 0; i < count; i++) {
      const length = view.getUint32(offset, true);
      starts[i] = offset + 4;
      lengths[i] = length;
      offset += 4 + length;
      if (offset > bytes.byteLength) throw new Error("parquet byte array value extends past its page");
    }
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { kind: "bytes", text, starts, lengths, index };
  }

  /**
   * Dictionary-encoded and fixed-width PLAIN pages (v1) of a column whose rows are read in order:
   * decompressed now, levels and indices decoded only as far as the rows asked for.
   */
  private decodeStream(page: Page): DecodedPage | null {
    const { header } = page;
    const daph = header.data_page_header;
    if (!this.sequential || header.type !== "DATA_PAGE" || !daph) return null;
    const dict = daph.encoding === "RLE_DICTIONARY" || daph.encoding === "PLAIN_DICTIONARY";
    const type = this.decoder.type;
    const width = type === "INT64" ? 8 : type === "INT32" ? 4 : 0;
    if (!dict && !(daph.encoding === "PLAIN" && width > 0)) return null;
    const bytes = this.decompress(page.bytes, header);
    return { kind: "stream", page: new StreamPage(bytes, this.maxDef, dict, width) };
  }

  private decodeFlat(page: Page): DecodedPage {
    const { values, definitionLevels, encoding } = this.decodePage(page);
    const dict = encoding.endsWith("_DICTIONARY");
    if (!definitionLevels.length || this.maxDef === 0) return { kind: "generic", values, dict };
    const index = new Int32Array(page.rows);
    let k = 0;
    for (let r = 0; r < page.rows; r++) index[r] = definitionLevels[r] === this.maxDef ? k++ : -1;
    return { kind: "generic", values, dict, index };
  }

  private decodePage(page: Page): {
    values: DecodedArray;
    definitionLevels: number[];
    repetitionLevels: number[];
    encoding: string;
  } {
    const { header, bytes } = page;
    if (header.type === "DATA_PAGE_V2") {
      const daph = header.data_page_header_v2!;
      const decoded = readDataPageV2(bytes, header, this.decoder as never);
      return { values: decoded.dataPage, ...levels(decoded), encoding: daph.encoding };
    }
    const daph = header.data_page_header;
    if (!daph) throw new Error("parquet data page header is undefined");
    const raw = this.decompress(bytes, header);
    const decoded = readDataPage(raw, daph, this.decoder as never);
    return { values: decoded.dataPage, ...levels(decoded), encoding: daph.encoding };
  }

  private readDictionary(header: PageHeader, bytes: Uint8Array): void {
    const diph = header.dictionary_page_header;
    if (!diph) throw new Error("parquet dictionary page header is undefined");
    const page = this.decompress(bytes, header);
    const reader = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
    this.dictionary = readPlain(reader, this.decoder.type, diph.num_values, this.decoder.element.type_length);
    this.dictionaryCache = [];
  }

  /** A page's bytes, uncompressed. hyparquet-compressors' Snappy (WebAssembly) is several times faster than JavaScript's. */
  private decompress(bytes: Uint8Array, header: PageHeader): Uint8Array {
    return decompressPage(bytes, header.uncompressed_page_size, this.decoder.codec, this.decoder.compressors);
  }

  private async readHeader(): Promise<PageHeader> {
    let probe = HEADER_PROBE_BYTES;
    for (;;) {
      await this.ensure(Math.min(probe, this.end - this.pos));
      const offset = this.pos - this.windowStart;
      const reader = {
        view: new DataView(
          this.window.buffer,
          this.window.byteOffset + offset,
          this.window.byteLength - offset,
        ),
        offset: 0,
      };
      try {
        const header = parquetHeader(reader);
        this.pos += reader.offset;
        return header;
      } catch (error) {
        // A header larger than the probe (long statistics): retry with more bytes, up to the chunk end.
        if (!(error instanceof RangeError) || this.pos + probe >= this.end) throw error;
        probe *= 4;
      }
    }
  }

  private async take(size: number): Promise<Uint8Array> {
    if (this.pos + size > this.end) throw new Error("parquet page extends past its column chunk");
    await this.ensure(size);
    const offset = this.pos - this.windowStart;
    this.pos += size;
    return this.window.subarray(offset, offset + size);
  }

  /** Makes bytes [pos, pos + size) available in the window. */
  private async ensure(size: number): Promise<void> {
    const offset = this.pos - this.windowStart;
    if (offset >= 0 && offset + size <= this.window.byteLength) return;
    const length = Math.min(this.end - this.pos, Math.max(size, CHUNK_WINDOW_BYTES));
    const buffer = await this.file.slice(this.pos, this.pos + length);
    if (buffer.byteLength < size) throw new Error("parquet column chunk is truncated");
    this.window = new Uint8Array(buffer);
    this.windowStart = this.pos;
  }
}

function levels(decoded: { definitionLevels?: number[] | undefined; repetitionLevels: number[] }): {
  definitionLevels: number[];
  repetitionLevels: number[];
} {
  return { definitionLevels: decoded.definitionLevels ?? [], repetitionLevels: decoded.repetitionLevels };
}

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
