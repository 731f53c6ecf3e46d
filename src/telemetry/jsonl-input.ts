// The bytes of a JSONL input as the line splitter needs them: Buffers, gzip-compressed input (what
// people upload as artifacts: `otel.jsonl.gz`) recognised by its magic bytes and decompressed as a
// stream, whatever the file is called and wherever it came from (local file, artifact, dbt platform).
import { MAX_GZIP_EXPANSION, MIB } from "./limits.js";

const GZIP_MAGIC = [0x1f, 0x8b];

/** Whether bytes begin as a gzip member does. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

export class GzipError extends Error {
  constructor(
    message: string,
    /** The data ends early: what came before it was read. */
    readonly truncated = false,
  ) {
    super(message);
  }
}

/** The input's bytes, decompressed when they are gzip; `format.gzip` says which it was. */
export async function* inputBytes(
  chunks: AsyncIterable<Uint8Array | string>,
  format: { gzip: boolean } = { gzip: false },
): AsyncGenerator<Buffer> {
  const source = chunks[Symbol.asyncIterator]();
  try {
    // Enough bytes to see the magic (a source may yield tiny chunks).
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < GZIP_MAGIC.length) {
      const next = await source.next();
      if (next.done) break;
      // Copied: a source may read into its chunk again once the next one is asked for (file-chunks.ts).
      const chunk = Buffer.from(toBuffer(next.value));
      head.push(chunk);
      headBytes += chunk.length;
    }
    const first = head.length === 1 ? head[0]! : Buffer.concat(head);
    const rest = async function* (): AsyncGenerator<Buffer> {
      for (let next = await source.next(); !next.done; next = await source.next()) yield toBuffer(next.value);
    };
    format.gzip = isGzip(first);
    if (!format.gzip) {
      if (first.length > 0) yield first;
      yield* rest();
      return;
    }
    yield* gunzip(first, rest());
  } finally {
    // Also when the reader stops early (an error on the first line, a line too long), wherever it
    // stopped: the source (a file) is closed now, not left open until the garbage collector warns.
    await source.return?.();
  }
}

async function* gunzip(first: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let compressed = 0;
  const counted = async function* (): AsyncGenerator<Buffer> {
    compressed += first.length;
    yield first;
    for await (const chunk of rest) {
      compressed += chunk.length;
      // Copied: the stream below still holds a chunk when it asks for the next, and a source may
      // read into a chunk again by then (file-chunks.ts).
      yield Buffer.from(chunk);
    }
  };
  // Loaded only for gzip input: most runs never need zlib and streams (getBuiltinModule, not
  // import(): bundlers leave it alone).
  const { Readable } = process.getBuiltinModule("node:stream");
  const { pipeline } = process.getBuiltinModule("node:stream/promises");
  const { createGunzip } = process.getBuiltinModule("node:zlib");
  const gz = createGunzip();
  // Errors reach the loop below through the stream; stopping early (a line too long) destroys it,
  // which closes the source too.
  const piped = pipeline(Readable.from(counted()), gz).catch(() => undefined);
  let expanded = 0;
  try {
    for await (const chunk of gz as AsyncIterable<Buffer>) {
      expanded += chunk.length;
      if (expanded > 64 * MIB && expanded > compressed * MAX_GZIP_EXPANSION) {
        throw new GzipError(
          `gzip data expands more than ${MAX_GZIP_EXPANSION}-fold (${Math.round(expanded / MIB)} MiB from ` +
            `${Math.round(compressed / 1024)} KiB): this is not compressed telemetry`,
        );
      }
      yield chunk;
    }
  } catch (error) {
    if (error instanceof GzipError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR") throw new GzipError("the gzip data ends early (the file is truncated)", true);
    if (code?.startsWith("Z_")) throw new GzipError(`the gzip data is corrupt (${(error as Error).message})`);
    throw error;
  } finally {
    gz.destroy();
    await piped;
  }
}

function toBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
