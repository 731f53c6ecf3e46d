// Mermaid diagrams for the comment and summary: a flowchart of skip chains (root cause → skipped
// nodes) and a Gantt timeline of the slowest nodes. GitHub renders ```mermaid blocks in comments,
// check runs and job summaries.
//
// Node names come from telemetry and are untrusted. Nothing from them reaches the diagram text
// unencoded: node ids are generated (n0, n1, …), flowchart labels are quoted and every character
// outside a small safe set is written as a Mermaid entity code (#35; for #), so a name cannot close
// the quote, start a `%%` directive, a `click` callback, a `:::` class or HTML. Gantt task names have
// no entity decoding, so they are reduced to a safe character set instead.
import { realTime } from "../model/implausible-times.js";
import type { Invocation, NodeResult, NodeStatus, Report, ResourceType } from "../model/types.js";
import { showControls } from "../text/controls.js";
import { escapeHtml, generatedBlock } from "./escape.js";
import { isFailure, STATUS } from "../model/status-table.js";
import { plural, resourceLabel, statusIcon } from "./format.js";
import type { ExtraSection } from "./markdown.js";

export interface FlowchartLimits {
  /** Skip chains (root causes) drawn; the rest become one "N more root causes" node. */
  chains: number;
  /** Skipped nodes drawn per chain; the rest become one "N more" node. */
  nodesPerChain: number;
}

/** Per markdown detail level: what each diagram may draw; null drops it. */
const FLOWCHART_BY_LEVEL: (FlowchartLimits | null)[] = [
  { chains: 10, nodesPerChain: 12 },
  { chains: 10, nodesPerChain: 12 },
  { chains: 5, nodesPerChain: 6 },
  { chains: 3, nodesPerChain: 3 },
];
// No more bars than the slowest-nodes table lists at the same level (markdown.ts' LEVELS: 5 at level 2).
const TIMELINE_BY_LEVEL: (number | null)[] = [15, 15, 5];
const MAX_LABEL_CHARS = 80;
const MAX_TIMELINES = 3;

/**
 * The diagrams as extra Markdown sections: skip chains first, then the timeline. Each is drawn once
 * per level: every channel (comment, check run, summary, file) and every rendering of a level asks
 * again, and on a big build finding the slowest nodes for a timeline takes a pass over them all.
 */
export function diagramSections(report: Report): ExtraSection[] {
  const nodesById = nodesByIdOnce();
  return [
    oncePerLevel({
      render(level) {
        const limits = FLOWCHART_BY_LEVEL[level];
        if (!limits) return "";
        const chart = renderSkipChainFlowchart(report, limits, nodesById);
        if (!chart) return "";
        const skipped = report.invocations.reduce(
          (sum, inv) => sum + inv.skipChains.reduce((n, chain) => n + chain.skipped.length, 0),
          0,
        );
        return collapsible(`🔗 Skip chains diagram (${plural(skipped, "skipped node")})`, chart);
      },
    }),
    oncePerLevel({
      render(level) {
        const limit = TIMELINE_BY_LEVEL[level];
        if (!limit) return "";
        // The latest invocations (a rerun after a fix is the one that matters), numbered as the
        // report numbers them when there are several.
        const many = report.invocations.length > 1;
        const drawnInvocations = report.invocations
          .map((inv, i) => ({ inv, label: many ? `${i + 1}. ` : "" }))
          .slice(-MAX_TIMELINES);
        const found = drawnInvocations.map(({ inv }) => timelineBars(inv, limit, nodesById));
        const timelines = found.map(({ bars }) => bars).filter((bars) => bars.length > 0);
        if (timelines.length === 0) return "";
        const unreal = found.reduce((sum, { unreal }) => sum + unreal, 0);
        // Say what is drawn: as many bars as the report lists slowest nodes that ran, not the level's cap.
        const drawn = timelines.map((bars) => bars.length);
        const summary =
          timelines.length === 1
            ? `⏱️ Timeline of the ${plural(drawn[0] as number, "slowest node")}`
            : `⏱️ Timelines of the slowest nodes (${drawn.join(", ")} in ${timelines.length} invocations)`;
        return collapsible(
          summary,
          drawnInvocations
            .map(({ inv, label }) => renderTimelineGantt(inv, limit, label, nodesById))
            .filter(Boolean)
            .map((chart) => generatedBlock(chart, "mermaid"))
            .concat(
              `<sub>Each bar runs from the node's first phase start to its last phase end.${notDrawn(unreal)}</sub>`,
            )
            .join("\n\n"),
          true,
        );
      },
    }),
  ];
}

/** An invocation's nodes by unique id. */
type NodesById = (inv: Invocation) => ReadonlyMap<string, NodeResult>;

/** Each invocation's nodes by unique id, the map made the first time it is asked for. */
function nodesByIdOnce(): NodesById {
  const made = new Map<Invocation, ReadonlyMap<string, NodeResult>>();
  return (inv) => {
    let nodes = made.get(inv);
    if (!nodes) made.set(inv, (nodes = new Map(inv.nodes.map((n) => [n.uniqueId, n]))));
    return nodes;
  };
}

