// Minimal columnar builders that produce apache-arrow Data directly from typed arrays.
// Hand-rolled because arrow-js Builders are too slow for ~1M-row trace files.
import {
  DataType,
  makeData,
  makeVector,
  Utf8,
  type Bool,
  type Data,
  type Dictionary,
  type Int,
  type LargeUtf8,
  type Timestamp,
} from "apache-arrow";
import type { ColumnKind } from "./arrow-schema.js";

const encoder = new TextEncoder();

class Validity {
  private bits = new Uint8Array(64);
  nullCount = 0;
  length = 0;

  push(valid: boolean): void {
    const byte = this.length >> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(this.bits.length * 2);
      grown.set(this.bits);
      this.bits = grown;
    }
    if (valid) this.bits[byte]! |= 1 << (this.length & 7);
    else this.nullCount++;
    this.length++;
  }

  finish(): Uint8Array {
    return this.bits.slice(0, (this.length + 7) >> 3);
  }
}

/** UTF-8 bytes plus offsets; shared by Utf8 (dictionary values) and LargeUtf8 columns. */
class StringBytes {
  private bytes = new Uint8Array(1024);
  private used = 0;
  offsets: number[] = [0];

  push(text: string): void {
    const need = this.used + text.length * 3;
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.used += encoder.encodeInto(text, this.bytes.subarray(this.used)).written;
    this.offsets.push(this.used);
  }

  pushEmpty(): void {
    this.offsets.push(this.used);
  }

  values(): Uint8Array {
    return this.bytes.slice(0, this.used);
  }
}

export interface ColumnBuilder {
  append(value: unknown): void;
  finish(): Data;
}

export class LargeStringBuilder implements ColumnBuilder {
  private readonly validity = new Validity();
  private readonly strings = new StringBytes();
  constructor(private readonly type: LargeUtf8) {}

  append(value: unknown): void {
    const valid = value !== null && value !== undefined;
    this.validity.push(valid);
    if (valid) this.strings.push(value as string);
    else this.strings.pushEmpty();
  }

  finish(): Data {
    return makeData({
      type: this.type,
      length: this.validity.length,
      nullCount: this.validity.nullCount,
      nullBitmap: this.validity.finish(),
      valueOffsets: BigInt64Array.from(this.strings.offsets, (o) => BigInt(o)),
      data: this.strings.values(),
    });
  }
}

export class DictionaryBuilder implements ColumnBuilder {
  private readonly validity = new Validity();
  private readonly keys = new Map<string, number>();
  private readonly dictionary = new StringBytes();
  private indices = new Int32Array(1024);

  constructor(private readonly type: Dictionary) {}

  append(value: unknown): void {
    const valid = value !== null && value !== undefined;
    const at = this.validity.length;
    if (at >= this.indices.length) {
      const grown = new Int32Array(this.indices.length * 2);
      grown.set(this.indices);
      this.indices = grown;
    }
    this.validity.push(valid);
    if (!valid) return;
    const text = value as string;
    let key = this.keys.get(text);
    if (key === undefined) {
      key = this.keys.size;
      this.keys.set(text, key);
      this.dictionary.push(text);
    }
    this.indices[at] = key;
  }

  finish(): Data {
    const dictData = makeData({
      type: new Utf8(),
      length: this.keys.size,
      nullCount: 0,
      valueOffsets: Int32Array.from(this.dictionary.offsets),
      data: this.dictionary.values(),
    });
    return makeData({
      type: this.type,
      length: this.validity.length,
      nullCount: this.validity.nullCount,
      nullBitmap: this.validity.finish(),
      data: this.indices.slice(0, this.validity.length),
      dictionary: makeVector(dictData),
    });
  }
}

type NumericArray = BigUint64Array | BigInt64Array | Uint32Array | Int32Array;

export class NumericBuilder implements ColumnBuilder {
  private readonly validity = new Validity();
  private values: NumericArray;
  private readonly big: boolean;

  constructor(
    private readonly type: Int | Timestamp,
    private readonly make: (n: number) => NumericArray,
  ) {
    this.values = make(1024);
    this.big = this.values instanceof BigUint64Array || this.values instanceof BigInt64Array;
  }

  append(value: unknown): void {
    const at = this.validity.length;
    if (at >= this.values.length) {
      const grown = this.make(this.values.length * 2);
      if (grown instanceof BigUint64Array || grown instanceof BigInt64Array) {
        grown.set(this.values as BigUint64Array | BigInt64Array);
      } else {
        grown.set(this.values as Uint32Array | Int32Array);
      }
      this.values = grown;
    }
    const valid = value !== null && value !== undefined;
    this.validity.push(valid);
    if (valid) (this.values as unknown as unknown[])[at] = this.big ? BigInt(value as bigint) : Number(value);
  }

  finish(): Data {
    const props = {
      length: this.validity.length,
      nullCount: this.validity.nullCount,
      nullBitmap: this.validity.finish(),
      data: this.values.slice(0, this.validity.length),
    };
    // Both branches read alike; each picks makeData's overload for its type.
    return DataType.isTimestamp(this.type)
      ? makeData({ ...props, type: this.type })
      : makeData({ ...props, type: this.type });
  }
}

export class BoolBuilder implements ColumnBuilder {
  private readonly validity = new Validity();
  private readonly bits = new Validity();
  constructor(private readonly type: Bool) {}

  append(value: unknown): void {
    const valid = value !== null && value !== undefined;
    this.validity.push(valid);
    this.bits.push(valid && value === true);
  }

  finish(): Data {
    return makeData({
      type: this.type,
      length: this.validity.length,
      nullCount: this.validity.nullCount,
      nullBitmap: this.validity.finish(),
      data: this.bits.finish(),
    });
  }
}

/** Builder for one schema column kind (see arrow-schema.ts). */
export function makeColumnBuilder(kind: ColumnKind, type: DataType): ColumnBuilder {
  const mismatch = (): Error =>
    new Error(`column kind ${kind} does not match its Arrow type ${String(type)}`);
  switch (kind) {
    case "dict":
      if (!DataType.isDictionary(type)) throw mismatch();
      return new DictionaryBuilder(type);
    case "large":
      if (!DataType.isLargeUtf8(type)) throw mismatch();
      return new LargeStringBuilder(type);
    case "ts":
      if (!DataType.isTimestamp(type)) throw mismatch();
      return new NumericBuilder(type, (n) => new BigInt64Array(n));
    case "u64":
    case "u32":
    case "i32":
      if (!DataType.isInt(type)) throw mismatch();
      return new NumericBuilder(type, (n) =>
        kind === "u64" ? new BigUint64Array(n) : kind === "u32" ? new Uint32Array(n) : new Int32Array(n),
      );
    case "bool":
      if (!DataType.isBool(type)) throw mismatch();
      return new BoolBuilder(type);
  }
}
