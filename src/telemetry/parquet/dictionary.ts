// A column chunk's dictionary page, decoded. Byte-array entries (names, ids, paths, payloads) are
// not cut into an object each up front (hyparquet's readPlain makes a Uint8Array per entry: 20,000
// of them for a big build's node names); their offsets are indexed and a string is decoded when its
// entry is read. Other types are read whole with readPlain.
import { recycleBuffer } from "./buffers.js";
import { decompress } from "./page-decode.js";
import { spanIdFromWords } from "../values.js";
import { utf8Text } from "../../text/byte-text.js";
import { readPlain, type ColumnDecoder, type PageHeader } from "./hyparquet.js";

export interface Dictionary {
  readonly size: number;
  /** Entry `id` as the page stores it: a string for byte arrays, else what readPlain gives. */
  entry(id: number): unknown;
  /** INT64 dictionaries: entry `id` as a span id (toSpanId of its unsigned value), read from its bytes. */
  spanId?(id: number): string;
  /** Frees its bytes: the dictionary is not read any more. */
  free(): void;
}

/** Reads a dictionary page (PLAIN values), after checking they fit in the page's bytes. */
export function readDictionaryPage(
  header: PageHeader,
  bytes: Uint8Array,
  decoder: ColumnDecoder,
): Dictionary {
  const diph = header.dictionary_page_header;
  if (!diph) throw new Error("parquet dictionary page header is undefined");
  const decompressed = decompress(bytes, header, decoder);
  // An uncompressed page is a view of the file's window: copied, so the window can be freed.
  let page = decompressed.bytes;
  let owned = decompressed.owned;
  if (!owned) {
    const copy = page.slice();
    [page, owned] = [copy, copy.buffer];
  }
  const count = diph.num_values;
  const width = plainWidth(decoder);
  if (!Number.isSafeInteger(count) || count < 0 || count * width > page.byteLength) {
    throw new Error(`parquet dictionary page claims ${String(count)} values in ${page.byteLength} bytes`);
  }
  if (decoder.type === "BYTE_ARRAY") return byteArrayDictionary(page, count, owned);
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const values = readPlain({ view, offset: 0 }, decoder.type, count, decoder.element.type_length);
  const dictionary: Dictionary = { size: count, entry: (id) => values[id], free: () => recycleBuffer(owned) };
  if (decoder.type === "INT64") {
    dictionary.spanId = (id) =>
      spanIdFromWords(view.getUint32(id * 8 + 4, true), view.getUint32(id * 8, true));
  }
  return dictionary;
}

function byteArrayDictionary(page: Uint8Array, count: number, owned: ArrayBuffer): Dictionary {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let offset = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 4 > page.byteLength) throw new Error("parquet dictionary value extends past its page");
    const length = view.getUint32(offset, true);
    starts[i] = offset + 4;
    offset += 4 + length;
    if (offset > page.byteLength) throw new Error("parquet dictionary value extends past its page");
    ends[i] = offset;
  }
  const text = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  return {
    size: count,
    entry: (id) => utf8Text(text, starts[id]!, ends[id]!),
    free: () => recycleBuffer(owned),
  };
}

/** Fewest bytes one PLAIN value of the column takes (a string: its 4-byte length). */
function plainWidth(decoder: ColumnDecoder): number {
  switch (decoder.type) {
    case "BOOLEAN":
      return 1 / 8;
    case "INT64":
    case "DOUBLE":
      return 8;
    case "INT96":
      return 12;
    case "FIXED_LEN_BYTE_ARRAY":
      return decoder.element.type_length ?? 1;
    default:
      return 4;
  }
}
