import { constants } from "node:fs";
import { access, open, readdir, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { AsyncBuffer } from "hyparquet";
import { isGzip } from "../telemetry/jsonl-input.js";
import { runEndedAt } from "../telemetry/jsonl-run-end.js";
import { describeFileError } from "../text/file-errors.js";
import { pathInside } from "../text/paths.js";
import { leadsOutReason, linkLeadsOut, type CheckoutBounds } from "./checkout-links.js";
import { fileChunks } from "./file-chunks.js";
import type { TelemetryFile } from "./telemetry-file.js";

export class TelemetryNotFoundError extends Error {
  override name = "TelemetryNotFoundError";
}

/** Nothing at all was found: the caller decides whether that is an error (see `if-no-telemetry`). */
export class NoTelemetryError extends Error {
  override name = "NoTelemetryError";
}

const TELEMETRY_EXTENSIONS = [".parquet", ".jsonl", ".jsonl.gz"];

/** Errors of a path that is not there, as opposed to one that is there but cannot be reached. */
const NOT_THERE = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

export interface FoundTelemetry {
  /** Absolute paths, in a stable order, each once. */
  files: string[];
  /** Named paths (no glob characters) that do not exist. */
  missing: string[];
  /** Globs and directories that matched no telemetry file. */
  empty: string[];
  /** Of those, the directories. */
  emptyFolders: string[];
}

/**
 * Expands files, directories and globs into telemetry files, in a stable order. A directory is
 * searched (not recursively) for *.parquet, *.jsonl and *.jsonl.gz: dbt keeps other Parquet families
 * (run results, manifests) in sub-folders of target/metadata. A place that cannot be read for lack
 * of permission is an error that says so, never "nothing found".
 */
export async function findTelemetryFiles(
  patterns: readonly string[],
  cwd: string,
  standardInput?: StandardInput,
): Promise<FoundTelemetry> {
  const found: FoundTelemetry = { files: [], missing: [], empty: [], emptyFolders: [] };
  for (const pattern of patterns) {
    // Read as a stream, never looked for as a file (Windows has no /dev/stdin).
    if (pattern === STANDARD_INPUT && standardInput) {
      found.files.push(STANDARD_INPUT);
      continue;
    }
    const resolved = path.resolve(cwd, pattern);
    const info = await stat(resolved).catch((error: NodeJS.ErrnoException) => error);
    let files: string[];
    if (info instanceof Error) {
      if (info.code === "EACCES") throw permissionDenied(pattern, "a folder on its path cannot be searched");
      // Loaded only for a path that is not there as written (~7 ms): files and folders need no glob.
      const { glob, isDynamicPattern } = await import("tinyglobby");
      // Something is there that cannot be followed (a link loop, a failing disk): not "missing". A name
      // too long for the file system cannot be there.
      if (!NOT_THERE.has(info.code ?? "") && !isDynamicPattern(pattern)) {
        throw new TelemetryNotFoundError(`${pattern}: cannot read it (${describeFileError(info)})`);
      }
      if (!isDynamicPattern(pattern)) {
        found.missing.push(pattern);
        continue;
      }
      // In Node's own spelling: on Windows the glob answers D:/a/repo/logs/x.jsonl, and the same file
      // named, or found in a folder, is D:\a\repo\logs\x.jsonl; each file is read once.
      files = (await glob(pattern, { cwd, absolute: true, onlyFiles: true, expandDirectories: false })).map(
        (file) => path.resolve(file),
      );
      if (files.length === 0) await checkGlobBase(pattern, cwd, isDynamicPattern);
    } else if (info.isDirectory()) {
      const entries = await readdir(resolved, { withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "EACCES") throw permissionDenied(pattern, "cannot list the directory");
          throw new TelemetryNotFoundError(
            `${pattern}: cannot list the directory (${describeFileError(error)})`,
          );
        },
      );
      const named = entries
        // Files, and links to files (read as what they name): a pipe, socket or folder is no telemetry file.
        .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && !entry.name.startsWith("."))
        .filter((entry) => TELEMETRY_EXTENSIONS.some((ext) => entry.name.endsWith(ext)));
      const kept = await Promise.all(
        named.map((entry) => entry.isFile() || linksToFile(resolved, entry.name)),
      );
      files = named.filter((_, i) => kept[i]).map((entry) => path.join(resolved, entry.name));
    } else {
      files = [resolved];
    }
    if (files.length === 0) {
      found.empty.push(pattern);
      if (!(info instanceof Error) && info.isDirectory()) found.emptyFolders.push(pattern);
    }
    found.files.push(...files.sort());
  }
  found.files = [...new Set(found.files)];
  return found;
}

