// Page-level reading of single Parquet leaf columns, built on hyparquet's page decoders.
//
// hyparquet's row readers decode every column they are given, whole pages at a time, into rich
// values. The telemetry report needs 28 of 56 leaf columns and, of most of them, only the few rows
// that survive the early filter. A LeafCursor therefore:
//   * reads the column chunk's bytes in bounded windows (column-bytes.ts);
//   * keeps the compressed pages that overlap the current slice of rows, and decompresses and decodes
//     a page only when a row in it is asked for (page-decode.ts; pages without a relevant row are
//     never decoded);
//   * converts values one at a time on request (value-convert.ts): a string is decoded from its bytes
//     only when read, and a dictionary entry is decoded once and reused;
//   * for columns read in row order, decodes levels and dictionary indices only as far as the row
//     asked for (stream-page.ts), so long runs of nulls cost one step.
// Memory is bounded by the window size and the pages overlapping one slice, per column.
import { TelemetryInputError } from "../errors.js";
import { toSpanId } from "../values.js";
import { utf8Text } from "../../text/byte-text.js";
import { ColumnBytes } from "./column-bytes.js";
import { RowDecodeError, describeCorruption } from "./errors.js";
import {
  columnDecoder,
  getMaxDefinitionLevel,
  getMaxRepetitionLevel,
  getTreePath,
  type AsyncBuffer,
  type ColumnDecoder,
  type ColumnMetaData,
  type Compressors,
  type DecodedArray,
  type FileMetaData,
  type SchemaTree,
} from "./hyparquet.js";
import { readDictionaryPage, type Dictionary } from "./dictionary.js";
import { decodePage, freePage, type DecodedPage, type Page, type PageCounts } from "./page-decode.js";
import type { StreamPage } from "./stream-page.js";
import { converterFor, isPlainInt64, type Convert } from "./value-convert.js";

/** Where a row group's cursors come from, and what they share. */
export interface CursorContext {
  file: AsyncBuffer;
  /** The file's name, for messages. */
  name: string;
  schema: SchemaTree;
  /** Rows in the row group: no page may claim more. */
  groupRows: number;
  /** Counted as pages are decoded. */
  pageCounts: PageCounts;
  /** The file's decompressors (hyparquet.ts' decompressorsFor). */
  compressors: Compressors;
}

/**
 * Opens a cursor for each flat leaf column of a row group whose dotted path is wanted (a list
 * column, the span links, joins nothing the model needs).
 */
export function openLeafCursors(
  context: CursorContext,
  chunks: FileMetaData["row_groups"][number]["columns"],
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
      schemaPath = getTreePath(context.schema, meta.path_in_schema);
    } catch (error) {
      throw new TelemetryInputError(context.name, `corrupt Parquet schema: ${describeCorruption(error)}`);
    }
    const cursor = new LeafCursor(context, meta, schemaPath);
    if (!cursor.repeated) byPath.set(path, cursor);
  }
  return byPath;
}

/**
 * Reads one leaf column of one row group. Rows are asked for in increasing order: `prepare(end)`
 * fetches the (compressed) pages up to row `end`, `get(row)` returns one value, `release(row)`
 * drops the pages that end before `row`.
 */
export class LeafCursor {
  readonly repeated: boolean;
  readonly maxDef: number;
  readonly decoder: ColumnDecoder;
  /** The column's dotted path, for messages. */
  private readonly path: string;
  private convert: Convert;
  private readonly bytes: ColumnBytes;
  private pages: Page[] = [];
  private dictionary: Dictionary | undefined;
  private dictionaryCache: unknown[] = [];
  /** Rows covered by the pages read so far. */
  private rowsRead = 0;
  /**
   * Rows are asked for in increasing order (and never by `idsInto`): pages are then decoded as a
   * stream, as far as the row asked for, instead of whole.
   */
  sequential = false;
  /**
   * Dictionary entries are converted once and kept. Not worth it for columns whose entries are each
   * read about once (span ids, times: one per span), where it only holds memory.
   */
  cacheValues = true;

  /**
   * Values become span ids (16 hex digits, as records hold them): converted once per dictionary
   * entry instead of once per row.
   */
  convertToSpanIds(): void {
    const convert = this.convert;
    this.convert = (value) => toSpanId(convert(value));
    this.dictionaryCache = [];
    this.spanIdsFromBytes = isPlainInt64(this.decoder.element);
  }

