// Hostile text through the built bundles (issue 10, "What done looks like"): the corpus of
// test/support/hostile-corpus.ts is placed in every text field of the telemetry and run through
// `dist/cli.js` and `dist/index.js` (with the GitHub stand-in). The comment, the check run's summary
// and text and the job summary are rendered by a CommonMark + GFM renderer, and:
// - their HTML has the same elements as the rendering of the tame twin (same telemetry, harmless
//   strings): untrusted text produced only text, inside the report's own elements (text, inline code,
//   code blocks);
// - every link is one the report made (a file at the PR head commit, the workflow run, our docs);
// - nothing GitHub would turn into a mention or an issue link is left in text;
// - <details> are balanced, and no HTML comment is there but our marker, at the end of the comment;
// - every Mermaid diagram still parses with Mermaid's own parser.
// FUSION_REPORT_E2E_CLI / FUSION_REPORT_E2E_INDEX run it against another build (e.g. an older one).
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import DOMPurify from "dompurify";
import mermaid from "mermaid";
import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { toRepoPath } from "../../src/render/annotations.js";
import {
  attribute,
  isElement,
  linesOutsideCode,
  markdownToHtml,
  parseHtml,
  textOf,
  walk,
  type HtmlElement,
} from "../support/gfm-html.js";
import { HOSTILE_CORPUS, hostileJsonl, pathFor, tameCorpus } from "../support/hostile-corpus.js";
import {
  DIST_CLI,
  ensureBuilt,
  HEAD_SHA,
  PR_NUMBER,
  runAction,
  startServer,
  type ActionRun,
} from "./helpers.js";
import { makeTempDir } from "../support/temp-dir.js";

const CLI = process.env.FUSION_REPORT_E2E_CLI || DIST_CLI;
const MARKER = "<!-- fusion-report:dbt Fusion -->";
const FILE_LINK = `https://github.com/acme/analytics/blob/${HEAD_SHA}/`;
const RUN_LINK = "https://github.com/acme/analytics/actions/runs/9876543210";
const DOCS_LINK = /^https:\/\/github\.com\/fusion-report\/fusion-report(\/|#|$)/;

/** The Markdown documents one run produced, by where they went. */
type Documents = Record<string, string>;

interface Rendered {
  cli: Documents;
  action: Documents;
  annotations: Record<string, unknown>[];
  junit: string;
}

let dir: string;
let hostile: Rendered;
let tame: Rendered;

beforeAll(async () => {
  ensureBuilt();
  dir = makeTempDir("fusion-hostile-");
  hostile = await renderEverywhere("hostile", hostileJsonl(HOSTILE_CORPUS));
  tame = await renderEverywhere("tame", hostileJsonl(tameCorpus(HOSTILE_CORPUS)));
}, 120_000);

async function renderEverywhere(name: string, jsonl: string): Promise<Rendered> {
  const telemetry = join(dir, `${name}.jsonl`);
  const markdownFile = join(dir, `${name}.md`);
  const junitFile = join(dir, `${name}.xml`);
  writeFileSync(telemetry, jsonl);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, "--diagrams", "--markdown", markdownFile, "--junit", junitFile, telemetry],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) =>
        error && error.code !== 1 ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
    );
  });

  const server = await startServer();
  let run: ActionRun | undefined;
  try {
    run = await runAction(server, { inputs: { telemetry } });
    expect(server.violations).toEqual([]);
    const comment = server.commentsOn(PR_NUMBER)[0];
    const check = server.checkRuns[0];
    expect(comment, `no comment; stderr: ${run.stderr}`).toBeDefined();
    expect(check).toBeDefined();
    return {
      cli: { stdout, "--markdown file": readFileSync(markdownFile, "utf8") },
      action: {
        comment: comment!.body,
        "check summary": check!.output.summary ?? "",
        "check text": check!.output.text ?? "",
        "job summary": run.summary,
      },
      annotations: check!.annotations,
      junit: readFileSync(junitFile, "utf8"),
    };
  } finally {
    await server.close();
    if (run) rmSync(run.workspace, { recursive: true, force: true });
  }
}

/**
 * The elements in document order, with the attributes that tell them apart; links by kind. A
 * name's tooltip (`title`) is the untrusted id itself, and its <wbr> break opportunities depend on
 * its length: only that they are there counts.
 */
function skeleton(markdown: string): string[] {
  const out: string[] = [];
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    const depth = ancestors.length;
    if (node.nodeName === "#comment") out.push(`${depth} <!--comment-->`);
    if (!isElement(node) || node.tagName === "wbr") continue;
    const attrs = node.attrs
      .filter((a) => a.name !== "href")
      .map((a) => (a.name === "title" ? "title" : `${a.name}=${a.value}`))
      .sort();
    const href = attribute(node, "href");
    if (href !== null) attrs.push(`href:${linkKind(href)}`);
    out.push(`${depth} <${node.tagName}${attrs.length ? ` ${attrs.join(" ")}` : ""}>`);
  }
  return out;
}

