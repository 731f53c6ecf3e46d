// The one module that imports hyparquet's internals (`hyparquet/src/*.js`). Those paths are exported,
// but they are not the package's documented API and no semver promise covers them (1.17.4 changed
// readDataPage's signature). So: hyparquet is pinned to an exact version in package.json, everything
// below is typed with hyparquet's own declarations (no casts), and
// test/telemetry/hyparquet-contract.test.ts runs each function on small known inputs, so an upgrade
// that changes one fails there, loudly, before any telemetry is misread.
import { decompressPage, readDataPage, readDataPageV2 } from "hyparquet/src/datapage.js";
import { DEFAULT_PARSERS } from "hyparquet/src/convert.js";
import type { ColumnMetaData, Compressors, FileMetaData, SchemaTree } from "hyparquet";
import { snappyUncompressor } from "hysnappy";

export { parquetMetadata, parquetSchema } from "hyparquet";
export type {
  AsyncBuffer,
  ColumnMetaData,
  CompressionCodec,
  Compressors,
  DataReader,
  DecodedArray,
  FileMetaData,
  PageHeader,
  ParquetType,
  SchemaElement,
  SchemaTree,
} from "hyparquet";
export { parquetHeader } from "hyparquet/src/column.js";
export { decompressPage, readDataPage, readDataPageV2 };
export { readRleBitPackedHybrid } from "hyparquet/src/encoding.js";
export { readPlain } from "hyparquet/src/plain.js";
export { getMaxDefinitionLevel, getMaxRepetitionLevel, getTreePath } from "hyparquet/src/schema.js";

/** What hyparquet's page decoders take to decode one column (its `ColumnDecoder`). */
export type ColumnDecoder = Parameters<typeof readDataPage>[2];

/** A column's decoder settings, with the decompressors `decompressorsFor` chose for its file. */
export function columnDecoder(
  meta: ColumnMetaData,
  schemaPath: SchemaTree[],
  compressors: Compressors,
): ColumnDecoder {
  return {
    type: meta.type,
    element: schemaPath[schemaPath.length - 1]!.element,
    schemaPath,
    codec: meta.codec,
    compressors,
    pathInSchema: meta.path_in_schema,
    // Not used by the page decoders (values are converted by value-convert.ts), but part of the type.
    parsers: DEFAULT_PARSERS,
  };
}

/**
 * Decompresses a Snappy page into `output`, which must be exactly the page's uncompressed size: a
 * stream that says another size is an error, so every byte of `output` is written.
 */
export function snappyInto(input: Uint8Array, output: Uint8Array): void {
  const said = snappyLength(input);
  if (said !== output.byteLength) {
    throw new Error(
      `parquet snappy page holds ${said ?? "an unreadable number of"} bytes where its header says ${output.byteLength}`,
    );
  }
  (snappy ??= loadSnappy()).decompress(input, output);
}

/** The uncompressed length a Snappy stream starts with (a varint of at most 32 bits), or null. */
function snappyLength(input: Uint8Array): number | null {
  let length = 0;
  for (let i = 0; i < 5 && i < input.byteLength; i++) {
    const byte = input[i]!;
    length += (byte & 0x7f) * 2 ** (7 * i);
    if (byte < 0x80) return length <= 0xffffffff ? length : null;
  }
  return null;
}

interface SnappyDecompressor {
  decompress(input: Uint8Array, output: Uint8Array): void;
  /** Whether a page is decompressed in hysnappy's own memory (else in a new buffer of hysnappy's, then copied). */
  inPlace: boolean;
}
let snappy: SnappyDecompressor | undefined;

/** What hysnappy's WebAssembly exports (hysnappy/js/uncompress.js, 1.1.1). */
interface SnappyExports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  uncompress(input: number, length: number, output: number): number;
}

/** The part of the WebAssembly global used here (this project's TypeScript lib has no types for it). */
interface WebAssemblyGlobal {
  Instance: new (...args: unknown[]) => { exports: unknown };
  Memory: abstract new (...args: unknown[]) => unknown;
}

/**
 * hysnappy's WebAssembly decompressor, called so that the page lands in `output`. hysnappy's own
 * function returns every page in a new buffer: fresh memory, faulted in page by page, which cost
 * several times the decompression itself (buffers.ts). Its instance is not exported, so it is caught
 * as hysnappy makes it. Should that ever fail (another hysnappy), its own function is used and the
 * page copied: the same bytes, slower.
 */
export function loadSnappy(): SnappyDecompressor {
  const exports = catchInstance(snappyUncompressor);
  if (!exports) {
    const uncompress = snappyUncompressor();
    return {
      decompress: (input, output) => output.set(uncompress(input, output.byteLength)),
      inPlace: false,
    };
  }
  // Where hysnappy puts the input in its memory: below it, the module's own data and stack.
  const INPUT_AT = 68_000;
  const decompress = (input: Uint8Array, output: Uint8Array): void => {
    const outputAt = INPUT_AT + input.byteLength;
    const needed = outputAt + output.byteLength;
    const { memory } = exports;
    if (memory.buffer.byteLength < needed)
      memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
    const heap = new Uint8Array(memory.buffer);
    heap.set(input, INPUT_AT);
    const result = exports.uncompress(INPUT_AT, input.byteLength, outputAt);
    if (result !== 0) throw new Error(`parquet snappy page is corrupt (hysnappy code ${result})`);
    output.set(heap.subarray(outputAt, needed));
  };
  return { decompress, inPlace: true };
}

/** The exports of the WebAssembly instance `make` creates, when they look like hysnappy's; else null. */
function catchInstance(make: () => unknown): SnappyExports | null {
  const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyGlobal }).WebAssembly;
  const Instance = wasm.Instance;
  let made: { exports: unknown } | undefined;
  wasm.Instance = new Proxy(Instance, {
    construct(target, args: unknown[]) {
      return (made = new target(...args));
    },
  });
  try {
    make();
  } finally {
    wasm.Instance = Instance;
  }
  const exports = made?.exports as Partial<SnappyExports> | undefined;
  return exports?.memory instanceof wasm.Memory && typeof exports.uncompress === "function"
    ? (exports as SnappyExports)
    : null;
}

/** Snappy from hysnappy's WebAssembly (several times faster than hyparquet's own JavaScript), made on first use. */
let snappyOnly: Compressors | undefined;
const SNAPPY_OR_NONE = new Set<string>(["SNAPPY", "UNCOMPRESSED"]);

/**
 * The decompressors a file's column chunks need. The engine writes Snappy on every column; the other
 * codecs (gzip, Brotli, zstd, LZ4: hyparquet-compressors) take ~7 ms to load, so they are a chunk
 * loaded only for a file that names one. Uncompressed pages need none.
 */
export async function decompressorsFor(metadata: FileMetaData): Promise<Compressors> {
  const plain = metadata.row_groups.every((group) =>
    group.columns.every(({ meta_data }) => !meta_data || SNAPPY_OR_NONE.has(meta_data.codec)),
  );
  if (plain) return (snappyOnly ??= { SNAPPY: snappyUncompressor() });
  const { compressors } = await import("hyparquet-compressors");
  // A page of no bytes needs no codec. hyparquet-compressors 1.1.2 rejects the empty LZ4 block
  // ("lz4 offset out of range 0": a lone zero token, valid LZ4) that parquet-rs writes for one.
  const guarded: Compressors = {};
  for (const [codec, decompress] of Object.entries(compressors)) {
    guarded[codec as keyof Compressors] = (input, length) =>
      length === 0 ? new Uint8Array(0) : decompress(input, length);
  }
  return guarded;
}
