// The reference for `npm run bench`: DuckDB computes the same report numbers from the same file as
// the CLI does — per node (NodeProcessed SpanEnd, `in_selection`): the status including test and
// freshness outcomes from `json_payload`, failing rows, the upstream node of a skip, processing time
// and lifetime; warehouse time per node (QueryExecuted spans joined to their NodeEvaluated parent);
// the first ERROR log per node; then counts by status. Run as its own process; prints JSON with the
// counts, the wall time and the peak RSS seen by the process.
//   npx tsx bench/duckdb-reference.ts FILE.parquet
import { DuckDBInstance } from "@duckdb/node-api";

const started = performance.now();
const file = process.argv[2];
if (!file || !file.endsWith(".parquet")) throw new Error("usage: duckdb-reference.ts FILE.parquet");
const source = `read_parquet('${file.replace(/'/g, "''")}')`;

const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
const sql = `
  WITH relevant AS (
    SELECT record_type, event_type, span_id, parent_span_id, epoch_ns(start_time_unix_nano) AS s, epoch_ns(end_time_unix_nano) AS e,
           body, attributes.unique_id AS uid, attributes.node_outcome AS outcome,
           attributes.node_skip_reason AS skip_reason, attributes.duration_ms AS duration_ms,
           attributes.json_payload AS payload, attributes.query_outcome AS query_outcome
    FROM ${source}
    WHERE (record_type = 'SpanEnd' AND (event_type LIKE '%.NodeProcessed' OR event_type LIKE '%.NodeEvaluated'
                                        OR event_type LIKE '%.QueryExecuted'))
       OR (record_type = 'LogRecord' AND event_type LIKE '%.LogMessage' AND severity_text = 'ERROR')
  ),
  processed AS (
    SELECT uid, outcome, skip_reason, duration_ms, (e - s) AS lifetime,
           json_extract_string(payload, '$.node_outcome_detail.NodeTestDetail.test_outcome') AS test_outcome,
           json_extract(payload, '$.node_outcome_detail.NodeTestDetail') IS NOT NULL AS is_test,
           coalesce(json_extract(payload, '$.node_outcome_detail.NodeTestDetail.failing_rows')::INTEGER, 0) AS failing_rows,
           json_extract_string(payload, '$.node_outcome_detail.NodeFreshnessOutcome.node_freshness_outcome') AS freshness,
           json_extract_string(payload, '$.node_outcome_detail.NodeSkipUpstreamDetail.upstream_unique_id') AS upstream,
           coalesce(json_extract(payload, '$.in_selection')::BOOLEAN, false) AS in_selection
    FROM relevant WHERE event_type LIKE '%.NodeProcessed'
  ),
  evaluated AS (SELECT span_id, uid FROM relevant WHERE event_type LIKE '%.NodeEvaluated'),
  warehouse AS (
    SELECT coalesce(ev.uid, q.uid) AS uid, sum(q.e - q.s) AS warehouse, count(*) AS queries
    FROM relevant q LEFT JOIN evaluated ev ON q.parent_span_id = ev.span_id
    WHERE q.event_type LIKE '%.QueryExecuted' GROUP BY ALL
  ),
  errors AS (SELECT uid, first(body) AS message FROM relevant WHERE record_type = 'LogRecord' GROUP BY uid),
  nodes AS (
    SELECT p.*, w.warehouse, w.queries, m.message,
      CASE
        WHEN p.outcome = 'NODE_OUTCOME_ERROR' THEN 'error'
        WHEN p.outcome = 'NODE_OUTCOME_CANCELED' THEN 'canceled'
        WHEN p.outcome = 'NODE_OUTCOME_SKIPPED' THEN CASE p.skip_reason
          WHEN 'NODE_SKIP_REASON_CACHED' THEN 'reused' WHEN 'NODE_SKIP_REASON_NO_OP' THEN 'no-op'
          WHEN 'NODE_SKIP_REASON_PHASE_DISABLED' THEN 'phase-disabled'
          WHEN 'NODE_SKIP_REASON_PHASE_SKIPPED' THEN 'phase-skipped' ELSE 'skipped' END
        WHEN p.outcome = 'NODE_OUTCOME_SUCCESS' AND p.is_test THEN CASE p.test_outcome
          WHEN 'TEST_OUTCOME_FAILED' THEN 'fail' WHEN 'TEST_OUTCOME_WARNED' THEN 'warn' ELSE 'pass' END
        WHEN p.outcome = 'NODE_OUTCOME_SUCCESS' AND p.freshness LIKE '%FAILED' THEN 'error'
        WHEN p.outcome = 'NODE_OUTCOME_SUCCESS' AND p.freshness LIKE '%WARNED' THEN 'warn'
        WHEN p.outcome = 'NODE_OUTCOME_SUCCESS' THEN 'success'
        ELSE 'unknown' END AS status
    FROM processed p LEFT JOIN warehouse w USING (uid) LEFT JOIN errors m USING (uid)
    WHERE p.in_selection
  )
  SELECT 'status:' || status AS k, count(*)::BIGINT AS n FROM nodes GROUP BY ALL
  UNION ALL SELECT 'failing_rows', coalesce(sum(failing_rows), 0)::BIGINT FROM nodes
  UNION ALL SELECT 'skipped_with_upstream', count(upstream)::BIGINT FROM nodes
  UNION ALL SELECT 'with_message', count(message)::BIGINT FROM nodes
  UNION ALL SELECT 'queries', coalesce(sum(queries), 0)::BIGINT FROM nodes
  UNION ALL SELECT 'warehouse_ms', (coalesce(sum(warehouse), 0) / 1000000)::BIGINT FROM nodes
  UNION ALL SELECT 'processing_ms', coalesce(sum(duration_ms), 0)::BIGINT FROM nodes
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
