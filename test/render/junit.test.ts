import { emptyCounts } from "../../src/model/counts.js";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model/types.js";
import { renderJunit, xmlSafe } from "../../src/render/junit.js";
import { showControls } from "../../src/text/controls.js";
import { crashedRetryReport } from "../support/retry-report.js";
import { reportFor } from "../support/report.js";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  htmlEntities: true,
  isArray: (name) => ["testsuite", "testcase", "property"].includes(name),
});

type Case = {
  classname: string;
  name: string;
  time: string;
  failure?: unknown;
  error?: unknown;
  skipped?: unknown;
};
type Suite = { tests: string; failures: string; errors: string; skipped: string; testcase: Case[] };

function parse(xml: string): { testsuites: Suite & { testsuite: Suite[] } } {
  const valid = XMLValidator.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(xml);
}

/** Every count attribute agrees with the report's own counts and with the test cases present. */
function expectCountsMatch(xml: string, report: Report, extraErrors = 0): void {
  const doc = parse(xml).testsuites;
  const c = report.counts;
  const skipped = c.skipped + c.reused + c.noOp + c.phaseDisabled + c.phaseSkipped + c.canceled + c.unknown;
  expect(Number(doc.tests)).toBe(c.total + extraErrors);
  expect(Number(doc.failures)).toBe(c.fail);
  expect(Number(doc.errors)).toBe(c.error + extraErrors);
  expect(Number(doc.skipped)).toBe(skipped);
  expect(doc.testsuite).toHaveLength(report.invocations.length);
  for (const suite of doc.testsuite) {
    const cases = suite.testcase ?? [];
    expect(Number(suite.tests)).toBe(cases.length);
    expect(Number(suite.failures)).toBe(cases.filter((t) => t.failure !== undefined).length);
    expect(Number(suite.errors)).toBe(cases.filter((t) => t.error !== undefined).length);
    expect(Number(suite.skipped)).toBe(cases.filter((t) => t.skipped !== undefined).length);
  }
}

