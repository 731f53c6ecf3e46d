// The Markdown report: one renderer for the terminal, the job summary, the PR comment and the
// check run, differing only in their size budget. When the full report does not fit, detail is
// dropped in a fixed priority (the rest → slowest → warnings → skip roots → failed tests → errors)
// and every section says how much it left out and where the full list is.
import { HEADLINE_CELLS, headlineCounts, STATUS } from "../model/status-table.js";
import type { Invocation, NodeLocation, NodeResult, Report, SkipChain } from "../model/types.js";
import { firstLine } from "../text/truncate.js";
import { code, codeBlock, escapeHtml, escapeText, excerpt, linkDestination } from "./escape.js";
import { renderTable } from "./table.js";
import { formatDuration, plural, resourceLabel, statusIcon, statusText } from "./format.js";

export interface Links {
  /** URL of a repository file at the PR head, or null for files outside the repository. */
  fileUrl(location: NodeLocation, packageName: string | null): string | null;
  runUrl?: string;
}

export interface MarkdownOptions {
  /** Hard limit on the output, in UTF-8 bytes (conservative for limits counted in characters). */
  maxBytes: number;
  /** Shown as the heading, e.g. the check name. */
  title: string;
  /** Where the complete lists are when this rendering leaves something out. */
  fullReportHint: string;
  links?: Links;
  /** Extra blocks (baseline comparison, diagrams) placed right after the headline, by priority. */
  extras?: ExtraSection[];
}

/** A section contributed by another feature, shown at detail levels up to `maxLevel`. */
export interface ExtraSection {
  render(level: number): string;
}

interface Detail {
  errors: number;
  excerptLines: number;
  excerptChars: number;
  failedTests: number;
  diffTables: boolean;
  chains: number;
  chainNodes: number;
  warnings: number;
  slowest: number;
  rest: boolean;
}

const LEVELS: Detail[] = [
  {
    errors: 1e9,
    excerptLines: 20,
    excerptChars: 3000,
    failedTests: 1e9,
    diffTables: true,
    chains: 1e9,
    chainNodes: 100,
    warnings: 1e9,
    slowest: 1e9,
    rest: true,
  },
  {
    errors: 1e9,
    excerptLines: 20,
    excerptChars: 3000,
    failedTests: 1e9,
    diffTables: true,
    chains: 1e9,
    chainNodes: 100,
    warnings: 1e9,
    slowest: 1e9,
    rest: false,
  },
  {
    errors: 1e9,
    excerptLines: 15,
    excerptChars: 2000,
    failedTests: 1e9,
    diffTables: true,
    chains: 1e9,
    chainNodes: 20,
    warnings: 100,
    slowest: 5,
    rest: false,
  },
  {
    errors: 100,
    excerptLines: 12,
    excerptChars: 1200,
    failedTests: 200,
    diffTables: false,
    chains: 50,
    chainNodes: 10,
    warnings: 20,
    slowest: 5,
    rest: false,
  },
  {
    errors: 50,
    excerptLines: 8,
    excerptChars: 600,
    failedTests: 100,
    diffTables: false,
    chains: 20,
    chainNodes: 5,
    warnings: 10,
    slowest: 3,
    rest: false,
  },
  {
    errors: 20,
    excerptLines: 4,
    excerptChars: 300,
    failedTests: 30,
    diffTables: false,
    chains: 10,
    chainNodes: 0,
    warnings: 5,
    slowest: 0,
    rest: false,
  },
  {
    errors: 10,
    excerptLines: 2,
    excerptChars: 160,
    failedTests: 10,
    diffTables: false,
    chains: 5,
    chainNodes: 0,
    warnings: 0,
    slowest: 0,
    rest: false,
  },
];

export function renderMarkdown(report: Report, options: MarkdownOptions): string {
  for (let level = 0; level < LEVELS.length; level++) {
    const text = renderAtLevel(report, options, level);
    if (byteLength(text) <= options.maxBytes) return text;
  }
  return truncateMarkdown(
    renderAtLevel(report, options, LEVELS.length - 1),
    options.maxBytes,
    options.fullReportHint,
  );
}

