// The one module that imports hyparquet's internals (`hyparquet/src/*.js`). Those paths are exported,
// but they are not the package's documented API and no semver promise covers them (1.17.4 changed
// readDataPage's signature). So: hyparquet is pinned to an exact version in package.json, everything
// below is typed with hyparquet's own declarations (no casts), and
// test/telemetry/hyparquet-contract.test.ts runs each function on small known inputs, so an upgrade
// that changes one fails there, loudly, before any telemetry is misread.
import { decompressPage, readDataPage, readDataPageV2 } from "hyparquet/src/datapage.js";
import { DEFAULT_PARSERS } from "hyparquet/src/convert.js";
import type { ColumnMetaData, SchemaTree } from "hyparquet";
import { compressors } from "hyparquet-compressors";

export { parquetMetadata, parquetSchema } from "hyparquet";
export type {
  AsyncBuffer,
  ColumnMetaData,
  CompressionCodec,
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

/** A column's decoder settings; Snappy (and the other codecs) from hyparquet-compressors' WebAssembly. */
export function columnDecoder(meta: ColumnMetaData, schemaPath: SchemaTree[]): ColumnDecoder {
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
