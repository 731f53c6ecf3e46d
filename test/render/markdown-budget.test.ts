// The size budget: every rendering fits its channel, degrades in the fixed priority and says what it
// left out and where the full list is. The report is a real one, blown up with many failures.
import { describe, expect, it } from "vitest";
import type { NodeResult, Report } from "../../src/model/types.js";
import {
  allNodesBytesAtLeast,
  byteLength,
  errorBytesAtLeast,
  fitMarkdown,
  more,
  type ListName,
  renderMarkdown,
  truncateMarkdown,
  wholeMarkdownPieces,
} from "../../src/render/markdown.js";
import { reportFor } from "../support/report.js";

/**
 * 150 errors with 2 kB messages, and 40 successful models with one WARN line each, each its own
 * warning (the same warning in many nodes is one item: test/render/same-warning-many-nodes.test.ts).
 */
async function manyWarningLines(): Promise<Report> {
  const report = await hugeReport(150);
  const inv = report.invocations[0]!;
  const ok = inv.nodes.find((n) => n.status === "success")!;
  for (let i = 0; i < 40; i++) {
    inv.nodes.push({
      ...ok,
      uniqueId: `model.shop.warned_${i}`,
      name: `warned_${i}`,
      logs: [{ severity: "WARN", text: `Deprecated config key_${i} in warned_${i}` }],
    });
  }
  return report;
}

async function hugeReport(errors = 400): Promise<Report> {
  const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
  const inv = report.invocations[0]!;
  const template = inv.nodes.find((n) => n.status === "error")!;
  const failing = inv.nodes.find((n) => n.status === "fail")!;
  const extra: NodeResult[] = [];
  for (let i = 0; i < errors; i++) {
    extra.push({
      ...template,
      uniqueId: `model.shop.broken_${i}`,
      name: `broken_${i}`,
      message: `boom ${i}\n${"detail ".repeat(200)}`,
    });
  }
  for (let i = 0; i < 400; i++) {
    extra.push({ ...failing, uniqueId: `test.shop.failing_${i}`, name: `failing_${i}` });
  }
  inv.nodes.push(...extra);
  inv.counts.error += errors;
  inv.counts.fail += 400;
  return report;
}

