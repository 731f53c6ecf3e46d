// Hand-built Parquet files for the reader's hostile-input tests: a tiny thrift compact-protocol writer
// and a file of telemetry-shaped columns (record_type, trace_id, event_type, attributes.unique_id),
// uncompressed, PLAIN or dictionary-encoded, where every length and count a hostile writer could
// lie about can be set by the test.

type Thrift =
  | { i32: number }
  | { i64: bigint | number }
  | { bin: Uint8Array | string }
  | { bool: boolean }
  | { list: { type: number; items: Thrift[] } }
  | { struct: Fields };
type Fields = [id: number, value: Thrift][];

const T = { TRUE: 1, FALSE: 2, I32: 5, I64: 6, BINARY: 8, LIST: 9, STRUCT: 12 } as const;

function typeOf(value: Thrift): number {
  if ("i32" in value) return T.I32;
  if ("i64" in value) return T.I64;
  if ("bin" in value) return T.BINARY;
  if ("bool" in value) return value.bool ? T.TRUE : T.FALSE;
  if ("list" in value) return T.LIST;
  return T.STRUCT;
}

export class ThriftWriter {
  readonly bytes: number[] = [];

  varint(value: bigint | number): void {
    let v = BigInt(value);
    while (v >= 0x80n) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
  }

  zigzag(value: bigint | number): void {
    const v = BigInt(value);
    this.varint(v >= 0n ? v * 2n : -v * 2n - 1n);
  }

  value(value: Thrift): void {
    if ("i32" in value) this.zigzag(value.i32);
    else if ("i64" in value) this.zigzag(value.i64);
    else if ("bin" in value) {
      const bytes = typeof value.bin === "string" ? Buffer.from(value.bin) : value.bin;
      this.varint(bytes.length);
      this.bytes.push(...bytes);
    } else if ("bool" in value) {
      // In a struct field the type carries it; lists are written by `list`.
    } else if ("list" in value) {
      const { type, items } = value.list;
      if (items.length < 15) this.bytes.push((items.length << 4) | type);
      else {
        this.bytes.push(0xf0 | type);
        this.varint(items.length);
      }
      for (const item of items) this.value(item);
    } else this.struct(value.struct);
  }

  struct(fields: Fields): void {
    let last = 0;
    for (const [id, value] of [...fields].sort((a, b) => a[0] - b[0])) {
      const delta = id - last;
      if (delta > 0 && delta <= 15) this.bytes.push((delta << 4) | typeOf(value));
      else {
        this.bytes.push(typeOf(value));
        this.zigzag(id);
      }
      this.value(value);
      last = id;
    }
    this.bytes.push(0);
  }
}

export function thrift(fields: Fields): Uint8Array {
  const writer = new ThriftWriter();
  writer.struct(fields);
  return Uint8Array.from(writer.bytes);
}

export interface PageHeaderSpec {
  type?: number;
  uncompressed?: number;
  compressed?: number;
  numValues?: number;
  encoding?: number;
}

export interface CraftOptions {
  rows?: number;
  /** The footer's `num_rows` (default: rows). */
  numRows?: bigint;
  /** The row group's `num_rows` (default: rows). */
  groupRows?: bigint;
  /** Changes a column's data page header (sizes default to the real ones). */
  pageHeader?: (column: string, spec: Required<PageHeaderSpec>) => PageHeaderSpec;
  /** Replaces the definition levels (RLE/bit-packed hybrid, without the length) of attributes.unique_id. */
  uniqueIdLevels?: Uint8Array;
  /** Writes attributes.unique_id as a DATA_PAGE_V2 (decoded by hyparquet's general decoder). */
  uniqueIdPageV2?: boolean;
  /** Dictionary-encodes event_type with this dictionary page num_values (default: its real count). */
  dictionaryValues?: number;
  /** Writes event_type's rows in two data pages with a second dictionary page between them. */
  secondDictionary?: boolean;
  /** Moves a column chunk's claimed start (relative to where it is). */
  chunkOffsetShift?: number;
}

