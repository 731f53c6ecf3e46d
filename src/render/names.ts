// One readable name per node, shown the same way in every section: the node's name in code style,
// with its full unique id as the tooltip (`title`), and break opportunities (<wbr>) in long names
// so a table cell can wrap instead of running off the comment's right edge.
import { escapeHtml, escapeText } from "./escape.js";

export interface NamedNode {
  uniqueId: string;
  name: string;
}

/** Longer text gets a break opportunity after a `_ . / -` that ends a run of at least UNBROKEN_MIN
 * characters, and at least every UNBROKEN_MAX characters. */
const UNBROKEN_MAX = 24;
const UNBROKEN_MIN = 10;
const SEPARATOR = /[_./-]/;

export class NodeNames {
  /** Names that two different nodes of one run share; those nodes are called by their unique id instead. */
  private readonly shared = new Set<string>();
  /** Labels made so far: every detail level of every view names the same nodes again. */
  private readonly labels = new Map<string, string>();

  /**
   * `runs`: the nodes of each invocation (and of the baseline). A name is ambiguous only within a
   * run: the same test in two engine versions has two unique ids (the hash differs) and one name.
   */
  constructor(runs: Iterable<Iterable<NamedNode>>) {
    for (const nodes of runs) {
      const owner = new Map<string, string>();
      for (const { uniqueId, name } of nodes) {
        const first = owner.get(name);
        if (first === undefined) owner.set(name, uniqueId);
        else if (first !== uniqueId) this.shared.add(name);
      }
    }
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
    const key = `${node.uniqueId}\u0000${node.name}`;
    let label = this.labels.get(key);
    if (label === undefined) {
      label = `<code title="${escapeHtml(node.uniqueId)}">${breakable(this.readable(node))}</code>`;
      this.labels.set(key, label);
    }
    return label;
  }

  /** The same inside an HTML block (a <summary>), where Markdown escapes would show as written. */
  htmlLabel(node: NamedNode): string {
    return `<code title="${escapeHtml(node.uniqueId)}">${breakable(this.readable(node), escapeHtml)}</code>`;
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
  let out = "";
  let run = 0;
  for (let i = 0; i < escaped.length;) {
    const unit = unitAt(escaped, i);
    i += unit.length;
    out += unit;
    run++;
    const separator =
      run >= UNBROKEN_MIN && unit.length <= 2 && SEPARATOR.test(unit[unit.length - 1] as string);
    if ((separator || run >= UNBROKEN_MAX) && i < escaped.length) {
      out += "<wbr>";
      run = 0;
    }
  }
  return out;
}

/** One displayed character of escaped text: `\_`, `&amp;`, or a code point. */
function unitAt(text: string, i: number): string {
  if (text[i] === "\\" && i + 1 < text.length) return text.slice(i, i + 2);
  if (text[i] === "&") {
    const end = text.indexOf(";", i);
    if (end > i && end - i <= 6) return text.slice(i, end + 1);
  }
  return String.fromCodePoint(text.codePointAt(i) as number);
}
