// One data page → something a cursor can read values from. Data page v1 with PLAIN or dictionary
// encoding (what parquet-rs writes) takes the fast paths: levels and indices into typed arrays, or
// read as streams, strings left as bytes until read. Every other page takes hyparquet's general
// decoder, after its run-length data is checked (rle.ts: a run may claim more values than exist).
import { pageBuffer, recycleBuffer } from "./buffers.js";
import {
  decompressPage,
  readDataPage,
  snappyInto,
  readDataPageV2,
  type ColumnDecoder,
  type DecodedArray,
  type PageHeader,
} from "./hyparquet.js";
import { checkHybridRuns, readHybrid } from "./rle.js";
import { StreamPage } from "./stream-page.js";

export interface Page {
  /** Row index within the row group of the page's first row. */
  firstRow: number;
  /** Rows in the page. */
  rows: number;
  header: PageHeader;
  bytes: Uint8Array;
  /** The file window the compressed bytes are a view of (column-bytes.ts frees it after the page). */
  window: ArrayBuffer;
  decoded?: OwnedPage;
}

export type DecodedPage =
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

/**
 * A decoded page and the decompressed buffer only it refers to (when decompression allocated one),
 * which `freePage` frees once the page is dropped.
 */
export type OwnedPage = DecodedPage & { owned?: ArrayBuffer | undefined };

/** Data pages decoded, by path (returned by decodeParquet: the tests check each path is taken). */
export type PageCounts = Record<DecodedPage["kind"], number>;

export function newPageCounts(): PageCounts {
  return { generic: 0, ids: 0, bytes: 0, stream: 0 };
}

/** What decoding a page of a column needs to know about the column. */
export interface PageColumn {
  readonly decoder: ColumnDecoder;
  /** Its maximum definition level (0: required). */
  readonly maxDef: number;
  /** Rows are read in increasing order, so pages may be decoded as streams. */
  readonly sequential: boolean;
}

export function decodePage(page: Page, column: PageColumn): OwnedPage {
  return decodeStream(page, column) ?? decodeFast(page, column) ?? decodeGeneric(page, column);
}

/**
 * Frees the decompressed buffer of a page that is no longer read, at once (see buffers.ts): a page
 * of each column at a time, tens of MiB over a file.
 */
export function freePage(decoded: OwnedPage | undefined): void {
  recycleBuffer(decoded?.owned);
}

function isDictionary(encoding: string): boolean {
  return encoding === "RLE_DICTIONARY" || encoding === "PLAIN_DICTIONARY";
}

/**
 * Dictionary-encoded and fixed-width PLAIN pages (v1) of a column whose rows are read in order:
 * decompressed now, levels and indices decoded only as far as the rows asked for.
 */
function decodeStream(page: Page, column: PageColumn): OwnedPage | null {
  const { header } = page;
  const daph = header.data_page_header;
  if (!column.sequential || header.type !== "DATA_PAGE" || !daph) return null;
  const dict = isDictionary(daph.encoding);
  const type = column.decoder.type;
  const width = type === "INT64" ? 8 : type === "INT32" ? 4 : 0;
  if (!dict && !(daph.encoding === "PLAIN" && width > 0)) return null;
  const { bytes, owned } = decompress(page.bytes, header, column.decoder);
  return { kind: "stream", page: new StreamPage(bytes, column.maxDef, dict, width), owned };
}

/** Scratch space for definition levels, which are not needed once a page's index is built. */
let scratchLevels = new Uint8Array(1 << 15);

function levelBuffer(size: number): Uint8Array {
  if (scratchLevels.byteLength < size)
    scratchLevels = new Uint8Array(Math.max(size, scratchLevels.byteLength * 2));
  return scratchLevels.subarray(0, size);
}

/** Data page v1, PLAIN strings or dictionary-encoded: decoded whole into typed arrays. */
function decodeFast(page: Page, column: PageColumn): OwnedPage | null {
  const { header } = page;
  const daph = header.data_page_header;
  if (header.type !== "DATA_PAGE" || !daph) return null;
  const dict = isDictionary(daph.encoding);
  if (!dict && !(daph.encoding === "PLAIN" && column.decoder.type === "BYTE_ARRAY")) return null;
  const { bytes, owned } = decompress(page.bytes, header, column.decoder);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = page.rows;
  let offset = 0;
  let index: Int32Array | undefined;
  let count = rows;
  const maxDef = column.maxDef;
  if (maxDef > 0) {
    const length = view.getUint32(0, true);
    offset = 4 + length;
    if (offset > bytes.byteLength) throw new RangeError("parquet definition levels extend past their page");
    const levels = levelBuffer(rows);
    readHybrid(bytes, 4, offset, 32 - Math.clz32(maxDef), levels, rows);
    index = new Int32Array(rows);
    count = 0;
    for (let r = 0; r < rows; r++) index[r] = levels[r] === maxDef ? count++ : -1;
    if (count === rows) index = undefined;
  }
  if (dict) {
    const ids = new Int32Array(count);
    const width = count > 0 ? view.getUint8(offset++) : 0;
    if (width) readHybrid(bytes, offset, bytes.byteLength, width, ids, count);
    // The indices are copied out: the page's bytes are not needed any more.
    recycleBuffer(owned);
    return { kind: "ids", ids, index };
  }
  const starts = new Int32Array(count);
  const lengths = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const length = view.getUint32(offset, true);
    starts[i] = offset + 4;
    lengths[i] = length;
    offset += 4 + length;
    if (offset > bytes.byteLength) throw new Error("parquet byte array value extends past its page");
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { kind: "bytes", text, starts, lengths, index, owned };
}

