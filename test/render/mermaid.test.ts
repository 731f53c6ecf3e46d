import { execFile } from "node:child_process";
import DOMPurify from "dompurify";
import mermaid from "mermaid";
import { beforeAll, describe, expect, it } from "vitest";
import type { NodeResult, Report } from "../../src/model/types.js";
import type { TelemetryEvent } from "../../src/telemetry/events.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import {
  diagramSections,
  ganttTaskName,
  mermaidLabel,
  renderSkipChainFlowchart,
  renderTimelineGantt,
} from "../../src/render/mermaid.js";
import { DIST_CLI, ensureBuilt } from "../e2e/helpers.js";
import { finishEvents } from "../support/finish-events.js";
import { nodeFacts } from "../support/node-facts.js";
import { reportFor } from "../support/report.js";

// mermaid.parse runs the flowchart's text sanitiser, which calls DOMPurify hooks. Without a DOM,
// DOMPurify exports a stub without addHook/sanitize; this shim fills them in (identity sanitising
// is fine here: the tests below assert that our output carries no markup to sanitise at all).
beforeAll(() => {
  const purify = DOMPurify as unknown as Record<string, unknown>;
  if (typeof purify.addHook !== "function") purify.addHook = () => undefined;
  if (typeof purify.removeHook !== "function") purify.removeHook = () => undefined;
  if (typeof purify.sanitize !== "function") purify.sanitize = (text: string) => text;
});

async function parse(text: string): Promise<string> {
  const result = await mermaid.parse(text);
  if (!result) throw new Error("mermaid.parse returned false");
  return result.diagramType;
}

const NASTY = [
  'quote"inside',
  "brackets]and[more",
  '%%{init: {"theme":"dark"}}%%',
  "click n0 call alert()",
  "<script>alert(1)</script>",
  "unicode_évé_日本語_🚀",
  "class:::evil",
  "end",
  "section gantt",
  "semi;colon\nnew line",
  "back`tick`s",
  "#quot;entity",
  "\u202Eright-to-left",
  "&lt;b&gt;",
  "--> n1",
  "pipe|a|b",
  "{{hex}}",
  "(((circle)))",
  "a".repeat(200),
];

/** The real preview120 build (a failing unit test skipped 3 nodes) with every node renamed nastily. */
async function nastyReport(): Promise<Report> {
  const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
  const inv = report.invocations[0]!;
  inv.nodes.forEach((node: NodeResult, i) => {
    node.name = NASTY[i % NASTY.length]!;
  });
  // A chain whose root is not in the run, with a hostile unique id.
  inv.skipChains.push({
    rootId: 'model.x."]; click n0 "javascript:alert(1)" %%',
    rootStatus: "missing",
    skipped: inv.nodes
      .slice(0, 20)
      .map((n) => ({ uniqueId: n.uniqueId, via: 'model.x."]; click n0 "javascript:alert(1)" %%', depth: 1 })),
  });
  return report;
}

