// A local file's bytes as the JSONL reader takes them, read into two buffers in turn: the next
// chunk is read while the reader splits and parses the one it was given, and no buffer is made
// per chunk. A stream's 64 KiB chunks left the reader waiting on the file system about 7 % of a
// 200 MiB read, and each chunk was a new buffer (docs/performance.md).
import { open } from "node:fs/promises";

/** Bytes per read: large enough that waiting per read is rare, small enough to be cheap to hold. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * The file's bytes in chunks of at most `chunkBytes`. A chunk is a view of a buffer that is read
 * into again once the chunk after it has been asked for: a consumer that keeps bytes past that
 * copies them (jsonl-lines.ts, jsonl-input.ts).
 */
export async function* fileChunks(file: string, chunkBytes = FILE_CHUNK_BYTES): AsyncGenerator<Buffer> {
  const handle = await open(file, "r");
  const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
  let which = 0;
  // From the file's current position (null): a pipe (`/dev/stdin`, `<(zcat …)`) cannot seek. One read
  // is in flight at a time, so the reads come in order.
  const next = (): Promise<{ bytesRead: number }> => handle.read(buffers[which]!, 0, chunkBytes, null);
  let pending: Promise<{ bytesRead: number }> | null = next();
  try {
    for (;;) {
      const { bytesRead } = await pending;
      pending = null;
      if (bytesRead === 0) return;
      const chunk = buffers[which]!.subarray(0, bytesRead);
      which ^= 1;
      pending = next();
      yield chunk;
    }
  } finally {
    // Stopped early (an error, a line too long): the read in flight ends before the file closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}
