// The contract with hyparquet's internals (src/telemetry/parquet/hyparquet.ts): the exact version
// is pinned, and each function the reader takes from `hyparquet/src/*.js` gives these results on
// small inputs written out by hand. An upgrade that changes a signature or a behaviour fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { snappyCompress } from "hysnappy";
import { describe, expect, it } from "vitest";
import {
  columnDecoder,
  decompressorsFor,
  decompressPage,
  getMaxDefinitionLevel,
  getMaxRepetitionLevel,
  getTreePath,
  loadSnappy,
  parquetHeader,
  parquetMetadata,
  parquetSchema,
  readDataPage,
  readDataPageV2,
  readPlain,
  readRleBitPackedHybrid,
  snappyInto,
  type ColumnMetaData,
  type FileMetaData,
  type SchemaTree,
} from "../../../src/telemetry/parquet/hyparquet.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A file's metadata whose column chunks use these codecs (one row group, one chunk each). */
function withCodecs(...codecs: ColumnMetaData["codec"][]): FileMetaData {
  return {
    version: 1,
    schema: [],
    num_rows: 0n,
    metadata_length: 0,
    row_groups: [
      {
        columns: codecs.map((codec) => ({ file_offset: 0n, meta_data: { ...META, codec } })),
        total_byte_size: 0n,
        num_rows: 0n,
      },
    ],
  };
}

function reader(bytes: number[] | Uint8Array): { view: DataView; offset: number } {
  const array = Uint8Array.from(bytes);
  return { view: new DataView(array.buffer), offset: 0 };
}

/** root → optional INT32 leaf `x`. */
function optionalInt32(): SchemaTree[] {
  const leaf: SchemaTree = {
    element: { name: "x", type: "INT32", repetition_type: "OPTIONAL" },
    children: [],
    count: 1,
    path: ["x"],
  };
  const root: SchemaTree = {
    element: { name: "root", num_children: 1 },
    children: [leaf],
    count: 2,
    path: [],
  };
  return [root, leaf];
}

const META: ColumnMetaData = {
  type: "INT32",
  encodings: ["PLAIN"],
  path_in_schema: ["x"],
  codec: "UNCOMPRESSED",
  num_values: 4n,
  total_uncompressed_size: 0n,
  total_compressed_size: 0n,
  data_page_offset: 4n,
};

// Definition levels 1,0,1,1 (one bit-packed group of width 1), then PLAIN INT32 values 7, 8, 9.
const LEVELS = [0x03, 0b0000_1101];
const VALUES = [7, 0, 0, 0, 8, 0, 0, 0, 9, 0, 0, 0];

