// JUnit XML for CI systems and test-report tools that read nothing else (GitLab, Jenkins, Azure
// DevOps, dorny/test-reporter, EnricoMi/publish-unit-test-result-action). Every node is a test case
// (models and seeds included: a model that fails to build is as much a failure as a test), one
// <testsuite> per invocation. Pure: returns the document as a string.
import { finishedByRetries } from "../model/retries.js";
import { junitSkipMessage, STATUS, type JunitKind } from "../model/status-table.js";
import type { Invocation, NodeLocation, NodeResult, Report } from "../model/types.js";
import { firstLine, truncateChars } from "../text/truncate.js";
import { MAX_POSITION, toRepoPath } from "./annotations.js";
import { MAX_INLINE_CHARS, plainText } from "./escape.js";
import { formatCount, freshnessFact, resourceLabel } from "./format.js";

export interface JunitOptions {
  /** The dbt project's folder relative to the repository root ("." when unknown). */
  projectDir?: string;
}

export function renderJunit(report: Report, options: JunitOptions = {}): string {
  const projectDir = options.projectDir ?? ".";
  const finished = finishedByRetries(report.invocations);
  const suites = report.invocations.map((inv) => renderSuite(inv, projectDir, finished.has(inv)));
  const totals = suites.reduce(
    (sum, s) => ({
      tests: sum.tests + s.tests,
      failures: sum.failures + s.failures,
      errors: sum.errors + s.errors,
      skipped: sum.skipped + s.skipped,
      time: sum.time + s.time,
    }),
    { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 },
  );
  const head = `<testsuites${attrs({
    name: "dbt Fusion",
    tests: totals.tests,
    failures: totals.failures,
    errors: totals.errors,
    skipped: totals.skipped,
    time: seconds(totals.time),
  })}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${[head, ...suites.map((s) => s.xml), "</testsuites>"].join("\n")}\n`;
}

