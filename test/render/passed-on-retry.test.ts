// The nodes that failed, then passed on `dbt retry`: named under the headline of every Markdown view,
// a bounded list however many there are.
import { describe, expect, it } from "vitest";
import { fitMarkdown, renderMarkdown, reportMemo } from "../../src/render/markdown.js";
import { reportFor } from "../support/report.js";

const options = { maxBytes: 1_000_000, title: "dbt Fusion", fullReportHint: "the JSON report" };

describe("nodes that passed on dbt retry", () => {
  it("are named under the headline, the first twenty, then how many more", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const first = report.passedOnRetry![0]!;
    const many = {
      ...report,
      passedOnRetry: Array.from({ length: 23 }, (_, i) => ({
        ...first,
        uniqueId: `model.shop.m${i}`,
        name: `m${i}`,
      })),
    };
    const markdown = renderMarkdown(many, options);
    const line = markdown.split("\n").find((l) => l.startsWith("🔁"))!;
    expect(line).toMatch(/^🔁 \*\*23 nodes failed, then passed on `dbt retry`:\*\* /);
    expect(line.match(/<code /g)).toHaveLength(20);
    expect(markdown).toContain("_… and 3 more nodes, listed in the JSON report._");
  });

  it("stay in the smallest view that fits, with the headline", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const small = fitMarkdown(report, { ...options, maxBytes: 1_500 }, reportMemo(report, undefined));
    expect(small.complete).toBe(false);
    expect(small.markdown).toContain("🔁 **1 node failed, then passed on `dbt retry`:**");
  });

  it("a result a dbt retry ran again is marked in every list that shows it; a report without a retry has no mark", async () => {
    const report = await reportFor(["test/fixtures/generated/retry/telemetry.jsonl"]);
    const markdown = renderMarkdown(report, options);
    const build = markdown.slice(0, markdown.indexOf("### ❌ 2. `dbt retry`"));
    const rowsOf = (title: string) =>
      build
        .slice(build.indexOf(title))
        .split("\n\n")
        .find((block) => block.startsWith("|") || block.startsWith("- "))!
        .split("\n")
        .filter((line) => line.includes("<code"));
    const mark = " · 🔁 run again by `dbt retry`";
    expect(rowsOf("#### ❌ Failed tests").every((row) => row.includes(mark))).toBe(true);
    expect(rowsOf("#### ⏭️ Skipped").map((row) => row.includes(mark))).toEqual([true, true]);
    expect(rowsOf("🐢 Slowest nodes").map((row) => row.includes(mark))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(rowsOf("All 5 nodes").map((row) => row.includes(mark))).toEqual([false, true, true, false, true]);
    expect(markdown.slice(markdown.indexOf("### ❌ 2. `dbt retry`"))).not.toContain("run again");
    const noRetry = renderMarkdown(
      await reportFor(["test/fixtures/generated/multi-invocation/telemetry.jsonl"]),
      options,
    );
    expect(noRetry).not.toContain("run again");
  });
});
