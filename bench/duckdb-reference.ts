// The reference for `npm run bench`: DuckDB computes the report's core numbers from the same file.
// Per node: final status (NodeProcessed SpanEnd outcome, skip reason, error type), then counts by
// status; plus phases, query ends and WARN/ERROR log messages. Run as its own process; prints JSON
// with the counts, the wall time and the peak RSS seen by the process.
//   npx tsx bench/duckdb-reference.ts FILE.parquet|FILE.jsonl
import { DuckDBInstance } from "@duckdb/node-api";

const started = performance.now();
const file = process.argv[2];
if (!file) throw new Error("usage: duckdb-reference.ts FILE");
const source = file.endsWith(".parquet")
  ? `read_parquet('${file.replace(/'/g, "''")}')`
  : `read_json('${file.replace(/'/g, "''")}', format = 'newline_delimited', maximum_object_size = 104857600)`;
const parquet = file.endsWith(".parquet");
// Parquet keeps enums in columns; JSONL keeps them in the attributes object.
const attr = (name: string): string => (parquet ? `attributes.${name}` : `attributes->>'${name}'`);

const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
const sql = `
  WITH relevant AS (
    SELECT record_type, event_type, severity_text,
           ${attr("unique_id")} AS unique_id, ${attr("node_outcome")} AS node_outcome,
           ${attr("node_skip_reason")} AS skip_reason, ${attr("node_error_type")} AS error_type,
           ${attr("query_outcome")} AS query_outcome
    FROM ${source}
    WHERE (record_type = 'SpanEnd' AND (event_type LIKE '%.NodeProcessed' OR event_type LIKE '%.PhaseExecuted'
                                        OR event_type LIKE '%.QueryExecuted' OR event_type LIKE '%.Invocation'))
       OR (record_type = 'LogRecord' AND event_type LIKE '%.LogMessage' AND upper(severity_text) IN ('WARN', 'WARNING', 'ERROR'))
  ),
  nodes AS (
    SELECT unique_id, last(node_outcome) AS outcome, last(skip_reason) AS skip_reason, last(error_type) AS error_type
    FROM relevant WHERE event_type LIKE '%.NodeProcessed' GROUP BY unique_id
  )
  SELECT 'node:' || coalesce(outcome, '?') || ':' || coalesce(skip_reason, '') AS k, count(*)::INTEGER AS n FROM nodes GROUP BY ALL
  UNION ALL SELECT 'phases', count(*)::INTEGER FROM relevant WHERE event_type LIKE '%.PhaseExecuted'
  UNION ALL SELECT 'queries:' || coalesce(query_outcome, '?'), count(*)::INTEGER FROM relevant WHERE event_type LIKE '%.QueryExecuted' GROUP BY ALL
  UNION ALL SELECT 'logs:' || upper(severity_text), count(*)::INTEGER FROM relevant WHERE record_type = 'LogRecord' GROUP BY ALL
  ORDER BY 1`;
const reader = await connection.runAndReadAll(sql);
const counts = Object.fromEntries(reader.getRows().map(([k, n]) => [String(k), Number(n)]));
connection.closeSync();
instance.closeSync();
console.log(
  JSON.stringify({
    counts,
    wallMs: Math.round(performance.now() - started),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