interface Suite {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

/** `finishedByRetry`: a later `dbt retry` finished what the invocation failed to (model/retries.ts). */
function renderSuite(inv: Invocation, projectDir: string, finishedByRetry: boolean): Suite {
  const cases = inv.nodes.map((node) => renderCase(node, projectDir));
  const runError = invocationError(inv, finishedByRetry);
  if (runError) cases.push(runError);
  const count = (kind: Case["kind"]) => cases.filter((c) => c.kind === kind).length;
  const suite = {
    tests: cases.length,
    failures: count("failure"),
    errors: count("error"),
    skipped: count("skipped"),
    time: inv.durationMs ?? cases.reduce((sum, c) => sum + c.ms, 0),
  };
  const command = inv.rawCommand ?? (inv.command ? `dbt ${inv.command}` : "dbt");
  const properties = [
    ["invocation_id", inv.invocationId],
    ["command", command],
    ["dbt_version", inv.dbtVersion],
    ["target", inv.target],
    ["state", inv.state],
    ["status", inv.statusMessage],
  ].filter((p): p is [string, string] => typeof p[1] === "string" && p[1] !== "");
  const lines = [
    `  <testsuite${attrs({
      name: `${command} (${inv.invocationId})`,
      tests: suite.tests,
      failures: suite.failures,
      errors: suite.errors,
      skipped: suite.skipped,
      time: seconds(suite.time),
      ...(inv.startedAt ? { timestamp: inv.startedAt } : {}),
    })}>`,
    "    <properties>",
    ...properties.map(([name, value]) => `      <property${attrs({ name, value })}/>`),
    "    </properties>",
    ...cases.map((c) => c.xml),
    "  </testsuite>",
  ];
  return { xml: lines.join("\n"), ...suite };
}

interface Case {
  xml: string;
  kind: JunitKind;
  ms: number;
}

function renderCase(node: NodeResult, projectDir: string): Case {
  const ms = node.timing.processingMs ?? 0;
  const open = `    <testcase${attrs({
    classname: `${node.packageName ?? "dbt"}.${node.resourceType}`,
    name: node.name || node.uniqueId,
    time: seconds(ms),
    ...whereInRepo(node.location, projectDir),
  })}`;
  const body = (child: string, kind: Case["kind"]): Case => ({
    xml: `${open}>\n      ${child}\n    </testcase>`,
    kind,
    ms,
  });
  const row = STATUS[node.status];
  if (node.supersededBy !== undefined) {
    // History, not a second verdict: the retry's suite holds the node's result that counts.
    const message = `run again by dbt retry (${node.supersededBy}); here: ${row.label}`;
    const was = row.failure ? `\n      <system-out>${elementText(details(node, ""))}</system-out>` : "";
    return body(`<skipped${attrs({ message })}/>${was}`, "skipped");
  }
  if (row.junit === "failure") {
    const rows = node.test
      ? `${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}`
      : "";
    const message = firstLine(node.message ?? "", 500) || rows || "test failed";
    return body(
      `<failure${attrs({ message, type: `${resourceLabel(node.resourceType)} failed` })}>${elementText(details(node, rows))}</failure>`,
      "failure",
    );
  }
  if (row.junit === "error") {
    const message =
      firstLine(node.message ?? "", 500) ||
      freshnessOf(node) ||
      "the engine reported an error but no message";
    const type = node.errorType ? `${node.errorType} error` : "error";
    return body(`<error${attrs({ message, type })}>${elementText(details(node, ""))}</error>`, "error");
  }
  if (row.junit === "skipped") {
    const because = node.skipRoot ?? node.skippedBecauseOf;
    const message =
      because && node.status === "skipped"
        ? `skipped because ${because} did not succeed`
        : (junitSkipMessage(node) ?? row.label);
    return body(`<skipped${attrs({ message })}/>`, "skipped");
  }
  if (row.ran === "warned") {
    const warning =
      node.message ??
      node.logs.find((l) => l.severity === "WARN")?.text ??
      (node.test ? `${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}` : null) ??
      (freshnessOf(node) || "warned");
    return body(`<system-out>${elementText(`WARN: ${warning}`)}</system-out>`, "passed");
  }
  return { xml: `${open}/>`, kind: "passed", ms };
}

/**
 * A crashed run, or one that failed with no node to blame, still shows up as a red test case. Canceled
 * nodes explain a failed invocation too (the check is then neutral, not failed).
 */
function invocationError(inv: Invocation, finishedByRetry: boolean): Case | null {
  const blamed = inv.counts.error + inv.counts.fail + inv.counts.canceled > 0;
  // A run that did not finish is its own failure, whatever its nodes did (model/conclusion.ts).
  const failed = inv.runErrors.length > 0 || inv.state === "incomplete" || (!blamed && inv.failed);
  if (!failed) return null;
  const message =
    firstLine(inv.runErrors[0]?.text ?? "", 500) ||
    (inv.state === "incomplete"
      ? "the invocation did not finish"
      : (inv.statusMessage ?? "the invocation failed"));
  const detail = inv.runErrors.map((e) => e.text).join("\n\n") || message;
  const open = `    <testcase${attrs({ classname: "dbt.invocation", name: inv.invocationId, time: seconds(inv.durationMs ?? 0) })}>`;
  if (finishedByRetry) {
    const skipped = `<skipped${attrs({ message: `finished by dbt retry; here: ${message}` })}/>`;
    return {
      xml: `${open}\n      ${skipped}\n      <system-out>${elementText(detail)}</system-out>\n    </testcase>`,
      kind: "skipped",
      ms: inv.durationMs ?? 0,
    };
  }
  const xml = `${open}\n      <error${attrs({ message, type: "run error" })}>${elementText(detail)}</error>\n    </testcase>`;
  return { xml, kind: "error", ms: inv.durationMs ?? 0 };
}

/**
 * `file` and `line` as tools that annotate them read them (EnricoMi/publish-unit-test-result-action,
 * mikepenz/action-junit-report): the path from the repository root, as our own annotations have it,
 * and neither when the telemetry names no file the repository can hold (an absolute path, `../`) or
 * a line GitHub refuses (over 32 bits), which would fail the consumer's whole check run.
 */
function whereInRepo(location: NodeLocation | null, projectDir: string): { file?: string; line?: number } {
  const file = location ? toRepoPath(projectDir, location.path) : null;
  if (file === null) return {};
  const line = location?.line;
  return line && line <= MAX_POSITION ? { file, line } : { file };
}

/** A source's freshness as words ("freshness error (age 3d)"); empty for any other node. */
function freshnessOf(node: NodeResult): string {
  return node.freshness ? freshnessFact(node.freshness.outcome, node.freshness.ageSeconds) : "";
}

function details(node: NodeResult, extra: string): string {
  const where = node.location
    ? `${node.location.path}${node.location.line ? `:${node.location.line}` : ""}`
    : "";
  return [clip(node.uniqueId), clip(where), extra, node.message ?? "", node.test?.diffTable ?? ""]
    .filter(Boolean)
    .join("\n");
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1_000).toFixed(3);
}

// A name or path of megabytes would pass XML, but not libxml2's readers (lxml, xmllint) without
// their "huge" option: shown as long as the comment shows it.
const clip = (text: string): string => truncateChars(text, MAX_INLINE_CHARS);

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([key, value]) => ` ${key}="${attribute(clip(String(value)))}"`)
    .join("");
}

/**
 * XML 1.0 allows only tab, newline, carriage return and U+0020 and up (minus surrogates and
 * U+FFFE/U+FFFF) — even as character references. Anything else becomes U+FFFD.
 */
export function xmlSafe(value: string): string {
  return value.replace(
    // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
}

// libxml2's readers (lxml, which EnricoMi/publish-unit-test-result-action parses with; xmllint) refuse a
// text node over 10,000,000 bytes without their "huge" option, and with it the whole file. A message
// or diff that long (a JSONL line may hold 64 MiB) is shown by its start; the JSON report keeps it whole.
const MAX_TEXT_CHARS = 100_000;

/** An element's text: at most MAX_TEXT_CHARS of it, saying how much was cut. */
function elementText(value: string): string {
  if (value.length <= MAX_TEXT_CHARS) return text(value);
  const kept = truncateChars(value, MAX_TEXT_CHARS);
  return text(`${kept} (${formatCount(value.length - kept.length + 1)} more characters)`);
}

/** Untrusted text: controls and bidi overrides shown as escapes, then what XML cannot hold replaced. */
function text(value: string): string {
  return xmlSafe(plainText(value, "keep")).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Attribute values: also quotes, and whitespace as references so parsers do not normalise it away. */
function attribute(value: string): string {
  return text(value)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;");
}
