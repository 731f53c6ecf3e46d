import { afterEach, describe, expect, it, vi } from "vitest";
import { latin1Text, utf8Text } from "../../src/text/byte-text.js";

// ASCII, two- to four-byte characters, a malformed sequence, a cut character and a Latin-1 byte.
const BYTES = Buffer.concat([
  Buffer.from('{"name":"café","emoji":"😀","cjk":"表"}', "utf8"),
  Buffer.from([0xc3, 0x28, 0xe2, 0x82, 0xff, 0x41]),
]);

function ranges(length: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start <= length; start += 3)
    for (let end = start; end <= length; end += 5) out.push([start, end]);
  out.push([0, length], [length, length]);
  return out;
}

describe("latin1Text and utf8Text", () => {
  afterEach(() => {
    vi.resetModules();
  });

  it("read every range as Buffer#toString does", () => {
    for (const [start, end] of ranges(BYTES.length)) {
      expect(utf8Text(BYTES, start, end), `${start}..${end}`).toBe(BYTES.toString("utf8", start, end));
      expect(latin1Text(BYTES, start, end), `${start}..${end}`).toBe(BYTES.toString("latin1", start, end));
    }
  });

  it("fall back to Buffer#toString where Buffer lacks the slice methods", async () => {
    // The methods are put back before the fallback runs: Node 20's own toString calls them.
    const proto = Buffer.prototype as unknown as Record<string, unknown>;
    const saved = { latin1Slice: proto.latin1Slice, utf8Slice: proto.utf8Slice };
    let fresh: typeof import("../../src/text/byte-text.js");
    delete proto.latin1Slice;
    delete proto.utf8Slice;
    try {
      vi.resetModules();
      fresh = await import("../../src/text/byte-text.js");
    } finally {
      Object.assign(proto, saved);
    }
    expect(fresh.utf8Text).not.toBe(utf8Text);
    expect(fresh.latin1Text).not.toBe(latin1Text);
    for (const [start, end] of ranges(BYTES.length)) {
      expect(fresh.utf8Text(BYTES, start, end)).toBe(BYTES.toString("utf8", start, end));
      expect(fresh.latin1Text(BYTES, start, end)).toBe(BYTES.toString("latin1", start, end));
    }
  });
});