function linkKind(href: string): string {
  if (href.startsWith(FILE_LINK)) return "file";
  if (href === RUN_LINK) return "run";
  if (DOCS_LINK.test(href)) return "docs";
  return `foreign ${href}`;
}

function links(markdown: string): HtmlElement[] {
  return [...walk(parseHtml(markdownToHtml(markdown)))]
    .map(([node]) => node)
    .filter(
      (node): node is HtmlElement => isElement(node) && (node.tagName === "a" || node.tagName === "img"),
    );
}

/** Text GitHub would turn into a mention or an issue/PR link (it skips code, pre and links). */
function linkableText(markdown: string): string[] {
  const found: string[] = [];
  for (const [node, ancestors] of walk(parseHtml(markdownToHtml(markdown)))) {
    if (node.nodeName !== "#text") continue;
    if (ancestors.some((a) => ["code", "pre", "a"].includes(a.tagName))) continue;
    const text = textOf(node);
    for (const m of text.matchAll(
      /(?<![\w`])@[A-Za-z0-9][\w-]*|(?<![\w&])#\d+|\bGH-\d+|(?<![\w./-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])/gi,
    ))
      found.push(m[0]);
  }
  return found;
}

const everyDocument = (): [string, string, string][] => [
  ...Object.keys(hostile.cli).map((name): [string, string, string] => [
    `CLI ${name}`,
    hostile.cli[name]!,
    tame.cli[name]!,
  ]),
  ...Object.keys(hostile.action).map((name): [string, string, string] => [
    `Action ${name}`,
    hostile.action[name]!,
    tame.action[name]!,
  ]),
];

describe("hostile names and messages", () => {
  it("reach the output (the test would prove nothing otherwise)", () => {
    const all = Object.values(hostile.action).join("\n");
    expect(all).toContain("evil.example");
    expect(all).toContain("fusion-report:lint");
    expect(hostile.cli.stdout).toContain("ctl0d");
    expect(hostile.action["check text"]).toContain("Compilation Error");
  });

  it("produce only text: every document has the elements of its tame twin", () => {
    for (const [where, markdown, twin] of everyDocument()) {
      expect(skeleton(markdown), where).toEqual(skeleton(twin));
    }
  });

  it("link nowhere the report did not link: files at the head commit, the run, our docs", () => {
    for (const [where, markdown] of everyDocument()) {
      for (const element of links(markdown)) {
        const href = attribute(element, element.tagName === "img" ? "src" : "href") ?? "";
        expect(`${element.tagName} ${linkKind(href)}`, where).toMatch(/^a (file|run|docs)$/);
        if (href.startsWith(FILE_LINK)) {
          const path = decodeURIComponent(href.slice(FILE_LINK.length).replace(/#L\d+$/, ""));
          expect(path, where).toMatch(/^models\//);
        }
      }
    }
  });

  it("link files the same way as the tame twin (a path inside the repository gets a link)", () => {
    const inside = HOSTILE_CORPUS.filter((text) => toRepoPath(".", pathFor(text)) !== null);
    expect(inside.length).toBe(HOSTILE_CORPUS.length);
  });

  it("mention no one and reference no issue", () => {
    for (const [where, markdown] of everyDocument()) expect(linkableText(markdown), where).toEqual([]);
  });

  it("keep <details> balanced", () => {
    for (const [where, markdown] of everyDocument()) {
      const lines = linesOutsideCode(markdown);
      const opened = lines.filter((line) => line.startsWith("<details>")).length;
      if (where !== "Action check text") expect(opened, where).toBeGreaterThan(0);
      expect(lines.filter((line) => line === "</details>").length, where).toBe(opened);
      for (const [node] of walk(parseHtml(markdownToHtml(markdown)))) {
        if (!isElement(node) || node.tagName !== "details") continue;
        const first = node.childNodes.find(isElement);
        expect(first?.tagName, where).toBe("summary");
      }
    }
  });

  it("write no HTML comment and no marker but ours, at the end of the comment", () => {
    for (const [where, markdown] of everyDocument()) {
      const body = where === "Action comment" ? markdown.trimEnd().slice(0, -MARKER.length) : markdown;
      if (where === "Action comment") expect(markdown.trimEnd().endsWith(MARKER), where).toBe(true);
      expect(body, where).not.toContain("<!--");
      // Mermaid's own arrows (`n0 --> n1`) are the one `-->` we write.
      expect(body.replace(/^(`{3,})mermaid\n[\s\S]*?\n\1$/gm, ""), where).not.toMatch(/--!?>/);
    }
  });

  it("show control characters as escapes in the terminal output, the annotations and JUnit", () => {
    // No control, separator or bidi character may remain.
    const controls =
      // eslint-disable-next-line no-control-regex -- matching them is the point
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;
    expect(hostile.cli.stdout).not.toMatch(controls);
    expect(hostile.cli.stdout).toContain("ctl1b\\x1b");
    // The path stays as it is: it has to name the file in the repository.
    for (const { title, message, raw_details } of hostile.annotations) {
      expect(String(title)).not.toMatch(/[\r\n]/);
      expect(JSON.stringify([title, message, raw_details ?? null])).not.toMatch(controls);
    }
    expect(XMLValidator.validate(hostile.junit)).toBe(true);
    expect(hostile.junit).not.toMatch(controls);
  });
});