function decodeGeneric(page: Page, column: PageColumn): DecodedPage {
  const { values, definitionLevels, encoding } = readGeneric(page, column);
  const dict = isDictionary(encoding);
  const maxDef = column.maxDef;
  if (!definitionLevels?.length || maxDef === 0) return { kind: "generic", values, dict };
  const index = new Int32Array(page.rows);
  let k = 0;
  for (let r = 0; r < page.rows; r++) index[r] = definitionLevels[r] === maxDef ? k++ : -1;
  return { kind: "generic", values, dict, index };
}

function readGeneric(
  page: Page,
  column: PageColumn,
): { values: DecodedArray; definitionLevels: number[] | undefined; encoding: string } {
  const { header, bytes } = page;
  const { decoder, maxDef } = column;
  const levelWidth = 32 - Math.clz32(maxDef);
  if (header.type === "DATA_PAGE_V2") {
    const daph = header.data_page_header_v2;
    if (!daph) throw new Error("parquet data page header v2 is undefined");
    const levelBytes = daph.repetition_levels_byte_length + daph.definition_levels_byte_length;
    if (!(levelBytes >= 0 && levelBytes <= bytes.byteLength)) {
      throw new RangeError("parquet page levels extend past their page");
    }
    // Flat columns have no repetition levels; definition levels follow them, uncompressed.
    if (maxDef > 0) {
      checkHybridRuns(bytes, daph.repetition_levels_byte_length, levelBytes, levelWidth, page.rows);
    }
    // The values are decompressed here, so that their runs can be checked before hyparquet reads them.
    let data = bytes.subarray(levelBytes);
    if (daph.is_compressed !== false) {
      data = decompressPage(
        data,
        header.uncompressed_page_size - levelBytes,
        decoder.codec,
        decoder.compressors,
      );
    }
    checkValueRuns(data, 0, daph.encoding, decoder.type === "BOOLEAN", page.rows);
    const plain = new Uint8Array(levelBytes + data.byteLength);
    plain.set(bytes.subarray(0, levelBytes));
    plain.set(data, levelBytes);
    const decoded = readDataPageV2(
      plain,
      { ...header, data_page_header_v2: { ...daph, is_compressed: false } },
      decoder,
    );
    return { values: decoded.dataPage, definitionLevels: decoded.definitionLevels, encoding: daph.encoding };
  }
  const daph = header.data_page_header;
  if (!daph) throw new Error("parquet data page header is undefined");
  const raw = decompressPage(bytes, header.uncompressed_page_size, decoder.codec, decoder.compressors);
  let offset = 0;
  if (maxDef > 0) {
    if (raw.byteLength < 4) throw new RangeError("parquet page is too short for its levels");
    offset = 4 + new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
    checkHybridRuns(raw, 4, Math.min(offset, raw.byteLength), levelWidth, page.rows);
  }
  checkValueRuns(raw, offset, daph.encoding, decoder.type === "BOOLEAN", page.rows);
  const decoded = readDataPage(raw, daph, decoder);
  return { values: decoded.dataPage, definitionLevels: decoded.definitionLevels, encoding: daph.encoding };
}

/**
 * Checks the runs of a page's RLE-encoded values, as hyparquet reads them: booleans after a 4-byte
 * length, dictionary indices (and other RLE values) after a byte giving their width.
 */
function checkValueRuns(
  data: Uint8Array,
  offset: number,
  encoding: string,
  boolean: boolean,
  rows: number,
): void {
  if (!isDictionary(encoding) && encoding !== "RLE") return;
  if (encoding === "RLE" && boolean) {
    if (offset + 4 > data.byteLength) return;
    const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
    checkHybridRuns(data, offset + 4, Math.min(data.byteLength, offset + 4 + length), 1, rows);
    return;
  }
  if (offset >= data.byteLength) return;
  const width = data[offset]!;
  if (width > 32) throw new RangeError(`parquet dictionary index width ${width} is invalid`);
  checkHybridRuns(data, offset + 1, data.byteLength, width, rows);
}

/**
 * A page's bytes, uncompressed, and the buffer they were decompressed into (`owned`, given back to
 * the pool with the page: buffers.ts). An uncompressed page is a view of the file's window.
 */
export function decompress(
  bytes: Uint8Array,
  header: PageHeader,
  decoder: ColumnDecoder,
): { bytes: Uint8Array; owned?: ArrayBuffer } {
  const size = header.uncompressed_page_size;
  if (decoder.codec === "SNAPPY") {
    const out = pageBuffer(size);
    try {
      snappyInto(bytes, out);
    } catch (error) {
      recycleBuffer(out.buffer);
      throw error;
    }
    return { bytes: out, owned: out.buffer };
  }
  // Uncompressed (a view of the window, checked against its size), or another codec: the page owns
  // what the decompressor (hyparquet-compressors) returns only when it is a buffer made for it alone,
  // not a view of the window or of the decompressor's own memory.
  const out = decompressPage(bytes, size, decoder.codec, decoder.compressors);
  const buffer = out.buffer;
  const alone =
    buffer !== bytes.buffer &&
    buffer instanceof ArrayBuffer &&
    out.byteOffset === 0 &&
    out.byteLength === buffer.byteLength;
  return alone ? { bytes: out, owned: buffer } : { bytes: out };
}
