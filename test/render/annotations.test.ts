import { describe, expect, it } from "vitest";
import { invocationOf as invocation, nodeResult as node } from "../support/model-values.js";
import { reportFor } from "../support/report.js";
import {
  buildAnnotations,
  findProjectPackage,
  toRepoPath,
  MAX_REPO_PATH_CHARS,
  renderCheckText,
  toWorkflowCommands,
  type CheckAnnotation,
} from "../../src/render/annotations.js";

const project = [
  node("model.shop.stg_orders"),
  node("model.shop.orders", {
    status: "error",
    outcome: "error",
    message: 'column "order_total" does not exist',
    location: { path: "models/marts/orders.sql" },
  }),
  node("test.shop.not_null_orders_id", {
    status: "fail",
    test: { outcome: "failed", failingRows: 3 },
    location: { path: "models/marts/schema.yml", line: 12, column: 9 },
  }),
  node("test.shop.unique_customers", {
    status: "warn",
    test: { outcome: "warned", failingRows: 1 },
    location: { path: "./models/marts/schema.yml", line: 20 },
  }),
  node("unit_test.shop.test_orders_math", {
    status: "fail",
    test: { outcome: "failed", failingRows: 1, diffTable: "| a |\n| 1 → 2 |" },
    message: "actual differs from expected",
    location: { path: "models/marts/orders.yml", line: 3 },
  }),
  node("source.shop.raw_orders", {
    status: "warn",
    freshness: { outcome: "warn", ageSeconds: 90_000 },
    message: "raw_orders is 25 h old (warn after 24 h)",
    location: { path: "models/sources.yml", line: 4 },
  }),
  node("model.shop.customers", {
    logs: [
      {
        severity: "WARN",
        text: "deprecated config 'dist'",
        location: { path: "models/customers.sql", line: 2, column: 5 },
      },
    ],
  }),
  // An installed package's test: never annotated on a guessed path.
  node("test.dbt_utils.expression_is_true_x", {
    status: "fail",
    test: { outcome: "failed", failingRows: 2 },
    location: { path: "models/schema.yml", line: 7 },
  }),
  node("model.audit_helper.compare", {
    status: "error",
    message: "macro blew up",
    location: { path: "dbt_packages/audit_helper/models/compare.sql" },
  }),
  node("model.shop.no_location", { status: "error", message: "boom\nsecond line", location: null }),
];

const runErrors = [
  {
    severity: "ERROR" as const,
    text: "Parse error in models/bad.sql",
    code: 1010,
    location: { path: "models/bad.sql", line: 8 },
  },
  { severity: "ERROR" as const, text: "profiles.yml not found" },
];

