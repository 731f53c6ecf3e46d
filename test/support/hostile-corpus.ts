// Hostile names and messages, as a pull request's author could put them into the telemetry a report
// is built from (issue 10), and a writer that places them in a dbt Fusion JSONL file: in unique ids,
// node names, file paths, error and warning log lines, unit-test diffs, failed-test messages, a
// run-level error, the command, the target and the invocation's status. Its tame twin has the same
// shape with harmless text, so a test can check that the hostile strings changed only text.
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import type { FusionRecord, NodeSpec, ScenarioSpec } from "../../scripts/fixture-gen/index.js";

const hex = (code: number): string => code.toString(16).padStart(2, "0");
const EVIL = "# [x](https://evil.example) <img src=https://evil.example/p.png>";

/** Every ASCII control character (and DEL), each followed by what it would start on a new line. */
const ASCII_CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f].map(
  (code) => `ctl${hex(code)}${String.fromCharCode(code)}${EVIL}`,
);

/** C1 controls (NEL among them), Unicode line/paragraph separators, bidi marks, overrides, isolates, BOM. */
const UNICODE_CONTROLS = [
  0x80, 0x85, 0x9b, 0x9d, 0x9f, 0x2028, 0x2029, 0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d,
  0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
].map((code) => `u${code.toString(16)}${String.fromCharCode(code)}${EVIL}`);

const NAMED = [
  // From the issue.
  `unit_test.a.b\r${EVIL}`,
  "x\r<img src=https://evil.example/t.png>\r",
  "\u001b]0;title\u0007\u001b[2J cleared",
  "nul\u0000byte and \u202Eright-to-left",
  "logs/x\n::error title=PWNED,file=README.md,line=1::owned\n::add-mask::dbt\n.jsonl",
  // Sticky-marker look-alikes and HTML comments.
  "<!-- fusion-report:lint -->",
  "<!-- fusion-report:dbt Fusion -->",
  "<!--fusion-report:x-->",
  "a <!-- b",
  "a --> b",
  "a --!> b",
  "<!---->",
  "&lt;!-- fusion-report:x --&gt;",
  "&#60;!-- fusion-report:x --&#62;",
  // HTML.
  "<details><summary>opened</summary>",
  "</details>",
  "</summary></details><details open>",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  '<a href="https://evil.example">click</a>',
  "</td></tr></table><h1>out</h1>",
  "<sub>small</sub></sub>",
  "<iframe src=https://evil.example>",
  "<br>",
  // Entity tricks.
  "&lt;img src=x&gt;",
  "&#x202E;reversed",
  "&amp;lt;",
  "&NewLine;# heading",
  "&#10;- item",
  // Autolinks and references.
  "https://evil.example/phish",
  "HTTP://EVIL.EXAMPLE/x",
  "ftp://evil.example",
  "www.evil.example",
  "WWW.evil.example/x",
  "_www.evil.example",
  "user@evil.example",
  "mailto:user@evil.example",
  "xmpp:user@evil.example",
  "<https://evil.example>",
  "[x](https://evil.example)",
  "![x](https://evil.example/p.png)",
  "[x]: https://evil.example",
  "[x][y]",
  "@octocat",
  "@acme/admins",
  "#1",
  "GH-1",
  "gh-22",
  "acme/analytics#1",
  "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
  "fixed in 0a1b2c3 and 1a2b3c4...5d6e7f8",
  // Fence, table and block breakers.
  "```",
  "````js",
  "~~~",
  "| a | b |",
  "|---|---|",
  "a\\|b",
  "`",
  "``x``",
  "    indented code",
  "> quote",
  "# heading",
  "- list",
  "1. list",
  "---",
  "===",
  "* * *",
  "trailing backslash\\",
  "two trailing spaces  ",
  "**bold** _em_ ~~del~~",
  "\\",
  "$x$ $$y$$",
  ":shipit: :+1:",
];

/** The corpus: every string a test should run through each output. */
export const HOSTILE_CORPUS: readonly string[] = [...NAMED, ...ASCII_CONTROLS, ...UNICODE_CONTROLS];

/** Harmless stand-ins of about the same length, one per corpus string. */
export function tameCorpus(corpus: readonly string[] = HOSTILE_CORPUS): string[] {
  return corpus.map((text, i) => `tame${i}`.padEnd(Math.max(6, Math.min(text.length, 60)), "x"));
}

/** How a corpus string becomes a file path: under models/, so most land inside the repository. */
export const pathFor = (text: string): string => `models/${text}.sql`;

/**
 * A `dbt build` whose every name, id, path and message is one of `strings` (cycled through the
 * roles below). Each node k takes its id and name from strings[k] and its messages from the string
 * after it; every sixth node is an error that the next four skipped nodes hang off.
 */
