// Errors are listed root causes first: the one that held back the most nodes downstream leads, so a
// view cut to its first errors still shows what blocked the build. Ties keep the run's order.
import { describe, expect, it } from "vitest";
import type { Invocation, NodeResult, Report } from "../../src/model/types.js";
import { erroredByImpact, errorGroupsByImpact, groupSameErrors } from "../../src/render/errors-by-impact.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { reportFor } from "../support/report.js";

/** The real build (one error, 4 nodes skipped below it) with two more errors before it in run order. */
async function threeErrors(): Promise<{ report: Report; root: string }> {
  const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
  const inv = report.invocations[0]!;
  const root = inv.nodes.find((n) => n.status === "error")!;
  const copies = ["model.shop.early_error_a", "model.shop.early_error_b"].map((uniqueId): NodeResult => ({
    ...root,
    uniqueId,
    name: uniqueId.split(".").pop()!,
    message: `${uniqueId} failed`,
  }));
  const invocation: Invocation = { ...inv, nodes: [...copies, ...inv.nodes] };
  return { report: { ...report, invocations: [invocation] }, root: root.uniqueId };
}

describe("errors by impact", () => {
  it("puts the error with the most nodes skipped downstream first; ties stay in run order", async () => {
    const { report, root } = await threeErrors();
    expect(erroredByImpact(report.invocations[0]!).map((n) => n.uniqueId)).toEqual([
      root,
      "model.shop.early_error_a",
      "model.shop.early_error_b",
    ]);
  });

  it("the Markdown and the terminal list them so", async () => {
    const { report, root } = await threeErrors();
    const name = root.split(".").pop()!;
    const markdown = renderMarkdown(report, {
      maxBytes: 1_000_000,
      title: "dbt Fusion",
      fullReportHint: "x",
    });
    const errors = markdown.slice(markdown.indexOf("#### ❌ Errors"));
    expect(errors.indexOf(name)).toBeLessThan(errors.indexOf("early_error_a"));
    expect(errors.indexOf("early_error_a")).toBeLessThan(errors.indexOf("early_error_b"));
    const terminal = renderTerminal(report, {
      title: "dbt Fusion",
      width: 100,
      colour: false,
      fullReportHint: "x",
    });
    expect(terminal.indexOf(name)).toBeLessThan(terminal.indexOf("early_error_a"));
  });

  it("with the pull request's changed files known, failures in them come first and errors say so", async () => {
    const { report, root } = await threeErrors();
    const changed = "models/early_error_b.sql";
    const inv = report.invocations[0]!;
    const nodes = inv.nodes.map((n) =>
      n.uniqueId === "model.shop.early_error_b" ? { ...n, location: { path: changed, line: 1 } } : n,
    );
    const edited: Report = { ...report, invocations: [{ ...inv, nodes }] };
    const links = {
      fileUrl: () => null,
      inChangedFile: (location: { path: string } | null) => location?.path === changed,
    };
    const order = erroredByImpact(edited.invocations[0]!, (node) => node.location?.path === changed);
    expect(order.map((n) => n.uniqueId)).toEqual([
      "model.shop.early_error_b",
      root,
      "model.shop.early_error_a",
    ]);
    const markdown = renderMarkdown(edited, {
      maxBytes: 1_000_000,
      title: "dbt Fusion",
      fullReportHint: "x",
      links,
    });
    const errors = markdown.slice(markdown.indexOf("#### ❌ Errors"));
    expect(errors.indexOf("early_error_b")).toBeLessThan(errors.indexOf(root.split(".").pop()!));
    expect(errors).toMatch(/\*\*[^\n]*early_error_b[^\n]*\*\* · ✏️ in a file this pull request changes · /);
    expect(errors.match(/✏️/g)).toHaveLength(1);
    // Unknown changed files: no mark, and impact decides.
    expect(renderMarkdown(edited, { maxBytes: 1_000_000, title: "t", fullReportHint: "x" })).not.toContain(
      "✏️",
    );
  });

  it("groups the same error, told apart from each node's own id, file and name in the message", async () => {
    const { report } = await threeErrors();
    const lead = report.invocations[0]!.nodes.find((n) => n.status === "error")!;
    const same = (name: string, message: string, errorType = lead.errorType): NodeResult => ({
      ...lead,
      uniqueId: `model.shop.${name}`,
      name,
      location: { path: `models/${name}.sql`, line: 1 },
      errorType,
      message,
    });
    const missing = (name: string) =>
      `Database Error in model ${name} (models/${name}.sql)\n  Object 'ANALYTICS.DIM_CUSTOMERS' does not exist`;
    const errors = [
      same("orders", missing("orders")),
      same("payments", missing("payments")),
      same(
        "invoices",
        "Database Error in model invoices (models/invoices.sql)\n  invalid identifier 'AMOUNT'",
      ),
      same("refunds", missing("refunds")),
      same("returns", missing("returns"), "external"),
      { ...same("no_message", ""), message: null },
      { ...same("no_message_2", ""), message: null },
    ];
    // A name is taken out as a whole word only, and a message that was only the name is never shared.
    errors.push(
      same("int", "internal error in int"),
      same("dat", "internal error in dat"),
      same("timeout", "timeout"),
      same("out_of_memory", "out_of_memory"),
    );
    expect(groupSameErrors(errors).map((group) => group.map((n) => n.name))).toEqual([
      ["orders", "payments", "refunds"],
      ["invoices"],
      ["returns"],
      ["no_message"],
      ["no_message_2"],
      ["int", "dat"],
      ["timeout"],
      ["out_of_memory"],
    ]);
  });

  it("groups the same error that dbt on Windows wrote with its own file as models\\marts\\schema.yml", async () => {
    const { report } = await threeErrors();
    const lead = report.invocations[0]!.nodes.find((n) => n.status === "error")!;
    // The report's location has / between folders (telemetry/values.ts); the message is dbt's own text.
    const same = (name: string, folder: string): NodeResult => ({
      ...lead,
      uniqueId: `unit_test.shop.${name}`,
      name,
      location: { path: `models/${folder}/schema.yml`, line: 4 },
      message: `Compilation Error (models\\${folder}\\schema.yml): fixture 'raw_orders' not found`,
    });
    const errors = [
      same("test_orders", "marts"),
      same("test_customers", "staging"),
      same("test_items", "core"),
    ];
    expect(groupSameErrors(errors).map((g) => g.map((n) => n.name))).toEqual([
      ["test_orders", "test_customers", "test_items"],
    ]);
  });

  it("shows every distinct error before naming the same ones, each name counted against the list's limit", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const lead = inv.nodes.find((n) => n.status === "error")!;
    const copies = Array.from({ length: 30 }, (_, i): NodeResult => {
      const name = `copy_${String(i).padStart(2, "0")}`;
      return {
        ...lead,
        uniqueId: `unit_test.shop.${name}`,
        name,
        message: lead.message?.replace(lead.name, name) ?? null,
      };
    });
    const other: NodeResult = {
      ...lead,
      uniqueId: "unit_test.shop.other",
      name: "other",
      message: "Another failure",
    };
    const big: Report = { ...report, invocations: [{ ...inv, nodes: [...inv.nodes, ...copies, other] }] };
    const markdown = renderMarkdown(big, { maxBytes: 1_000_000, title: "t", fullReportHint: "x" });
    const errors = markdown.slice(
      markdown.indexOf("#### ❌ Errors"),
      markdown.indexOf("#### ❌ Failed tests"),
    );
    expect(errors.match(/^```text$/gm)).toHaveLength(2);
    // The terminal says it once too, and names the first ten of the same (TERMINAL_LIMITS), wrapped to its width.
    const terminal = renderTerminal(big, { title: "t", width: 80, colour: false, fullReportHint: "x" });
    expect(terminal.match(/Unexpected internal error/g)).toHaveLength(1);
    expect(terminal).toContain(
      "  The same error in 30 more nodes, each naming itself:\n    unit_test.shop.copy_00, ",
    );
    for (const copy of copies.slice(0, 10)) expect(terminal).toContain(copy.uniqueId);
    expect(terminal).toContain("unit_test.shop.copy_09 and 20 more\n");
    expect(terminal).not.toContain("unit_test.shop.copy_10");
    expect(terminal).toContain("… and 20 more nodes with the errors above, listed in x.");
    // A name listed among the same errors shows its invisible characters, as every name does: two
    // ids that draw alike are told apart.
    const lookalike = { ...copies[1]!, uniqueId: "unit_test.shop.copy\u200b_01" };
    const withLookalike: Report = {
      ...big,
      invocations: [{ ...inv, nodes: [...inv.nodes, copies[0]!, lookalike, ...copies.slice(2), other] }],
    };
    const shown = renderTerminal(withLookalike, {
      title: "t",
      width: 80,
      colour: false,
      fullReportHint: "x",
    });
    expect(shown).toContain("unit_test.shop.copy\\u200B_01");
    expect(shown).not.toContain("\u200b");
    const listed = terminal.split("\n").filter((line) => line.startsWith("    unit_test.shop.copy_"));
    expect(listed.length).toBeGreaterThan(1);
    for (const line of listed) expect(line.length).toBeLessThanOrEqual(80);
    // The comma stays where a line wraps.
    for (const line of listed.slice(0, -1)) expect(line.endsWith(",")).toBe(true);
    expect(errors).toMatch(
      /^The same error in 30 more nodes, each naming itself: <code title="unit_test\.shop\.copy_00">copy\\_00<\/code>, /m,
    );
    // Cut short: both distinct errors, as many names as the limit leaves, and the rest counted exactly.
    let cuts = 0;
    for (let maxBytes = 12_000; maxBytes > 1_500; maxBytes -= 100) {
      const text = renderMarkdown(big, { maxBytes, title: "t", fullReportHint: "x" });
      const line = /^The same error in 30 more nodes.*$/m.exec(text)?.[0];
      // A rendering cut as a last resort may have lost its notes: only the levels' own cuts count.
      if (!line || !text.includes("Another failure") || text.includes("_The report was cut to fit")) continue;
      const named = (line.match(/<code title=/g) ?? []).length;
      if (named === 30) continue;
      cuts++;
      const left = 30 - named;
      expect(line, String(maxBytes)).toContain(named > 0 ? ` and ${left} more` : "(not named here)");
      // Every distinct error is shown: what is left are the names of the same ones, said as such.
      expect(text, String(maxBytes)).toContain(
        `_… and ${left} more node${left === 1 ? "" : "s"} with the errors above, listed in x._`,
      );
      expect(text, String(maxBytes)).not.toMatch(/more errors?, listed in/);
    }
    expect(cuts).toBeGreaterThan(5);
  });

  it("weighs the same error in many nodes whole: a warehouse outage in 6 models leads one error that held back 4", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const root = inv.nodes.find((n) => n.status === "error")!;
    const error = (name: string, message: string, path = `models/${name}.sql`): NodeResult => ({
      ...root,
      uniqueId: `model.shop.${name}`,
      name,
      location: { path, line: 1 },
      message,
    });
    const typo = error("typo", "syntax error line 3 at position 4 unexpected 'from'");
    const outage = Array.from({ length: 6 }, (_, i) =>
      error(
        `outage_${i}`,
        `Database Error in model outage_${i}\n  000606 (57P03): No active warehouse selected`,
      ),
    );
    // In run order: the typo, then the outage's models, then the real build (its error holds back 4).
    const invocation: Invocation = { ...inv, nodes: [typo, ...outage, ...inv.nodes] };
    const big: Report = { ...report, invocations: [invocation] };
    const leads = (groups: NodeResult[][]) => groups.map((group) => [group[0]!.name, group.length]);
    // Nodes not built: the outage 6, the root 1 + 4 skipped, the typo 1.
    expect(leads(errorGroupsByImpact(invocation))).toEqual([
      ["outage_0", 6],
      [root.name, 1],
      ["typo", 1],
    ]);
    // A group with an error in a changed file comes before the root, led by that error.
    const changed = (node: NodeResult) => node.name === "typo" || node.name === "outage_3";
    expect(leads(errorGroupsByImpact(invocation, changed))).toEqual([
      ["outage_3", 6],
      ["typo", 1],
      [root.name, 1],
    ]);
    const markdown = renderMarkdown(big, { maxBytes: 1_000_000, title: "t", fullReportHint: "x" });
    const errors = markdown.slice(markdown.indexOf("#### ❌ Errors"));
    const at = (name: string) => errors.indexOf(`**<code title="model.shop.${name}">`);
    expect(at("outage_0")).toBeGreaterThan(0);
    expect(at("outage_0")).toBeLessThan(errors.indexOf(`**<code title="${root.uniqueId}">`));
    expect(errors.indexOf(`**<code title="${root.uniqueId}">`)).toBeLessThan(at("typo"));
    const terminal = renderTerminal(big, { title: "t", width: 100, colour: false, fullReportHint: "x" });
    expect(terminal.indexOf("✖ model.shop.outage_0")).toBeLessThan(terminal.indexOf(`✖ ${root.uniqueId}`));
    expect(terminal.indexOf(`✖ ${root.uniqueId}`)).toBeLessThan(terminal.indexOf("✖ model.shop.typo"));
  });

  it("counts the errors not shown apart from the unnamed nodes of the same errors shown", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const lead = inv.nodes.find((n) => n.status === "error")!;
    const error = (name: string, message: string): NodeResult => ({
      ...lead,
      uniqueId: `model.shop.${name}`,
      name,
      location: { path: `models/${name}.sql`, line: 1 },
      message,
    });
    // 80 models down with the same outage, then 60 errors each of its own.
    const outage = Array.from({ length: 80 }, (_, i) => error(`outage_${i}`, "No active warehouse selected"));
    const own = Array.from({ length: 60 }, (_, i) => error(`own_${i}`, `syntax error at line ${i}`));
    const big: Report = { ...report, invocations: [{ ...inv, nodes: [...outage, ...own, ...inv.nodes] }] };
    const errors = 80 + 60 + 1;
    let seen = 0;
    for (let maxBytes = 30_000; maxBytes > 3_000; maxBytes -= 1_000) {
      const text = renderMarkdown(big, { maxBytes, title: "t", fullReportHint: "x" });
      const note = /_… and (\d+) more errors and (\d+) more nodes with the errors above, listed in x\._/.exec(
        text,
      );
      if (!note) continue;
      seen++;
      const section = text.slice(text.indexOf("#### ❌ Errors"), note.index);
      const named = new Set(section.match(/<code title="[^"]+">/g)).size;
      const unnamed =
        /The same error in 79 more nodes.* and (\d+) more ·|The same error in (79) more nodes \(not named here\)/.exec(
          section,
        );
      expect(Number(unnamed?.[1] ?? unnamed?.[2]), String(maxBytes)).toBe(Number(note[2]));
      expect(named + Number(note[1]) + Number(note[2]), String(maxBytes)).toBe(errors);
    }
    expect(seen).toBeGreaterThan(2);
  });
});
