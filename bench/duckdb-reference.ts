// The reference for `npm run bench`: DuckDB computes the same report numbers from the same file as
// the CLI does — per node (NodeProcessed SpanEnd, `in_selection`): the status including test and
// freshness outcomes from `json_payload`, failing rows, the upstream node of a skip, processing time
// and lifetime; warehouse time per node (QueryExecuted spans joined to their NodeEvaluated parent);
// the first ERROR log per node; then counts by status. Run as its own process; prints JSON with the
// counts, the wall time and the peak RSS seen by the process.
//
// The same query reads JSONL too (DuckDB's newline-delimited JSON reader, `attributes` as JSON):
// only the first step, which picks the relevant records' fields, differs between the formats.
//   npx tsx bench/duckdb-reference.ts FILE.parquet|FILE.jsonl
import { DuckDBInstance } from "@duckdb/node-api";

const started = performance.now();
const file = process.argv[2];
if (!file || !/\.(parquet|jsonl)$/.test(file))
  throw new Error("usage: duckdb-reference.ts FILE.parquet|FILE.jsonl");
const quoted = `'${file.replace(/'/g, "''")}'`;
const relevantFilter = `
    WHERE (record_type = 'SpanEnd' AND (event_type LIKE '%.NodeProcessed' OR event_type LIKE '%.NodeEvaluated'
                                        OR event_type LIKE '%.QueryExecuted'))
       OR (record_type = 'LogRecord' AND event_type LIKE '%.LogMessage' AND severity_text = 'ERROR')`;
// Parquet: typed columns, details in the json_payload text. JSONL: strings, details as JSON objects.
// Either way the step gives the same columns (the details as JSON), so the rest of the query is one.
const relevant = file.endsWith(".parquet")
  ? `SELECT record_type, event_type, span_id, parent_span_id, epoch_ns(start_time_unix_nano) AS s, epoch_ns(end_time_unix_nano) AS e,
           body, attributes.unique_id AS uid, attributes.node_outcome AS outcome,
           attributes.node_skip_reason AS skip_reason, attributes.duration_ms AS duration_ms,
           json_extract(attributes.json_payload, '$.node_outcome_detail.NodeTestDetail') AS test_detail,
           json_extract(attributes.json_payload, '$.node_outcome_detail.NodeFreshnessOutcome') AS freshness_detail,
           json_extract(attributes.json_payload, '$.node_outcome_detail.NodeSkipUpstreamDetail') AS upstream_detail,
           json_extract(attributes.json_payload, '$.in_selection') AS in_selection,
           attributes.query_outcome AS query_outcome
    FROM read_parquet(${quoted}) ${relevantFilter}`
  : `SELECT record_type, event_type, span_id, parent_span_id, start_time_unix_nano::HUGEINT AS s, end_time_unix_nano::HUGEINT AS e,
           body, attributes->>'unique_id' AS uid, attributes->>'node_outcome' AS outcome,
           attributes->>'node_skip_reason' AS skip_reason, (attributes->>'duration_ms')::BIGINT AS duration_ms,
           attributes->'node_test_detail' AS test_detail, attributes->'node_freshness_outcome' AS freshness_detail,
           attributes->'node_skip_upstream_detail' AS upstream_detail, attributes->'in_selection' AS in_selection,
           attributes->>'query_outcome' AS query_outcome
    FROM read_json(${quoted}, format = 'newline_delimited', maximum_object_size = 268435456, columns = {
      record_type: 'VARCHAR', event_type: 'VARCHAR', span_id: 'VARCHAR', parent_span_id: 'VARCHAR',
      start_time_unix_nano: 'VARCHAR', end_time_unix_nano: 'VARCHAR', severity_text: 'VARCHAR',
      body: 'VARCHAR', attributes: 'JSON'}) ${relevantFilter}`;

const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
const sql = `
  WITH relevant AS (
    ${relevant}
  ),
  processed AS (
    SELECT uid, outcome, skip_reason, duration_ms, (e - s) AS lifetime,
           test_detail->>'test_outcome' AS test_outcome,
           test_detail IS NOT NULL AS is_test,
           coalesce((test_detail->>'failing_rows')::INTEGER, 0) AS failing_rows,
           freshness_detail->>'node_freshness_outcome' AS freshness,
           freshness_detail IS NOT NULL AS is_freshness,
           upstream_detail->>'upstream_unique_id' AS upstream,
           coalesce(in_selection::BOOLEAN, false) AS in_selection
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
        WHEN p.outcome = 'NODE_OUTCOME_SUCCESS' AND p.is_freshness THEN 'pass'
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