describe("renderJunit", () => {
  it("a real build with an error, a failed test and upstream skips (golden)", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const xml = renderJunit(report);
    await expect(xml).toMatchFileSnapshot("__snapshots__/junit-preview120.xml");
    expectCountsMatch(xml, report);
    const cases = parse(xml).testsuites.testsuite[0]!.testcase;
    const unit = cases.find((t) => t.name === "test_does_location_opened_at_trunc_to_date")!;
    expect(unit.classname).toBe("jaffle_shop.unit_test");
    expect(unit.error).toBeDefined();
    const skipped = cases.find((t) => t.name === "stg_locations")!;
    expect((skipped.skipped as { message: string }).message).toMatch(
      /^skipped because unit_test\.jaffle_shop\./,
    );
  });

  it("a run failed only by its canceled nodes has no red invocation case (the check is neutral)", async () => {
    const report = await reportFor(["test/fixtures/generated/states/telemetry.jsonl"]);
    expect(report.counts.canceled).toBeGreaterThan(0);
    expect(report.conclusion).toBe("neutral");
    const xml = renderJunit(report);
    expectCountsMatch(xml, report);
    expect(Number(parse(xml).testsuites.errors)).toBe(0);
  });

  it("a run that did not finish is a red invocation case also when its nodes failed", async () => {
    const report = await reportFor(["test/fixtures/generated/crashed-run/telemetry.jsonl"]);
    const invocation = report.invocations[0]!;
    expect(invocation.state).toBe("incomplete");
    // Its nodes failing too: the crash is still its own failure, as the check's conclusion says.
    invocation.counts = { ...invocation.counts, error: invocation.counts.error + 1 };
    const xml = renderJunit(report);
    expect(xml).toMatch(
      /<testcase classname="dbt\.invocation"[^>]*>\s*<error message="[^"]*" type="run error">/,
    );
  });

  it("a result dbt retry ran again is a skipped case: the failures are the report's, each once", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const { testsuites } = parse(renderJunit(report));
    expect([testsuites.failures, testsuites.errors]).toEqual([
      String(report.counts.fail),
      String(report.counts.error),
    ]);
    expect([testsuites.failures, testsuites.errors, testsuites.skipped]).toEqual(["1", "0", "3"]);
    const orders = testsuites.testsuite[0]!.testcase.find((c) => c.name === "orders")!;
    expect(orders.skipped).toMatchObject({
      message: expect.stringMatching(/^run again by dbt retry \(.+\); here: error$/),
    });
    // Each count attribute agrees with the cases: history is counted as skipped, where it is.
    for (const xml of [renderJunit(report), renderJunit(await crashedRetryReport())]) {
      const doc = parse(xml).testsuites;
      const cases = doc.testsuite.flatMap((suite) => {
        const own = suite.testcase ?? [];
        expect(Number(suite.tests)).toBe(own.length);
        expect(Number(suite.failures)).toBe(own.filter((t) => t.failure !== undefined).length);
        expect(Number(suite.errors)).toBe(own.filter((t) => t.error !== undefined).length);
        expect(Number(suite.skipped)).toBe(own.filter((t) => t.skipped !== undefined).length);
        return own;
      });
      expect(Number(doc.tests)).toBe(cases.length);
      expect(Number(doc.skipped)).toBe(cases.filter((t) => t.skipped !== undefined).length);
    }
  });

  it("a crashed run a dbt retry finished is a skipped invocation case, not a red one", async () => {
    const report = await reportFor(["test/fixtures/generated/crashed-run/telemetry.jsonl"]);
    const crashed = report.invocations[0]!;
    const retry = {
      ...crashed,
      invocationId: "retry",
      command: "retry",
      state: "complete" as const,
      failed: false,
      runErrors: [],
      retryOf: crashed.invocationId,
    };
    const xml = renderJunit({ ...report, invocations: [crashed, retry] });
    expect(xml).toMatch(
      /<testcase classname="dbt\.invocation"[^>]*>\s*<skipped message="finished by dbt retry; here: [^"]*"\/>/,
    );
    expect(xml).not.toMatch(/type="run error"/);
  });

  it("says what a source's freshness and a warned test came to, not just 'warned' or 'no message'", async () => {
    const freshness = renderJunit(await reportFor(["test/fixtures/generated/freshness/telemetry.jsonl"]));
    expect(freshness).toMatch(/<error message="freshness error \(age [^"]+\)"/);
    expect(freshness).toMatch(/<system-out>WARN: freshness warn \(age [^<]+\)<\/system-out>/);
    expect(freshness).not.toContain("the engine reported an error but no message");
    const tests = renderJunit(await reportFor(["test/fixtures/generated/tests/telemetry.jsonl"]));
    expect(tests).toMatch(/<system-out>WARN: (?!warned<)[^<]+<\/system-out>/);
  });

  it("shortens a name of megabytes, which libxml2's readers refuse in an attribute", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const node = report.invocations[0]!.nodes[0]!;
    node.name = "n".repeat(2_000_000);
    node.uniqueId = `model.shop.${"u".repeat(2_000_000)}`;
    const xml = renderJunit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.length).toBeLessThan(200_000);
  });

  it("shortens a message of megabytes, which libxml2's readers refuse as one text node", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const node = report.invocations[0]!.nodes.find((n) => n.status === "error")!;
    // A JSONL line may hold 64 MiB; xmllint and lxml stop at a text node of 10,000,000 bytes.
    node.message = `Database Error\n${"x".repeat(11_000_000)}`;
    const xml = renderJunit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.length).toBeLessThan(200_000);
    const cases = parse(xml).testsuites.testsuite[0]!.testcase;
    const error = cases.find((t) => t.error !== undefined)!.error as { message: string; "#text": string };
    expect(error.message).toBe("Database Error");
    expect(error["#text"]).toMatch(/\nx+… \([\d,]+ more characters\)$/);
  });

  it("gives file and line as a tool that annotates them needs: from the repository root, or not at all", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const [model, outside, absolute, farLine] = report.invocations[0]!.nodes;
    model!.location = { path: "./models/staging/stg_orders.sql" };
    outside!.location = { path: "../../../outside/x.sql", line: 3 };
    absolute!.location = { path: "/etc/passwd", line: 1 };
    // GitHub keeps lines as 32-bit integers: one larger fails the consumer's whole check run.
    farLine!.location = { path: "models/a.yml", line: 2 ** 31 };
    const cases = parse(renderJunit(report, { projectDir: "transform/dbt" })).testsuites.testsuite[0]!
      .testcase as (Case & { file?: string; line?: string })[];
    expect([cases[0]!.file, cases[0]!.line]).toEqual([
      "transform/dbt/models/staging/stg_orders.sql",
      undefined,
    ]);
    expect([cases[1]!.file, cases[1]!.line]).toEqual([undefined, undefined]);
    expect([cases[2]!.file, cases[2]!.line]).toEqual([undefined, undefined]);
    expect([cases[3]!.file, cases[3]!.line]).toEqual(["transform/dbt/models/a.yml", undefined]);
  });

  it("one testsuite per invocation", async () => {
    const report = await reportFor(["test/fixtures/real/preview72_build_success.otel.jsonl"]);
    const xml = renderJunit(report);
    expectCountsMatch(xml, report);
    expect(parse(xml).testsuites.testsuite).toHaveLength(2);
  });

  it("every real fixture validates and its counts match", async () => {
    for (const file of ["preview120_failed", "preview72_failed"]) {
      const report = await reportFor([`test/fixtures/real/${file}.otel.jsonl`]);
      const xml = renderJunit(report);
      const synthetic = (parse(xml).testsuites.testsuite ?? []).flatMap((s) =>
        s.testcase.filter((t) => t.classname === "dbt.invocation"),
      ).length;
      expectCountsMatch(xml, report, synthetic);
    }
  });

  it("escapes markup, quotes and characters XML 1.0 forbids", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const nasty = "a<b>&\"c'\u0000\u0007\u001b]]>\uFFFE\uD800 日本語 🚀\n<![CDATA[x]]>";
    for (const node of report.invocations[0]!.nodes) {
      node.name = `${node.name}${nasty}`;
      if (node.status === "error" || node.status === "fail") node.message = `boom ${nasty}\nsecond line`;
    }
    const xml = renderJunit(report);
    // eslint-disable-next-line no-control-regex -- no character XML 1.0 forbids may remain
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expectCountsMatch(xml, report);
    const cases = parse(xml).testsuites.testsuite[0]!.testcase;
    // Controls are shown as escapes (`\x00`), what XML 1.0 cannot hold becomes U+FFFD.
    expect(cases[0]!.name).toBe(`raw_stores${xmlSafe(showControls(nasty))}`);
    expect(cases[0]!.name).toContain("\\x00\\x07\\x1b");
    const error = cases.find((t) => t.error !== undefined)!.error as { message: string; "#text": string };
    expect(error.message).toBe(`boom ${xmlSafe(showControls(nasty)).split("\n")[0]}`);
    expect(error["#text"]).toContain("second line");
  });

  it("replaces lone surrogates and non-characters, keeps tabs, newlines and astral characters", () => {
    expect(xmlSafe("a\u0001b\tc\nd\uD83D\uDE80e\uDC00f\uFFFF")).toBe("a\uFFFDb\tc\nd🚀e\uFFFDf\uFFFD");
  });

  it("an empty report is a valid, empty document", () => {
    const xml = renderJunit({
      schemaVersion: 1,
      generator: { name: "fusion-report", version: "test" },
      invocations: [],
      counts: emptyCounts(),
      conclusion: "success",
      conclusionReason: "all nodes succeeded",
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(
      '<testsuites name="dbt Fusion" tests="0" failures="0" errors="0" skipped="0" time="0.000">',
    );
  });
});
