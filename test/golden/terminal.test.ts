// Golden terminal reports (`fusion-report --format text`): the real fixtures at 80 columns, without
// and with colour (the `.ansi` files hold the escape sequences as the terminal gets them: `cat` one
// to see it), the four real invocations together at 120 columns, and the preview.120 build compared
// with the preview.72 build as its baseline.
import { describe, expect, it } from "vitest";
import { PREVIEW120_BUILD, REAL_FOUR_INVOCATIONS } from "../../scripts/render-images-views.js";
import { applyBaseline, compareWithBaseline } from "../../src/model/baseline.js";
import type { Report } from "../../src/model/types.js";
import { renderTerminal, type TerminalOptions } from "../../src/render/terminal.js";
import { OWN_SEQUENCES } from "../../src/render/terminal-style.js";
import { reportFor } from "../support/report.js";

const TERMINAL = "test/golden/terminal";
const REAL = "test/fixtures/real";
const FILES = [
  "preview120_build_success",
  "preview120_failed",
  "preview72_build_success",
  "preview72_failed",
];
const HINT = "the JSON report (--json FILE) and the Markdown report (--markdown FILE)";

function render(report: Report, options: Partial<TerminalOptions> = {}): string {
  return renderTerminal(report, {
    title: "dbt Fusion",
    width: 80,
    colour: false,
    fullReportHint: HINT,
    ...options,
  });
}

/**
 * Lines wider than the width: allowed only when what runs over is the line's last token, a unique id
 * that cannot break, after a short lead (a status mark, a row of durations).
 */
function overlong(text: string, width: number): string[] {
  return text
    .replace(OWN_SEQUENCES, "")
    .split("\n")
    .filter((line) => [...line].length > width)
    .filter((line) => [...line.replace(/\S+$/, "")].length > width / 2);
}

describe.each(FILES)("terminal report of %s", (stem) => {
  it("matches the golden text, plain and coloured, at 80 columns", async () => {
    const report = await reportFor([`${REAL}/${stem}.otel.jsonl`]);
    const plain = render(report);
    const coloured = render(report, { colour: true });
    await expect(plain).toMatchFileSnapshot(`../../${TERMINAL}/${stem}.txt`);
    await expect(coloured).toMatchFileSnapshot(`../../${TERMINAL}/${stem}.ansi`);
    expect(coloured.replace(OWN_SEQUENCES, "")).toBe(plain);
    expect(overlong(plain, 80)).toEqual([]);
  });
});

describe("terminal report", () => {
  it("of the four real invocations together, at 120 columns", async () => {
    const report = await reportFor(REAL_FOUR_INVOCATIONS);
    const text = render(report, { width: 120 });
    await expect(text).toMatchFileSnapshot(`../../${TERMINAL}/real-four-invocations.120.txt`);
    expect(overlong(text, 120)).toEqual([]);
  });

  it("of the preview.120 build compared with the preview.72 build", async () => {
    const head = await reportFor(PREVIEW120_BUILD);
    const base = await reportFor([`${REAL}/preview72_build_success.otel.jsonl`]);
    const comparison = compareWithBaseline(head, base, {
      regressionThresholdPercent: 20,
      minRegressionMs: 500,
      source: "base-report.json",
    });
    const text = render(applyBaseline(head, comparison, "errors"));
    await expect(text).toMatchFileSnapshot(`../../${TERMINAL}/preview120-vs-preview72.txt`);
    expect(overlong(text, 80)).toEqual([]);
  });
});