describe("buildAnnotations", () => {
  it("matches the golden annotations for a mixed run in a sub-directory project", async () => {
    const set = buildAnnotations([invocation(project, { runErrors })], {
      projectDir: "./analytics/",
      maxAnnotations: 50,
    });
    await expect(JSON.stringify(set, null, 2) + "\n").toMatchFileSnapshot(
      "__snapshots__/annotations.golden.json",
    );
  });

  it("says a source's freshness and age when the engine gave no message", async () => {
    const report = await reportFor(["test/fixtures/generated/freshness/telemetry.jsonl"]);
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    const byTitle = Object.fromEntries(set.annotations.map((a) => [a.title, a.message]));
    expect(byTitle["source payments freshness error"]).toBe("freshness error (age 3d00h).");
    expect(byTitle["source customers freshness warning"]).toBe("freshness warn (age 1d01h).");
  });

  it("ranks changed files first, then errors, failed tests, warnings; caps with a count", () => {
    const set = buildAnnotations([invocation(project, { runErrors })], {
      projectDir: ".",
      maxAnnotations: 4,
      changedFiles: new Set(["models/customers.sql"]),
    });
    expect(set.annotations.map((a) => [a.path, a.annotation_level])).toEqual([
      ["models/customers.sql", "warning"],
      ["models/marts/orders.sql", "failure"],
      ["models/bad.sql", "failure"],
      ["models/marts/schema.yml", "failure"],
    ]);
    expect(set.omitted).toBe(3); // 7 annotatable findings, 4 kept
  });

  it("of many errors, annotates first those that held back the most nodes downstream", () => {
    // A warehouse outage fails 60 models in run order before the root source whose error skipped 15,000.
    const outage = Array.from({ length: 60 }, (_, i) =>
      node(`model.shop.m_${i}`, {
        status: "error",
        message: "No active warehouse selected",
        location: { path: `models/m_${i}.sql` },
      }),
    );
    const root = node("model.shop.stg_raw_events", {
      status: "error",
      message: "Object 'RAW.EVENTS' does not exist",
      location: { path: "models/stg_raw_events.sql" },
    });
    const skipped = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ uniqueId: `model.shop.s_${i}`, via: "x", depth: 1 }));
    const inv = invocation([...outage, root], {
      skipChains: [
        { rootId: root.uniqueId, rootStatus: "error", skipped: skipped(15_000) },
        { rootId: "model.shop.m_3", rootStatus: "error", skipped: skipped(2) },
      ],
    });
    const set = buildAnnotations([inv], { projectDir: ".", maxAnnotations: 50 });
    // 61 do not fit: the outage, one error, is annotated on three of its models.
    expect(set.annotations.map((a) => a.path)).toEqual([
      "models/stg_raw_events.sql",
      "models/m_3.sql",
      "models/m_0.sql",
      "models/m_1.sql",
    ]);
    expect(set.annotations[3]!.message).toBe(
      "No active warehouse selected\n\nThe same error in 57 more nodes, not annotated: " +
        "m_2, m_4, m_5, m_6, m_7, m_8, m_9, m_10, m_11, m_12 and 47 more.",
    );
    expect(set.omitted).toBe(61 - 4);
  });

  it("returns installed-package nodes and location-less errors as run-level messages", () => {
    const set = buildAnnotations([invocation(project, { runErrors })], {
      projectDir: ".",
      maxAnnotations: 50,
    });
    expect(set.runLevel).toEqual([
      "test expression_is_true_x failed: 2 failing rows.",
      "model compare failed: macro blew up",
      "model no_location failed: boom",
      "dbt error: profiles.yml not found",
    ]);
    expect(set.annotations.some((a) => a.path.includes("dbt_packages"))).toBe(false);
  });

  it("shows characters that draw nothing in a title, so a look-alike node is told apart", () => {
    const twin = node("model.shop.orders\u200b", {
      status: "error",
      outcome: "error",
      message: "boom",
      location: { path: "models/orders_twin.sql" },
    });
    const set = buildAnnotations([invocation([twin])], { projectDir: ".", maxAnnotations: 50 });
    expect(set.annotations.map((a) => a.title)).toEqual(["model orders\\u200B failed"]);
  });

  it("uses 1-based columns only on single-line annotations, start_line 1 when the engine gave none", () => {
    const set = buildAnnotations([invocation(project)], { projectDir: ".", maxAnnotations: 50 });
    const byTitle = (t: string): CheckAnnotation => set.annotations.find((a) => a.title === t)!;
    expect(byTitle("test not_null_orders_id failed")).toMatchObject({
      start_line: 12,
      end_line: 12,
      start_column: 9,
      end_column: 9,
    });
    expect(byTitle("model orders failed")).toMatchObject({ start_line: 1, end_line: 1 });
    expect(byTitle("model orders failed")).not.toHaveProperty("start_column");
  });

  it("keeps lines and columns from the telemetry within what GitHub stores (32-bit)", () => {
    const far = node("model.shop.far", {
      status: "error",
      message: "boom",
      location: { path: "models/far.sql", line: 1e20, column: 2 ** 31 },
    });
    const [a] = buildAnnotations([invocation([far])], { projectDir: ".", maxAnnotations: 5 }).annotations;
    expect(a).toMatchObject({
      start_line: 2 ** 31 - 1,
      end_line: 2 ** 31 - 1,
      start_column: 2 ** 31 - 1,
      end_column: 2 ** 31 - 1,
    });
    expect(toWorkflowCommands([a!]).commands[0]!.properties).toMatchObject({ startLine: 2 ** 31 - 1 });
  });

  it("bounds title and message sizes", () => {
    const long = node("model.shop.x", {
      status: "error",
      message: "é".repeat(50_000),
      name: "x".repeat(400),
    });
    const [a] = buildAnnotations([invocation([long])], { projectDir: ".", maxAnnotations: 5 }).annotations;
    expect(a!.title!.length).toBeLessThanOrEqual(255);
    expect(Buffer.byteLength(a!.message, "utf8")).toBeLessThanOrEqual(64_000);
  });

  it("keeps the note on the same error's other nodes whole under the longest message", () => {
    const alike = Array.from({ length: 5 }, (_, i) =>
      // An ERROR line is annotated whole (a node's error message is cut to its first lines).
      node(`model.shop.m_${i}`, { logs: [{ severity: "ERROR", text: "é".repeat(50_000) }] }),
    );
    const set = buildAnnotations([invocation(alike)], { projectDir: ".", maxAnnotations: 4 });
    const last = set.annotations[2]!.message;
    expect(last).toMatch(/é…\n\nThe same error in 2 more nodes, not annotated: m_3, m_4\.$/);
    expect(Buffer.byteLength(last, "utf8")).toBeLessThanOrEqual(64_000);
  });

  it("annotates failed tests with one message each on its own, however many do not fit", () => {
    // dbt's message for a failed test says how many rows, not why: two tests that share it share no cause.
    const tests = Array.from({ length: 60 }, (_, i) =>
      node(`test.shop.t_${i}`, {
        status: "fail",
        test: { outcome: "failed", failingRows: 3 },
        message: "Got 3 results, configured to fail if != 0",
        location: { path: "models/schema.yml", line: i + 1 },
      }),
    );
    const set = buildAnnotations([invocation(tests)], { projectDir: ".", maxAnnotations: 50 });
    expect(set.annotations).toHaveLength(50);
    expect(set.annotations.some((a) => a.message.includes("The same error"))).toBe(false);
  });

  it("deduplicates the same finding from two invocations", () => {
    const failing = [project[1]!];
    const set = buildAnnotations([invocation(failing), invocation(failing)], {
      projectDir: ".",
      maxAnnotations: 5,
    });
    expect(set.annotations).toHaveLength(1);
  });
});