/** The section with each level's text made once (the diagrams depend on the report and the level only). */
function oncePerLevel(section: ExtraSection): ExtraSection {
  const made = new Map<number, string>();
  return {
    render(level) {
      let text = made.get(level);
      if (text === undefined) made.set(level, (text = section.render(level)));
      return text;
    },
  };
}

function collapsible(summary: string, body: string, bodyIsMarkdown = false): string {
  const content = bodyIsMarkdown ? body : generatedBlock(body, "mermaid");
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${content}\n\n</details>`;
}

/** Mermaid flowchart text, or "" when no invocation has skip chains. */
export function renderSkipChainFlowchart(
  report: Report,
  limits: FlowchartLimits,
  nodesById: NodesById = nodesByIdOnce(),
): string {
  const lines = ["flowchart LR"];
  const classes = new Map<string, string[]>();
  let next = 0;
  const newId = (cls: string): string => {
    const id = `n${next++}`;
    classes.set(cls, [...(classes.get(cls) ?? []), id]);
    return id;
  };
  let drawn = 0;
  let left = 0;
  for (const inv of report.invocations) {
    const nodes = nodesById(inv);
    for (const chain of inv.skipChains) {
      if (drawn >= limits.chains) {
        left++;
        continue;
      }
      drawn++;
      const root = nodes.get(chain.rootId);
      const rootId = newId(root ? statusClass(root.status) : "missing");
      const rootLabel = root
        ? `${statusIcon(root.status)} ${nodeLabel(root.uniqueId, root.resourceType, root.name)}`
        : `❔ ${chain.rootId} (not in this run)`;
      lines.push(`  ${rootId}["${mermaidLabel(rootLabel)}"]`);
      const ids = new Map<string, string>([[chain.rootId, rootId]]);
      const shown = chain.skipped.slice(0, limits.nodesPerChain);
      for (const entry of shown) {
        // A cycle (hostile data) ends at a skipped node, listed as skipped too: it keeps its one box.
        if (entry.uniqueId === chain.rootId) continue;
        const node = nodes.get(entry.uniqueId);
        const id = newId("skipped");
        ids.set(entry.uniqueId, id);
        const text = node ? nodeLabel(node.uniqueId, node.resourceType, node.name) : entry.uniqueId;
        lines.push(`  ${id}["${mermaidLabel(`⏭️ ${text}`)}"]`);
      }
      // Edges after all boxes, so a node whose `via` is listed later still hangs off it.
      for (const entry of shown) {
        const id = ids.get(entry.uniqueId)!;
        const via = ids.get(entry.via) ?? rootId;
        // A node skipped because of itself (hostile data) hangs off the root, or off nothing if it is the root.
        const from = via === id ? rootId : via;
        if (from !== id) lines.push(`  ${from} --> ${id}`);
      }
      const rest = chain.skipped.length - shown.length;
      if (rest > 0) {
        const id = newId("more");
        lines.push(`  ${id}["${mermaidLabel(`… and ${plural(rest, "more skipped node")}`)}"]`);
        lines.push(`  ${rootId} -.-> ${id}`);
      }
    }
  }
  if (drawn === 0) return "";
  if (left > 0) {
    const id = newId("more");
    lines.push(`  ${id}["${mermaidLabel(`… and ${plural(left, "more root cause")}`)}"]`);
  }
  for (const [cls, style] of Object.entries(CLASS_STYLES)) {
    const members = classes.get(cls);
    if (!members) continue;
    lines.push(`  classDef ${cls} ${style}`);
    lines.push(`  class ${members.join(",")} ${cls}`);
  }
  return lines.join("\n");
}

const CLASS_STYLES: Record<string, string> = {
  failed: "fill:#ffebe9,stroke:#cf222e",
  other: "fill:#fff8c5,stroke:#9a6700",
  missing: "fill:#f6f8fa,stroke:#6e7781,stroke-dasharray:3 3",
  skipped: "fill:#f6f8fa,stroke:#6e7781",
  more: "fill:#ffffff,stroke:#d0d7de,stroke-dasharray:3 3",
};

function statusClass(status: NodeStatus): string {
  return isFailure(status) ? "failed" : "other";
}

function nodeLabel(uniqueId: string, type: ResourceType, name: string | null): string {
  return `${resourceLabel(type)} ${name || uniqueId}`;
}

/**
 * Text for inside a quoted flowchart label. Letters (any script), digits, spaces and a few
 * punctuation marks pass; everything else (quotes, brackets, #, %, ;, :, <, >, &, `, |, …) becomes an
 * entity code, which Mermaid shows as the character and never parses as syntax or markup.
 */
export function mermaidLabel(text: string): string {
  const clean = clip(stripInvisible(text));
  let out = "";
  for (const ch of clean) {
    out += /^[\p{L}\p{N} _.,\-/()…]$/u.test(ch) || isPictograph(ch) ? ch : `#${ch.codePointAt(0)};`;
  }
  return out;
}

