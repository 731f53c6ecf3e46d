// `dbt build || dbt retry`: the report's counts, conclusion and annotations follow each node's latest
// result; every invocation keeps its own results. Invocations that are not retries all count.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildScenarioRecords,
  SCENARIOS,
  writeJsonl,
  writeParquet,
} from "../../scripts/fixture-gen/index.js";
import { decideConclusion } from "../../src/model/conclusion.js";
import { countStatuses } from "../../src/model/counts.js";
import { isRetry, latestCounts, linkRetries, passedOnRetry } from "../../src/model/retries.js";
import type { Invocation, NodeResult, NodeStatus } from "../../src/model/types.js";
import { buildAnnotations } from "../../src/render/annotations.js";
import { invocationOf, nodeResult } from "../support/model-values.js";
import { reportFor, ROOT } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";

function node(uniqueId: string, status: NodeStatus, over: Partial<NodeResult> = {}): NodeResult {
  return nodeResult(uniqueId, {
    outcome: status === "error" ? "error" : status === "unknown" ? "unspecified" : "success",
    status,
    errorType: status === "error" ? "user" : null,
    message: status === "error" ? "boom" : null,
    ...over,
  });
}

function invocation(
  id: string,
  command: string | null,
  nodes: NodeResult[],
  over: Partial<Invocation> = {},
): Invocation {
  const counts = countStatuses(nodes);
  return invocationOf(nodes, {
    invocationId: id,
    traceId: id,
    command,
    rawCommand: command === null ? null : `dbt ${command}`,
    target: "ci",
    failed: counts.error + counts.fail > 0,
    counts,
    ...over,
  });
}

/** The conclusion the report builder reaches for these invocations, in this order. */
function verdictOf(invocations: Invocation[]) {
  const linked = linkRetries(invocations);
  return decideConclusion(linked, latestCounts(linked), "errors");
}

const failedBuild = invocation("build", "build", [
  node("model.shop.stg_orders", "success"),
  node("model.shop.orders", "error"),
  node("model.shop.customers", "skipped"),
]);

describe("isRetry", () => {
  it("reads the command, else the word after dbt in the command as typed", () => {
    const raw = (rawCommand: string) => isRetry(invocation("x", null, [], { rawCommand }));
    expect(isRetry(invocation("x", "retry", []))).toBe(true);
    expect(isRetry(invocation("x", "build", [], { rawCommand: "dbt retry" }))).toBe(false);
    expect(raw("dbt retry")).toBe(true);
    expect(raw("/usr/local/bin/dbtf retry --target ci")).toBe(true);
    expect(raw("dbt build --select retry")).toBe(false);
    expect(raw("retry --target ci")).toBe(false);
    // Global flags before the command.
    expect(raw("dbt --debug retry")).toBe(true);
    expect(raw("dbtf --log-level debug retry")).toBe(true);
    expect(raw("dbt --profiles-dir ./p retry")).toBe(true);
    expect(raw("/usr/bin/dbtf -q retry")).toBe(true);
    expect(raw("dbt --debug build --select retry")).toBe(false);
    expect(isRetry(invocation("x", "dbt --debug retry", [], { rawCommand: "dbt --debug retry" }))).toBe(true);
    // A dbt platform step without telemetry: its command line in both fields.
    expect(isRetry(invocation("x", "dbt retry", [], { rawCommand: "dbt retry" }))).toBe(true);
    expect(isRetry(invocation("x", "dbt build", [], { rawCommand: "dbt build" }))).toBe(false);
    expect(isRetry(invocation("x", null, [], { rawCommand: null }))).toBe(false);
  });
});

