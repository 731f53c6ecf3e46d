// Hostile and unusual telemetry files through the built CLI (dist/cli.js, a child process), as a
// user or an attacker would hand them over: long lines, crafted Parquet footers and pages, malformed
// test outcomes, BOMs, gzip, dbt's own artifacts, binary bytes. And gzip through the Action's
// artifact source (dist/index.js with the artifact stand-in).
import { execFile } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PARQUET_HINTS,
  buildScenarioRecords,
  writeJsonl,
  writeParquet,
  type FusionRecord,
  type ScenarioSpec,
} from "../../scripts/fixture-gen/index.js";
import { buildZip, startArtifactServer } from "../support/artifact-server.js";
import { craftParquet, thriftRun, withFooter, withFooterLength } from "../support/parquet-craft.js";
import { DIST_CLI, REPO_ROOT, ensureBuilt, runAction, startGateway, startServer } from "../e2e/helpers.js";

const MIB = 1024 * 1024;
const TESTS = path.join(REPO_ROOT, "test/fixtures/generated/tests");
const FAILED_TEST = "test.shop.assert_positive_order_total.e5f6a7b8c9";
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), "fusion-readers-"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  report?: {
    counts: Record<string, number>;
    invocations: { readerWarnings: string[]; nodes: { uniqueId: string; status: string }[] }[];
  };
}

function cli(args: string[], withJson = true): Promise<CliRun> {
  const json = path.join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DIST_CLI, "--quiet", "--fail-on", "never", ...(withJson ? ["--json", json] : []), ...args],
      { cwd: dir, timeout: 60_000, maxBuffer: 16 * MIB },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        let report;
        try {
          report = JSON.parse(readFileSync(json, "utf8"));
          rmSync(json);
        } catch {
          report = undefined;
        }
        resolve({ code, stdout, stderr, report });
      },
    );
  });
}

function file(name: string, content: string | Uint8Array): string {
  const full = path.join(dir, name);
  writeFileSync(full, content);
  return full;
}

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u202e]/;

describe("JSONL: long lines (dist/cli.js)", () => {
  it("reads a 16 MB line", async () => {
    const lines = readFileSync(path.join(TESTS, "telemetry.jsonl"), "utf8").trimEnd().split("\n");
    const log = JSON.parse(lines.find((line) => line.includes('"severity_text":"ERROR"'))!);
    log.body = `Database Error: ${"x".repeat(16 * 1000 * 1000)}`;
    const run = await cli([file("long.jsonl", `${[...lines, JSON.stringify(log)].join("\n")}\n`)]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.report!.counts.total).toBe(11);
  });

  it("stops a line over 64 MiB at once, naming the file and line", async () => {
    const big = path.join(dir, "huge.jsonl");
    // 1 GiB of NUL bytes after one good line: a sparse file, nothing is written to disk.
    const head = `${readFileSync(path.join(TESTS, "telemetry.jsonl"), "utf8").split("\n")[0]}\n`;
    writeFileSync(big, head);
    truncateSync(big, 1024 * MIB);
    const run = await cli(["huge.jsonl"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/huge\.jsonl:2: line longer than 64 MiB/);
    rmSync(big);
  });
});

describe("JSONL: what people pass (dist/cli.js)", () => {
  it("skips a UTF-8 BOM and reads .jsonl.gz by its magic bytes, named or found in a directory", async () => {
    const plain = readFileSync(path.join(TESTS, "telemetry.jsonl"));
    const expected = await cli([path.join(TESTS, "telemetry.jsonl")]);
    const bom = await cli([file("bom.jsonl", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]))]);
    expect(bom.report!.counts).toEqual(expected.report!.counts);
    const gz = await cli([file("otel.jsonl.gz", gzipSync(plain))]);
    expect(gz.code).toBe(0);
    expect(gz.report!.counts).toEqual(expected.report!.counts);
    // Named anything: the bytes decide.
    const renamed = await cli([file("telemetry.log", gzipSync(plain))]);
    expect(renamed.report!.counts).toEqual(expected.report!.counts);
    const folder = mkdtempSync(path.join(dir, "logs-"));
    writeFileSync(path.join(folder, "otel.jsonl.gz"), gzipSync(plain));
    const found = await cli([folder]);
    expect(found.report!.counts).toEqual(expected.report!.counts);
  });

  it("says what dbt's run_results.json and manifest.json are, and what to pass instead", async () => {
    const runResults = {
      metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json" },
      results: [],
      elapsed_time: 1,
    };
    for (const [name, text] of [
      ["run_results.json", JSON.stringify(runResults, null, 2)],
      ["one-line.json", JSON.stringify(runResults)],
    ]) {
      const run = await cli([file(name!, text!)], false);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `${name!.replace(".", "\\.")}:1: this is dbt's run_results\\.json \\(schema run-results v6\\), not telemetry: pass the Fusion telemetry instead`,
        ),
      );
      expect(run.stderr).not.toMatch(/Expected property name/);
    }
    const manifest = await cli(
      [
        file(
          "manifest.json",
          JSON.stringify(
            { metadata: { dbt_schema_version: "https://schemas.getdbt.com/dbt/manifest/v12.json" } },
            null,
            2,
          ),
        ),
      ],
      false,
    );
    expect(manifest.stderr).toMatch(/manifest\.json:1: this is dbt's manifest\.json/);
  });

  it("never echoes raw binary or control bytes", async () => {
    const binary = await cli(
      [
        file(
          "bin.jsonl",
          Buffer.from([0x1b, 0x5d, 0x30, 0x3b, 0x70, 0x07, 0x1b, 0x5b, 0x32, 0x4a, 0, 1, 2, 3, 0xff]),
        ),
      ],
      false,
    );
    expect(binary.code).toBe(2);
    expect(binary.stderr).toMatch(
      /bin\.jsonl:1: this is binary data, not JSON Lines \(it starts with "\\x1b\]0;p\\x07\\x1b\[2J/,
    );
    expect(binary.stderr).not.toMatch(RAW_CONTROL);
    const good = readFileSync(path.join(TESTS, "telemetry.jsonl"), "utf8").split("\n");
    const bad = await cli(
      [
        file(
          "bad.jsonl",
          [good[0], '{"x": "\u001b]0;owned\u0007\u001b[2J\u202e" oops', ...good.slice(1)].join("\n"),
        ),
      ],
      false,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.jsonl:2: invalid JSON \(/);
    expect(bad.stderr).not.toMatch(RAW_CONTROL);
  });
});

