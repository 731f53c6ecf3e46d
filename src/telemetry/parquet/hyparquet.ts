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
