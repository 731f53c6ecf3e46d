// The report files both the Action and the CLI write, as one all-or-nothing step: every destination
// is checked before any is written (a folder, an unwritable place, a telemetry file being read, a dbt
// artifact fusion-report did not write), then each file is written beside its destination under a
// temporary name and renamed into place only when all of them were written. Temporary files carry
// the writer's pid, so a later run removes what a killed run left behind. A link to a file is
// followed (the file is written, the link stays); a device, pipe or socket (`--json /dev/stdout`,
// `--json >(jq .)`) is written straight to once the files are in place: renaming over it would
// replace it with a regular file (as root, /dev/stdout or /dev/null itself).
import type { Stats } from "node:fs";
import { constants, fstatSync } from "node:fs";
import {
  access,
  lstat,
  mkdir,
  open,
  readdir,
  type FileHandle,
  readlink,
  realpath,
  rename,
  rmdir,
  stat,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { RUN_RESULTS_MARK } from "./model/baseline.js";
import type { Report } from "./model/types.js";
import { jsonReportPieces } from "./render/json-report.js";
import { jsonPiecesWithList } from "./render/json-pieces.js";
import { renderJunit } from "./render/junit.js";
import { runResultsInParts } from "./render/run-results.js";
import { describeFileError } from "./text/file-errors.js";
import { lineChunks } from "./text/line-chunks.js";
import { neutraliseRunnerCommands, type CommandSyntax } from "./text/runner-commands.js";

export interface ReportFileTargets {
  json: string | null;
  runResults: string | null;
  junit: string | null;
  markdown: string | null;
}

export interface WriteOptions {
  /** Resolves relative targets. */
  cwd: string;
  /** The telemetry files this report was read from: never written over. */
  telemetryFiles: readonly string[];
  /**
   * Why a destination may not be written where its links lead (`given`: the path as named, `file`:
   * through any link to a file), or null: the Action's rule for links in its checkout
   * (sources/checkout-links.ts). Unset for the CLI, whose links are its user's own.
   */
  linkGuard?: (given: string, file: string) => Promise<string | null>;
  /**
   * The dbt project's folder relative to the repository root, where JUnit's `file` paths start:
   * the Action's `project-dir`. Unset for the CLI ("."), whose paths are the engine's own.
   */
  projectDir?: string;
}

export interface WriteResult {
  /**
   * Absolute paths of the files written: all requested, or none, except when the file system fails
   * a rename after others succeeded (a rename cannot be undone); then the ones already in place.
   */
  written: string[];
  /** One message per problem, each naming the destination. */
  problems: string[];
}

export { RUN_RESULTS_MARK };

const TEMP_SUFFIX = /^(.+)\.fusion-report-(\d+)\.tmp$/;
/** dbt writes `metadata` first; its head is enough to recognise an artifact and our mark. */
const HEAD_BYTES = 64 * 1024;
/**
 * Bytes written to a report file at a time, through two buffers per call of writeReportFiles: one
 * is filled while the other is being written.
 */
const WRITE_BUFFER_BYTES = 1 << 20;

interface Destination {
  kind: string;
  target: string;
  /** Absolute, through any link to a file. */
  file: string;
  /** The file's text, in pieces (the JSON files' are tens of MB for a big build: never one string). */
  render: () => Iterable<string>;
  /** The file's syntax, in which a runner command shape is broken where it is written to our own output. */
  syntax: CommandSyntax;
  /** A device, pipe or socket: opened and written, never created, replaced or renamed over. */
  stream: boolean;
  /** The process's own standard output or error, written through its descriptor (a socket cannot be opened by name). */
  fd?: 1 | 2;
  /** The path as given (resolved, links not followed): what callers know the file by. */
  given: string;
  /** Why it cannot be written, found while resolving it (a link loop, a socket). */
  problem?: string;
}

/** Writes every requested file, or none of them when any destination is unusable. */
export async function writeReportFiles(
  report: Report,
  targets: ReportFileTargets,
  /** The whole Markdown report, in pieces that join to its text. */
  fullMarkdown: () => Iterable<string>,
  options: WriteOptions,
): Promise<WriteResult> {
  const requested: [string, string | null, () => Iterable<string>, CommandSyntax][] = [
    ["Markdown report", targets.markdown, fullMarkdown, "text"],
    ["JSON report", targets.json, () => jsonReportPieces(report), "json"],
    ["run_results.json", targets.runResults, () => markedRunResultsPieces(report), "json"],
    ["JUnit XML", targets.junit, () => [renderJunit(report, { projectDir: options.projectDir })], "xml"],
  ];
  const destinations: Destination[] = await Promise.all(
    requested
      .filter((entry): entry is [string, string, () => Iterable<string>, CommandSyntax] => Boolean(entry[1]))
      .map(async ([kind, target, render, syntax]) => ({
        kind,
        target,
        render,
        syntax,
        given: path.resolve(options.cwd, target),
        // `-` is the standard output, as for the telemetry it is the standard input.
        ...(target === "-"
          ? { file: "/dev/stdout", stream: true, fd: 1 as const }
          : await resolveDestination(path.resolve(options.cwd, target))),
      })),
  );
  if (destinations.length === 0) return { written: [], problems: [] };
  const files = destinations.filter((destination) => !destination.stream);

  const problems = await checkDestinations(destinations, options.telemetryFiles, options.linkGuard);
  if (problems.length > 0) return { written: [], problems };

  // Before this run writes any: a leftover with this run's own pid is stale too (pids repeat in containers).
  for (const folder of new Set(files.map((destination) => path.dirname(destination.file)))) {
    await removeLeftovers(folder);
  }
  const temps: string[] = [];
  const createdFolders: string[] = [];
  let renamed = 0;
  /** The files' bytes pass through these, one file after the other. */
  let buffers: WriteBuffers | undefined;
  try {
    for (const destination of files) {
      const folder = path.dirname(destination.file);
      const created = await makeFolders(folder).catch((error: NodeJS.ErrnoException) => {
        throw new WriteProblem(
          destination,
          `cannot create the folder ${folder} (${describeFileError(error)})`,
        );
      });
      if (created) createdFolders.push(created);
      const temp = tempFileFor(destination.file);
      temps.push(temp);
      await writeNewFile(
        temp,
        destination.render(),
        (buffers ??= [Buffer.allocUnsafe(WRITE_BUFFER_BYTES), Buffer.allocUnsafe(WRITE_BUFFER_BYTES)]),
      ).catch((error: NodeJS.ErrnoException) => {
        throw new WriteProblem(destination, describeFileError(error));
      });
    }
    for (const [index, destination] of files.entries()) {
      await rename(temps[index]!, destination.file).catch((error: NodeJS.ErrnoException) => {
        throw new WriteProblem(destination, describeFileError(error));
      });
      renamed++;
    }
    for (const destination of destinations.filter((d) => d.stream)) {
      // In chunks that end at line breaks, never the whole text (24 MB of JSON on a 20,000-node build).
      const chunks = lineChunks(destination.render());
      // The process's own output may be a runner's log: no line of telemetry text may start a command.
      const written = destination.fd
        ? writeToStream(
            destination.fd === 1 ? process.stdout : process.stderr,
            mapped(chunks, (chunk) => neutraliseRunnerCommands(chunk, destination.syntax)),
          )
        : writeFile(destination.file, chunks, { encoding: "utf8" });
      await written.catch((error: NodeJS.ErrnoException) => {
        // The reader went away (`--json - | head`): it wanted no more, as for the printed report.
        if (error.code === "EPIPE") return;
        throw new WriteProblem(destination, describeFileError(error));
      });
    }
  } catch (error) {
    const inPlace = files.slice(0, renamed);
    await Promise.all(temps.map((temp) => unlink(temp).catch(() => undefined)));
    // Folders this call created hold nothing else; the deepest is removed first.
    for (const folder of createdFolders.reverse()) await removeEmptyFolders(folder, files);
    const message =
      error instanceof WriteProblem
        ? error.message
        : `cannot write the report files: ${describeFileError(error)}`;
    const partly =
      inPlace.length > 0
        ? `; ${inPlace.map((d) => `the ${d.kind} (${d.target})`).join(" and ")} had already been written`
        : "";
    return { written: inPlace.map((d) => d.given), problems: [message + partly] };
  }
  // What was streamed cannot be read back (or uploaded): only files are "written".
  return { written: files.map((destination) => destination.given), problems: [] };
}

/** Through the process's own stream, a piece at a time, each flushed (or failed) before the next. */
async function writeToStream(stream: NodeJS.WritableStream, pieces: Iterable<string>): Promise<void> {
  for (const piece of pieces) {
    await new Promise<void>((resolve, reject) => {
      stream.write(piece, (error) => (error ? reject(error) : resolve()));
    });
  }
}

function fstatOrNull(fd: number): Stats | null {
  try {
    return fstatSync(fd);
  } catch {
    return null;
  }
}

/** Where a destination really is, and whether it is a stream rather than a file. */
async function resolveDestination(
  file: string,
): Promise<Pick<Destination, "file" | "stream" | "fd" | "problem">> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) {
    if (info.code === "ELOOP")
      return { file, stream: false, problem: "it is a link that leads back to itself" };
    // Nothing there, or a link to nothing: the file the link names is made, as a shell's `>` would.
    return { file: (await danglingLinkTarget(file)) ?? file, stream: false };
  }
  // The process's own output, also where it goes to a file (`>> log`): renaming over that file would
  // cut off what else the process wrote there, so it is written through the stream.
  const own = ([1, 2] as const).find((fd) => {
    const std = fstatOrNull(fd);
    return std !== null && std.dev === info.dev && std.ino === info.ino;
  });
  if (own) return { file, stream: true, fd: own };
  if (info.isSocket()) {
    return {
      file,
      stream: true,
      problem: "it is a socket, which cannot be opened by name; give a file, a pipe or -",
    };
  }
  if (!info.isFile() && !info.isDirectory()) return { file, stream: true };
  // Renaming over a link would replace it with a copy and leave the file it names as it was.
  return { file: await realpath(file).catch(() => file), stream: false };
}