describe("malformed test outcomes are unknown, never a pass (dist/cli.js)", () => {
  const spec = JSON.parse(readFileSync(path.join(TESTS, "scenario.json"), "utf8")) as ScenarioSpec;
  /** The failed test's NodeProcessed span end: its JSONL detail and its Parquet payload replaced. */
  function withDetail(detail: unknown, payload: string): FusionRecord[] {
    return buildScenarioRecords(spec).map((record) => {
      if (
        record.record_type !== "SpanEnd" ||
        !record.event_type.endsWith(".NodeProcessed") ||
        record.attributes.unique_id !== FAILED_TEST
      )
        return record;
      return {
        ...record,
        attributes: { ...record.attributes, node_test_detail: detail },
        [PARQUET_HINTS]: { ...record[PARQUET_HINTS], payload },
      };
    });
  }

  it.each([
    [
      "[1]",
      [1],
      '{"in_selection":true,"node_outcome_detail":{"NodeTestDetail":[1]}}',
      "node_test_detail is [1], not an object",
    ],
    [
      "test_outcome 7",
      { test_outcome: 7 },
      '{"in_selection":true,"node_outcome_detail":{"NodeTestDetail":{"test_outcome":7}}}',
      "node_test_detail.test_outcome is 7",
    ],
    [
      "a string",
      "TEST_OUTCOME_FAILED",
      '{"in_selection":true,"node_outcome_detail":{"NodeTestDetail":"TEST_OUTCOME_FAILED"}}',
      'node_test_detail is "TEST_OUTCOME_FAILED", not an object',
    ],
  ])("%s", async (_label, detail, payload, problem) => {
    const baseline = await cli([path.join(TESTS, "telemetry.jsonl")]);
    const records = withDetail(detail, payload);
    for (const [name, content, where] of [
      ["malformed.jsonl", writeJsonl(records), /malformed\.jsonl:\d+: /],
      ["malformed.parquet", writeParquet(records), /malformed\.parquet \(row \d+\): /],
    ] as const) {
      const run = await cli([file(name, content)]);
      expect(run.code, run.stderr).toBe(0);
      const { counts, invocations } = run.report!;
      expect(counts.fail).toBe(baseline.report!.counts.fail! - 1);
      expect(counts.pass).toBe(baseline.report!.counts.pass);
      expect(counts.unknown).toBe(1);
      expect(invocations[0]!.nodes.find((node) => node.uniqueId === FAILED_TEST)!.status).toBe("unknown");
      const warning = invocations[0]!.readerWarnings.find((w) => w.includes(problem));
      expect(warning, invocations[0]!.readerWarnings.join("\n")).toMatch(where);
      expect(warning).toContain(`${FAILED_TEST} is shown as unknown`);
      expect(run.stderr).toContain(problem);
    }
  });
});

