import { describe, expect, it } from "vitest";
import { readRleBitPackedHybrid } from "../../../src/telemetry/parquet/hyparquet.js";
import { HybridStream, checkHybridRuns, readHybrid } from "../../../src/telemetry/parquet/rle.js";
import { StreamPage } from "../../../src/telemetry/parquet/stream-page.js";

/** Seeded PRNG (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function varint(out: number[], value: number): void {
  while (value >= 0x80) {
    out.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  out.push(value);
}

/** Encodes values as a mix of RLE runs and bit-packed groups (the writer's choice is free). */
function encodeHybrid(values: number[], width: number, rand: () => number): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < values.length) {
    let run = 1;
    while (i + run < values.length && values[i + run] === values[i]) run++;
    if (run >= 8 || rand() < 0.3) {
      varint(out, run * 2);
      const bytes = (width + 7) >> 3;
      for (let b = 0; b < bytes; b++) out.push(Math.floor(values[i]! / 2 ** (8 * b)) & 0xff);
      i += run;
    } else {
      const groups = Math.max(1, Math.floor(rand() * 3));
      varint(out, groups * 2 + 1);
      const packed = new Uint8Array(groups * width);
      for (let k = 0; k < groups * 8; k++) {
        const value = values[i + k] ?? 0;
        for (let bit = 0; bit < width; bit++) {
          if (Math.floor(value / 2 ** bit) % 2) {
            const at = k * width + bit;
            packed[at >> 3]! |= 1 << (at & 7);
          }
        }
      }
      out.push(...packed);
      i += groups * 8;
    }
  }
  return Uint8Array.from(out);
}

function sample(rand: () => number, n: number, width: number): number[] {
  const max = 2 ** width;
  const values: number[] = [];
  while (values.length < n) {
    const value = Math.floor(rand() * max);
    const repeat = rand() < 0.5 ? 1 : Math.floor(rand() * 40);
    for (let k = 0; k < repeat && values.length < n; k++) values.push(value);
  }
  return values;
}

describe("HybridStream", () => {
  it("reads, skips and counts what hyparquet's decoder reads, for widths 0 to 32", () => {
    const rand = random(7);
    for (let round = 0; round < 300; round++) {
      const width = round % 33;
      const values = sample(rand, 1 + Math.floor(rand() * 300), width);
      const bytes = encodeHybrid(values, width, rand);
      const reference = new Array<number>(values.length);
      readRleBitPackedHybrid(
        { view: new DataView(bytes.buffer), offset: 0 },
        width,
        reference,
        bytes.byteLength,
      );
      if (width <= 24) expect(reference, `width ${width}`).toEqual(values);

      const stream = new HybridStream(bytes, 0, bytes.byteLength, width);
      let at = 0;
      while (at < values.length) {
        const step = Math.floor(rand() * 20);
        const action = rand();
        if (action < 0.4) {
          expect(stream.next(), `width ${width} value ${at}`).toBe(values[at]);
          at++;
        } else if (action < 0.7) {
          const n = Math.min(step, values.length - at);
          stream.skip(n);
          at += n;
        } else {
          const n = Math.min(step, values.length - at);
          const target = values[at]!;
          const expected = values.slice(at, at + n).filter((v) => v === target).length;
          expect(stream.countEqual(n, target)).toBe(expected);
          at += n;
        }
      }
    }
  });

  it("throws a RangeError instead of reading past its data", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 0];
    const bytes = encodeHybrid(values, 3, () => 0);
    // The first run's header is there, its value is not.
    const stream = new HybridStream(bytes, 0, 1, 3);
    expect(() => stream.next()).toThrow(RangeError);
    const empty = new HybridStream(new Uint8Array([0, 0, 0]), 0, 3, 1);
    expect(() => empty.next()).toThrow(RangeError);
  });
});

describe("readHybrid and checkHybridRuns (run lengths are claims)", () => {
  it("decodes what hyparquet's decoder decodes, for widths 0 to 24", () => {
    const rand = random(13);
    for (let round = 0; round < 250; round++) {
      const width = round % 25;
      const values = sample(rand, 1 + Math.floor(rand() * 300), width);
      const bytes = encodeHybrid(values, width, rand);
      const out = new Int32Array(values.length);
      readHybrid(bytes, 0, bytes.byteLength, width, out, values.length);
      expect([...out], `width ${width}`).toEqual(values);
      expect(() => checkHybridRuns(bytes, 0, bytes.byteLength, width, values.length)).not.toThrow();
    }
  });

  it("writes no more values than asked for, whatever a run claims", () => {
    // One RLE run claiming 2^31 values of 7 (6 bytes): hyparquet would write them all.
    const huge = Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x10, 0x07]);
    const out = new Uint8Array(16).fill(0xff);
    readHybrid(huge, 0, huge.length, 3, out, 10);
    expect([...out]).toEqual([...Array<number>(10).fill(7), ...Array<number>(6).fill(0xff)]);
    expect(() => checkHybridRuns(huge, 0, huge.length, 3, 10)).toThrow(
      /RLE run of 2147483648 values exceeds the 10 left/,
    );
  });

  it("throws a RangeError when the data ends before the values asked for", () => {
    const bytes = encodeHybrid([1, 1, 1, 2], 2, () => 0.9);
    expect(() => readHybrid(bytes, 0, bytes.byteLength, 2, new Int32Array(100), 100)).toThrow(RangeError);
    expect(() => readHybrid(bytes, 0, 1, 2, new Int32Array(4), 4)).toThrow(RangeError);
  });
});

describe("StreamPage", () => {
  it("gives every row's value in any order, restarting when asked for an earlier row", () => {
    const rand = random(11);
    const rows = 500;
    const maxDef = 2;
    const levels = Array.from({ length: rows }, () => (rand() < 0.1 ? maxDef : Math.floor(rand() * 2)));
    const ids = levels.filter((level) => level === maxDef).map(() => Math.floor(rand() * 40));
    const levelBytes = encodeHybrid(levels, 2, rand);
    const idBytes = encodeHybrid(ids, 6, rand);
    const page = new Uint8Array(4 + levelBytes.length + 1 + idBytes.length);
    new DataView(page.buffer).setUint32(0, levelBytes.length, true);
    page.set(levelBytes, 4);
    page[4 + levelBytes.length] = 6;
    page.set(idBytes, 5 + levelBytes.length);

    const expected: (number | null)[] = [];
    let k = 0;
    for (const level of levels) expected.push(level === maxDef ? ids[k++]! : null);
    const read = (stream: StreamPage, row: number): number | null => {
      const i = stream.valueIndex(row);
      return i < 0 ? null : stream.id(i);
    };
    const stream = new StreamPage(page, maxDef, true, 0);
    for (let row = 0; row < rows; row += 1 + Math.floor(rand() * 5))
      expect(read(stream, row)).toBe(expected[row]);
    for (let round = 0; round < 200; round++) {
      const row = Math.floor(rand() * rows);
      expect(read(stream, row), `row ${row}`).toBe(expected[row]);
      expect(read(stream, row), `row ${row} again`).toBe(expected[row]);
    }
  });

  it("reads PLAIN INT64 values of a page without levels", () => {
    const page = new Uint8Array(8 * 3);
    const view = new DataView(page.buffer);
    [5n, -1n, 1n << 62n].forEach((value, i) => view.setBigInt64(i * 8, value, true));
    const stream = new StreamPage(page, 0, false, 8);
    expect([2, 0, 1].map((row) => stream.fixed(stream.valueIndex(row)))).toEqual([1n << 62n, 5n, -1n]);
    expect(() => stream.fixed(3)).toThrow(RangeError);
  });
});