/** Where a link that names nothing points (made absolute), or null for anything else. */
async function danglingLinkTarget(file: string): Promise<string | null> {
  const link = await lstat(file).catch(() => null);
  if (!link?.isSymbolicLink()) return null;
  const target = await readlink(file).catch(() => null);
  return target === null ? null : path.resolve(path.dirname(file), target);
}

type WriteBuffers = [Buffer, Buffer];

/**
 * Creates `file` (it must not exist) and writes the pieces' UTF-8 to it through the two buffers: a
 * 24 MB report never needs a 24 MB string or buffer (see render/json-pieces.ts). A full buffer is
 * written by the thread pool while the other is filled, so that the file system's copy of one MiB
 * and the making of the next overlap; with one buffer the main thread waited on every write.
 */
async function writeNewFile(file: string, pieces: Iterable<string>, buffers: WriteBuffers): Promise<void> {
  const handle = await open(file, "wx");
  /** The write of the other buffer, until it is done: that buffer is not touched before. */
  let inFlight: Promise<void> | undefined;
  try {
    let [buffer, other] = buffers;
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: a piece of this many fits an empty buffer.
    const most = Math.floor(buffer.length / 3);
    let used = 0;
    for (const part of cutLongPieces(pieces, most)) {
      if (part.length * 3 > buffer.length - used) {
        await inFlight;
        inFlight = writeAll(handle, buffer, used);
        // Its failure is awaited (and thrown) before the next write; until then it is not "unhandled".
        inFlight.catch(() => undefined);
        [buffer, other] = [other, buffer];
        used = 0;
      }
      used += buffer.write(part, used, "utf8");
    }
    await inFlight;
    inFlight = undefined;
    await writeAll(handle, buffer, used);
  } finally {
    // A piece that failed to render leaves a write in flight: it ends before the file is closed.
    await inFlight?.catch(() => undefined);
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, buffer: Buffer, length: number): Promise<void> {
  for (let written = 0; written < length;) {
    const { bytesWritten } = await handle.write(buffer, written, length - written);
    if (bytesWritten <= 0) throw new Error("the file system took no bytes");
    written += bytesWritten;
  }
}

/** Each item mapped as it is asked for. */
function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** The pieces, each longer than `size` characters cut into pieces of at most that many. */
function* cutLongPieces(pieces: Iterable<string>, size: number): Generator<string> {
  for (const piece of pieces) {
    if (piece.length > size) yield* inPieces(piece, size);
    else yield piece;
  }
}

/** The text in pieces of at most `size` characters (a surrogate pair is never cut). */
function* inPieces(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
    yield text.slice(start, end);
    start = end;
  }
}