function renderAtLevel(report: Report, options: MarkdownOptions, level: number): string {
  const detail = LEVELS[level] as Detail;
  const parts: string[] = [renderHeadline(report, options)];
  for (const extra of options.extras ?? []) {
    const block = extra.render(level);
    if (block) parts.push(block);
  }
  const many = report.invocations.length > 1;
  for (const invocation of report.invocations) {
    parts.push(renderInvocation(invocation, detail, options, many));
  }
  if (report.invocations.length === 0) parts.push("_No dbt invocation was found in the telemetry._");
  if (level > 0) {
    parts.push(
      `<sub>Some detail was left out to fit this view; the complete report is in ${options.fullReportHint}.</sub>`,
    );
  }
  return `${parts.filter(Boolean).join("\n\n")}\n`;
}

function renderHeadline(report: Report, options: MarkdownOptions): string {
  const icon = report.conclusion === "failure" ? "❌" : report.conclusion === "neutral" ? "⚠️" : "✅";
  const counts = headlineCounts(report.counts);
  const lines = [`## ${icon} ${escapeText(options.title)}: ${escapeText(report.conclusionReason)}`];
  const shown = HEADLINE_CELLS.filter((cell) => cell.alwaysShown || counts[cell.key] > 0);
  lines.push(
    renderTable(
      [...shown.map((cell) => ({ heading: cell.label, numeric: true })), { heading: "Total", numeric: true }],
      [[...shown.map((cell) => String(counts[cell.key])), String(report.counts.total)]],
    ),
  );
  // A blank line first: a line right under a table would become another table row.
  if (options.links?.runUrl) lines.push("", `[Workflow run](${linkDestination(options.links.runUrl)})`);
  return lines.join("\n");
}

function renderInvocation(inv: Invocation, detail: Detail, options: MarkdownOptions, many: boolean): string {
  const parts: string[] = [];
  if (many || inv.source.step) parts.push(`### ${invocationTitle(inv)}`);
  parts.push(invocationMeta(inv));
  if (inv.readerWarnings.length > 0) {
    parts.push(inv.readerWarnings.map((w) => `> ⚠️ ${escapeText(w)}`).join("\n>\n"));
  }
  const nodes = new Map(inv.nodes.map((n) => [n.uniqueId, n]));
  const chainsByRoot = new Map(inv.skipChains.map((chain) => [chain.rootId, chain]));
  parts.push(renderErrors(inv, detail, options, chainsByRoot));
  parts.push(renderFailedTests(inv, detail, options));
  parts.push(renderSkipChains(inv.skipChains, nodes, detail, options));
  parts.push(renderWarnings(inv, detail, options));
  parts.push(renderNotCompleted(inv, detail, options));
  parts.push(renderSlowest(inv, detail));
  if (detail.rest) parts.push(renderAllNodes(inv));
  return parts.filter(Boolean).join("\n\n");
}

function invocationTitle(inv: Invocation): string {
  const step = inv.source.step;
  const command = inv.rawCommand ?? (inv.command ? `dbt ${inv.command}` : "dbt");
  if (step) return `Step ${step.index}: ${escapeText(step.name)}`;
  return `${code(command)} · ${escapeText(inv.invocationId)}`;
}

function invocationMeta(inv: Invocation): string {
  const facts = [
    inv.rawCommand ? code(inv.rawCommand) : inv.command ? code(`dbt ${inv.command}`) : null,
    inv.dbtVersion ? `dbt ${escapeText(inv.dbtVersion)}` : null,
    inv.target ? `target ${code(inv.target)}` : null,
    inv.durationMs !== null ? formatDuration(inv.durationMs) : null,
    inv.state === "incomplete" ? "**did not finish**" : null,
    inv.statusMessage ? escapeText(inv.statusMessage) : null,
    `invocation ${code(inv.invocationId)}`,
  ].filter(Boolean);
  const step = inv.source.step;
  if (step?.url) facts.push(`[run ${escapeText(String(step.runId))}](${linkDestination(step.url)})`);
  return `<sub>${facts.join(" · ")}</sub>`;
}