/**
 * Local telemetry under one rule for the CLI and the Action: a named file that is missing is an
 * error; a glob or directory that matches nothing is only noted, as long as something was found.
 * Nothing found at all is a `NoTelemetryError`.
 */
export async function collectLocalTelemetry(
  patterns: readonly string[],
  cwd: string,
  note: (message: string) => void,
  checkout?: CheckoutBounds,
  standardInput?: StandardInput,
): Promise<TelemetryFile[]> {
  const { files, missing, empty, emptyFolders } = await findTelemetryFiles(patterns, cwd, standardInput);
  // `telemetry: a.parquet, b.jsonl` is one path to the reader, and reads as two in the message.
  const commas = missing.some((name) => name.includes(","))
    ? " Give each path on its own line (on the command line, as its own argument), not separated by commas."
    : "";
  if (files.length === 0) {
    const absent = missing.length > 0 ? ` (${missing.join(", ")}: no such file or directory)` : "";
    const folders =
      emptyFolders.length > 0
        ? ` A folder is searched for ${TELEMETRY_EXTENSIONS.map((ext) => `*${ext}`).join(", ")} files, not its subfolders.`
        : "";
    throw new NoTelemetryError(`No telemetry found at ${patterns.join(", ")}${absent}.${folders}${commas}`);
  }
  if (missing.length > 0) {
    throw new TelemetryNotFoundError(
      `telemetry file not found: ${missing.join(", ")}. A file named in the list must exist; ` +
        `name a glob (e.g. logs/*.jsonl) or a directory for telemetry that may be absent${commas && `.${commas}`}`,
    );
  }
  for (const pattern of empty) note(`No telemetry matched ${pattern}`);
  if (checkout) {
    for (const file of files) {
      const leadsTo = await linkLeadsOut(file, checkout);
      if (leadsTo) {
        throw new TelemetryNotFoundError(
          `${displayPath(file, cwd)}: cannot read it (${leadsOutReason(leadsTo)})`,
        );
      }
    }
  }
  return Promise.all(
    files.map((file) =>
      file === STANDARD_INPUT && standardInput
        ? standardInputTelemetry(standardInput)
        : openLocalTelemetry(file, displayPath(file, cwd)),
    ),
  );
}

/**
 * Where the CLI reads `-` from: standard input, as a file (a pipe cannot seek; see file-chunks.ts),
 * unless it is given as a stream (StandardInput).
 */
export const STANDARD_INPUT = "/dev/stdin";

/** How messages and the report name standard input, as compilers and interpreters name it. */
const STANDARD_INPUT_NAME = "<stdin>";

/**
 * Standard input as a stream, where it cannot be opened as a file: Windows has no /dev/stdin. Read
 * once, in the chunks it comes in.
 */
export type StandardInput = AsyncIterable<Uint8Array | string>;

/** Standard input given as a stream, as a JSONL file: never Parquet (read where it lies), never read twice. */
function standardInputTelemetry(stream: StandardInput): TelemetryFile {
  return { name: STANDARD_INPUT_NAME, format: "jsonl", openStream: () => stream, rereadable: false };
}

/**
 * A file as messages and the report name it: relative inside the working folder, else as the
 * absolute path; standard input as `<stdin>`.
 */
function displayPath(file: string, cwd: string): string {
  if (file === STANDARD_INPUT) return STANDARD_INPUT_NAME;
  return pathInside(cwd, file) || file;
}

/**
 * Whether a link found in a searched folder is read as a file: one to a folder (`dirlink.jsonl` →
 * `../sub`), a pipe or nothing at all is passed over, as a glob passes it over. A link that cannot be
 * followed (a loop, a folder without permission) is kept: opening it says why.
 */
async function linksToFile(folder: string, name: string): Promise<boolean> {
  const target = await stat(path.join(folder, name)).catch((error: NodeJS.ErrnoException) => error);
  if (target instanceof Error) return !NOT_THERE.has(target.code ?? "");
  return target.isFile();
}