/**
 * Gantt task names are not entity-decoded: keep a safe character set and drop the rest. Combining
 * marks are part of the letter before them (Thai vowels, Devanagari signs, decomposed accents), and
 * stripInvisible has cut their piles.
 */
export function ganttTaskName(text: string): string {
  const clean = clip(stripInvisible(text))
    .replace(/[^\p{L}\p{M}\p{N} _.\-/()]/gu, "_")
    .replace(/\s+/g, " ")
    .trim();
  return clean || "node";
}

function isPictograph(ch: string): boolean {
  return /\p{Extended_Pictographic}|\uFE0F/u.test(ch);
}

/**
 * Line breaks become spaces; control characters and bidi overrides (which can disguise a label) are
 * shown as escapes (`\x1b`, `\u202E`), like everywhere else; zero-width characters become spaces.
 */
function stripInvisible(text: string): string {
  return showControls(text, "space").replace(/[\u200B-\u200D\u2060]/g, " ");
}

function clip(text: string): string {
  const chars = [...text];
  return chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join("")}…` : text;
}

/**
 * What tells the charts of several invocations apart: the command (with its selector) and its start.
 * A start that is no real time (never set, 1970; year 9999) is left out, as a missing one is, rather
 * than read as 00.00 or 23.59: the command and the chart's number still tell the charts apart.
 */
function timelineTitle(inv: Invocation): string {
  const command = inv.rawCommand ?? `dbt ${inv.command ?? "invocation"}`;
  const started = /T(\d{2}):(\d{2})/.exec(realTime(inv.startedAt) ?? "");
  return started ? `${command} at ${started[1]}.${started[2]} UTC` : command;
}

/** The timeline's note on slow nodes left out for their times. */
function notDrawn(unreal: number): string {
  if (unreal === 0) return "";
  return ` Not drawn: ${plural(unreal, "slow node")} whose times cannot be right (see the warnings).`;
}

interface Bar {
  node: NodeResult;
  start: number;
  end: number;
}

/**
 * The invocation's slowest nodes as the report lists them (so `--slowest` decides, and 0 draws
 * nothing), at most `limit`, leaving out nodes that did not run (a skipped node is not slow) and
 * nodes without both timestamps; and how many were left out for a span that cannot be right.
 */
function timelineBars(inv: Invocation, limit: number, nodesById: NodesById): { bars: Bar[]; unreal: number } {
  const nodes = nodesById(inv);
  const bars: Bar[] = [];
  let unreal = 0;
  for (const slow of inv.slowest.byProcessing) {
    if (bars.length >= limit) break;
    const node = nodes.get(slow.uniqueId);
    if (!node || STATUS[node.status].ran === "no") continue;
    const start = Date.parse(node.timing.startedAt ?? "");
    const end = Date.parse(node.timing.completedAt ?? "");
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    // The model gives no lifetime to a span its invocation cannot hold (implausible-times.ts): a
    // start never set would stretch the axis over 56 years and leave every other bar a sliver.
    if (end < start || node.timing.lifetimeMs === null) {
      unreal++;
      continue;
    }
    bars.push({ node, start, end });
  }
  return { bars, unreal };
}

/**
 * Mermaid Gantt of the invocation's slowest nodes (by processing time), each bar from the node's
 * first phase start to its last phase end (so waiting on upstream nodes shows), in wall-clock
 * time. Failed nodes are marked `crit`. "" when no slow node has both timestamps.
 */
export function renderTimelineGantt(
  inv: Invocation,
  limit: number,
  label = "",
  nodesById: NodesById = nodesByIdOnce(),
): string {
  const { bars } = timelineBars(inv, limit, nodesById);
  if (bars.length === 0) return "";
  bars.sort((a, b) => a.start - b.start || a.end - b.end);
  const lines = [
    "gantt",
    // Short enough for the label limit: a long selector must not push out what the chart is.
    `  title ${ganttTaskName(`Slowest nodes of ${label}${timelineTitle(inv)}`)}`,
    "  dateFormat x",
    "  axisFormat %H:%M:%S",
  ];
  const byType = new Map<ResourceType, typeof bars>();
  for (const bar of bars)
    byType.set(bar.node.resourceType, [...(byType.get(bar.node.resourceType) ?? []), bar]);
  for (const [type, group] of byType) {
    lines.push(`  section ${ganttTaskName(resourceLabel(type))}`);
    for (const { node, start, end } of group) {
      // Resource-type prefix: a task name can then never begin with a Gantt keyword (section, click…).
      const name = ganttTaskName(`${resourceLabel(node.resourceType)} ${node.name || node.uniqueId}`);
      const crit = isFailure(node.status) ? "crit, " : "";
      lines.push(`  ${name} : ${crit}${start}, ${Math.max(end, start + 1)}`);
    }
  }
  return lines.join("\n");
}