describe("hyparquet, pinned", () => {
  it("is pinned to exact versions, and those are installed", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    for (const name of ["hyparquet", "hyparquet-compressors", "hysnappy"]) {
      // Bundled into dist/, so a devDependency (test/release.test.ts: no runtime dependencies).
      const pinned: string = pkg.devDependencies[name];
      expect(pinned, name).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(
        readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8"),
      );
      expect(installed.version, name).toBe(pinned);
    }
  });

  it("takes the arguments the reader passes", () => {
    expect(
      [
        parquetHeader,
        decompressPage,
        readDataPage,
        readDataPageV2,
        readPlain,
        readRleBitPackedHybrid,
        getTreePath,
        getMaxDefinitionLevel,
        getMaxRepetitionLevel,
      ].map((fn) => [fn.name, fn.length]),
    ).toEqual([
      ["parquetHeader", 1],
      ["decompressPage", 4],
      ["readDataPage", 3],
      ["readDataPageV2", 3],
      ["readPlain", 4],
      ["readRleBitPackedHybrid", 4],
      ["getTreePath", 2],
      ["getMaxDefinitionLevel", 1],
      ["getMaxRepetitionLevel", 1],
    ]);
  });

  it("parquetHeader reads a thrift page header and leaves the reader after it", () => {
    const bytes = [
      ...[0x15, 0x00], // 1: type DATA_PAGE (0)
      ...[0x15, 0xc8, 0x01], // 2: uncompressed_page_size 100
      ...[0x15, 0xa0, 0x01], // 3: compressed_page_size 80
      0x2c, // 5: data_page_header {
      ...[0x15, 0x10], //   num_values 8
      ...[0x15, 0x00], //   encoding PLAIN
      ...[0x15, 0x06], //   definition_level_encoding RLE
      ...[0x15, 0x06], //   repetition_level_encoding RLE
      0x00, // }
      0x00,
      0xff, // the page's first byte
    ];
    const r = reader(bytes);
    expect(parquetHeader(r)).toMatchObject({
      type: "DATA_PAGE",
      uncompressed_page_size: 100,
      compressed_page_size: 80,
      data_page_header: {
        num_values: 8,
        encoding: "PLAIN",
        definition_level_encoding: "RLE",
        repetition_level_encoding: "RLE",
      },
    });
    expect(r.offset).toBe(bytes.length - 1);
  });

  it("decompressPage passes UNCOMPRESSED bytes through and decodes Snappy (with hysnappy)", async () => {
    const compressors = await decompressorsFor(withCodecs("SNAPPY", "UNCOMPRESSED"));
    const decoder = columnDecoder({ ...META, codec: "SNAPPY" }, optionalInt32(), compressors);
    const plain = Uint8Array.from([1, 2, 3]);
    expect(decompressPage(plain, 3, "UNCOMPRESSED", decoder.compressors)).toBe(plain);
    // Snappy: length 8, literal "ab", copy (offset 2, length 6).
    const snappy = Uint8Array.from([0x08, 0x04, 0x61, 0x62, 0x09, 0x02]);
    expect(Buffer.from(decompressPage(snappy, 8, "SNAPPY", decoder.compressors)).toString()).toBe("abababab");
    // A size that does not match the stream is not an error: the output is cut or zero-filled to it
    // (so the page decoders must, and do, check every length they read).
    expect([...decompressPage(snappy, 10, "SNAPPY", decoder.compressors)].slice(7)).toEqual([0x62, 0, 0]);
  });

  it("snappyInto decompresses in hysnappy's own memory into the buffer given, every byte of it", () => {
    // hysnappy's instance was caught (not its copying fallback): the reader depends on it for speed.
    expect(loadSnappy().inPlace).toBe(true);
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    // Sizes around hysnappy's 64 KiB blocks and past its first memory (it grows), text and noise.
    for (const size of [0, 1, 100, 65_535, 65_537, 300_000, 3_000_000]) {
      const text = Uint8Array.from({ length: size }, (_, i) =>
        i % 1000 < 500 ? 97 + (i % 7) : random() % 256,
      );
      const output = new Uint8Array(size).fill(0xee);
      snappyInto(snappyCompress(text), output);
      expect(Buffer.from(output).equals(Buffer.from(text)), `size ${size}`).toBe(true);
    }
  });

  it("snappyInto refuses a stream whose length is not the page's, and a corrupt one", () => {
    const compressed = snappyCompress(new TextEncoder().encode("abababab"));
    expect(() => snappyInto(compressed, new Uint8Array(9))).toThrow(/holds 8 bytes where its header says 9/);
    expect(() => snappyInto(compressed, new Uint8Array(7))).toThrow(/holds 8 bytes where its header says 7/);
    expect(() =>
      snappyInto(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), new Uint8Array(1)),
    ).toThrow(/unreadable number of bytes/);
    // The right length, then a copy from before the start of the output.
    expect(() => snappyInto(Uint8Array.from([0x08, 0x09, 0x02]), new Uint8Array(8))).toThrow(/corrupt/);
    // Cut short: the length says 8, the literal holds 2.
    expect(() => snappyInto(Uint8Array.from([0x08, 0x04, 0x61, 0x62]), new Uint8Array(8))).toThrow(/corrupt/);
  });

  it("decompressorsFor loads the other codecs only for a file that names one", async () => {
    // Snappy and uncompressed pages (what the engine writes): hysnappy alone, not hyparquet-compressors.
    expect(Object.keys(await decompressorsFor(withCodecs("SNAPPY", "UNCOMPRESSED")))).toEqual(["SNAPPY"]);
    expect(Object.keys(await decompressorsFor(withCodecs("UNCOMPRESSED")))).toEqual(["SNAPPY"]);
    for (const codec of ["GZIP", "BROTLI", "ZSTD", "LZ4", "LZ4_RAW"] as const) {
      const compressors = await decompressorsFor(withCodecs("SNAPPY", codec));
      expect(Object.keys(compressors).sort(), codec).toEqual(
        ["BROTLI", "GZIP", "LZ4", "LZ4_RAW", "SNAPPY", "ZSTD"].sort(),
      );
    }
  });

  it("decompressorsFor reads a page of no bytes as empty, whatever its codec", async () => {
    const compressors = await decompressorsFor(withCodecs("LZ4_RAW"));
    // The empty LZ4 block parquet-rs writes (a lone zero token): hyparquet-compressors 1.1.2 throws.
    expect(() => compressors.LZ4_RAW!(Uint8Array.from([0]), 0)).not.toThrow();
    expect(compressors.LZ4_RAW!(Uint8Array.from([0]), 0)).toEqual(new Uint8Array(0));
    // Hadoop-framed LZ4: sizes (0, 1), then the same block.
    expect(compressors.LZ4!(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 1, 0]), 0)).toEqual(new Uint8Array(0));
    expect(Buffer.from(compressors.LZ4_RAW!(Uint8Array.from([0x10, 0x41]), 1)).toString()).toBe("A");
  });

  it("readDataPage decodes a v1 page: levels, then values", () => {
    const page = Uint8Array.from([LEVELS.length, 0, 0, 0, ...LEVELS, ...VALUES]);
    const daph = {
      num_values: 4,
      encoding: "PLAIN",
      definition_level_encoding: "RLE",
      repetition_level_encoding: "RLE",
    } as const;
    const decoded = readDataPage(page, daph, columnDecoder(META, optionalInt32(), {}));
    expect([...decoded.dataPage]).toEqual([7, 8, 9]);
    expect(decoded.definitionLevels).toEqual([1, 0, 1, 1]);
    expect(decoded.repetitionLevels).toEqual([]);
  });

  it("readDataPageV2 decodes a v2 page: unprefixed levels, then (here uncompressed) values", () => {
    const page = Uint8Array.from([...LEVELS, ...VALUES]);
    const decoded = readDataPageV2(
      page,
      {
        type: "DATA_PAGE_V2",
        uncompressed_page_size: page.length,
        compressed_page_size: page.length,
        data_page_header_v2: {
          num_values: 4,
          num_nulls: 1,
          num_rows: 4,
          encoding: "PLAIN",
          definition_levels_byte_length: LEVELS.length,
          repetition_levels_byte_length: 0,
          is_compressed: false,
        },
      },
      columnDecoder(META, optionalInt32(), {}),
    );
    expect([...decoded.dataPage]).toEqual([7, 8, 9]);
    expect(decoded.definitionLevels).toEqual([1, 0, 1, 1]);
  });

  it("readPlain reads PLAIN values: byte arrays as bytes, INT64 as bigint", () => {
    const strings = readPlain(reader([2, 0, 0, 0, 0x68, 0x69, 0, 0, 0, 0]), "BYTE_ARRAY", 2, undefined);
    expect([...strings].map((bytes) => Buffer.from(bytes as Uint8Array).toString())).toEqual(["hi", ""]);
    const longs = readPlain(reader([1, 0, 0, 0, 0, 0, 0, 0x80]), "INT64", 1, undefined);
    expect([...longs]).toEqual([-(2n ** 63n) + 1n]);
  });

  it("readRleBitPackedHybrid decodes runs (the reference for our own decoder)", () => {
    const out = new Array<number>(6);
    // RLE run of 3 × 5 (width 3), then one bit-packed group: 1, 2, 3 (and padding).
    readRleBitPackedHybrid(reader([0x06, 0x05, 0x03, 0b11_010_001, 0b0000_0000, 0]), 3, out, 6);
    expect(out).toEqual([5, 5, 5, 1, 2, 3]);
  });

  it("reads a telemetry footer and finds leaf columns with their levels", () => {
    const file = readFileSync(path.join(ROOT, "test/fixtures/generated/tests/telemetry.parquet"));
    const length = file.readUInt32LE(file.length - 8);
    const metadata = parquetMetadata(file.subarray(file.length - 8 - length));
    expect(Number(metadata.num_rows)).toBeGreaterThan(0);
    const schema = parquetSchema(metadata);
    const uniqueId = getTreePath(schema, ["attributes", "unique_id"]);
    expect(uniqueId.map((node) => node.element.name)).toEqual([
      schema.element.name,
      "attributes",
      "unique_id",
    ]);
    expect(getMaxDefinitionLevel(uniqueId)).toBe(1);
    expect(getMaxRepetitionLevel(uniqueId)).toBe(0);
    const link = getTreePath(schema, ["links", "list", "item", "span_id"]);
    expect(getMaxRepetitionLevel(link)).toBe(1);
  });
});