describe("linkRetries", () => {
  it("links a retry to the invocation before it and supersedes the results it ran again", () => {
    const retry = invocation("retry", "retry", [
      node("model.shop.orders", "success"),
      node("model.shop.customers", "success"),
    ]);
    const [build, linkedRetry] = linkRetries([failedBuild, retry]);
    expect(linkedRetry!.retryOf).toBe("build");
    expect(build!.nodes.map((n) => n.supersededBy)).toEqual([undefined, "retry", "retry"]);
    // History is kept: the build's own results and counts are as they were.
    expect(build!.nodes.map((n) => n.status)).toEqual(["success", "error", "skipped"]);
    expect(build!.counts).toEqual(failedBuild.counts);
    expect(latestCounts([build!, linkedRetry!])).toMatchObject({
      total: 3,
      success: 3,
      error: 0,
      skipped: 0,
    });
    expect(passedOnRetry([build!, linkedRetry!])).toEqual([
      {
        uniqueId: "model.shop.orders",
        name: "orders",
        resourceType: "model",
        failedStatus: "error",
        status: "success",
        passedIn: "retry",
      },
    ]);
  });

  it("leaves invocations that are not retries alone: two builds both count", () => {
    const green = invocation("build-2", "build", [node("model.shop.orders", "success")]);
    const linked = linkRetries([failedBuild, green]);
    expect(linked).toEqual([failedBuild, green]);
    expect(verdictOf([failedBuild, green])).toEqual({ conclusion: "failure", reason: "1 node error" });
  });

  it("follows a chain of retries to each node's latest result", () => {
    const first = invocation("retry-1", "retry", [
      node("model.shop.orders", "error"),
      node("model.shop.customers", "skipped"),
    ]);
    const second = invocation("retry-2", "retry", [
      node("model.shop.orders", "success"),
      node("model.shop.customers", "success"),
    ]);
    const linked = linkRetries([failedBuild, first, second]);
    expect(linked.map((inv) => inv.retryOf)).toEqual([undefined, "build", "retry-1"]);
    expect(linked[0]!.nodes.map((n) => n.supersededBy)).toEqual([undefined, "retry-1", "retry-1"]);
    expect(linked[1]!.nodes.map((n) => n.supersededBy)).toEqual(["retry-2", "retry-2"]);
    // Once per node, with its last failure.
    expect(passedOnRetry(linked).map((n) => [n.uniqueId, n.failedStatus, n.passedIn])).toEqual([
      ["model.shop.orders", "error", "retry-2"],
    ]);
    expect(verdictOf([failedBuild, first, second])).toEqual({
      conclusion: "success",
      reason: "all nodes succeeded (1 node failed, then passed on dbt retry)",
    });
  });
});

describe("the conclusion after dbt retry", () => {
  it("a node that failed, then passed on retry is a pass, and the reason says so", () => {
    const retry = invocation("retry", "retry", [
      node("model.shop.orders", "success"),
      node("model.shop.customers", "success"),
    ]);
    expect(verdictOf([failedBuild, retry])).toEqual({
      conclusion: "success",
      reason: "all nodes succeeded (1 node failed, then passed on dbt retry)",
    });
  });

  it("a node that failed again on retry is one failure, not two", () => {
    const retry = invocation("retry", "retry", [
      node("model.shop.orders", "error"),
      node("model.shop.customers", "skipped"),
    ]);
    expect(verdictOf([failedBuild, retry])).toEqual({ conclusion: "failure", reason: "1 node error" });
  });

  it("a build that failed with no node to blame is finished by a retry that ran its nodes green", () => {
    const compileError = invocation("build", "build", [], {
      failed: true,
      runErrors: [{ severity: "ERROR", text: "Compilation Error" }],
    });
    const retry = invocation("retry", "retry", [node("model.shop.orders", "success")]);
    expect(verdictOf([compileError, retry])).toEqual({
      conclusion: "success",
      reason: "all nodes succeeded (dbt retry finished 1 invocation that failed without a node error)",
    });
    // A retry that ran nothing shows nothing was finished.
    const empty = invocation("retry", "retry", []);
    expect(verdictOf([compileError, empty])).toEqual({
      conclusion: "failure",
      reason: "an invocation failed without a node error",
    });
  });

  it("a crashed build finished by a retry passes; what the retry did not run again is not known to pass", () => {
    const crashed = invocation(
      "build",
      "build",
      [node("model.shop.stg_orders", "success"), node("model.shop.orders", "unknown")],
      { state: "incomplete", failed: true },
    );
    const reran = invocation("retry", "retry", [node("model.shop.orders", "success")]);
    expect(verdictOf([crashed, reran])).toEqual({
      conclusion: "success",
      reason: "all nodes succeeded (dbt retry finished 1 invocation that did not finish)",
    });
    const other = invocation("retry", "retry", [node("model.shop.customers", "success")]);
    expect(verdictOf([crashed, other])).toEqual({
      conclusion: "neutral",
      reason: "1 node with an unknown outcome",
    });
    // A retry that failed leaves the crash a failure.
    const failing = invocation("retry", "retry", [node("model.shop.orders", "error")]);
    expect(verdictOf([crashed, failing]).reason).toBe("1 node error, an invocation did not finish");
  });

  it("a crashed retry is a failure, and a node it never finished keeps its earlier result", () => {
    const crashedRetry = invocation(
      "retry",
      "retry",
      [node("model.shop.orders", "unknown"), node("model.shop.customers", "success")],
      { state: "incomplete", failed: true },
    );
    const linked = linkRetries([failedBuild, crashedRetry]);
    expect(linked[0]!.nodes.map((n) => n.supersededBy)).toEqual([undefined, undefined, "retry"]);
    expect(verdictOf([failedBuild, crashedRetry])).toEqual({
      conclusion: "failure",
      reason: "1 node error, an invocation did not finish",
    });
    const greenRetry = invocation("retry-2", "retry", [node("model.shop.orders", "success")]);
    expect(verdictOf([failedBuild, crashedRetry, greenRetry]).conclusion).toBe("failure");
  });

  it("counts a node a crashed retry never finished once, by its earlier result", () => {
    const crashedRetry = invocation(
      "retry",
      "retry",
      [node("model.shop.orders", "unknown"), node("model.shop.customers", "success")],
      { state: "incomplete", failed: true },
    );
    const counts = latestCounts(linkRetries([failedBuild, crashedRetry]));
    // orders: the build's error (the retry never finished it); customers: the retry's success.
    expect(counts.total).toBe(failedBuild.nodes.length);
    expect(counts).toMatchObject({ error: 1, unknown: 0 });
    // A node only the crashed retry began is counted, as not known.
    const began = invocation(
      "retry",
      "retry",
      [node("model.shop.orders", "unknown"), node("model.shop.new_one", "unknown")],
      { state: "incomplete", failed: true },
    );
    expect(latestCounts(linkRetries([failedBuild, began]))).toMatchObject({
      total: failedBuild.nodes.length + 1,
      unknown: 1,
    });
  });

  it("annotates each node's latest result only", () => {
    const retry = invocation("retry", "retry", [
      node("model.shop.orders", "success"),
      node("model.shop.customers", "success"),
    ]);
    const annotations = buildAnnotations(linkRetries([failedBuild, retry]), {
      projectDir: ".",
      maxAnnotations: 50,
    });
    expect(annotations.annotations).toEqual([]);
    const again = invocation("retry", "retry", [node("model.shop.orders", "error", { message: "again" })]);
    const failures = buildAnnotations(linkRetries([failedBuild, again]), {
      projectDir: ".",
      maxAnnotations: 50,
    });
    expect(failures.annotations.map((a) => a.message)).toEqual([expect.stringContaining("again")]);
  });
});

