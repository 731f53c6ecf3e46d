/**
 * Buffers reused from one slice of rows to the next, so that reading a slice allocates records, not
 * buffers. Value arrays come back cleared: a value left from the previous slice must never be read
 * as this one's.
 */
export class Scratch {
  private readonly arrays = new Map<number, unknown[]>();
  private readonly intArrays = new Map<number, Int32Array>();
  private slots = new Int32Array(0);

  values(key: number, count: number): unknown[] {
    let array = this.arrays.get(key);
    // Sized up front: writing at scattered indices into an empty array makes it a slow hash table.
    if (!array || array.length < count) this.arrays.set(key, (array = new Array<unknown>(count)));
    return array.fill(undefined, 0, count);
  }

  /** Clears the first `count` entries of every value array, so that what they held can be freed. */
  clearValues(count: number): void {
    for (const array of this.arrays.values()) array.fill(undefined, 0, count);
  }

  /** An integer buffer of at least `count` entries (its contents are the caller's to set). */
  ints(key: number, count: number): Int32Array {
    let array = this.intArrays.get(key);
    if (!array || array.length < count) this.intArrays.set(key, (array = new Int32Array(count)));
    return array;
  }

  /** 0, 1, 2, … (at least `count` of them). */
  identity(count: number): Int32Array {
    if (this.slots.length < count) {
      this.slots = new Int32Array(count);
      for (let i = 0; i < count; i++) this.slots[i] = i;
    }
    return this.slots;
  }
}