function renderErrors(
  inv: Invocation,
  detail: Detail,
  options: MarkdownOptions,
  chainsByRoot: Map<string, SkipChain>,
): string {
  const errors = inv.nodes.filter((n) => n.status === "error");
  const total = errors.length + inv.runErrors.length;
  if (total === 0) return "";
  const lines = [`#### ❌ Errors (${total})`];
  for (const node of errors.slice(0, detail.errors)) {
    const facts = [
      resourceLabel(node.resourceType),
      node.errorType ? `${node.errorType} error` : null,
      node.freshness ? `freshness ${node.freshness.outcome}${ageSuffix(node.freshness.ageSeconds)}` : null,
      node.lastPhase ? `in ${phaseName(node.lastPhase)} phase` : null,
      locationLink(node.location, node.packageName, options),
    ].filter(Boolean);
    const downstream = chainsByRoot.get(node.uniqueId)?.skipped.length ?? 0;
    if (downstream > 0) facts.push(`⏭️ ${plural(downstream, "node")} skipped downstream`);
    lines.push(`**${code(node.uniqueId)}** · ${facts.join(" · ")}`);
    const text = node.message ?? (node.freshness ? null : "The engine reported an error but no message.");
    if (text) lines.push(codeBlock(excerpt(text, detail.excerptLines, detail.excerptChars)));
  }
  lines.push(more(errors.length, detail.errors, "error", options));
  for (const log of inv.runErrors.slice(0, Math.max(0, detail.errors - errors.length))) {
    const where = log.location ? ` · ${locationLink(log.location, null, options)}` : "";
    lines.push(`**Run error**${log.code ? ` (code ${log.code})` : ""}${where}`);
    lines.push(codeBlock(excerpt(log.text, detail.excerptLines, detail.excerptChars)));
  }
  lines.push(more(inv.runErrors.length, Math.max(0, detail.errors - errors.length), "run error", options));
  return lines.filter(Boolean).join("\n\n");
}

function renderFailedTests(inv: Invocation, detail: Detail, options: MarkdownOptions): string {
  const failed = inv.nodes.filter((n) => n.status === "fail");
  if (failed.length === 0) return "";
  const lines = [
    `#### ❌ Failed tests (${failed.length})`,
    testTable(failed.slice(0, detail.failedTests), options),
  ];
  if (detail.diffTables) {
    for (const node of failed.slice(0, detail.failedTests)) {
      if (!node.test?.diffTable) continue;
      lines.push(
        `<details><summary>Diff for ${escapeHtml(node.name)}</summary>\n\n${codeBlock(
          excerpt(node.test.diffTable, 60, 6000),
        )}\n\n</details>`,
      );
    }
  }
  lines.push(more(failed.length, detail.failedTests, "failed test", options));
  return lines.filter(Boolean).join("\n\n");
}

function testTable(tests: NodeResult[], options: MarkdownOptions): string {
  return renderTable(
    [
      { heading: "Test" },
      { heading: "Type" },
      { heading: "Failing rows", numeric: true },
      { heading: "Defined at" },
    ],
    tests.map((n) => [
      code(n.name),
      resourceLabel(n.resourceType),
      String(n.test?.failingRows ?? "–"),
      locationLink(n.location, n.packageName, options) ?? "–",
    ]),
  );
}

