// A workflow artifact's zip was built by code from the pull request, so it is untrusted: yauzl reads
// it (zip64, CP437 and Info-ZIP Unicode names, streamed inflate), and we decide what may be written:
// every entry is checked before anything is unpacked (paths, links, encryption, methods, counts,
// declared sizes), and each wanted entry is streamed to disk, stopping as soon as it outgrows its
// declared size or the budget. yauzl's own name and size checks are off only because ours say
// which artifact and which entry, in the words the rest of the report uses.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { MAX_TELEMETRY_ARTIFACT_BYTES } from "../telemetry/limits.js";
import { showControls } from "../text/controls.js";
import { describeFileError } from "../text/file-errors.js";
import { trimTrailing } from "../text/trim-runs.js";
import { truncateChars } from "../text/truncate.js";
import { ArtifactSourceError } from "./artifact-error.js";

export { ArtifactSourceError };

export interface ArtifactLimits {
  /** Largest total of unpacked bytes (and of the zip itself). Default 1 GiB. */
  maxBytes: number;
  /** Most entries (files and folders) the zip may hold. Default 1,000. */
  maxEntries: number;
}

export const DEFAULT_ARTIFACT_LIMITS: Readonly<ArtifactLimits> = Object.freeze({
  maxBytes: MAX_TELEMETRY_ARTIFACT_BYTES,
  maxEntries: 1000,
});

/** Which entries of an artifact to unpack, and how to name them in messages. */
export interface WantedFiles {
  pattern: RegExp;
  /** e.g. "*.parquet or *.jsonl", for "holds no … file". */
  description: string;
  /** What to upload instead, appended when the artifact holds none. */
  hint: string;
}

interface ZipEntry {
  name: string;
  size: number;
  isDirectory: boolean;
  entry: Entry;
}

/** Local file header and end-of-central-directory signatures: how a zip starts. */
const ZIP_STARTS = [0x04034b50, 0x06054b50];

/**
 * Unpacks the entries of `archive` whose names match `wanted.pattern` into `dest`; returns their
 * relative paths, sorted. Every entry is checked, not only the wanted ones: one unsafe entry rejects
 * the whole artifact.
 */
export async function unpackFiles(
  archive: string,
  dest: string,
  limits: ArtifactLimits,
  label: string,
  wanted: WantedFiles,
): Promise<string[]> {
  const { size } = await stat(archive);
  if (size > limits.maxBytes) {
    throw new ArtifactSourceError(
      `${label} is ${size} bytes, over the ${limits.maxBytes}-byte limit. ${wanted.hint}`,
    );
  }
  if (size === 0) {
    throw new ArtifactSourceError(
      `${label} was downloaded as 0 bytes: GitHub's storage sent nothing. Re-run the job.`,
    );
  }
  if (size >= 4 && !ZIP_STARTS.includes(await readMagic(archive))) {
    return copySingleFile(archive, dest, label, wanted);
  }
  const zip = await openZip(archive, label);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArtifactSourceError(
        `${label} has ${zip.entryCount} entries, over the limit of ${limits.maxEntries}. ${wanted.hint}`,
      );
    }
    const entries = await readEntries(zip, label);
    const files = entries.filter((e) => !e.isDirectory);
    if (files.length === 0) throw new ArtifactSourceError(`${label} is empty.`, true);
    for (const entry of entries) checkEntry(entry, dest, label);
    checkFolderNames(entries, label, wanted.hint);
    const declared = files.reduce((sum, e) => sum + e.size, 0);
    if (declared > limits.maxBytes) {
      throw new ArtifactSourceError(
        `${label} unpacks to ${declared} bytes, over the ${limits.maxBytes}-byte limit. ${wanted.hint}`,
      );
    }
    const matching = files
      .filter((e) => wanted.pattern.test(e.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (matching.length === 0) {
      const sample = files.slice(0, 5).map((e) => showEntryName(e.name));
      throw new ArtifactSourceError(
        `${label} holds no ${wanted.description} file (it has ${files.length} file(s): ${sample.join(", ")}` +
          `${files.length > sample.length ? ", …" : ""}). ${wanted.hint}`,
        true,
      );
    }
    let budget = limits.maxBytes;
    for (const entry of matching) budget -= await extractEntry(zip, entry, dest, budget, label, wanted.hint);
    return matching.map((e) => unpackedName(e.name));
  } finally {
    zip.close();
  }
}

async function readMagic(archive: string): Promise<number> {
  const handle = await open(archive, "r");
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.readUInt32LE(0);
  } finally {
    await handle.close();
  }
}

/** Uploaded with `skipArchive`: the "artifact" is the single file itself. */
async function copySingleFile(
  archive: string,
  dest: string,
  label: string,
  wanted: WantedFiles,
): Promise<string[]> {
  const name = path.basename(archive);
  if (!wanted.pattern.test(name)) {
    throw new ArtifactSourceError(
      `${label} is neither a zip nor a ${wanted.description} file (got ${quoted(name)}).`,
    );
  }
  await mkdir(dest, { recursive: true });
  await pipeline(createReadStream(archive), createWriteStream(path.join(dest, name), { flags: "wx" }));
  return [name];
}

async function openZip(archive: string, label: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(archive, {
      lazyEntries: true,
      autoClose: false,
      // Names are decoded and checked below, sizes counted while unpacking (see the top comment).
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    throw invalidZip(label, error);
  }
}

async function readEntries(zip: ZipFile, label: string): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      // UTF-8 by flag or Info-ZIP Unicode path, else CP437; backslashes kept for checkEntry to see.
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        true,
      );
      entries.push({
        name,
        size: entry.uncompressedSize,
        isDirectory: name.endsWith("/") || name.endsWith("\\"),
        entry,
      });
    }
  } catch (error) {
    throw invalidZip(label, error);
  }
  return entries;
}

