// jsonPieces must join to exactly JSON.stringify(value, null, 2): the JSON report and run_results.json
// are written from its pieces (report-files.ts), and their golden files from the joined text.
import { describe, expect, it } from "vitest";
import { jsonPieces, jsonPiecesWithList } from "../../src/render/json-pieces.js";
import { renderRunResults, runResultsInParts } from "../../src/render/run-results.js";
import { reportFor } from "../support/report.js";

const joined = (value: unknown): string => [...jsonPieces(value)].join("");

/** Equal texts; else where they first differ (a diff of megabytes of JSON takes minutes to print). */
function expectSameText(actual: string, expected: string, label = ""): void {
  if (actual === expected) return;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  expect.fail(`${label} differs at character ${at}: ${around(actual)} instead of ${around(expected)}`);
}

/** A pseudo-random JSON-ish value: every kind JSON.stringify treats specially, nested, some arrays long. */
function randomValue(seed: number, depth = 0): unknown {
  let state = seed;
  const next = (n: number): number => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  const leaf = (): unknown =>
    [
      null,
      0,
      -0,
      1.5e300,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "",
      'line\nbreak \u2028 \u0000 "quoted" \\ 😀 \ud800',
      true,
      false,
      undefined,
      () => 1,
      Symbol("s"),
      new Date(0),
      { toJSON: (key: string) => `toJSON(${key})` },
      Object.create(null),
      [],
      {},
    ][next(18)];
  // Kept to a few thousand values: a long array's elements are near the leaves.
  const make = (level: number): unknown => {
    if (level > 4 || next(3) === 0) return leaf();
    if (next(2) === 0) {
      const long = next(4) === 0;
      const length = long ? 17 + next(40) : next(6);
      return Array.from({ length }, () => make(long ? level + 2 : level + 1));
    }
    const object: Record<string, unknown> = {};
    const keys = next(8);
    for (let k = 0; k < keys; k++)
      object[next(3) === 0 ? String(next(20)) : `key ${next(30)} "é"`] = make(level + 1);
    return object;
  };
  return make(depth);
}

describe("jsonPieces", () => {
  it("joins to JSON.stringify's text for every kind of value", () => {
    for (let seed = 1; seed <= 150; seed++) {
      const value = randomValue(seed);
      if (JSON.stringify(value) === undefined) continue;
      expectSameText(joined(value), JSON.stringify(value, null, 2), `seed ${seed}`);
    }
  });

  it("joins to JSON.stringify's text for the reports of real builds and their run_results", async () => {
    for (const files of [
      ["test/fixtures/real/preview120_failed.otel.jsonl"],
      ["test/fixtures/real/preview120_build_success.otel.jsonl"],
    ]) {
      const report = await reportFor(files);
      expectSameText(joined(report), JSON.stringify(report, null, 2), files[0]);
      const runResults = renderRunResults(report, "2026-01-01T00:00:00Z");
      expectSameText(joined(runResults), JSON.stringify(runResults, null, 2), files[0]);
    }
  });

  it("writes a long list deep in a value in runs of elements, a bounded number a piece", () => {
    const node = (i: number) => ({ id: `model.p.m${i}`, timing: { ms: i, logs: [] }, tags: ["a", "b"] });
    const report = {
      version: 1,
      invocations: [{ id: "x", nodes: Array.from({ length: 10_000 }, (_, i) => node(i)) }],
    };
    const pieces = [...jsonPieces(report)];
    expectSameText(pieces.join(""), JSON.stringify(report, null, 2));
    // At most 64 nodes a piece (each node's text, indented, is under 250 characters), never the
    // whole list (~2 MB).
    expect(pieces.length).toBeGreaterThan(10_000 / 64);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(64 * 250);
  });

  it("writes an element that holds a long list a member at a time, between runs of the others", () => {
    const small = (i: number) => ({ id: `model.p.m${i}`, logs: ["one"] });
    const big = { id: "model.p.big", logs: Array.from({ length: 5_000 }, (_, i) => `line ${i}`) };
    const value = { nodes: [small(0), small(1), big, undefined, small(2), () => 0] };
    const pieces = [...jsonPieces(value)];
    expectSameText(pieces.join(""), JSON.stringify(value, null, 2));
    // Its lines go in runs of 64 (~1,300 characters), never the element whole (~90,000).
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(2_000);
  });

  it("refuses a value without JSON text, as JSON.stringify gives none", () => {
    expect(() => joined(undefined)).toThrow(/no JSON text/);
  });
});

describe("jsonPiecesWithList", () => {
  const withList = (object: Record<string, unknown>, key: string, elements: unknown[]): string =>
    [...jsonPiecesWithList(object, key, elements)].join("");

  it("joins to JSON.stringify's text of the object with the list in its place", () => {
    for (let seed = 1; seed <= 150; seed++) {
      const elements = Array.from({ length: seed % 23 }, (_, i) => randomValue(seed * 31 + i, 2));
      const object: Record<string, unknown> = { before: randomValue(seed, 3), list: "placeholder" };
      if (seed % 3 === 0) object.after = randomValue(seed + 1, 3);
      if (seed % 5 === 0) object.gone = undefined;
      expectSameText(
        withList(object, "list", elements),
        JSON.stringify({ ...object, list: elements }, null, 2),
        `seed ${seed}`,
      );
    }
  });

  it("makes a list's elements as they are written: never more than one piece's run ahead", () => {
    let made = 0;
    const elements = (function* () {
      for (let i = 0; i < 1_000; i++) {
        made++;
        yield { unique_id: `model.p.m${i}`, status: "success" };
      }
    })();
    let written = 0;
    let text = "";
    for (const piece of jsonPiecesWithList({ results: [] }, "results", elements)) {
      text += piece;
      written = (text.match(/"unique_id"/g) ?? []).length;
      expect(made - written).toBeLessThanOrEqual(64);
    }
    expect(written).toBe(1_000);
  });

  it("writes run_results.json's results a result at a time, each made as it is written", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const { artifact, results } = runResultsInParts(report, "2026-01-01T00:00:00Z");
    let made = 0;
    const counted = (function* () {
      for (const result of results()) {
        made++;
        yield result;
      }
    })();
    const pieces = jsonPiecesWithList(artifact as unknown as Record<string, unknown>, "results", counted);
    let text = "";
    for (const piece of pieces) {
      text += piece;
      // Never more than one result ahead of what has been written.
      expect(made).toBeLessThanOrEqual((text.match(/"unique_id"/g) ?? []).length + 1);
    }
    expect(made).toBe(report.invocations[0]!.nodes.length);
    expectSameText(text, JSON.stringify(renderRunResults(report, "2026-01-01T00:00:00Z"), null, 2));
  });

  it("refuses an object without the list's member (its place among the keys would be a guess)", () => {
    expect(() => withList({ a: 1 }, "list", [])).toThrow(/no member list/);
  });
});