const FLOWCHART_LINE = [
  /^flowchart LR$/,
  /^ {2}n\d+\["[^"\n]*"\]$/,
  /^ {2}n\d+ (-->|-\.->) n\d+$/,
  /^ {2}classDef (failed|other|missing|skipped|more) [a-z:#0-9, -]+$/,
  /^ {2}class n\d+(,n\d+)* (failed|other|missing|skipped|more)$/,
];
const GANTT_LINE = [
  /^gantt$/,
  /^ {2}title [\p{L}\p{N} _.\-/()]+$/u,
  /^ {2}dateFormat x$/,
  /^ {2}axisFormat %H:%M:%S$/,
  /^ {2}section [\p{L}\p{N} _.\-/()]+$/u,
  /^ {2}(model|seed|test|unit test|snapshot|source|node|function|operation) [\p{L}\p{N} _.\-/()]+ : (crit, )?\d+, \d+$/u,
];

function expectLines(text: string, grammar: RegExp[]): void {
  for (const line of text.split("\n")) {
    expect(
      grammar.some((re) => re.test(line)),
      `unexpected line: ${line}`,
    ).toBe(true);
  }
}

describe("skip chain flowchart", () => {
  it("renders the real skip chain (golden) and mermaid parses it", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const text = renderSkipChainFlowchart(report, { chains: 10, nodesPerChain: 12 });
    await expect(`${text}\n`).toMatchFileSnapshot("__snapshots__/mermaid-skip-chains.mmd");
    expect(await parse(text)).toBe("flowchart-v2");
    expectLines(text, FLOWCHART_LINE);
  });

  it("caps each chain with an 'N more' node and the chains with 'N more root causes'", async () => {
    const report = await nastyReport();
    const text = renderSkipChainFlowchart(report, { chains: 1, nodesPerChain: 2 });
    expect(text).toContain(mermaidLabel("… and 2 more skipped nodes"));
    expect(text).toContain(mermaidLabel("… and 1 more root cause"));
    expect(text.match(/\["⏭️/g)).toHaveLength(2);
    expect(await parse(text)).toBe("flowchart-v2");
  });

  it("keeps hostile node names inside their labels", async () => {
    const text = renderSkipChainFlowchart(await nastyReport(), { chains: 10, nodesPerChain: 30 });
    await expect(`${text}\n`).toMatchFileSnapshot("__snapshots__/mermaid-skip-chains-nasty.mmd");
    expectLines(text, FLOWCHART_LINE);
    const labels = [...text.matchAll(/\["([^"]*)"\]/g)].map((m) => m[1]!).join("\n");
    expect(labels).toContain(mermaidLabel("<script>"));
    expect(labels).not.toMatch(/%%|<|>|:::|`|\u202E|&/);
    expect(await parse(text)).toBe("flowchart-v2");
  });

  it("draws each node of a cycle (hostile data) once, the root included, and mermaid parses it", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    const [x, y, tail, self] = inv.nodes.slice(0, 4).map((n) => n.uniqueId) as [
      string,
      string,
      string,
      string,
    ];
    // As buildSkipChains ends a cycle: at the node met again, which is listed among the skipped too.
    inv.skipChains = [
      {
        rootId: x,
        rootStatus: "skipped",
        skipped: [
          { uniqueId: y, via: x, depth: 1 },
          { uniqueId: x, via: y, depth: 2 },
          { uniqueId: tail, via: x, depth: 3 },
        ],
      },
      { rootId: self, rootStatus: "skipped", skipped: [{ uniqueId: self, via: self, depth: 1 }] },
    ];
    const text = renderSkipChainFlowchart(report, { chains: 10, nodesPerChain: 10 });
    const boxes = [...text.matchAll(/^ {2}(n\d+)\["/gm)].map((m) => m[1]);
    expect(boxes).toEqual(["n0", "n1", "n2", "n3"]);
    expect(text.split("\n").filter((line) => line.includes("-->"))).toEqual([
      "  n0 --> n1",
      "  n1 --> n0",
      "  n0 --> n2",
    ]);
    expectLines(text, FLOWCHART_LINE);
    expect(await parse(text)).toBe("flowchart-v2");
  });

  it("is empty without skip chains", async () => {
    const report = await reportFor(["test/fixtures/real/preview72_build_success.otel.jsonl"]);
    expect(renderSkipChainFlowchart(report, { chains: 10, nodesPerChain: 10 })).toBe("");
  });

  it("every single nasty label parses on its own", async () => {
    for (const name of NASTY) {
      const text = `flowchart LR\n  n0["${mermaidLabel(name)}"]\n  n1["${mermaidLabel(name)}"]\n  n0 --> n1`;
      expect(await parse(text), name).toBe("flowchart-v2");
    }
  });

  it("the parser really rejects a broken diagram (so the checks above mean something)", async () => {
    await expect(parse('flowchart LR\n  n0["a"b"] --> n1')).rejects.toThrow();
  });
});

describe("timeline gantt", () => {
  it("renders the slowest nodes of a real run (golden) and mermaid parses it", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const text = renderTimelineGantt(report.invocations[0]!, 15);
    await expect(`${text}\n`).toMatchFileSnapshot("__snapshots__/mermaid-timeline.mmd");
    expectLines(text, GANTT_LINE);
    expect(text.split("\n").filter((l) => / : /.test(l))).toHaveLength(10); // slowest: 10 in reportFor
    expect(await parse(text)).toBe("gantt");
  });

  it("marks failed nodes crit and survives hostile names", async () => {
    const report = await nastyReport();
    const inv = report.invocations[0]!;
    inv.slowest.byProcessing = inv.nodes.map((n) => ({
      uniqueId: n.uniqueId,
      name: n.name,
      resourceType: n.resourceType,
      status: n.status,
      processingMs: n.timing.processingMs,
      lifetimeMs: n.timing.lifetimeMs,
      idleMs: n.timing.idleMs,
      warehouseMs: n.timing.warehouseMs,
    }));
    const text = renderTimelineGantt(inv, 100);
    expectLines(text, GANTT_LINE);
    expect(text).toMatch(/ : crit, \d+, \d+$/m);
    const tasks = text.split("\n").filter((l) => / : /.test(l));
    expect(tasks.join("\n")).not.toMatch(/%%|<|>|:::|`|#|;|^\s*click/m);
    expect(await parse(text)).toBe("gantt");
  });

  it("task names keep letters and digits of any script", () => {
    expect(ganttTaskName("model 日本語_évé: <x>")).toBe("model 日本語_évé_ _x_");
  });

  it("task names keep the combining marks of a letter, a pile of them cut to eight, and mermaid parses them", async () => {
    const thai = "model การสั่งซื้อ";
    const hindi = "model आदेशों";
    const decomposed = "model nguyễn_đơn_hàng".normalize("NFD");
    for (const name of [thai, hindi, decomposed]) expect(ganttTaskName(name)).toBe(name);
    const zalgo = `model o${"\u0301".repeat(20)}k`;
    expect(ganttTaskName(zalgo)).toBe(`model o${"\u0301".repeat(8)}k`);
    const tasks = [thai, hindi, decomposed, zalgo].map(
      (name, i) => `  ${ganttTaskName(name)} : ${i}, ${i + 1}`,
    );
    expect(await parse(["gantt", "  dateFormat x", "  section model", ...tasks].join("\n"))).toBe("gantt");
  });
});

describe("timeline title (issue 11 item 6)", () => {
  const cli = (...args: string[]): Promise<string> =>
    new Promise((resolve, reject) =>
      execFile(process.execPath, [DIST_CLI, ...args], (error, stdout) =>
        error && error.code !== 1 ? reject(error) : resolve(stdout),
      ),
    );
  const bars = (markdown: string): string[] =>
    [...markdown.matchAll(/^```mermaid\ngantt\n([\s\S]*?)\n```$/gm)].flatMap((m) =>
      m[1]!.split("\n").filter((line) => / : /.test(line)),
    );

  beforeAll(() => ensureBuilt(), 120_000);

  it("says how many bars it draws: --slowest 2 draws and names 2", async () => {
    const markdown = await cli(
      "--diagrams",
      "--slowest",
      "2",
      "test/fixtures/real/preview120_build_success.otel.jsonl",
    );
    expect(markdown).toContain("<summary>⏱️ Timeline of the 2 slowest nodes</summary>");
    expect(bars(markdown)).toHaveLength(2);
  });

  it("--slowest 0 draws no timeline, and never a node that did not run", async () => {
    const markdown = await cli(
      "--diagrams",
      "--slowest",
      "0",
      "test/fixtures/real/preview120_build_success.otel.jsonl",
    );
    expect(markdown).not.toContain("Timeline of");
    expect(bars(markdown)).toEqual([]);
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"], {
      slowest: 48,
    });
    const drawn = renderTimelineGantt(report.invocations[0]!, 100);
    expect(drawn.split("\n").filter((line) => / : /.test(line))).toHaveLength(44); // 48 nodes less the 4 skipped
    expect(drawn).not.toMatch(/locations/);
  });
});

// Times no clock gave (a start never set, 1970; year 9999) are not drawn as if one had, as the model
// and the headings treat them (implausible-times.ts, render/invocations.ts).
describe("a timeline with times that cannot be right", () => {
  const titleOf = (text: string) => text.split("\n").find((line) => line.startsWith("  title "));

  it("names its invocation's start only when it is a real time", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const inv = report.invocations[0]!;
    expect(titleOf(renderTimelineGantt(inv, 15))).toBe("  title Slowest nodes of dbt build at 02.33 UTC");
    for (const startedAt of ["1970-01-01T00:00:00.000000Z", "9999-12-31T23:59:59.000000Z", null]) {
      inv.startedAt = startedAt;
      const text = renderTimelineGantt(inv, 15);
      expect(titleOf(text)).toBe("  title Slowest nodes of dbt build");
      // The node's own times are real: their bars are drawn as before.
      expect(text.split("\n").filter((l) => / : /.test(l))).toHaveLength(10);
    }
  });

  const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
  /** 2025-11-21T04:40:00Z, and a second. */
  const T0 = 1_763_700_000_000_000_000n;
  const SECOND = 1_000_000_000n;
  const processed = (
    uniqueId: string,
    startNs: bigint,
    endNs: bigint,
    durationMs: number,
  ): TelemetryEvent => ({
    kind: "node",
    traceId: TRACE,
    spanId: null,
    ended: true,
    startNs,
    endNs,
    span: "processed",
    facts: nodeFacts(uniqueId, { inSelection: true, durationMs }),
  });
  /** An invocation whose start was never set, with a node whose start was not either. */
  const unsetStarts = () =>
    finishEvents(TRACE, [
      {
        kind: "invocation",
        traceId: TRACE,
        ended: true,
        startNs: 0n,
        endNs: T0 + 60n * SECOND,
        statusCode: 1,
        statusMessage: null,
        invocationId: null,
        command: "build",
        rawCommand: "dbt build",
        target: null,
        version: "2.0.0-preview.120",
      },
      processed("model.shop.unset", 0n, T0 + 10n * SECOND, 3_000),
      processed("model.shop.fine", T0 + SECOND, T0 + 5n * SECOND, 4_000),
    ]);

  it("draws no bar for a node whose span its invocation cannot hold, and says so under the chart", async () => {
    const inv = unsetStarts();
    // Both are among the slowest: the unset start's processing time is a real one.
    expect(inv.slowest.byProcessing.map((node) => node.uniqueId)).toEqual([
      "model.shop.fine",
      "model.shop.unset",
    ]);
    const text = renderTimelineGantt(inv, 15);
    expect(text.split("\n").slice(1)).toEqual([
      "  title Slowest nodes of dbt build",
      "  dateFormat x",
      "  axisFormat %H:%M:%S",
      "  section model",
      `  model fine : ${Number((T0 + SECOND) / 1_000_000n)}, ${Number((T0 + 5n * SECOND) / 1_000_000n)}`,
    ]);
    expect(await parse(text)).toBe("gantt");
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    report.invocations = [inv];
    const section = diagramSections(report)[1]!.render(0);
    expect(section).toContain("<summary>⏱️ Timeline of the 1 slowest node</summary>");
    expect(section).toContain(
      "<sub>Each bar runs from the node's first phase start to its last phase end. Not drawn: 1 slow node " +
        "whose times cannot be right (see the warnings).</sub>",
    );
  });

  it("says nothing of nodes left out when every span is real", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    expect(diagramSections(report)[1]!.render(0)).toContain(
      "<sub>Each bar runs from the node's first phase start to its last phase end.</sub>",
    );
  });
});

describe("diagram sections", () => {
  it("both diagrams at full detail, fewer as the level rises, none at the leanest levels", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const [chains, timeline] = diagramSections(report);
    expect(chains!.render(0)).toMatch(
      /^<details><summary>🔗 Skip chains diagram \(4 skipped nodes\)<\/summary>\n\n```mermaid\n/,
    );
    expect(timeline!.render(0)).toContain("```mermaid\ngantt");
    expect(timeline!.render(3)).toBe("");
    // No more bars than the slowest-nodes table lists at that level (5 at level 2).
    const many = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"], { slowest: 48 });
    const [, manyTimeline] = diagramSections(many);
    expect(manyTimeline!.render(1)).toContain("<summary>⏱️ Timeline of the 15 slowest nodes</summary>");
    expect(manyTimeline!.render(2)).toContain("<summary>⏱️ Timeline of the 5 slowest nodes</summary>");
    expect(chains!.render(3)).toContain("flowchart LR");
    expect(chains!.render(4)).toBe("");
    expect(chains!.render(6)).toBe("");
  });

  it("draws each level once for every channel that asks (the text depends on the report and the level)", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const [chains, timeline] = diagramSections(report);
    const first = [chains!.render(0), timeline!.render(0)];
    const nodes = report.invocations[0]!.nodes.splice(0);
    const chainsDrawn = report.invocations[0]!.skipChains.splice(0);
    // Drawn again, these would now be empty: the sections give what they drew before.
    expect([chains!.render(0), timeline!.render(0)]).toEqual(first);
    const [chainsAfresh, timelineAfresh] = diagramSections(report);
    expect([chainsAfresh!.render(0), timelineAfresh!.render(0)]).toEqual(["", ""]);
    report.invocations[0]!.nodes.push(...nodes);
    report.invocations[0]!.skipChains.push(...chainsDrawn);
  });

  it("looks an invocation's nodes up through one map for every level and chart", async () => {
    const report = await reportFor(["test/fixtures/generated/skip-chains/telemetry.jsonl"]);
    const inv = report.invocations[0]!;
    let indexed = 0;
    // Counts the passes that map every node (the index is made by one).
    inv.nodes = new Proxy(inv.nodes, {
      get(target, key, receiver) {
        if (key === "map") indexed++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const [chains, timeline] = diagramSections(report);
    const drawn = [0, 1, 2, 3].flatMap((level) => [chains!.render(level), timeline!.render(level)]);
    expect(drawn.filter((text) => text.includes("flowchart LR")).length).toBeGreaterThan(1);
    expect(drawn.filter((text) => text.includes("gantt")).length).toBeGreaterThan(1);
    expect(indexed).toBe(1);
  });

  it("is placed after the headline by renderMarkdown and every mermaid block parses", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const markdown = renderMarkdown(report, {
      maxBytes: 60_000,
      title: "dbt Fusion",
      fullReportHint: "the job summary",
      extras: diagramSections(report),
    });
    const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) await parse(block);
    expect(markdown.indexOf("```mermaid")).toBeGreaterThan(markdown.indexOf("| Total |"));
    expect(markdown.indexOf("```mermaid")).toBeLessThan(markdown.indexOf("#### ❌ Errors"));
  });
});
