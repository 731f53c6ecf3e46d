// Seeded PRNG and id helpers, so every run of the generator produces byte-identical fixtures.

/** mulberry32: tiny, fast, good enough for fixture ids. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function randomU32(random: Random): number {
  return Math.floor(random() * 4294967296) >>> 0;
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function hex32(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/** Random u64 span id as 16 lowercase hex; the high bit is often set so signed-int64 bugs show. */
export function makeSpanId(random: Random): string {
  const hi = randomU32(random) | 0x1;
  return hex32(hi >>> 0) + hex32(randomU32(random));
}

/** UUID v7 for the given epoch ms, as the engine uses for invocation ids and event ids. */
export function makeUuidV7(random: Random, epochMs: bigint): string {
  const ts = epochMs.toString(16).padStart(12, "0").slice(-12);
  const randA = (randomU32(random) & 0x0fff).toString(16).padStart(3, "0");
  const variant = ((randomU32(random) & 0x3fff) | 0x8000).toString(16);
  const tail = hex32(randomU32(random)) + hex32(randomU32(random)).slice(0, 4);
  return `${ts.slice(0, 8)}-${ts.slice(8)}-7${randA}-${variant}-${tail}`;
}

export function makeTraceId(invocationId: string): string {
  return invocationId.replaceAll("-", "");
}

/** Monotonic nanosecond clock; every step adds sub-millisecond digits so ms-rounding bugs are visible. */
export class Clock {
  constructor(
    public now: bigint,
    private readonly random: Random,
  ) {}

  /** Advance by `ms` (fractional allowed) plus a jitter of 1..999_999 ns. */
  advance(ms: number): bigint {
    const jitter = BigInt(randomInt(this.random, 1, 999_999));
    this.now += BigInt(Math.round(ms * 1_000_000)) + jitter;
    return this.now;
  }

  /** Move to `t` if it is later than now. */
  advanceTo(t: bigint): bigint {
    if (t > this.now) this.now = t;
    return this.now;
  }
}