const EVENT_TYPE = "v1.public.events.fusion.node.NodeProcessed";
const PLAIN = 0;
const RLE = 3;
const RLE_DICTIONARY = 8;

function plainStrings(values: string[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const bytes = Buffer.from(value);
    out.push(
      bytes.length & 0xff,
      (bytes.length >> 8) & 0xff,
      (bytes.length >> 16) & 0xff,
      bytes.length >>> 24,
    );
    out.push(...bytes);
  }
  return out;
}

function pageHeader(spec: Required<PageHeaderSpec>, dictionary = false): number[] {
  const fields: Fields = [
    [1, { i32: spec.type }],
    [2, { i32: spec.uncompressed }],
    [3, { i32: spec.compressed }],
  ];
  if (dictionary)
    fields.push([
      7,
      {
        struct: [
          [1, { i32: spec.numValues }],
          [2, { i32: PLAIN }],
        ],
      },
    ]);
  else {
    fields.push([
      5,
      {
        struct: [
          [1, { i32: spec.numValues }],
          [2, { i32: spec.encoding }],
          [3, { i32: RLE }],
          [4, { i32: RLE }],
        ],
      },
    ]);
  }
  return [...thrift(fields)];
}

/** A telemetry-shaped Parquet file: `rows` NodeProcessed span ends, one per node. */
export function craftParquet(options: CraftOptions = {}): Buffer {
  const rows = options.rows ?? 4;
  const out: number[] = [...Buffer.from("PAR1")];
  const chunks: { path: string[]; start: number; dictionaryStart?: number; end: number }[] = [];
  const header = (column: string, size: number, numValues: number, encoding = PLAIN): number[] => {
    const spec = { type: 0, uncompressed: size, compressed: size, numValues, encoding };
    return pageHeader({ ...spec, ...options.pageHeader?.(column, spec) });
  };

  const plainColumn = (name: string, values: string[]): void => {
    const data = plainStrings(values);
    const start = out.length;
    out.push(...header(name, data.length, values.length), ...data);
    chunks.push({ path: [name], start, end: out.length });
  };
  plainColumn("record_type", Array<string>(rows).fill("SpanEnd"));
  plainColumn("trace_id", Array<string>(rows).fill("0190aa00bb11cc22dd33ee44ff556677"));

  // event_type: dictionary-encoded (one entry, every index 0: one RLE run).
  {
    const dictionaryPage = (eventType: string): number[] => {
      const dict = plainStrings([eventType]);
      const spec = {
        type: 2,
        uncompressed: dict.length,
        compressed: dict.length,
        numValues: options.dictionaryValues ?? 1,
        encoding: PLAIN,
      };
      return [...pageHeader(spec, true), ...dict];
    };
    // Bit width 1, then one RLE run of index 0.
    const dataPage = (count: number): number[] => {
      const ids = [1, ...thriftRun(count, 0, 1)];
      return [...header("event_type", ids.length, count, RLE_DICTIONARY), ...ids];
    };
    const dictionaryStart = out.length;
    out.push(...dictionaryPage(EVENT_TYPE));
    const start = out.length;
    if (options.secondDictionary) {
      const half = Math.floor(rows / 2);
      out.push(
        ...dataPage(half),
        ...dictionaryPage("v1.public.events.fusion.dev.CallTrace"),
        ...dataPage(rows - half),
      );
    } else {
      out.push(...dataPage(rows));
    }
    chunks.push({ path: ["event_type"], start, dictionaryStart, end: out.length });
  }

  // attributes.unique_id: optional, so definition levels come first.
  {
    const levels = options.uniqueIdLevels ?? Uint8Array.from(thriftRun(rows, 1, 1));
    const ids = Array.from({ length: rows }, (_, i) => `model.shop.m${i}`);
    const start = out.length;
    if (options.uniqueIdPageV2) {
      const data = [...levels, ...plainStrings(ids)];
      const v2 = thrift([
        [1, { i32: 3 }],
        [2, { i32: data.length }],
        [3, { i32: data.length }],
        [
          8,
          {
            struct: [
              [1, { i32: rows }],
              [2, { i32: 0 }],
              [3, { i32: rows }],
              [4, { i32: PLAIN }],
              [5, { i32: levels.length }],
              [6, { i32: 0 }],
              [7, { bool: false }],
            ],
          },
        ],
      ]);
      out.push(...v2, ...data);
    } else {
      const data = [levels.length & 0xff, (levels.length >> 8) & 0xff, 0, 0, ...levels, ...plainStrings(ids)];
      out.push(...header("attributes.unique_id", data.length, rows), ...data);
    }
    chunks.push({ path: ["attributes", "unique_id"], start, end: out.length });
  }

  const string = (name: string, repetition: number): Fields => [
    [1, { i32: 6 }],
    [3, { i32: repetition }],
    [4, { bin: name }],
    [6, { i32: 0 }],
  ];
  const schema: Thrift[] = [
    {
      struct: [
        [4, { bin: "schema" }],
        [5, { i32: 4 }],
      ],
    },
    { struct: string("record_type", 0) },
    { struct: string("trace_id", 0) },
    { struct: string("event_type", 0) },
    {
      struct: [
        [3, { i32: 0 }],
        [4, { bin: "attributes" }],
        [5, { i32: 1 }],
      ],
    },
    { struct: string("unique_id", 1) },
  ];
  const shift = options.chunkOffsetShift ?? 0;
  const columns: Thrift[] = chunks.map((chunk) => {
    const first = chunk.dictionaryStart ?? chunk.start;
    const meta: Fields = [
      [1, { i32: 6 }],
      [2, { list: { type: T.I32, items: [{ i32: PLAIN }, { i32: RLE }] } }],
      [3, { list: { type: T.BINARY, items: chunk.path.map((part) => ({ bin: part })) } }],
      [4, { i32: 0 }],
      [5, { i64: rows }],
      [6, { i64: chunk.end - first }],
      [7, { i64: chunk.end - first }],
      [9, { i64: chunk.start + shift }],
    ];
    if (chunk.dictionaryStart !== undefined) meta.push([11, { i64: chunk.dictionaryStart + shift }]);
    return {
      struct: [
        [2, { i64: first }],
        [3, { struct: meta }],
      ],
    };
  });
  const footer = thrift([
    [1, { i32: 2 }],
    [2, { list: { type: T.STRUCT, items: schema } }],
    [3, { i64: options.numRows ?? BigInt(rows) }],
    [
      4,
      {
        list: {
          type: T.STRUCT,
          items: [
            {
              struct: [
                [1, { list: { type: T.STRUCT, items: columns } }],
                [2, { i64: out.length }],
                [3, { i64: options.groupRows ?? BigInt(rows) }],
              ],
            },
          ],
        },
      },
    ],
  ]);
  out.push(...footer);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(footer.length, 0);
  tail.write("PAR1", 4);
  return Buffer.concat([Buffer.from(out), tail]);
}

/** An RLE run of `count` copies of `value` (a hybrid-encoding header and the value's byte). */
export function thriftRun(count: number, value: number, width: number): number[] {
  const writer = new ThriftWriter();
  writer.varint(BigInt(count) * 2n);
  return [...writer.bytes, ...Array.from({ length: (width + 7) >> 3 }, (_, i) => (value >> (8 * i)) & 0xff)];
}

/** Replaces a file's footer length (the 4 bytes before the closing PAR1). */
export function withFooterLength(file: Buffer, length: number): Buffer {
  const copy = Buffer.from(file);
  copy.writeUInt32LE(length >>> 0, copy.length - 8);
  return copy;
}

/** A file: PAR1, `footer` as its metadata, length and PAR1. */
export function withFooter(footer: Uint8Array): Buffer {
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(footer.length, 0);
  tail.write("PAR1", 4);
  return Buffer.concat([Buffer.from("PAR1"), footer, tail]);
}