describe("JSONL: a node span end that names no node (dist/cli.js)", () => {
  it("is warned about with its line, instead of its node silently reading as a run that stopped", async () => {
    const lines = readFileSync(path.join(TESTS, "telemetry.jsonl"), "utf8").split("\n");
    const at = lines.findIndex((line) => line.includes("NodeProcessed") && line.includes('"SpanEnd"'));
    const record = JSON.parse(lines[at]!) as { attributes: Record<string, unknown> };
    const uniqueId = record.attributes.unique_id as string;
    record.attributes.unique_id = 12345;
    lines[at] = JSON.stringify(record);
    const run = await cli([file("unnamed.jsonl", lines.join("\n"))]);
    expect(run.code, run.stderr).toBe(0);
    const problem =
      `unnamed.jsonl:${at + 1}: a NodeProcessed span end has attributes.unique_id 12345, so it names no node; ` +
      "the record was ignored";
    expect(run.report!.invocations[0]!.readerWarnings).toContain(problem);
    expect(run.stderr).toContain(problem);
    // Its node is still told apart as not finished: the warning says why.
    expect(run.report!.invocations[0]!.nodes.find((node) => node.uniqueId === uniqueId)?.status).toBe(
      "unknown",
    );
  });
});

describe("Parquet: crafted footers and pages fail fast with a message (dist/cli.js)", () => {
  it("reads the crafted baseline file", async () => {
    const run = await cli([file("crafted.parquet", craftParquet())]);
    expect(run.code, run.stderr).toBe(0);
    // Four NodeProcessed span ends read (none in_selection, so none reported; no invocation span).
    expect(run.report!.invocations).toHaveLength(1);
    expect(run.stderr).not.toMatch(/corrupt|not dbt Fusion telemetry/);
  });

  const good = craftParquet();
  it.each([
    [
      "a footer claiming 2 GiB",
      withFooterLength(good, 2 ** 31),
      /claims 2147483648 bytes but the file has only \d+ before it/,
    ],
    [
      "a footer longer than the file",
      withFooterLength(good, good.length),
      /claims \d+ bytes but the file has only/,
    ],
    [
      "a zero footer length",
      withFooterLength(good, 0),
      /claims a length of 0 bytes, too small for file metadata/,
    ],
    ["a tiny footer length", withFooterLength(good, 3), /claims a length of 3 bytes, too small/],
    ["a footer that is not metadata", withFooterLength(good, 40), /corrupt Parquet footer: /],
    ["a footer of a million one-byte values", withFooter(footerBomb()), /holds more than 1,000,000 values/],
    [
      "a file claiming 10^12 rows",
      craftParquet({ numRows: 10n ** 12n }),
      /claims 1000000000000 rows in a file of \d+ bytes/,
    ],
    [
      "a row group claiming 10^12 rows",
      craftParquet({ groupRows: 10n ** 12n }),
      /row group 1 claims 1000000000000 rows/,
    ],
    [
      "a column chunk outside the file",
      craftParquet({ chunkOffsetShift: 100_000 }),
      /column record_type of row group 1 claims bytes/,
    ],
    [
      "a page claiming 1 GiB uncompressed",
      craftParquet({ pageHeader: (column) => (column === "trace_id" ? { uncompressed: 2 ** 30 } : {}) }),
      /corrupt Parquet data: page claims uncompressed size of 1073741824 bytes, over the 128 MiB limit/,
    ],
    [
      "a page claiming 2^30 rows",
      craftParquet({ pageHeader: (column) => (column === "record_type" ? { numValues: 2 ** 30 } : {}) }),
      /data page claims 1073741824 rows where its row group has 4 left/,
    ],
    [
      "a dictionary claiming 2^28 entries",
      craftParquet({ dictionaryValues: 2 ** 28 }),
      /dictionary page claims 268435456 values in \d+ bytes/,
    ],
    [
      // Its indices would mean other values from there on, where the filter decided by the first's.
      "a second dictionary page in a column chunk",
      craftParquet({ secondDictionary: true }),
      /\(row 3\): corrupt Parquet data: column event_type has a dictionary page after its first page/,
    ],
    [
      "a run of 2^31 levels (page v2, hyparquet's general decoder)",
      craftParquet({ uniqueIdPageV2: true, uniqueIdLevels: Uint8Array.from(thriftRun(2 ** 31, 1, 1)) }),
      /RLE run of 2147483648 values exceeds the 4 left in its page/,
    ],
  ])("%s", async (_label, bytes, message) => {
    const run = await cli([file("hostile.parquet", bytes)], false);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/hostile\.parquet( \(row \d+\))?: corrupt Parquet (footer|data): /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/Cannot read properties|is not a function|TypeError/);
  });

  it("rejects a footer over the 16 MiB cap before reading it", async () => {
    // A sparse 40 MiB file whose footer claims 17 MiB.
    const name = path.join(dir, "cap.parquet");
    writeFileSync(name, "PAR1");
    truncateSync(name, 40 * MIB);
    const tail = Buffer.alloc(8);
    tail.writeUInt32LE(17 * MIB, 0);
    tail.write("PAR1", 4);
    const fd = openSync(name, "r+");
    writeSync(fd, tail, 0, 8, 40 * MIB - 8);
    closeSync(fd);
    const run = await cli(["cap.parquet"], false);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /cap\.parquet: corrupt Parquet footer: it claims 17825792 bytes, over the 16 MiB limit/,
    );
    rmSync(name);
  });

  it("says a Parquet file cut off just after it began is truncated, and one without PAR1 is not Parquet", async () => {
    // A run killed at its start leaves the magic bytes and nothing more: not "not a Parquet file".
    const cut = await cli([file("cut.parquet", good.subarray(0, 4))], false);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toMatch(/cut\.parquet: truncated Parquet file: the footer is missing/);
    const other = await cli([file("other.parquet", new TextEncoder().encode("PAR2 and more bytes"))], false);
    expect(other.stderr).toMatch(/other\.parquet: not a Parquet file \(missing PAR1 magic bytes\)/);
  });

  it("says a gzip-compressed Parquet file must be decompressed first", async () => {
    const run = await cli([file("t.parquet", gzipSync(good))], false);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/t\.parquet: this is gzip-compressed: decompress it first/);
    const renamed = await cli([file("t.jsonl.gz", gzipSync(good))], false);
    expect(renamed.stderr).toMatch(/t\.jsonl\.gz:1: this is gzip-compressed Parquet: decompress it first/);
  });
});

