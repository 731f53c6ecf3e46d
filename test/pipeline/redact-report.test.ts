// Masking the report: every string of it, at any depth, and nothing else. The report given stays as
// it was, and what has nothing to mask is not copied (a big build's report would double in memory).
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/model/types.js";
import { redactReport } from "../../src/pipeline/redact-report.js";
import { renderJsonReport } from "../../src/render/json-report.js";
import { createRedactor } from "../../src/text/secrets.js";
import { reportFor } from "../support/report.js";

const FAILED = "test/fixtures/real/preview120_failed.otel.jsonl";
const SECRET = "s3cr3t-t0ken-value";

describe("redactReport", () => {
  it("masks a secret in any string of the report, and changes nothing else", async () => {
    const report = await reportFor([FAILED]);
    const before = renderJsonReport(report);
    const node = report.invocations[0]!.nodes.find((n) => n.message !== null)!;
    const leaky: Report = structuredClone(report);
    const leakyNode = leaky.invocations[0]!.nodes.find((n) => n.uniqueId === node.uniqueId)!;
    leakyNode.message = `password=${SECRET} in ${node.message}`;
    leaky.invocations[0]!.readerWarnings.push(`a warning quoting ${SECRET}`);

    const masked = redactReport(leaky, createRedactor([SECRET], { credentials: false }));

    expect(renderJsonReport(masked)).not.toContain(SECRET);
    const maskedNode = masked.invocations[0]!.nodes.find((n) => n.uniqueId === node.uniqueId)!;
    expect(maskedNode.message).toBe(`password=*** in ${node.message}`);
    expect(masked.invocations[0]!.readerWarnings.at(-1)).toBe("a warning quoting ***");
    // The input is left as it was.
    expect(leakyNode.message).toContain(SECRET);
    // Apart from the two masked strings, the JSON is the report's own.
    leaky.invocations[0]!.readerWarnings.pop();
    leakyNode.message = node.message;
    const restored = structuredClone(masked);
    restored.invocations[0]!.readerWarnings.pop();
    restored.invocations[0]!.nodes.find((n) => n.uniqueId === node.uniqueId)!.message = node.message;
    expect(renderJsonReport(restored)).toBe(before);
  });

  it("copies only the objects and arrays on the way to a masked string", async () => {
    const report = await reportFor([FAILED]);
    const redact = createRedactor([SECRET], { credentials: false });
    expect(redactReport(report, redact)).toBe(report);

    const leaky: Report = structuredClone(report);
    const [first, second] = leaky.invocations[0]!.nodes;
    first!.message = SECRET;
    const masked = redactReport(leaky, redact);
    expect(masked).not.toBe(leaky);
    expect(masked.invocations[0]!.nodes).not.toBe(leaky.invocations[0]!.nodes);
    expect(masked.invocations[0]!.nodes[0]).not.toBe(first);
    expect(masked.invocations[0]!.nodes[1]).toBe(second);
    expect(masked.counts).toBe(leaky.counts);
  });
});