function permissionDenied(pattern: string, what: string): TelemetryNotFoundError {
  return new TelemetryNotFoundError(`${pattern}: permission denied (${what})`);
}

/** A glob that matched nothing because its fixed leading folder cannot be read says so. */
async function checkGlobBase(
  pattern: string,
  cwd: string,
  isDynamicPattern: (pattern: string) => boolean,
): Promise<void> {
  const segments = pattern.split(/[\\/]/);
  const fixed = segments.slice(
    0,
    segments.findIndex((segment) => isDynamicPattern(segment)),
  );
  if (fixed.length === 0) return;
  const base = path.resolve(cwd, fixed.join("/") || "/");
  const error = await access(base, constants.R_OK | constants.X_OK).then(
    () => null,
    (failure: NodeJS.ErrnoException) => failure,
  );
  if (error?.code === "EACCES") throw permissionDenied(fixed.join("/") || "/", "cannot list the directory");
}

/** A local file as a telemetry input: Parquet by magic bytes, JSONL otherwise. */
export async function openLocalTelemetry(file: string, displayName = file): Promise<TelemetryFile> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw cannotRead(displayName, error);
  });
  try {
    const stats = await handle.stat();
    const { size } = stats;
    const head = Buffer.alloc(4);
    if (size >= 4) await readAt(handle, head, 0, displayName);
    const isParquet = head.toString("latin1") === "PAR1" || file.endsWith(".parquet");
    const rereadable = stats.isFile();
    // A regular file that is not compressed: its size says what reading it takes (optimising-compiler.ts),
    // and its tail whether the run ended. A compressed file's say neither: left unknown, as a pipe's.
    const plain = rereadable && !isGzip(head);
    const known = plain ? { bytes: size } : {};
    return isParquet
      ? {
          name: displayName,
          path: file,
          ...known,
          format: "parquet",
          openBuffer: async () => fileBuffer(file, displayName),
        }
      : {
          name: displayName,
          path: file,
          ...known,
          format: "jsonl",
          openStream: () => fileChunks(file),
          rereadable,
          // Otherwise left to the reader.
          ...(plain && { unfinished: !(await endsWithRunEnd(handle, size, displayName)) }),
        };
  } finally {
    await handle.close();
  }
}

/** The last bytes looked at for the run's end: more than the engine's process span end takes. */
const RUN_END_TAIL_BYTES = 64 * 1024;

/** Whether the file's last line is the run's end, or too long to tell (then the reader finds out). */
async function endsWithRunEnd(handle: FileHandle, size: number, displayName: string): Promise<boolean> {
  const length = Math.min(size, RUN_END_TAIL_BYTES);
  const tail = Buffer.alloc(length);
  await readAt(handle, tail, size - length, displayName);
  return runEndedAt(tail, length === size) !== false;
}

/** Fills `buffer` from `position`; a failed read names the file (a folder behind a link: EISDIR). */
async function readAt(
  handle: FileHandle,
  buffer: Buffer,
  position: number,
  displayName: string,
): Promise<void> {
  await handle.read(buffer, 0, buffer.length, position).catch((error: NodeJS.ErrnoException) => {
    throw cannotRead(displayName, error);
  });
}

/** A byte-range reader over a file: Parquet footers and column chunks are read where they sit. */
async function fileBuffer(
  file: string,
  displayName: string,
): Promise<AsyncBuffer & { close(): Promise<void> }> {
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw cannotRead(displayName, error);
  });
  const { size } = await handle.stat();
  return {
    byteLength: size,
    async slice(start: number, end = size): Promise<ArrayBuffer> {
      const length = Math.max(0, Math.min(end, size) - start);
      const buffer = new ArrayBuffer(length);
      if (length > 0) await handle.read(new Uint8Array(buffer), 0, length, start);
      return buffer;
    },
    close: () => handle.close(),
  };
}

function cannotRead(displayName: string, error: NodeJS.ErrnoException): TelemetryNotFoundError {
  if (error.code === "EACCES") return permissionDenied(displayName, "cannot read the file");
  return new TelemetryNotFoundError(`${displayName}: cannot read the file (${describeFileError(error)})`);
}