/** run_results.json with fusion-report's mark in `metadata.env` (see RUN_RESULTS_MARK). */
export function renderMarkedRunResults(report: Report, generatedAt = new Date().toISOString()): string {
  return [...markedRunResultsPieces(report, generatedAt)].join("");
}

/** renderMarkedRunResults' text in pieces (see render/json-pieces.ts). */
function* markedRunResultsPieces(report: Report, generatedAt = new Date().toISOString()): Generator<string> {
  const { artifact, results } = runResultsInParts(report, generatedAt);
  artifact.metadata.env = { ...artifact.metadata.env, [RUN_RESULTS_MARK]: report.generator.version };
  // Each result is made as it is written: 20,000 of them are never held at once.
  yield* jsonPiecesWithList(artifact as unknown as Record<string, unknown>, "results", results());
  yield "\n";
}

class WriteProblem extends Error {
  constructor(destination: Destination, reason: string) {
    super(`cannot write the ${destination.kind} to ${destination.target}: ${reason}`);
  }
}

/** Every reason a destination cannot be written, found before anything is written. */
async function checkDestinations(
  destinations: readonly Destination[],
  telemetryFiles: readonly string[],
  linkGuard: WriteOptions["linkGuard"],
): Promise<string[]> {
  const problems: string[] = [];
  const telemetry = (await Promise.all(telemetryFiles.map((file) => stat(file).catch(() => null)))).filter(
    (info): info is Stats => info !== null,
  );
  const seen = new Map<string, Destination>();
  for (const destination of destinations) {
    const refuse = (reason: string): void => {
      problems.push(`cannot write the ${destination.kind} to ${destination.target}: ${reason}`);
    };
    const earlier = seen.get(destination.file);
    if (earlier) {
      refuse(`the ${earlier.kind} goes to the same file; give each output its own path`);
      continue;
    }
    seen.set(destination.file, destination);
    // First: nothing below may even read a file a link leads to outside.
    const misled =
      linkGuard && destination.fd === undefined ? await linkGuard(destination.given, destination.file) : null;
    if (misled) {
      refuse(misled);
      continue;
    }

    const info = await stat(destination.file).catch(() => null);
    if (info?.isDirectory()) {
      refuse("it is a directory; name a file inside it");
      continue;
    }
    if (info && telemetry.some((t) => t.dev === info.dev && t.ino === info.ino)) {
      refuse("it is one of the telemetry files being read; refusing to write over it");
      continue;
    }
    if (info?.isFile()) {
      const foreign = await foreignArtifact(destination.file);
      if (foreign) {
        refuse(
          `it is ${foreign} that fusion-report did not write; refusing to overwrite it (dbt and the ` +
            "tools after it read that file). Use a name of your own, e.g. target/run_results.fusion.json",
        );
        continue;
      }
    }
    if (destination.problem) {
      refuse(destination.problem);
      continue;
    }
    if (destination.stream) {
      // Opened as it is: no folder to write a file in, but it must take writing (checked before any file is).
      if (destination.fd === undefined) {
        const denied = await access(destination.file, constants.W_OK).then(
          () => null,
          (error: NodeJS.ErrnoException) => error,
        );
        if (denied) refuse(`it cannot be written to (${describeFileError(denied)})`);
      }
      continue;
    }
    const folderProblem = await checkFolder(path.dirname(destination.file));
    if (folderProblem) refuse(folderProblem);
  }
  return problems;
}