function renderSkipChains(
  chains: SkipChain[],
  nodes: Map<string, NodeResult>,
  detail: Detail,
  options: MarkdownOptions,
): string {
  if (chains.length === 0) return "";
  const skipped = chains.reduce((sum, chain) => sum + chain.skipped.length, 0);
  const lines = [`#### ⏭️ Skipped because of an upstream problem (${plural(skipped, "node")})`];
  const items: string[] = [];
  for (const chain of chains.slice(0, detail.chains)) {
    const root = nodes.get(chain.rootId);
    const rootStatus = root ? statusText(root.status) : "not in this run";
    items.push(`- ${code(chain.rootId)} (${rootStatus}) → ${plural(chain.skipped.length, "node")} skipped`);
    for (const entry of chain.skipped.slice(0, detail.chainNodes)) {
      const via = entry.via !== chain.rootId ? ` (via ${code(entry.via)})` : "";
      items.push(`  - ${code(entry.uniqueId)}${via}`);
    }
    if (chain.skipped.length > detail.chainNodes && detail.chainNodes > 0) {
      items.push(`  - … and ${chain.skipped.length - detail.chainNodes} more`);
    }
  }
  lines.push(items.join("\n"));
  lines.push(more(chains.length, detail.chains, "root cause", options));
  return lines.filter(Boolean).join("\n\n");
}

function renderWarnings(inv: Invocation, detail: Detail, options: MarkdownOptions): string {
  const warned = inv.nodes.filter((n) => n.status === "warn");
  const logged = inv.nodes.flatMap((n) =>
    n.logs.filter((l) => l.severity === "WARN").map((log) => ({ node: n, log })),
  );
  if (warned.length + logged.length === 0) return "";
  const lines = [`#### ⚠️ Warnings (${warned.length + logged.length})`];
  const tests = warned.filter((n) => n.test);
  const fresh = warned.filter((n) => !n.test);
  if (tests.length > 0) lines.push(testTable(tests.slice(0, detail.warnings), options));
  lines.push(more(tests.length, detail.warnings, "warned test", options));
  const other: string[] = [];
  for (const node of fresh.slice(0, detail.warnings)) {
    const what = node.freshness
      ? `source freshness warn${ageSuffix(node.freshness.ageSeconds)}`
      : resourceLabel(node.resourceType);
    other.push(`- ${code(node.uniqueId)} · ${what}`);
  }
  for (const { node, log } of logged.slice(0, detail.warnings)) {
    other.push(`- ${code(node.uniqueId)}: ${escapeText(firstLine(log.text, 300))}`);
  }
  if (other.length > 0) lines.push(other.join("\n"));
  lines.push(more(fresh.length + logged.length, detail.warnings * 2, "warning", options));
  return lines.filter(Boolean).join("\n\n");
}

/** Canceled, phase-skipped and unfinished nodes: not failures, but the reader should know they did not run. */
function renderNotCompleted(inv: Invocation, detail: Detail, options: MarkdownOptions): string {
  const nodes = inv.nodes.filter((n) => STATUS[n.status].notCompleted !== null);
  if (nodes.length === 0) return "";
  const items = nodes
    .slice(0, detail.warnings)
    .map(
      (n) =>
        `- ${statusIcon(n.status)} ${code(n.uniqueId)} · ${resourceLabel(n.resourceType)} · ${STATUS[n.status].notCompleted}`,
    );
  return [
    `#### 🚫 Not run to completion (${nodes.length})`,
    items.join("\n"),
    more(nodes.length, detail.warnings, "node", options),
  ]
    .filter(Boolean)
    .join("\n\n");
}

function renderSlowest(inv: Invocation, detail: Detail): string {
  const rows = inv.slowest.byProcessing.slice(0, detail.slowest);
  if (rows.length === 0) return "";
  const table = renderTable(
    [
      { heading: "Node" },
      { heading: "Type" },
      { heading: "Status" },
      { heading: "Processing", numeric: true },
      { heading: "Lifetime", numeric: true },
      { heading: "Idle", numeric: true },
      { heading: "Warehouse", numeric: true },
    ],
    rows.map((n) => [
      code(n.name),
      resourceLabel(n.resourceType),
      statusText(n.status),
      formatDuration(n.processingMs),
      formatDuration(n.lifetimeMs),
      formatDuration(n.idleMs),
      formatDuration(n.warehouseMs),
    ]),
  );
  return `#### 🐢 Slowest nodes\n\n${table}\n\n<sub>Processing: time the engine worked on the node. Lifetime: first phase start to last phase end, including waiting for upstream nodes. Idle: waiting for a warehouse connection. Warehouse: time in queries.</sub>`;
}