describe("the retry scenario read from Parquet and JSONL", () => {
  it("two Parquet files (one per invocation) give the report the appended JSONL gives", async () => {
    const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === "retry")!);
    const traces = [...new Set(records.map((record) => record.trace_id))];
    expect(traces).toHaveLength(2);
    const dir = path.relative(ROOT, makeTempDir("fusion-report-retry-"));
    traces.forEach((trace, i) =>
      writeFileSync(
        path.join(ROOT, dir, `${i}.parquet`),
        writeParquet(records.filter((record) => record.trace_id === trace)),
      ),
    );
    writeFileSync(path.join(ROOT, dir, "telemetry.jsonl"), writeJsonl(records));
    const fromParquet = await reportFor([`${dir}/0.parquet`, `${dir}/1.parquet`]);
    const fromJsonl = await reportFor([`${dir}/telemetry.jsonl`]);
    for (const report of [fromParquet, fromJsonl]) {
      expect(report.invocations[1]!.retryOf).toBe(report.invocations[0]!.invocationId);
      expect(report.counts).toMatchObject({ total: 5, error: 0, fail: 1 });
      expect(report.passedOnRetry?.map((n) => n.uniqueId)).toEqual(["model.shop.orders"]);
      expect(report.conclusion).toBe("failure");
    }
    const withoutSource = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value, (key, v: unknown) =>
          key === "source" || key === "readerWarnings" ? undefined : v,
        ),
      );
    expect(withoutSource(fromParquet)).toEqual(withoutSource(fromJsonl));
  });

  it("a retry whose start is not known stays after the build it was appended to, and retries it", async () => {
    const records = buildScenarioRecords(SCENARIOS.find((spec) => spec.name === "retry")!);
    const retryTrace = records.at(-1)!.trace_id;
    const isRetrySpan = (record: (typeof records)[number]) =>
      record.trace_id === retryTrace && record.event_type.endsWith("invocation.Invocation");
    const dir = path.relative(ROOT, makeTempDir("fusion-report-retry-"));
    // Its invocation span's start lost (no SpanStart, none on the SpanEnd), or never set (0: 1970).
    const lost = records
      .filter((record) => !(isRetrySpan(record) && record.record_type === "SpanStart"))
      .map((record) => (isRetrySpan(record) ? { ...record, start_time_unix_nano: undefined } : record));
    const unset = records.map((record) =>
      isRetrySpan(record) ? { ...record, start_time_unix_nano: "0" } : record,
    );
    writeFileSync(path.join(ROOT, dir, "lost.jsonl"), writeJsonl(lost));
    writeFileSync(path.join(ROOT, dir, "unset.jsonl"), writeJsonl(unset));
    for (const file of ["lost.jsonl", "unset.jsonl"]) {
      const report = await reportFor([`${dir}/${file}`]);
      expect(report.invocations.map((inv) => inv.command)).toEqual(["build", "retry"]);
      expect(report.invocations[1]!.retryOf).toBe(report.invocations[0]!.invocationId);
      expect(report.counts).toMatchObject({ total: 5, error: 0, fail: 1 });
      expect(report.passedOnRetry?.map((n) => n.uniqueId)).toEqual(["model.shop.orders"]);
    }
  });
});