/**
 * "dbt's run_results.json" (or another dbt artifact) when the file is one fusion-report did not
 * write: a file named run_results.json, or one whose head carries a `dbt_schema_version`.
 */
async function foreignArtifact(file: string): Promise<string | null> {
  const head = await readHead(file);
  if (head.includes(`"${RUN_RESULTS_MARK}"`)) return null;
  const schema = /"dbt_schema_version"\s*:\s*"[^"]*\/dbt\/([a-z-]+)\//.exec(head)?.[1];
  if (schema) return `a dbt ${schema} artifact`;
  if (path.basename(file) === "run_results.json") return "dbt's own run_results.json";
  return null;
}

async function readHead(file: string): Promise<string> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return "";
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** Why files cannot be created in `folder` (or in the folders that would be created for it). */
async function checkFolder(folder: string): Promise<string | null> {
  const { existing, info } = await nearestExisting(folder);
  if (info instanceof Error) return `cannot use the folder ${existing} (${describeFileError(info)})`;
  if (!info.isDirectory()) return `${existing} is a file, so the folder ${folder} cannot be created`;
  const writable = await access(existing, constants.W_OK | constants.X_OK).then(
    () => null,
    (error: NodeJS.ErrnoException) => error,
  );
  if (writable) return `the folder ${existing} is not writable (${describeFileError(writable)})`;
  return null;
}

