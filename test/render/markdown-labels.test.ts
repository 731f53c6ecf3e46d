// Node labels are kept for the renderings after the first only where there are any: the whole
// report for a file is one rendering, and 20,000 kept labels would be copied by the collector for
// nothing (see NodeNames).
import { expect, it, vi } from "vitest";
import { fitMarkdown, wholeMarkdownPieces } from "../../src/render/markdown.js";
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
