// The annotations of a warehouse outage: one error in 200 models, with a few errors of their own,
// failed and warned tests after it in run order. When not all fit max-annotations, one error is
// annotated on a few of its nodes (and on every one in a changed file), and the last one names the
// rest, so the build's other findings get a slot. The build is generated and read in memory.
import { describe, expect, it } from "vitest";
import type { NodeSpec, ScenarioSpec } from "../../scripts/fixture-gen/types.js";
import {
  buildAnnotations,
  SAME_ERROR_ANNOTATIONS,
  SAME_ERROR_NAMES,
  type CheckAnnotation,
} from "../../src/render/annotations.js";
import { reportOfScenario } from "../support/report.js";

const OUTAGE = "No active warehouse selected in the current session.";

// Names a telemetry file may hold: a bidi override, a zero-width space, a bell, a line break, an
// HTML comment and a workflow command. They stand right after the first outage models in run order,
// so the note names them.
const HOSTILE = [
  "evil\u202Egnp",
  "zero\u200Bwidth",
  "bell\u0007",
  "two\nlines",
  "open<!--comment",
  "::error::forged",
];

const outageName = (i: number): string =>
  i >= 3 && i < 3 + HOSTILE.length ? HOSTILE[i - 3]! : `wh_${String(i).padStart(3, "0")}`;
const outageFile = (i: number): string => `models/outage/wh_${String(i).padStart(3, "0")}.sql`;

/** `outage` models with the one error, 4 with errors of their own, 6 failed tests and 2 warned. */
function outageBuild(outage: number): ScenarioSpec {
  const nodes: NodeSpec[] = [];
  for (let i = 0; i < outage; i++) {
    const name = outageName(i);
    nodes.push({
      uniqueId: `model.shop.${name}`,
      kind: "model",
      relativePath: outageFile(i),
      outcome: "error",
      errorType: "external",
      errorLog: { body: `Database Error in model ${name} (${outageFile(i)})\n  000606 (57P03): ${OUTAGE}` },
    });
  }
  for (let i = 0; i < 4; i++) {
    nodes.push({
      uniqueId: `model.shop.own_${i}`,
      kind: "model",
      relativePath: `models/own_${i}.sql`,
      outcome: "error",
      errorType: "user",
      errorLog: { body: `SQL compilation error: invalid identifier 'COLUMN_${i}'` },
    });
  }
  for (let i = 0; i < 8; i++) {
    nodes.push({
      uniqueId: `test.shop.not_null_t${i}_id.${String(i).padStart(10, "0")}`,
      kind: "test",
      relativePath: "models/_models.yml",
      definedAt: { line: 10 + i * 3, col: 6 },
      outcome: "success",
      test: { outcome: i < 6 ? "failed" : "warned", failingRows: i + 1 },
    });
  }
  const invocation = {
    version: "2.0.0-preview.186",
    payloadLayout: "wrapped" as const,
    command: "build",
    rawCommand: "dbt build",
    nodePhases: ["RENDER", "ANALYZE", "RUN"] as ("RENDER" | "ANALYZE" | "RUN")[],
    nodes,
  };
  return { name: "outage", description: "a warehouse outage", seed: 11, invocations: [invocation] };
}

const isOutage = (a: CheckAnnotation): boolean => a.message.includes(OUTAGE);
const NOTE = /The same error in/;