  /** Dictionary entries become span ids straight from their bytes (see Dictionary.spanId). */
  private spanIdsFromBytes = false;

  /** Rows covered by the pages prepared so far. */
  get preparedRows(): number {
    return this.rowsRead;
  }

  constructor(
    private readonly context: CursorContext,
    meta: ColumnMetaData,
    schemaPath: SchemaTree[],
  ) {
    this.path = meta.path_in_schema.join(".");
    this.decoder = columnDecoder(meta, schemaPath, context.compressors);
    this.repeated = getMaxRepetitionLevel(schemaPath) > 0;
    this.maxDef = getMaxDefinitionLevel(schemaPath);
    this.convert = converterFor(this.decoder.element);
    this.bytes = new ColumnBytes(context.file, meta);
  }

  /** Fetches page headers and compressed page bytes until the pages cover rows [0, endRow). */
  async prepare(endRow: number): Promise<void> {
    while (this.rowsRead < endRow && !this.bytes.done) {
      const { header, bytes, window } = await this.bytes.nextPage();
      if (header.type === "DICTIONARY_PAGE") {
        // The format allows one, before the data pages. Another would change what the indices of
        // later pages mean, where the filter and the caches have decided by them already.
        if (this.dictionary || this.rowsRead > 0) {
          const message = `column ${this.path} has a dictionary page after its first page`;
          throw new RowDecodeError(this.rowsRead, message);
        }
        this.dictionary = readDictionaryPage(header, bytes, this.decoder);
        this.dictionaryCache = [];
        continue;
      }
      if (header.type !== "DATA_PAGE" && header.type !== "DATA_PAGE_V2") continue; // index pages
      const rows = this.pageRows(header);
      this.pages.push({ firstRow: this.rowsRead, rows, header, bytes, window });
      this.rowsRead += rows;
    }
  }

  /**
   * The rows a data page holds, as its header claims: a flat column has one value per row, and the
   * pages of a row group hold its rows, so no page may claim more than are left. (Decoders size
   * their arrays by it.)
   */
  private pageRows(header: Page["header"]): number {
    const v2 = header.data_page_header_v2;
    const rows = v2 ? v2.num_rows : header.data_page_header?.num_values;
    const values = v2 ? v2.num_values : rows;
    const left = this.context.groupRows - this.rowsRead;
    if (!Number.isSafeInteger(rows) || rows! < 0 || values !== rows || rows! > left) {
      throw new Error(`parquet data page claims ${String(rows)} rows where its row group has ${left} left`);
    }
    return rows!;
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
        return utf8Text(decoded.text, start, start + decoded.lengths[i]!);
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
    return this.dictionary?.size ?? 0;
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
      decoded = page.decoded = decodePage(page, this);
      this.context.pageCounts[decoded.kind]++;
    }
    return decoded;
  }

  /** Drops pages that end at or before `row`, and frees their decompressed bytes. */
  release(row: number): void {
    let drop = 0;
    while (drop < this.pages.length && this.pages[drop]!.firstRow + this.pages[drop]!.rows <= row) {
      freePage(this.pages[drop]!.decoded);
      drop++;
    }
    if (drop > 0) {
      this.pages.splice(0, drop);
      this.bytes.freeWindowsBefore(this.pages[0]?.window);
    }
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
      if (id >= this.dictionary.size) throw new Error(`parquet dictionary index ${id} out of range`);
      const { spanId } = this.dictionary;
      cached = this.spanIdsFromBytes && spanId ? spanId(id) : this.convert(this.dictionary.entry(id));
      if (this.cacheValues) {
        // Sized at the first entry asked for: filled at scattered indices, an empty array becomes a
        // slow hash table; and a row group whose entries no row asks for allocates nothing.
        if (this.dictionaryCache.length === 0)
          this.dictionaryCache = new Array<unknown>(this.dictionary.size);
        this.dictionaryCache[id] = cached;
      }
    }
    return cached;
  }

  /** Frees the pages, dictionary and windows still held: the row group's column is done. */
  close(): void {
    for (const page of this.pages) freePage(page.decoded);
    this.pages = [];
    this.lastPage = undefined;
    this.dictionary?.free();
    this.dictionary = undefined;
    this.dictionaryCache = [];
    this.bytes.close();
  }
}