function renderAllNodes(inv: Invocation): string {
  if (inv.nodes.length === 0) return "";
  const table = renderTable(
    [
      { heading: "Status" },
      { heading: "Node" },
      { heading: "Type" },
      { heading: "Processing", numeric: true },
      { heading: "Warehouse", numeric: true },
    ],
    inv.nodes.map((n) => [
      statusText(n.status),
      code(n.uniqueId),
      resourceLabel(n.resourceType),
      formatDuration(n.timing.processingMs),
      formatDuration(n.timing.warehouseMs),
    ]),
  );
  return `<details><summary>All ${plural(inv.nodes.length, "node")}</summary>\n\n${table}\n\n</details>`;
}

function locationLink(
  location: NodeLocation | null,
  packageName: string | null,
  options: MarkdownOptions,
): string | null {
  if (!location) return null;
  const label = code(location.line ? `${location.path}:${location.line}` : location.path);
  const url = options.links?.fileUrl(location, packageName);
  return url ? `[${label}](${linkDestination(url)})` : label;
}

/** The engine's phase names (`freshness_analysis`) as they are; anything else escaped. */
function phaseName(phase: string): string {
  return /^[a-z]+(_[a-z]+)*$/.test(phase) ? phase : escapeText(phase);
}

function more(total: number, shown: number, noun: string, options: MarkdownOptions): string {
  const left = total - Math.min(total, shown);
  return left > 0
    ? `_… and ${left} more ${left === 1 ? noun : `${noun}s`}, listed in ${options.fullReportHint}._`
    : "";
}

function ageSuffix(ageSeconds: number | undefined): string {
  return ageSeconds !== undefined ? ` (age ${formatDuration(ageSeconds * 1000)})` : "";
}

/**
 * The summary left when no report could be made (no telemetry, an unreadable file or baseline). The
 * error may quote a file's name or content, so it is shown in a code block.
 */
export function renderUnusable(
  title: string,
  what: string,
  severity: "warning" | "error",
  message: string,
): string {
  return `## ${severity === "warning" ? "⚠️" : "❌"} ${escapeText(title)}: ${escapeText(what)}\n\n${codeBlock(message)}\n`;
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * Last resort when even the leanest rendering is too long: cut at a line boundary, close an open
 * code fence and <details>, and say where the rest is.
 */
export function truncateMarkdown(text: string, maxBytes: number, fullReportHint: string): string {
  const note = `\n\n_The report was cut to fit; the complete report is in ${fullReportHint}._\n`;
  const budget = maxBytes - byteLength(note) - 64;
  let cut = Buffer.from(text, "utf8").subarray(0, Math.max(0, budget)).toString("utf8");
  cut = cut.replace(/\uFFFD$/, "");
  const newline = cut.lastIndexOf("\n");
  if (newline > 0) cut = cut.slice(0, newline);
  const open = openBlocks(cut);
  if (open.fence) cut += `\n${open.fence}`;
  for (let i = 0; i < open.details; i++) cut += "\n\n</details>";
  return `${cut}${note}`;
}

/**
 * The code fence and the <details> our Markdown leaves open at its end. Ours are the lines that
 * start with `<details>` or are `</details>`; the same text inside a code block (a hostile message)
 * or a table cell does not count.
 */
function openBlocks(markdown: string): { fence: string | null; details: number } {
  let fence: string | null = null;
  let details = 0;
  for (const line of markdown.split("\n")) {
    if (fence) {
      if (line.startsWith(fence) && /^`+$/.test(line.trimEnd())) fence = null;
      continue;
    }
    const opening = /^(`{3,})/.exec(line);
    if (opening) fence = opening[1] as string;
    else if (line.startsWith("<details>")) details++;
    else if (line === "</details>" && details > 0) details--;
  }
  return { fence, details };
}
