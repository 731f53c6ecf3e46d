// The pool decompressed pages are written into (buffers.ts): a buffer given back is the next page's
// of its size class, and what the pool does not keep is freed at once.
import { describe, expect, it } from "vitest";
import {
  emptyPool,
  freeBuffer,
  pageBuffer,
  pooledBuffers,
  recycleBuffer,
} from "../../../src/telemetry/parquet/buffers.js";

describe("page buffers", () => {
  it("are views of the size asked for, on buffers of the next power of two (at least 64 KiB)", () => {
    for (const [size, capacity] of [
      [0, 65_536],
      [1, 65_536],
      [65_536, 65_536],
      [65_537, 131_072],
      [1_300_000, 2_097_152],
    ] as const) {
      const bytes = pageBuffer(size);
      expect(bytes.byteLength).toBe(size);
      expect(bytes.buffer.byteLength).toBe(capacity);
      recycleBuffer(bytes.buffer);
    }
  });

  it("reuse a buffer given back, for a page of any size in its class", () => {
    const first = pageBuffer(1_100_000);
    recycleBuffer(first.buffer);
    const second = pageBuffer(1_900_000);
    expect(second.buffer).toBe(first.buffer);
    // Another class gets another buffer.
    const small = pageBuffer(100_000);
    expect(small.buffer).not.toBe(first.buffer);
    recycleBuffer(second.buffer);
    recycleBuffer(small.buffer);
  });

  it("keep a buffer given back twice once", () => {
    const bytes = pageBuffer(70_000);
    recycleBuffer(bytes.buffer);
    recycleBuffer(bytes.buffer);
    const a = pageBuffer(70_000);
    const b = pageBuffer(70_000);
    expect(a.buffer).toBe(bytes.buffer);
    expect(b.buffer).not.toBe(bytes.buffer);
    expect(a.byteLength).toBe(70_000);
  });

  it("free what the pool does not keep: past its count, or not of a pooled size", () => {
    const many = Array.from({ length: 40 }, () => pageBuffer(300_000).buffer);
    for (const buffer of many) recycleBuffer(buffer);
    // Detached (Node ≥ 22): its memory went back at once.
    const detached = many.filter((buffer) => buffer.byteLength === 0).length;
    if ("transfer" in ArrayBuffer.prototype) expect(detached).toBe(8);
    const odd = new ArrayBuffer(1000);
    recycleBuffer(odd);
    if ("transfer" in ArrayBuffer.prototype) expect(odd.byteLength).toBe(0);
    const window = new ArrayBuffer(65_536);
    freeBuffer(window);
    if ("transfer" in ArrayBuffer.prototype) expect(window.byteLength).toBe(0);
  });

  it("are all freed by emptying the pool, and the next page gets a new buffer", () => {
    const kept = [pageBuffer(70_000).buffer, pageBuffer(70_000).buffer, pageBuffer(900_000).buffer];
    for (const buffer of kept) recycleBuffer(buffer);
    expect(pooledBuffers()).toBeGreaterThanOrEqual(3);
    emptyPool();
    expect(pooledBuffers()).toBe(0);
    if ("transfer" in ArrayBuffer.prototype) for (const buffer of kept) expect(buffer.byteLength).toBe(0);
    expect(kept).not.toContain(pageBuffer(70_000).buffer);
  });
});
