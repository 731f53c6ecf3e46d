// Public API of the telemetry fixture generator.
export type * from "./types.js";
export { PARQUET_HINTS } from "./types.js";
export { generateScenarioRecords, buildScenarioRecords, DEFAULT_START_NS } from "./generate-records.js";
export { writeJsonl, writeJsonlStream, formatJsonlLine, truncateLastLine } from "./write-jsonl.js";
export {
  writeParquet,
  writeParquetStream,
  makeRecordBatches,
  type ParquetWriteOptions,
} from "./write-parquet.js";
export { toParquetRow, ONEOF_TAGS, type ParquetRow } from "./parquet-row.js";
export { makeTelemetrySchema, ATTRIBUTE_COLUMNS, TOP_COLUMNS } from "./arrow-schema.js";
export { stripAnsi } from "./records.js";
export { SCENARIOS } from "./scenarios.js";
export { makeLargeScenario, makeScenarioForRecordCount, TRACE_NOISE } from "./large-scenario.js";