/** FileMetaData whose schema list holds 1.2 million empty structs (one byte each). */
function footerBomb(): Uint8Array {
  const n = 1_200_000;
  const head = [0x29, 0xfc]; // field 2, list of structs, size in a varint
  for (let v = n; ; v = Math.floor(v / 128)) {
    if (v < 0x80) {
      head.push(v);
      break;
    }
    head.push((v & 0x7f) | 0x80);
  }
  const bytes = new Uint8Array(head.length + n + 1);
  bytes.set(head);
  return bytes; // the structs' STOP bytes and the final STOP are zeros
}

describe("gzip through the Action's artifact source (dist/index.js)", () => {
  it("reads logs/otel.jsonl.gz from a workflow artifact", async () => {
    const server = await startServer();
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      artifacts.add({
        name: "dbt-telemetry",
        runId: 4242,
        zip: buildZip([
          { name: "logs/otel.jsonl.gz", data: gzipSync(readFileSync(path.join(TESTS, "telemetry.jsonl"))) },
        ]),
      });
      const run = await runAction(server, {
        apiUrl: gateway.url,
        inputs: { "artifact-name": "dbt-telemetry", "artifact-run-id": "4242", "fail-on": "never" },
      });
      try {
        expect(run.stdout).toMatch(
          /Found 1 telemetry file\(s\) in artifact 'dbt-telemetry'.*logs\/otel\.jsonl\.gz/,
        );
        expect(run.outputs["failed-tests"]).toBe("3");
        expect(run.code).toBe(0);
      } finally {
        rmSync(run.workspace, { recursive: true, force: true });
      }
    } finally {
      await gateway.close();
      await artifacts.close();
      await server.close();
    }
  });
});
