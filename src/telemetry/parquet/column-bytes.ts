// The bytes of one column chunk, read in bounded windows (never the whole chunk, never the file),
// and cut into pages: each page header is read and checked, and its compressed bytes returned (a
// view of the window). A window is freed once no page cut from it is held (see buffers.ts).
import { MAX_PARQUET_PAGE_BYTES, MIB } from "../limits.js";
import { freeBuffer } from "./buffers.js";
import { parquetHeader, type AsyncBuffer, type ColumnMetaData, type PageHeader } from "./hyparquet.js";

/** Bytes fetched per read from a column chunk (more when one page is larger). */
export const CHUNK_WINDOW_BYTES = 256 * 1024;
const HEADER_PROBE_BYTES = 64 * 1024;

export interface RawPage {
  header: PageHeader;
  /** The page's bytes as stored (compressed). */
  bytes: Uint8Array;
  /** The window they are a view of. */
  window: ArrayBuffer;
}

export class ColumnBytes {
  /** Absolute byte position of the next unread page header. */
  private pos: number;
  private readonly end: number;
  private window = new Uint8Array(0);
  private windowStart = 0;
  /** Earlier windows, oldest first, until no page cut from them is held. */
  private retired: ArrayBuffer[] = [];

  constructor(
    private readonly file: AsyncBuffer,
    meta: ColumnMetaData,
  ) {
    const start = Number(meta.dictionary_page_offset ?? meta.data_page_offset);
    const dataStart = Number(meta.data_page_offset);
    this.pos = meta.dictionary_page_offset !== undefined && start < dataStart ? start : dataStart;
    this.end = this.pos + Number(meta.total_compressed_size);
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The next page of the chunk (call while not `done`). */
  async nextPage(): Promise<RawPage> {
    const header = await this.readHeader();
    const size = header.compressed_page_size;
    checkPageSize("compressed", size);
    checkPageSize("uncompressed", header.uncompressed_page_size);
    const bytes = await this.take(size);
    return { header, bytes, window: this.window.buffer };
  }

  /**
   * Frees the earlier windows up to `oldest`, the window of the oldest page still held (all of
   * them when no page is held; the current window stays).
   */
  freeWindowsBefore(oldest: ArrayBuffer | undefined): void {
    while (this.retired.length > 0 && this.retired[0] !== oldest) freeBuffer(this.retired.shift());
  }

  /** Frees every window: the chunk is not read any more. */
  close(): void {
    this.freeWindowsBefore(undefined);
    freeBuffer(this.window.buffer);
    this.window = new Uint8Array(0);
  }

  private async readHeader(): Promise<PageHeader> {
    let probe = HEADER_PROBE_BYTES;
    for (;;) {
      await this.ensure(Math.min(probe, this.end - this.pos));
      const offset = this.pos - this.windowStart;
      const reader = {
        view: new DataView(
          this.window.buffer,
          this.window.byteOffset + offset,
          this.window.byteLength - offset,
        ),
        offset: 0,
      };
      try {
        const header = parquetHeader(reader);
        this.pos += reader.offset;
        return header;
      } catch (error) {
        // A header larger than the probe (long statistics): retry with more bytes, up to the chunk end.
        if (!(error instanceof RangeError) || this.pos + probe >= this.end) throw error;
        probe *= 4;
      }
    }
  }

  private async take(size: number): Promise<Uint8Array> {
    if (this.pos + size > this.end) throw new Error("parquet page extends past its column chunk");
    await this.ensure(size);
    const offset = this.pos - this.windowStart;
    this.pos += size;
    return this.window.subarray(offset, offset + size);
  }

  /** Makes bytes [pos, pos + size) available in the window. */
  private async ensure(size: number): Promise<void> {
    const offset = this.pos - this.windowStart;
    if (offset >= 0 && offset + size <= this.window.byteLength) return;
    const length = Math.min(this.end - this.pos, Math.max(size, CHUNK_WINDOW_BYTES));
    const buffer = await this.file.slice(this.pos, this.pos + length);
    if (buffer.byteLength < size) throw new Error("parquet column chunk is truncated");
    if (this.window.byteLength > 0) this.retired.push(this.window.buffer);
    this.window = new Uint8Array(buffer);
    this.windowStart = this.pos;
  }
}

/** A page size from a header is a claim: it must be a count, and one this reader will allocate. */
function checkPageSize(which: string, size: unknown): asserts size is number {
  if (!Number.isSafeInteger(size) || (size as number) < 0) {
    throw new Error(`parquet page header has an invalid ${which} size (${String(size)})`);
  }
  if ((size as number) > MAX_PARQUET_PAGE_BYTES) {
    throw new Error(
      `parquet page claims ${which} size of ${size as number} bytes, over the ${MAX_PARQUET_PAGE_BYTES / MIB} MiB limit`,
    );
  }
}
