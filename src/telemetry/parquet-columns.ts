// Page-level reading of single Parquet leaf columns, built on hyparquet's page decoders.
//
// hyparquet's row readers decode every column they are given, whole pages at a time, into rich
// values. The telemetry report needs ~25 of ~60 leaf columns and, of most of them, only the few rows
// that survive the early filter. A LeafCursor therefore:
//   * reads the column chunk's bytes in bounded windows (never the whole chunk, never the file);
//   * keeps the compressed pages that overlap the current slice of rows, and decompresses and decodes
//     a page only when a row in it is asked for (pages without a relevant row are never decoded);
//   * converts values one at a time on request: a string is decoded from its bytes only when read,
//     and a dictionary entry is decoded once and reused.
// Memory is bounded by the window size and the pages overlapping one slice, per column.
import type {
  AsyncBuffer,
  ColumnMetaData,
  CompressionCodec,
  Compressors,
  DecodedArray,
  PageHeader,
  SchemaElement,
  SchemaTree,
} from "hyparquet";
import { parquetHeader } from "hyparquet/src/column.js";
import { decompressPage, readDataPage, readDataPageV2 } from "hyparquet/src/datapage.js";
import { readPlain } from "hyparquet/src/plain.js";
import { getMaxDefinitionLevel, getMaxRepetitionLevel } from "hyparquet/src/schema.js";

/** Bytes fetched per read from a column chunk (more when one page is larger). */
export const CHUNK_WINDOW_BYTES = 1 << 20;
const HEADER_PROBE_BYTES = 64 * 1024;

type Kind = "string" | "u64" | "i64" | "u32" | "raw";
type Convert = (value: unknown) => unknown;

interface Page {
  /** Row index within the row group of the page's first row. */
  firstRow: number;
  /** Rows in the page; for repeated columns known only after decoding the levels. */
  rows: number;
  header: PageHeader;
  bytes: Uint8Array;
  decoded?: DecodedPage;
}

interface DecodedPage {
  values: DecodedArray;
  /** Values are indices into the chunk's dictionary. */
  dict: boolean;
  /** Row offset → value index, -1 for null; absent when every row has a value. */
  index?: Int32Array;
  /** Repeated columns: the values of each row (null list and empty list both give []). */
  lists?: unknown[][];
}

const utf8 = new TextDecoder();

function kindOf(element: SchemaElement): Kind {
  const ctype = element.converted_type;
  const ltype = element.logical_type;
  if (element.type === "BYTE_ARRAY") return "string";
  if (element.type === "INT64") {
    if (ctype === "UINT_64" || (ltype?.type === "INTEGER" && ltype.bitWidth === 64 && !ltype.isSigned)) return "u64";
    return "i64";
  }
  if (element.type === "INT32") {
    if (ctype === "UINT_32" || (ltype?.type === "INTEGER" && ltype.bitWidth === 32 && !ltype.isSigned)) return "u32";
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
  private readonly convert: Convert;
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
      if (this.repeated) {
        // Rows per page are known only from the repetition levels: decode now (small columns only).
        page.decoded = this.decodeRepeated(page);
        page.rows = page.decoded.lists!.length;
      } else {
        page.rows = header.data_page_header_v2?.num_rows ?? header.data_page_header?.num_values ?? 0;
      }
      this.rowsRead += page.rows;
      this.pages.push(page);
    }
  }

  /** The value of a row (null when null). Rows must have been prepared and not released. */
  get(row: number): unknown {
    const page = this.pageOf(row);
    if (!page) return null;
    const decoded = (page.decoded ??= this.decodeFlat(page));
    const offset = row - page.firstRow;
    if (decoded.lists) return decoded.lists[offset] ?? [];
    const i = decoded.index ? decoded.index[offset]! : offset;
    if (i < 0) return null;
    return this.value(decoded, i);
  }

  /** Drops pages that end at or before `row`. */
  release(row: number): void {
    let drop = 0;
    while (drop < this.pages.length && this.pages[drop]!.firstRow + this.pages[drop]!.rows <= row) drop++;
    if (drop > 0) this.pages.splice(0, drop);
  }

  private pageOf(row: number): Page | undefined {
    for (const page of this.pages) {
      if (row < page.firstRow + page.rows) return row >= page.firstRow ? page : undefined;
    }
    return undefined;
  }

  private value(decoded: { values: DecodedArray; dict: boolean }, i: number): unknown {
    const raw = decoded.values[i];
    if (decoded.dict && this.dictionary && typeof raw === "number") {
      let cached = this.dictionaryCache[raw];
      if (cached === undefined) {
        cached = this.convert(this.dictionary[raw]);
        this.dictionaryCache[raw] = cached;
      }
      return cached;
    }
    return this.convert(raw);
  }

  private decodeFlat(page: Page): DecodedPage {
    const { values, definitionLevels, encoding } = this.decodePage(page);
    const dict = encoding.endsWith("_DICTIONARY");
    if (!definitionLevels.length || this.maxDef === 0) return { values, dict };
    const index = new Int32Array(page.rows);
    let k = 0;
    for (let r = 0; r < page.rows; r++) index[r] = definitionLevels[r] === this.maxDef ? k++ : -1;
    return { values, dict, index };
  }

  private decodeRepeated(page: Page): DecodedPage {
    const { values, definitionLevels, repetitionLevels, encoding } = this.decodePage(page);
    const dict = encoding.endsWith("_DICTIONARY");
    const lists: unknown[][] = [];
    let k = 0;
    for (let i = 0; i < repetitionLevels.length; i++) {
      // A row continued from the previous page would start with rep > 0; parquet-rs never splits rows.
      if (repetitionLevels[i] === 0 || lists.length === 0) lists.push([]);
      const present = definitionLevels.length === 0 || definitionLevels[i] === this.maxDef;
      if (present) lists[lists.length - 1]!.push(this.value({ values, dict }, k++));
    }
    return { values, dict, lists };
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
    const raw = decompressPage(bytes, header.uncompressed_page_size, this.decoder.codec, this.decoder.compressors);
    const decoded = readDataPage(raw, daph, this.decoder as never);
    return { values: decoded.dataPage, ...levels(decoded), encoding: daph.encoding };
  }

  private readDictionary(header: PageHeader, bytes: Uint8Array): void {
    const diph = header.dictionary_page_header;
    if (!diph) throw new Error("parquet dictionary page header is undefined");
    const page = decompressPage(bytes, header.uncompressed_page_size, this.decoder.codec, this.decoder.compressors);
    const reader = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
    this.dictionary = readPlain(reader, this.decoder.type, diph.num_values, this.decoder.element.type_length);
    this.dictionaryCache = [];
  }

  private async readHeader(): Promise<PageHeader> {
    let probe = HEADER_PROBE_BYTES;
    for (;;) {
      await this.ensure(Math.min(probe, this.end - this.pos));
      const offset = this.pos - this.windowStart;
      const reader = {
        view: new DataView(this.window.buffer, this.window.byteOffset + offset, this.window.byteLength - offset),
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

function levels(decoded: { definitionLevels: number[]; repetitionLevels: number[] }): {
  definitionLevels: number[];
  repetitionLevels: number[];
} {
  return { definitionLevels: decoded.definitionLevels, repetitionLevels: decoded.repetitionLevels };
}