describe("the annotations of a warehouse outage", () => {
  it("annotate the outage on a few of its models, and every other error, failed test and warning", async () => {
    const report = await reportOfScenario(outageBuild(200));
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    expect(set.annotations.filter(isOutage).map((a) => a.path)).toEqual([0, 1, 2].map(outageFile));
    expect(SAME_ERROR_ANNOTATIONS).toBe(3);
    expect(set.annotations.filter((a) => !isOutage(a)).map((a) => a.title)).toEqual([
      ...[0, 1, 2, 3].map((i) => `model own_${i} failed`),
      ...[0, 1, 2, 3, 4, 5].map((i) => `test not_null_t${i}_id failed`),
      ...[6, 7].map((i) => `test not_null_t${i}_id warned`),
    ]);
    // Every distinct error before the outage's second annotation.
    expect(set.annotations.slice(0, 5).map((a) => a.path)).toEqual([
      outageFile(0),
      ...[0, 1, 2, 3].map((i) => `models/own_${i}.sql`),
    ]);
    // Every annotatable finding is sent or counted: 212 in all.
    expect(set.annotations).toHaveLength(15);
    expect(set.omitted).toBe(212 - 15);
  });

  it("the last annotation of the outage counts the models it left out and names the first ten", async () => {
    const report = await reportOfScenario(outageBuild(200));
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    const outage = set.annotations.filter(isOutage);
    expect(outage.map((a) => NOTE.test(a.message))).toEqual([false, false, true]);
    const note = outage[2]!.message.split("\n\n").pop()!;
    // 200 less the three annotated; the six hostile names and four more, escaped (the next test).
    expect(note).toBe(
      "The same error in 197 more nodes, not annotated: evil\\u202Egnp, zero\\u200Bwidth, bell\\x07, " +
        "two lines, open<!-\u200B-comment, ::error::forged, wh_009, wh_010, wh_011, wh_012 and 187 more.",
    );
    expect(SAME_ERROR_NAMES).toBe(10);
    // The message is still the model's own above it.
    expect(outage[2]!.message).toMatch(/^Database Error in model wh_002 /);
  });

  it("shows hostile names in the note as text that does nothing", async () => {
    const report = await reportOfScenario(outageBuild(200));
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    const note = set.annotations.filter(isOutage)[2]!.message.split("\n\n").pop()!;
    expect(note).toContain("evil\\u202Egnp");
    expect(note).toContain("zero\\u200Bwidth");
    expect(note).toContain("bell\\x07");
    // eslint-disable-next-line no-control-regex -- the controls are what must be gone
    expect(note).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    expect(note).not.toContain("<!--");
  });

  it("keeps every annotation in a file the pull request changes, however many have the one error", async () => {
    const report = await reportOfScenario(outageBuild(200));
    const changed = [40, 80, 120, 160, 199].map(outageFile);
    const set = buildAnnotations(report.invocations, {
      projectDir: ".",
      maxAnnotations: 50,
      changedFiles: new Set([...changed, "models/own_3.sql"]),
    });
    expect(set.annotations.slice(0, 6).map((a) => a.path)).toEqual([...changed, "models/own_3.sql"]);
    // Five in changed files are more than three: none outside them.
    expect(set.annotations.filter(isOutage).map((a) => a.path)).toEqual(changed);
    expect(set.annotations.filter((a) => NOTE.test(a.message)).map((a) => a.path)).toEqual([outageFile(199)]);
    expect(set.annotations.find((a) => NOTE.test(a.message))!.message).toContain(
      "The same error in 195 more nodes, not annotated: wh_000, wh_001, wh_002, evil",
    );
    expect(set.annotations).toHaveLength(5 + 4 + 8);
  });

  it("with one in a changed file, annotates two more of the outage outside it", async () => {
    const report = await reportOfScenario(outageBuild(200));
    const set = buildAnnotations(report.invocations, {
      projectDir: ".",
      maxAnnotations: 50,
      changedFiles: new Set([outageFile(150)]),
    });
    expect(set.annotations.filter(isOutage).map((a) => a.path)).toEqual([150, 0, 1].map(outageFile));
    expect(set.annotations.find((a) => NOTE.test(a.message))!.path).toBe(outageFile(1));
  });

  it("when every finding fits, annotates every model of the outage and adds no note", async () => {
    // 38 + 4 errors + 8 tests = 50.
    const report = await reportOfScenario(outageBuild(38));
    const set = buildAnnotations(report.invocations, { projectDir: ".", maxAnnotations: 50 });
    expect(set.annotations.filter(isOutage)).toHaveLength(38);
    expect(set.annotations.some((a) => NOTE.test(a.message))).toBe(false);
    expect(set.omitted).toBe(0);
    // One more does not fit: the outage is cut to three.
    const over = buildAnnotations((await reportOfScenario(outageBuild(39))).invocations, {
      projectDir: ".",
      maxAnnotations: 50,
    });
    expect(over.annotations.filter(isOutage)).toHaveLength(3);
    expect(over.omitted).toBe(36);
  });
});