export function hostileScenario(strings: readonly string[]): {
  spec: ScenarioSpec;
  names: Map<string, string>;
} {
  const at = (k: number): string => strings[k % strings.length] as string;
  const nodes: NodeSpec[] = [];
  const names = new Map<string, string>();
  let lastError = "";
  strings.forEach((text, k) => {
    const message = at(k + 1);
    const role = k % 6;
    const node = nodeFor(role, k, text, message, lastError);
    if (role === 0) lastError = node.uniqueId;
    names.set(node.uniqueId, text);
    nodes.push(node);
  });
  return {
    names,
    spec: {
      name: "hostile",
      description: "hostile strings in every text field",
      seed: 7,
      invocations: [
        {
          version: "2.0.0-preview.186",
          payloadLayout: "wrapped",
          command: "build",
          rawCommand: `dbt build --select ${at(1)}`,
          target: at(2),
          nodePhases: ["RENDER", "ANALYZE", "RUN"],
          nodes,
        },
      ],
    },
  };
}

function nodeFor(role: number, k: number, text: string, message: string, upstream: string): NodeSpec {
  const relativePath = pathFor(text);
  const phaseMs = { RENDER: 5, ANALYZE: 5, RUN: 500 + ((k * 7919) % 9000) };
  switch (role) {
    case 0:
      return {
        uniqueId: `model.shop.${text}`,
        kind: "model",
        relativePath,
        outcome: "error",
        errorType: "user",
        errorLog: {
          body: `Database Error in ${text}:\n${message}\n${message}`,
          code: 1000,
          relativePath,
          line: 3,
        },
        phaseMs,
      };
    case 1:
      return {
        uniqueId: `test.shop.${text}.${hex(k)}a1b2c3d4`,
        kind: "test",
        relativePath: pathFor(message),
        definedAt: { line: 4 + k, col: 6 },
        outcome: "success",
        test: { outcome: "failed", failingRows: 1 + (k % 4) },
        errorLog: {
          body: `Got ${1 + (k % 4)} results: ${message}`,
          relativePath: pathFor(message),
          line: 4 + k,
        },
        phaseMs,
      };
    case 2:
      return {
        uniqueId: `unit_test.shop.${text}.t${k}`,
        kind: "unit_test",
        relativePath,
        definedAt: { line: 2 + k, col: 4 },
        outcome: "success",
        test: {
          outcome: "failed",
          failingRows: 1,
          diffTable: `${message}\n| id | ${message} |\n| 1 | ${text} |`,
        },
        phaseMs,
      };
    case 3:
      return {
        uniqueId: `model.shop.${text}`,
        kind: "model",
        relativePath,
        outcome: "success",
        warnings: [{ body: message, relativePath, line: 1 + k }],
        phaseMs,
      };
    case 4:
      return upstream
        ? {
            uniqueId: `model.shop.${text}`,
            kind: "model",
            relativePath,
            outcome: "skipped",
            skipReason: "upstream",
            upstream,
          }
        : { uniqueId: `model.shop.${text}`, kind: "model", relativePath, outcome: "canceled", phaseMs };
    default:
      return k % 12 === 5
        ? { uniqueId: `seed.shop.${text}`, kind: "seed", relativePath, outcome: "canceled", phaseMs }
        : { uniqueId: `seed.shop.${text}`, kind: "seed", relativePath, outcome: "success", phaseMs };
  }
}

/**
 * The scenario as JSONL, with what the generator does not write itself: each node's `name` is its
 * string as it is (the generator derives it from the id), the invocation's status message and one
 * run-level error (an ERROR log on the invocation span) carry corpus strings too.
 */
export function hostileJsonl(strings: readonly string[] = HOSTILE_CORPUS): string {
  const { spec, names } = hostileScenario(strings);
  const records: FusionRecord[] = buildScenarioRecords(spec);
  for (const record of records) {
    const id = record.attributes.unique_id;
    if (typeof id === "string" && names.has(id) && "name" in record.attributes) {
      record.attributes.name = names.get(id);
    }
  }
  const invocationEnd = records.findIndex(
    (r) => r.record_type === "SpanEnd" && r.event_type.endsWith("invocation.Invocation"),
  );
  const invocation = records[invocationEnd] as FusionRecord;
  invocation.status = { code: 2, message: `Executed with errors: ${strings[3 % strings.length]}` };
  const errorLog = records.find((r) => r.record_type === "LogRecord" && r.severity_text === "ERROR");
  if (errorLog) {
    const runError: FusionRecord = {
      ...errorLog,
      span_id: invocation.span_id,
      span_name: invocation.span_name,
      body: `Compilation Error: ${strings[4 % strings.length]}\n${strings[5 % strings.length]}`,
      attributes: { ...errorLog.attributes },
    };
    for (const key of ["unique_id", "phase", "relative_path", "code_line", "code_column"]) {
      delete runError.attributes[key];
    }
    records.splice(invocationEnd, 0, runError);
  }
  return writeJsonl(records);
}