/**
 * The folder, or its nearest parent, that is there (or the root), with what `stat` said of it, and
 * the folders below it that are not (deepest first): what checking and making a report's folder
 * both start from.
 */
async function nearestExisting(
  folder: string,
): Promise<{ existing: string; info: Stats | NodeJS.ErrnoException; missing: string[] }> {
  const missing: string[] = [];
  let existing = folder;
  let info = await stat(existing).catch((error: NodeJS.ErrnoException) => error);
  while (info instanceof Error && info.code === "ENOENT" && path.dirname(existing) !== existing) {
    missing.push(existing);
    existing = path.dirname(existing);
    info = await stat(existing).catch((error: NodeJS.ErrnoException) => error);
  }
  return { existing, info, missing };
}

/**
 * `mkdir -p`: makes the folder and its missing parents, and returns the first it made (as
 * `mkdir(…, { recursive: true })` does). Node's recursive mkdir never settles where a parent that
 * exists answers ENOENT (anything under /proc spins a core for ever), so the folders are made one
 * at a time from the nearest one that exists.
 */
export async function makeFolders(folder: string): Promise<string | undefined> {
  const { info, missing } = await nearestExisting(folder);
  if (info instanceof Error && info.code !== "ENOENT") throw info;
  let first: string | undefined;
  for (const made of missing.reverse()) {
    const created = await mkdir(made).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === "EEXIST" ? false : Promise.reject(error)),
    );
    // Something is there after all: another process's folder (fine), or a symbolic link to nothing.
    if (!created) await stat(made).catch((error: NodeJS.ErrnoException) => refuseDangling(made, error));
    first ??= created ? made : undefined;
  }
  return first;
}

async function refuseDangling(at: string, error: NodeJS.ErrnoException): Promise<never> {
  const link = await lstat(at).then(
    (info) => info.isSymbolicLink(),
    () => false,
  );
  throw link ? new Error(`${at} is a symbolic link to nothing`) : error;
}

function tempFileFor(file: string): string {
  return `${file}.fusion-report-${process.pid}.tmp`;
}

/** Temp files of fusion-report runs that are no longer running (killed while writing). */
async function removeLeftovers(folder: string): Promise<void> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = Number(TEMP_SUFFIX.exec(entry)?.[2]);
    if (!pid || isRunning(pid)) continue;
    await unlink(path.join(folder, entry)).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** Removes `top` and the folders under it on the way to a destination, if they are empty. */
async function removeEmptyFolders(top: string, destinations: readonly Destination[]): Promise<void> {
  const chains = destinations
    .map((destination) => path.dirname(destination.file))
    .filter((folder) => folder === top || folder.startsWith(`${top}${path.sep}`));
  for (const folder of chains.sort((a, b) => b.length - a.length)) {
    for (let current = folder; current.length >= top.length; current = path.dirname(current)) {
      if ((await rmdir(current).catch(() => "kept")) === "kept") break;
      if (current === top) break;
    }
  }
}