describe("hostile values too long for the comment", () => {
  // A command and a unique id of ~140 KB of link, image and HTML syntax. A cut inside such a line
  // once left a code span or a tag open, and the escaped text after it became live Markdown.
  const payload =
    '<img src="//evil.example/p.png"> <a href="//evil.example/phish">click</a> [click me](//evil.example/phish) ![i](//evil.example/p.png) <h1>owned</h1> '.repeat(
      1_000,
    );
  let long: Rendered;

  beforeAll(async () => {
    const jsonl = readFileSync("test/fixtures/generated/model-errors/telemetry.jsonl", "utf8")
      .replaceAll(
        '"raw_command":"dbt build --target ci"',
        `"raw_command":${JSON.stringify(`dbt build ${payload}`)}`,
      )
      .replaceAll('"model.shop.stg_orders"', JSON.stringify(`model.shop.${payload}`));
    long = await renderEverywhere("long", jsonl);
  }, 120_000);

  it("reach the output, and every document links only where the report links, with no image or heading of theirs", () => {
    const documents = { ...long.cli, ...long.action };
    expect(Object.values(documents).join("\n")).toContain("evil.example");
    for (const [where, markdown] of Object.entries(documents)) {
      for (const element of links(markdown)) {
        const href = attribute(element, element.tagName === "img" ? "src" : "href") ?? "";
        expect(`${element.tagName} ${linkKind(href)}`, where).toMatch(/^a (file|run|docs)$/);
      }
      expect(
        skeleton(markdown).filter((element) => / <h1/.test(element)),
        where,
      ).toEqual([]);
    }
  });
});

describe("lone surrogates (JSONL can spell `\\ud800`, which is no character)", () => {
  let lone: Rendered;

  beforeAll(async () => {
    // In a file path (it stopped the Action: no link can be written to it) and in a name and a message.
    const jsonl = readFileSync("test/fixtures/generated/model-errors/telemetry.jsonl", "utf8")
      .replaceAll("models/staging/stg_orders.sql", "models/staging/stg_\\ud800orders.sql")
      .replaceAll('"name":"stg_orders"', '"name":"stg_\\udc00orders"');
    expect(jsonl).toContain("\\ud800");
    lone = await renderEverywhere("lone", jsonl);
  }, 120_000);

  it("are shown as escapes, and every channel is published", () => {
    for (const [where, markdown] of Object.entries({ ...lone.cli, ...lone.action })) {
      expect(markdown, where).not.toMatch(/[\uD800-\uDFFF]/u);
      expect(markdown, where).not.toContain("stopped unexpectedly");
    }
    expect(lone.action.comment).toContain("stg\\_\\\\uDC00orders");
    expect(lone.annotations.length).toBeGreaterThan(0);
    for (const { path } of lone.annotations) expect(String(path)).not.toMatch(/[\uD800-\uDFFF]/u);
  });
});

describe("hostile names in Mermaid diagrams", () => {
  beforeAll(() => {
    // mermaid.parse calls DOMPurify hooks; without a DOM they are missing (see test/render/mermaid.test.ts).
    const purify = DOMPurify as unknown as Record<string, unknown>;
    if (typeof purify.addHook !== "function") purify.addHook = () => undefined;
    if (typeof purify.removeHook !== "function") purify.removeHook = () => undefined;
    if (typeof purify.sanitize !== "function") purify.sanitize = (text: string) => text;
  });

  it("still parse with Mermaid's own parser, in the CLI output and in the comment", async () => {
    for (const markdown of [hostile.cli.stdout ?? "", hostile.action.comment ?? ""]) {
      const blocks = [...markdown.matchAll(/^(`{3,})mermaid\n([\s\S]*?)\n\1$/gm)].map((m) => m[2]!);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      for (const block of blocks) {
        const result = await mermaid.parse(block);
        expect(result ? result.diagramType : "no diagram").toMatch(/^(flowchart-v2|gantt)$/);
      }
    }
  });
});
