// One readable name per node, shown the same way in every section: the node's name in code style,
// with its full unique id as the tooltip (`title`), and break opportunities (<wbr>) in long names
// so a table cell can wrap instead of running off the comment's right edge. Characters that draw
// nothing are shown as escapes, so two nodes never look alike (text/controls.ts).
import { combiningMarksEnd, showInvisible } from "../text/controls.js";
import { escapeHtml, escapeText } from "./escape.js";

export interface NamedNode {
  uniqueId: string;
  name: string;
}

/** Longer text gets a break opportunity after a `_ . / -` that ends a run of at least UNBROKEN_MIN
 * characters, and at least every UNBROKEN_MAX characters. */
const UNBROKEN_MAX = 24;
const UNBROKEN_MIN = 10;

export class NodeNames {
  /** Names that two different nodes of one run share; those nodes are called by their unique id instead. */
  private readonly shared = new Set<string>();
  /**
   * Labels made so far, by unique id: every detail level of every view names the same nodes again.
   * Absent for one rendering at one level, which names most nodes once: kept, 20,000 labels would
   * outlive the collector's young generation and be copied for nothing.
   */
  private readonly labels: Map<string, { name: string; label: string }> | undefined;

  /**
   * `runs`: the nodes of each invocation (and of the baseline). A name is ambiguous only within a
   * run: the same test in two engine versions has two unique ids (the hash differs) and one name.
   * `remember`: whether labels are kept for the renderings after the first.
   */
  constructor(runs: Iterable<Iterable<NamedNode>>, { remember = true }: { remember?: boolean } = {}) {
    this.labels = remember ? new Map() : undefined;
    for (const nodes of runs) {
      const owner = new Map<string, string>();
      for (const { uniqueId, name } of nodes) {
        const first = owner.get(name);
        if (first === undefined) owner.set(name, uniqueId);
        else if (first !== uniqueId) this.shared.add(name);
      }
    }
  }

  /** How many labels are kept for later renderings. */
  get labelsKept(): number {
    return this.labels?.size ?? 0;
  }

  /** The name a reader sees: the node's name, or its unique id (without the type) when the name is ambiguous. */
  readable(node: NamedNode): string {
    if (!node.name) return node.uniqueId;
    if (!this.shared.has(node.name)) return node.name;
    const dot = node.uniqueId.indexOf(".");
    return dot > 0 ? node.uniqueId.slice(dot + 1) : node.uniqueId;
  }

  /** `<code title="model.shop.orders">orders</code>`, as Markdown (text, lists, table cells). */
  label(node: NamedNode): string {
    if (!this.labels) return this.code(node, escapeText);
    const made = this.labels.get(node.uniqueId);
    if (made?.name === node.name) return made.label;
    const label = this.code(node, escapeText);
    if (!made) this.labels.set(node.uniqueId, { name: node.name, label });
    return label;
  }

  /** The same inside an HTML block (a <summary>), where Markdown escapes would show as written. */
  htmlLabel(node: NamedNode): string {
    return this.code(node, escapeHtml);
  }

  /** The readable name in code style, the unique id as its tooltip, both with invisible characters shown. */
  private code(node: NamedNode, escape: (text: string) => string): string {
    const title = escapeHtml(showInvisible(node.uniqueId));
    return `<code title="${title}">${breakable(showInvisible(this.readable(node)), escape)}</code>`;
  }
}

/**
 * Escaped text (for inline Markdown or HTML content) with a <wbr> after each separator when the
 * text is long, and every UNBROKEN_MAX characters within a run that has none. Short text stays as
 * it is. The breaks go into the escaped text, never inside an escape (`\_`) or an entity (`&lt;`).
 */
export function breakable(text: string, escape: (text: string) => string = escapeText): string {
  const escaped = escape(text);
  if (text.length <= UNBROKEN_MAX) return escaped;
  // Copied a run at a time (a report can name 20,000 nodes): `from` is where the current run starts.
  let out = "";
  let from = 0;
  let run = 0;
  for (let i = 0; i < escaped.length;) {
    const end = unitEnd(escaped, i);
    run++;
    const separator = run >= UNBROKEN_MIN && end - i <= 2 && isSeparator(escaped.charCodeAt(end - 1));
    i = end;
    if ((separator || run >= UNBROKEN_MAX) && i < escaped.length) {
      out += `${escaped.slice(from, i)}<wbr>`;
      from = i;
      run = 0;
    }
  }
  return out + escaped.slice(from);
}

/**
 * Where the displayed character at `i` of escaped text ends: `\_`, `&amp;`, or a code point with the
 * combining marks that follow it (a Thai vowel, a decomposed accent), which a break must not leave
 * at the start of the next line.
 */
function unitEnd(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code === 0x5c /* \ */ && i + 1 < text.length) return i + 2;
  if (code === 0x26 /* & */) {
    const end = text.indexOf(";", i);
    if (end > i && end - i <= 6) return end + 1;
  }
  const high = code >= 0xd800 && code <= 0xdbff;
  const low = i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  return combiningMarksEnd(text, high && low ? i + 2 : i + 1);
}

/** `_ . / -`, after which a name may break. */
function isSeparator(code: number): boolean {
  return code === 0x5f || code === 0x2e || code === 0x2f || code === 0x2d;
}
