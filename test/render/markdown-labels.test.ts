// Node labels are kept for the renderings after the first only where there are any: the whole
// report for a file is one rendering, and 20,000 kept labels would be copied by the collector for
// nothing (see NodeNames). The Action's channels share them (and the rest of the report's memo).
import { expect, it, vi } from "vitest";
import { channelRenderer } from "../../src/github/publish-report.js";
import { STATUS } from "../../src/model/status-table.js";
import { fitMarkdown, reportMemo, wholeMarkdownPieces } from "../../src/render/markdown.js";
import { reportFor } from "../support/report.js";

const remembered = vi.hoisted(() => [] as boolean[]);

vi.mock("../../src/render/names.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/render/names.js")>();
  class RecordingNames extends real.NodeNames {
    constructor(...args: ConstructorParameters<typeof real.NodeNames>) {
      super(...args);
      remembered.push(args[1]?.remember ?? true);
    }
  }
  return { ...real, NodeNames: RecordingNames };
});

it("keeps labels when fitting a budget (several levels) and not for the whole report", async () => {
  const report = await reportFor(["test/fixtures/generated/large-run/telemetry.jsonl"]);
  const options = { title: "dbt Fusion", fullReportHint: "the JSON report" };
  remembered.length = 0;
  fitMarkdown(report, { ...options, maxBytes: 65_536 });
  expect(remembered).toEqual([true]);
  remembered.length = 0;
  expect([...wholeMarkdownPieces(report, options)].length).toBeGreaterThan(0);
  expect(remembered).toEqual([false]);
});

it("makes one set of names for the comment, the check run and the job summary", async () => {
  const report = await reportFor(["test/fixtures/generated/large-run/telemetry.jsonl"]);
  remembered.length = 0;
  const render = channelRenderer(report, { title: "dbt Fusion", extras: [], links: null });
  for (const channel of ["summary", "comment", "checkRun"] as const)
    expect(render(channel)).toContain("dbt Fusion");
  expect(remembered).toEqual([true]);
});

it("lists each invocation's nodes once per memo, as the sections filter them", async () => {
  const seen = { failed: 0, warned: 0, warningLines: 0, notCompleted: 0 };
  for (const file of [
    "test/fixtures/generated/large-run/telemetry.jsonl",
    "test/fixtures/generated/warnings-and-idle/telemetry.jsonl",
    "test/fixtures/generated/crashed-run/telemetry.jsonl",
    "test/fixtures/generated/tests/telemetry.jsonl",
    "test/fixtures/generated/freshness/telemetry.jsonl",
    "test/fixtures/real/preview120_failed.otel.jsonl",
  ]) {
    const report = await reportFor([file]);
    const memo = reportMemo(report, undefined);
    for (const inv of report.invocations) {
      const lists = memo.listsOf(inv);
      expect(memo.listsOf(inv)).toBe(lists);
      expect(lists.failed).toEqual(inv.nodes.filter((n) => n.status === "fail"));
      expect(lists.warned).toEqual(inv.nodes.filter((n) => n.status === "warn"));
      expect(lists.warningLines).toEqual(
        inv.nodes.flatMap((node) =>
          node.logs.filter((l) => l.severity === "WARN").map((log) => ({ node, log })),
        ),
      );
      expect(lists.notCompleted).toEqual(inv.nodes.filter((n) => STATUS[n.status].notCompleted !== null));
      expect([...lists.byId.values()]).toEqual(inv.nodes);
      expect([...lists.chainsByRoot.keys()]).toEqual(inv.skipChains.map((chain) => chain.rootId));
      for (const key of Object.keys(seen) as (keyof typeof seen)[]) seen[key] += lists[key].length;
    }
  }
  // Not vacuous: every list had members in some build.
  for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
});