function invalidZip(label: string, error: unknown): ArtifactSourceError {
  const why = error instanceof Error ? error.message : String(error);
  return new ArtifactSourceError(`${label} is not a valid zip: ${trimTrailing(shown(why), ".")}.`);
}

/** Where an entry lands below the destination: zips written on Windows may separate folders with `\`. */
function unpackedName(name: string): string {
  return name.replace(/\\/g, "/");
}

/** Rejects names that would land outside `dest`, links, encryption and unknown compression. */
function checkEntry({ name: rawName, isDirectory, entry }: ZipEntry, dest: string, label: string): void {
  const name = unpackedName(rawName);
  const target = path.resolve(dest, name);
  if (
    name.includes("\0") ||
    name.startsWith("/") ||
    /^[a-z]:/i.test(name) ||
    name.split("/").includes("..") ||
    (target !== dest && !target.startsWith(dest + path.sep))
  ) {
    throw new ArtifactSourceError(
      `${label} has an entry with an unsafe path (${quoted(rawName)}); refusing to unpack it.`,
    );
  }
  if (isDirectory) return;
  if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
    throw new ArtifactSourceError(
      `${label} has a symbolic link (${quoted(rawName)}); refusing to unpack it.`,
    );
  }
  if (entry.isEncrypted()) throw new ArtifactSourceError(`${label}: entry ${quoted(rawName)} is encrypted.`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ArtifactSourceError(
      `${label}: entry ${quoted(rawName)} uses compression method ${entry.compressionMethod}; only stored and deflate are read.`,
    );
  }
}

/**
 * Rejects a file whose name is also a folder on another entry's path (`logs/a.jsonl` beside
 * `logs/a.jsonl/b.jsonl`): no file system holds both, so no upload made it, and unpacking would fail
 * half-way with one already written.
 */
function checkFolderNames(entries: readonly ZipEntry[], label: string, hint: string): void {
  const where = (name: string) => trimTrailing(path.posix.normalize(unpackedName(name)), "/");
  // Sorted, the entries inside a folder `F/` stand together, right where `F/` would: each file is
  // looked up once, by halving. Looking up every folder on every entry's path built a 64 KB name's
  // 32,000 prefixes, seconds per entry of a crafted zip.
  const places = entries.map((e) => ({ place: where(e.name), name: e.name }));
  const sorted = [...places].sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
  for (const [i, { isDirectory }] of entries.entries()) {
    if (isDirectory) continue;
    const folder = `${places[i]!.place}/`;
    const inside = sorted[firstNotBefore(sorted, folder)];
    if (!inside?.place.startsWith(folder)) continue;
    throw new ArtifactSourceError(
      `${label} has a file ${quoted(entries[i]!.name)} and an entry inside a folder of the same name ` +
        `(${quoted(inside.name)}); refusing to unpack it. ${hint}`,
    );
  }
}

/** The index of the first place not before `place` in `sorted` (its length when there is none). */
function firstNotBefore(sorted: readonly { place: string }[], place: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.place < place) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Streams one entry to disk, stopping as soon as it outgrows its declared size or the budget. */
async function extractEntry(
  zip: ZipFile,
  { name, size, entry }: ZipEntry,
  dest: string,
  budget: number,
  label: string,
  hint: string,
): Promise<number> {
  const target = path.resolve(dest, unpackedName(name));
  const cap = Math.min(size, budget);
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      written += chunk.length;
      if (written > cap) {
        const limit = written > size ? `its declared ${size} bytes` : "the size limit";
        callback(
          new ArtifactSourceError(
            `${label}: entry ${quoted(name)} unpacks to more than ${limit}; refusing it.`,
          ),
        );
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(
      await zip.openReadStreamPromise(entry),
      counter,
      // wx: a second entry with the same name must not overwrite the first.
      createWriteStream(target, { flags: "wx" }),
    );
  } catch (error) {
    if (error instanceof ArtifactSourceError) throw error;
    // Node's own message names the path below the runner's temp folder: the reason is said in words.
    const failure = error as NodeJS.ErrnoException;
    if (failure.syscall) {
      throw new ArtifactSourceError(
        `${label}: cannot unpack ${quoted(name)}: ${fileSystemReason(failure)}; refusing the artifact. ${hint}`,
      );
    }
    throw new ArtifactSourceError(`${label}: cannot unpack ${quoted(name)}: ${shown(failure.message)}`);
  }
  if (written !== size) {
    throw new ArtifactSourceError(
      `${label}: entry ${quoted(name)} unpacked to ${written} bytes, but the zip declares ${size}.`,
    );
  }
  return written;
}

/** Why writing an entry failed, in words: the zip names it twice (EEXIST), or its name is too long. */
function fileSystemReason(error: NodeJS.ErrnoException): string {
  if (error.code === "EEXIST") return "another entry of the zip was already unpacked under that name";
  return describeFileError(error);
}

/** A name from the zip (or an error about it) in a message: on one line, every control visible. */
function shown(name: string): string {
  return showControls(name, "escape");
}

/** Entry names are the uploader's: a 60 KB one is cut, so the message stays readable. */
const NAME_MAX_CHARS = 200;

/** An entry name from the zip in a message: on one line, every control visible, cut when long. */
export function showEntryName(name: string): string {
  return truncateChars(shown(name), NAME_MAX_CHARS);
}

function quoted(name: string): string {
  return `'${showEntryName(name)}'`;
}