describe("findProjectPackage / toRepoPath", () => {
  it("picks the package of most nodes, ignoring packages dirs", () => {
    expect(findProjectPackage(project)).toBe("shop");
    expect(findProjectPackage([])).toBeNull();
  });

  it("normalises to a repo-relative POSIX path", () => {
    expect(toRepoPath(".", "./models/a.sql")).toBe("models/a.sql");
    expect(toRepoPath("./dbt/", "models\\a.sql")).toBe("dbt/models/a.sql");
    expect(toRepoPath(".", "../outside.sql")).toBeNull();
    expect(toRepoPath(".", "/abs/models/a.sql")).toBeNull();
    // Plain paths (the common case) and those next to them, which are normalised.
    expect(toRepoPath("", "models/a.sql")).toBe("models/a.sql");
    expect(toRepoPath("transform/dbt", "models/a.b-c_d.sql")).toBe("transform/dbt/models/a.b-c_d.sql");
    expect(toRepoPath("transform/", "models/a.sql")).toBe("transform/models/a.sql");
    expect(toRepoPath("transform", "models/../../beside.sql")).toBe("beside.sql");
    expect(toRepoPath("transform", "../../outside.sql")).toBeNull();
    expect(toRepoPath("transform", "../transform/models/a.sql")).toBe("transform/models/a.sql");
    expect(toRepoPath(".", "models//a.sql")).toBe("models/a.sql");
    expect(toRepoPath(".", "models/./a.sql")).toBe("models/a.sql");
    expect(toRepoPath(".", ".github/a.sql")).toBe(".github/a.sql");
    expect(toRepoPath(".", "models/")).toBe("models/");
    expect(toRepoPath(".", "C:models/a.sql")).toBeNull();
    expect(toRepoPath("..", "models/a.sql")).toBeNull();
  });

  it("names no file by a path longer than a checkout can hold (its finding is run-level instead)", () => {
    const longest = `models/${"a".repeat(MAX_REPO_PATH_CHARS - "models/".length)}`;
    expect(toRepoPath(".", longest)).toBe(longest);
    expect(toRepoPath(".", `${longest}b`)).toBeNull();
  });
});

describe("toWorkflowCommands", () => {
  const many = (level: CheckAnnotation["annotation_level"], n: number): CheckAnnotation[] =>
    Array.from({ length: n }, (_, i) => ({
      path: `models/${level}${i}.sql`,
      start_line: 3,
      end_line: 3,
      start_column: 2,
      end_column: 2,
      annotation_level: level,
      title: `${level} ${i}`,
      message: `msg ${i}`,
    }));

  it("maps to core.error/core.warning properties and respects 10 errors + 10 warnings per step", () => {
    const set = toWorkflowCommands([...many("failure", 12), ...many("warning", 11)], 5);
    expect(set.commands.filter((c) => c.level === "error")).toHaveLength(10);
    expect(set.commands.filter((c) => c.level === "warning")).toHaveLength(10);
    expect(set.commands[0]).toEqual({
      level: "error",
      message: "msg 0",
      properties: {
        file: "models/failure0.sql",
        startLine: 3,
        endLine: 3,
        startColumn: 2,
        endColumn: 2,
        title: "failure 0",
      },
    });
    expect(set.notShown).toBe(8);
    expect(set.summaryLine).toMatch(/^8 more findings are not annotated .*job summary/);
  });

  it("names the job summary for the rest only when the run writes one", () => {
    const annotations = [...many("failure", 12)];
    expect(toWorkflowCommands(annotations, 0, null).summaryLine).toBe(
      "2 more findings are not annotated (GitHub shows 10 errors and 10 warnings per step).",
    );
    const set = { annotations: [], omitted: 3, runLevel: [] };
    expect(renderCheckText(set, 50)).toBe(
      "3 more annotation(s) were not sent (max-annotations: 50); see the job summary.",
    );
    expect(renderCheckText(set, 50, null)).toBe("3 more annotation(s) were not sent (max-annotations: 50).");
  });

  it("has no summary line when everything fits", () => {
    expect(toWorkflowCommands(many("warning", 2)).summaryLine).toBeNull();
  });
});
