// Markdown → HTML the way GitHub parses a comment (CommonMark + GFM: tables, autolink literals,
// strikethrough, task lists, footnotes, and the tagfilter that disables <script>, <iframe> and their
// kind), with raw HTML kept so a test sees what GitHub's sanitiser would be handed. Then the HTML as
// a parse5 tree, for tests that read its structure without a browser.
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { parseFragment } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";

export type HtmlNode = DefaultTreeAdapterMap["childNode"];
export type HtmlElement = DefaultTreeAdapterMap["element"];

export function markdownToHtml(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

export function parseHtml(html: string): HtmlNode[] {
  return parseFragment(html).childNodes;
}

export function isElement(node: HtmlNode): node is HtmlElement {
  return "tagName" in node;
}

/** Every node in document order, with its element ancestors (outermost first). */
export function* walk(
  nodes: HtmlNode[],
  ancestors: HtmlElement[] = [],
): Generator<[HtmlNode, HtmlElement[]]> {
  for (const node of nodes) {
    yield [node, ancestors];
    if (isElement(node)) {
      const children = node.tagName === "template" ? [] : node.childNodes;
      yield* walk(children, [...ancestors, node]);
    }
  }
}

export function attribute(element: HtmlElement, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

/** The text of a node and everything under it. */
export function textOf(node: HtmlNode): string {
  if ("value" in node && node.nodeName === "#text") return node.value;
  if (isElement(node)) return node.childNodes.map(textOf).join("");
  return "";
}

/** The lines of a Markdown document that are not inside a fenced code block. */
export function linesOutsideCode(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    if (fence) {
      if (line.startsWith(fence) && /^`+$/.test(line.trimEnd())) fence = null;
    } else if (/^`{3,}/.test(line)) {
      fence = /^`+/.exec(line)![0];
    } else {
      out.push(line);
    }
  }
  return out;
}