describe("renderMarkdown under a budget", () => {
  it("skips a level only when its error lines alone are over the budget (the bound is never above them)", async () => {
    const report = await hugeReport();
    const full = renderMarkdown(report, { maxBytes: Infinity, title: "dbt Fusion", fullReportHint: "x" });
    const errorsSection = full.slice(
      full.indexOf("#### ❌ Errors"),
      full.indexOf("#### ", full.indexOf("#### ❌ Errors") + 5),
    );
    const errorLines = errorsSection.split("\n").filter((line) => line.startsWith("**<code title="));
    expect(errorLines).toHaveLength(401);
    const atLeast = errorBytesAtLeast(report);
    for (const shown of [1e9, 100, 50, 20, 10, 1]) {
      const rendered = errorLines.slice(0, shown).reduce((sum, line) => sum + byteLength(line), 0);
      expect(atLeast(shown)).toBeLessThanOrEqual(rendered);
    }
    expect(atLeast(1e9)).toBeGreaterThan(15_000);
  });

  it("skips the level with every node's table only when that table alone is over the budget", async () => {
    const report = await reportFor(["test/fixtures/generated/large-run/telemetry.jsonl"]);
    const nodes = report.invocations[0]!.nodes;
    // Ids the table shows longer than they are (escapes, entities), cut (over 1,000 characters),
    // or in characters of several bytes.
    nodes[0] = { ...nodes[0]!, uniqueId: `model.shop.${'\u200b<&"'.repeat(5)}` };
    nodes[1] = { ...nodes[1]!, uniqueId: `model.shop.${"x".repeat(1_500)}` };
    nodes[2] = { ...nodes[2]!, uniqueId: `model.shop.${"😀é".repeat(40)}`, name: "" };
    const tableBytes = (of: Report): number => {
      const rows = [...wholeMarkdownPieces(of, { title: "dbt Fusion", fullReportHint: "x" })].filter(
        (piece) => piece.startsWith("\n| <code"),
      );
      expect(rows).toHaveLength(of.invocations[0]!.nodes.length);
      return rows.reduce((sum, row) => sum + byteLength(row), 0);
    };
    // Each odd id alone, where its row counted too long would show.
    for (const node of nodes.slice(0, 3)) {
      const alone = { ...report, invocations: [{ ...report.invocations[0]!, nodes: [node] }] };
      expect(allNodesBytesAtLeast(alone)).toBeLessThanOrEqual(tableBytes(alone));
    }
    const atLeast = allNodesBytesAtLeast(report);
    expect(atLeast).toBeLessThanOrEqual(tableBytes(report));
    // Close enough to skip the level where it cannot fit: a comment's budget on a few thousand nodes.
    expect(atLeast).toBeGreaterThan(0.5 * tableBytes(report));
    // Under a budget between the bound and the whole report, the level is still tried and wins.
    const whole = renderMarkdown(report, { maxBytes: Infinity, title: "dbt Fusion", fullReportHint: "x" });
    const fitted = fitMarkdown(report, {
      maxBytes: byteLength(whole),
      title: "dbt Fusion",
      fullReportHint: "x",
    });
    expect(fitted.complete).toBe(true);
    expect(fitted.markdown).toBe(whole);
    const under = fitMarkdown(report, { maxBytes: atLeast - 1, title: "dbt Fusion", fullReportHint: "x" });
    expect(under.complete).toBe(false);
  });

  it.each([65_000, 20_000, 4_000])("fits %i bytes and says where the rest is", async (maxBytes) => {
    const report = await hugeReport();
    const text = renderMarkdown(report, { maxBytes, title: "dbt Fusion", fullReportHint: "the job summary" });
    expect(byteLength(text)).toBeLessThanOrEqual(maxBytes);
    expect(text).toContain("the job summary");
    // Errors come first: they are still there when everything else had to go.
    expect(text).toContain("#### ❌ Errors");
    expect((text.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it.each([65_000, 30_000, 20_000])(
    "fills %i bytes: between two levels it lists as many as fit, not only the leaner level's",
    async (maxBytes) => {
      const report = await hugeReport();
      const { markdown } = fitMarkdown(report, { maxBytes, title: "dbt Fusion", fullReportHint: "x" });
      expect(byteLength(markdown)).toBeLessThanOrEqual(maxBytes);
      // The levels' own steps left 17–51 % of these budgets unused.
      expect(byteLength(markdown)).toBeGreaterThan(0.85 * maxBytes);
      const shown = markdown.split("\n").filter((line) => line.startsWith("**<code title=")).length;
      expect(markdown).toContain(`_… and ${401 - shown} more errors, listed in x._`);
    },
  );

  it("says which lists it holds whole exactly when it writes no note of more for them", async () => {
    const small = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const notes: Record<ListName, RegExp> = {
      errors: /more (run )?errors?, listed/,
      failedTests: /more failed tests?, listed/,
      chains: /more root causes?, listed/,
      warnings: /more (warned tests?|warnings?|nodes?|nodes? with the warnings above), listed/,
    };
    for (const report of [small, await hugeReport(), await manyWarningLines()]) {
      for (let maxBytes = 2_000; maxBytes <= 200_000; maxBytes = Math.round(maxBytes * 1.4)) {
        const { markdown, whole } = fitMarkdown(report, { maxBytes, title: "t", fullReportHint: "x" });
        if (markdown.includes("_The report was cut to fit")) continue; // truncated: no list is whole
        for (const [list, note] of Object.entries(notes) as [ListName, RegExp][]) {
          expect(whole.has(list), `${list} at ${maxBytes}`).toBe(!note.test(markdown));
        }
      }
    }
  });

  it("counts the warnings it left out exactly, whichever kind they are", async () => {
    const report = await manyWarningLines();
    for (const maxBytes of [30_000, 60_000, 120_000, 200_000]) {
      const { markdown } = fitMarkdown(report, { maxBytes, title: "t", fullReportHint: "x" });
      const section = markdown.slice(markdown.indexOf("#### ⚠️ Warnings"));
      const listed = (section.match(/^- <code title="model\.shop\.warned_/gm) ?? []).length;
      const left = Number(/_… and (\d+) more warnings?, listed in x\._/.exec(section)?.[1] ?? 0);
      expect(listed + left, String(maxBytes)).toBe(40);
    }
  });

  it("lists one more when a list is one over a level's limit and the budget has room", async () => {
    // 51 errors (the real one and 50 more): one over a level's 50; at 50 kB all of them fit.
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const template = inv.nodes.find((n) => n.status === "error")!;
    for (let i = 0; i < 50; i++) {
      const name = `broken_${i}`;
      inv.nodes.push({
        ...template,
        uniqueId: `model.shop.${name}`,
        name,
        message: `boom ${i}\n${"detail ".repeat(200)}`,
      });
    }
    const { markdown, whole } = fitMarkdown(report, { maxBytes: 50_000, title: "t", fullReportHint: "x" });
    expect(markdown).not.toMatch(/more errors?, listed in/);
    expect(whole.has("errors")).toBe(true);
  });

  it("drops lower-priority sections before errors", async () => {
    const report = await hugeReport();
    const text = renderMarkdown(report, {
      maxBytes: 30_000,
      title: "dbt Fusion",
      fullReportHint: "the job summary",
    });
    expect(text).not.toContain("All 848 nodes");
    expect(text).toMatch(/… and \d+ more errors?, listed in the job summary/);
  });

  it("keeps the full report when it fits", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const text = renderMarkdown(report, { maxBytes: 1_000_000, title: "dbt Fusion", fullReportHint: "x" });
    expect(text).toContain("<details><summary>All 48 nodes</summary>");
    expect(text).not.toContain("Some detail was left out");
  });

  it("truncates as a last resort without leaving a fence or <details> open", () => {
    const text = `intro\n\n<details><summary>x</summary>\n\n\`\`\`text\n${"line\n".repeat(1000)}\`\`\`\n\n</details>\n`;
    const cut = truncateMarkdown(text, 500, "the JSON report");
    expect(byteLength(cut)).toBeLessThanOrEqual(500);
    expect((cut.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(cut).toContain("</details>");
    expect(cut).toContain("the complete report is in the JSON report");
  });

  it("counts only its own <details> and fences when it closes them, not text inside a code block", () => {
    const hostile = "```\n</details>\n<details>\n<details>\n";
    const text = `<details><summary>x</summary>\n\n\`\`\`\`text\n${hostile.repeat(200)}\`\`\`\`\n\n</details>\n`;
    const cut = truncateMarkdown(text, 600, "the JSON report");
    // The block's own fence (four backticks) is closed, then the one <details> we opened.
    expect(cut).toMatch(/\n````\n\n<\/details>\n\n_The report was cut/);
  });

  it("renders hostile node names inertly", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const node = report.invocations[0]!.nodes.find((n) => n.status === "error")!;
    node.uniqueId = "model.x.`</details><img src=x>@admin";
    node.message = "```\n<script>alert(1)</script>\n@org/team";
    const text = renderMarkdown(report, { maxBytes: 100_000, title: "dbt Fusion", fullReportHint: "x" });
    expect(text).not.toContain("@admin");
    // The unique id is the name's tooltip, entity-escaped (a backtick too); outside code nothing
    // hostile remains.
    expect(text).toContain('title="model.x.&#96;&lt;/details&gt;&lt;img src=x&gt;@\u200badmin"');
    // Inside a fenced block GitHub renders no HTML and notifies no one; the text stays copyable.
    expect(text).toContain("````text\n```\n<script>alert(1)</script>\n@org/team\n````");
    expect(text.replace(/````text[\s\S]*?````/g, "").replace(/``.*?``/g, "")).not.toMatch(
      /@org|<script|<img/,
    );
  });
});

describe("the note of a list cut short", () => {
  it("counts what was left out with thousands separators and says where it is", () => {
    expect(more(2_500, 10, "error", { fullReportHint: "the JSON report" })).toBe(
      "_… and 2,490 more errors, listed in the JSON report._",
    );
    expect(more(3, 3, "error", { fullReportHint: "the JSON report" })).toBe("");
  });

  it("names another place for a list that place holds whole", () => {
    const context = {
      fullReportHint: "the artifact",
      listHint: (list: string) => (list === "failedTests" ? "the job summary" : "the artifact"),
    };
    expect(more(40, 30, "failed test", context, "failedTests")).toBe(
      "_… and 10 more failed tests, listed in the job summary._",
    );
    expect(more(40, 30, "error", context, "errors")).toBe("_… and 10 more errors, listed in the artifact._");
    expect(more(40, 30, "root cause", context)).toBe("_… and 10 more root causes, listed in the artifact._");
  });
});

describe("a report of many invocations", () => {
  it("works out once what they all share, not once per invocation", async () => {
    // Each invocation's title and facts asked whether all invocations share a target and a version,
    // reading every invocation each time: a file of 10,000 took two minutes to fit into a comment.
    // Counted, not timed: the reads of an invocation's target, over one rendering of 2,000.
    const base = (await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]))
      .invocations[0]!;
    let reads = 0;
    const invocations = Array.from({ length: 2_000 }, (_, i) => {
      const inv = { ...base, invocationId: `inv-${i}`, nodes: base.nodes.slice(0, 1), skipChains: [] };
      Object.defineProperty(inv, "target", {
        get: () => {
          reads++;
          return "ci";
        },
      });
      return inv;
    });
    const report = {
      ...(await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"])),
      invocations,
    };
    const text = renderMarkdown(report, { maxBytes: Infinity, title: "dbt Fusion", fullReportHint: "x" });
    // The target all share is said once, in the headline, not in each title.
    expect(text).toContain("### ❌ 2000. `dbt build` · 2026-02-26 02:33 UTC\n");
    expect(text).toContain("target `ci`");
    expect(reads).toBeLessThan(10 * invocations.length);
  });
});
