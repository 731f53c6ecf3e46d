// Workflow-artifact source: the fork-safe `workflow_run` recipe, where workflow A uploads telemetry
// and workflow B (with a write token) reads it. The artifact was built by code from the pull request,
// so it is untrusted: we download the zip as it is and unpack it ourselves with size, count and path
// checks instead of letting the toolkit extract it.
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdir, mkdtemp, open, readdir, stat, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import {
  DefaultArtifactClient,
  type DownloadArtifactOptions,
  type FindOptions,
  type GetArtifactResponse,
} from "@actions/artifact";
import { showControls } from "../text/controls.js";
import { redactSecrets } from "../text/secrets.js";
import { openLocalTelemetry } from "./local.js";
import type { TelemetryInput } from "./telemetry-input.js";

export class ArtifactSourceError extends Error {
  override name = "ArtifactSourceError";
  /**
   * `absent`: the artifact or its telemetry is missing (not a fault in it): `if-no-telemetry` decides.
   * `gone`: the artifact itself does not exist (never uploaded, or expired).
   */
  constructor(
    message: string,
    readonly absent = false,
    readonly gone = false,
  ) {
    super(message);
  }
}

export interface ArtifactLimits {
  /** Largest total of unpacked bytes (and of the zip itself). Default 1 GiB. */
  maxBytes: number;
  /** Most entries (files and folders) the zip may hold. Default 1,000. */
  maxEntries: number;
}

export const DEFAULT_ARTIFACT_LIMITS: Readonly<ArtifactLimits> = Object.freeze({
  maxBytes: 1024 ** 3,
  maxEntries: 1000,
});

export interface ArtifactRequest {
  /** Artifact name, as given to actions/upload-artifact. */
  name: string;
  /** Workflow run that uploaded it; null = the current run (needs the Actions runtime token). */
  runId: string | null;
  /** GitHub token with `actions: read` (only used with runId). */
  token: string;
  /** `owner/name` of the repository whose run uploaded the artifact (GITHUB_REPOSITORY). */
  repository: string;
  /** Parent of the temp folder the artifact is unpacked into (RUNNER_TEMP). */
  tempDir: string;
  limits?: Partial<ArtifactLimits>;
}

/** The two calls we need from `@actions/artifact`'s client (injectable for tests). */
export interface ArtifactDownloader {
  getArtifact(name: string, options?: FindOptions): Promise<GetArtifactResponse>;
  downloadArtifact(artifactId: number, options?: DownloadArtifactOptions): Promise<{ downloadPath?: string }>;
}

const TELEMETRY_FILE = /\.(parquet|jsonl|jsonl\.gz)$/i;

/** Which entries of an artifact to unpack, and how to name them in messages. */
export interface WantedFiles {
  pattern: RegExp;
  /** e.g. "*.parquet or *.jsonl", for "holds no … file". */
  description: string;
  /** What to upload instead, appended when the artifact holds none. */
  hint: string;
}

const TELEMETRY_FILES: WantedFiles = {
  pattern: TELEMETRY_FILE,
  description: "*.parquet or *.jsonl",
  hint: "Upload target/metadata/*.parquet and/or logs/*.jsonl.",
};

/** Downloads the artifact, unpacks its telemetry files safely and opens them as inputs. */
export async function downloadArtifactTelemetry(
  request: ArtifactRequest,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
): Promise<TelemetryInput[]> {
  const { dir, files, label } = await downloadArtifactFiles(request, TELEMETRY_FILES, deps);
  deps.log(`Found ${files.length} telemetry file(s) in ${label}: ${files.map(shown).join(", ")}`);
  return Promise.all(files.map((rel) => openLocalTelemetry(path.join(dir, rel), rel)));
}

/**
 * Downloads the artifact and unpacks the entries matching `wanted` (with every check of
 * `unpackFiles`); returns the folder, their relative paths and the label used in messages.
 */
export async function downloadArtifactFiles(
  request: ArtifactRequest,
  wanted: WantedFiles,
  deps: { log: (message: string) => void; client?: ArtifactDownloader },
): Promise<{ dir: string; files: string[]; label: string }> {
  const limits = { ...DEFAULT_ARTIFACT_LIMITS, ...request.limits };
  const where = request.runId ? `workflow run ${request.runId}` : "this workflow run";
  const label = `artifact ${quoted(request.name)} of ${where}`;
  const client = deps.client ?? new DefaultArtifactClient();
  const findBy = request.runId ? findByFor(request, label) : undefined;

  const root = await mkdtemp(path.join(request.tempDir || os.tmpdir(), "fusion-report-artifact-"));
  const downloadDir = path.join(root, "download");
  const filesDir = path.join(root, "files");
  let artifactId: number;
  try {
    const { artifact } = await client.getArtifact(request.name, findBy ? { findBy } : {});
    if (typeof artifact.size === "number" && artifact.size > limits.maxBytes) {
      throw new ArtifactSourceError(
        `${label} is ${artifact.size} bytes, over the ${limits.maxBytes}-byte limit for this artifact.`,
      );
    }
    artifactId = artifact.id;
    deps.log(`Downloading ${label} (id ${artifact.id}, ${artifact.size ?? "?"} bytes)`);
    // skipDecompress: we unpack the zip ourselves, with limits (the toolkit would extract anything).
    await client.downloadArtifact(artifact.id, {
      path: downloadDir,
      skipDecompress: true,
      ...(findBy && { findBy }),
    });
  } catch (error) {
    throw describeDownloadError(error, label, request);
  }

  const downloaded = await readdir(downloadDir).catch(() => []);
  if (downloaded.length !== 1 || !downloaded[0]) {
    throw new ArtifactSourceError(
      `${label} (id ${artifactId}): the download produced ${downloaded.length} files, expected one zip.`,
    );
  }
  const archive = path.join(downloadDir, downloaded[0]);
  const files = await unpackFiles(archive, filesDir, limits, label, wanted);
  return { dir: filesDir, files, label };
}

/**
 * The run an artifact comes from when `artifact-run-id` is empty: on `workflow_run` the run that
 * triggered this one (what the fork-safe recipe needs), otherwise null (this run).
 */
export function defaultArtifactRunId(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | null {
  if (env.GITHUB_EVENT_NAME !== "workflow_run" || !env.GITHUB_EVENT_PATH) return null;
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, "utf8")) as {
      workflow_run?: { id?: unknown };
    };
    const id = payload.workflow_run?.id;
    return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? String(id) : null;
  } catch {
    return null;
  }
}

function findByFor(request: ArtifactRequest, label: string): NonNullable<FindOptions["findBy"]> {
  const [owner, repo] = request.repository.split("/");
  if (!owner || !repo) {
    throw new ArtifactSourceError(
      `reading ${label} needs GITHUB_REPOSITORY (owner/name); run inside GitHub Actions.`,
    );
  }
  if (!request.token) {
    throw new ArtifactSourceError(`reading ${label} needs a github-token with 'actions: read'.`);
  }
  return {
    token: request.token,
    workflowRunId: Number(request.runId),
    repositoryOwner: owner,
    repositoryName: repo,
  };
}

/** A name from the zip (or a server) in a message: on one line, every control character visible. */
function shown(name: string): string {
  return showControls(name, "escape");
}

function quoted(name: string): string {
  return `'${shown(name)}'`;
}

// The toolkit's errors may carry what GitHub echoed back; the token is masked by value.
function describeDownloadError(error: unknown, label: string, request: ArtifactRequest): Error {
  const described = describeDownloadFailure(error, label, request);
  described.message = redactSecrets(described.message, [request.token]);
  return described;
}

function describeDownloadFailure(error: unknown, label: string, request: ArtifactRequest): Error {
  if (error instanceof ArtifactSourceError) return error;
  const err = error as Error & { status?: number };
  const permission =
    "Grant the workflow 'permissions: actions: read' (and pass a github-token that can read the other run's repository).";
  if (err?.name === "ArtifactNotFoundError" || err?.status === 404) {
    return new ArtifactSourceError(
      `${label} was not found. Check that the uploading workflow's actions/upload-artifact step ran and used ` +
        `the name '${request.name}', that the artifact has not expired, and that this job has 'actions: read' permission.`,
      true,
      true,
    );
  }
  if (err?.status === 410) {
    // Listed (with `expired: true`) until GitHub deletes it, but the zip is gone.
    return new ArtifactSourceError(
      `${label} has expired (HTTP 410); artifacts are kept for the repository's retention period.`,
      true,
      true,
    );
  }
  if (err?.status === 401 || err?.status === 403) {
    return new ArtifactSourceError(`GitHub refused access to ${label} (HTTP ${err.status}). ${permission}`);
  }
  if (err?.name === "GHESNotSupportedError") {
    return new ArtifactSourceError(
      `${label}: workflow artifacts cannot be read on GitHub Enterprise Server (${err.message}).`,
    );
  }
  if (!request.runId && /ACTIONS_RUNTIME_TOKEN|ACTIONS_RESULTS_URL/.test(err?.message ?? "")) {
    return new ArtifactSourceError(
      `${label}: reading an artifact of the current run needs the Actions runtime (${err.message}); ` +
        `set artifact-run-id to read it through the REST API instead.`,
    );
  }
  return new ArtifactSourceError(`could not download ${label}: ${err?.message ?? String(error)}`);
}

// ---------------------------------------------------------------------------------------------
// A small zip reader: central directory → checked entries → streamed, size-capped extraction.
// https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT (§4.3.12, §4.3.16, §4.5.3)

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  isDirectory: boolean;
  isSymlink: boolean;
}

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;

/**
 * Unpacks the entries of `archive` whose names match `wanted.pattern` into `dest`; returns their
 * relative paths, sorted. Every entry is checked (paths, links, encryption, sizes), not only the
 * wanted ones: one unsafe entry rejects the whole artifact.
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
    throw new ArtifactSourceError(`${label} is ${size} bytes, over the ${limits.maxBytes}-byte limit.`);
  }
  const handle = await open(archive, "r");
  let entries: ZipEntry[];
  try {
    const head = await readAt(handle, 0, Math.min(4, size));
    if (size >= 4 && head.readUInt32LE(0) !== SIG_LOCAL && head.readUInt32LE(0) !== SIG_EOCD) {
      // Uploaded with skipArchive: the "artifact" is the single file itself.
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
    entries = await readCentralDirectory(handle, size, label, limits);
  } finally {
    await handle.close();
  }

  const files = entries.filter((e) => !e.isDirectory);
  if (files.length === 0) throw new ArtifactSourceError(`${label} is empty.`, true);
  for (const entry of entries) checkEntry(entry, dest, label);
  const declared = files.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxBytes) {
    throw new ArtifactSourceError(
      `${label} unpacks to ${declared} bytes, over the ${limits.maxBytes}-byte limit.`,
    );
  }
  const matching = files
    .filter((e) => wanted.pattern.test(e.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (matching.length === 0) {
    const sample = files.slice(0, 5).map((e) => shown(e.name));
    throw new ArtifactSourceError(
      `${label} holds no ${wanted.description} file (it has ${files.length} file(s): ${sample.join(", ")}` +
        `${files.length > sample.length ? ", …" : ""}). ${wanted.hint}`,
      true,
    );
  }
  let budget = limits.maxBytes;
  for (const entry of matching) budget -= await extractEntry(archive, entry, dest, budget, label);
  return matching.map((e) => e.name);
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function readCentralDirectory(
  handle: FileHandle,
  size: number,
  label: string,
  limits: ArtifactLimits,
): Promise<ZipEntry[]> {
  const bad = (why: string) => new ArtifactSourceError(`${label} is not a valid zip: ${why}.`);
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad("no end-of-central-directory record (truncated download?)");
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === U32_MAX || cdOffset === U32_MAX) {
    const locator = eocd - 20;
    if (locator < 0 || tail.readUInt32LE(locator) !== SIG_EOCD64_LOCATOR) throw bad("zip64 locator missing");
    const record = await readAt(handle, Number(tail.readBigUInt64LE(locator + 8)), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== SIG_EOCD64) throw bad("zip64 end record missing");
    count = Number(record.readBigUInt64LE(32));
    cdSize = Number(record.readBigUInt64LE(40));
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (count > limits.maxEntries) {
    throw new ArtifactSourceError(`${label} has ${count} entries, over the limit of ${limits.maxEntries}.`);
  }
  if (cdOffset + cdSize > size) throw bad("the central directory lies past the end of the file");
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== SIG_CENTRAL) throw bad(`central entry ${i} is damaged`);
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const nameBytes = cd.subarray(p + 46, p + 46 + nameLength);
    // Bit 11: UTF-8 names; older tools write CP437, which latin1 approximates for ASCII paths.
    const name = nameBytes.toString(flags & 0x800 ? "utf8" : "latin1");
    let size = cd.readUInt32LE(p + 24);
    let compressedSize = cd.readUInt32LE(p + 20);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const extra = cd.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
    for (let q = 0; q + 4 <= extra.length;) {
      const id = extra.readUInt16LE(q);
      const length = extra.readUInt16LE(q + 2);
      if (id === 0x0001) {
        let r = q + 4;
        const next = (): number => {
          const value = r + 8 <= q + 4 + length ? Number(extra.readBigUInt64LE(r)) : U32_MAX;
          r += 8;
          return value;
        };
        if (size === U32_MAX) size = next();
        if (compressedSize === U32_MAX) compressedSize = next();
        if (localHeaderOffset === U32_MAX) localHeaderOffset = next();
      }
      q += 4 + length;
    }
    const unixMode = cd.readUInt32LE(p + 38) >>> 16;
    entries.push({
      name,
      method: cd.readUInt16LE(p + 10),
      flags,
      compressedSize,
      size,
      localHeaderOffset,
      isDirectory: name.endsWith("/") || name.endsWith("\\"),
      isSymlink: (unixMode & 0o170000) === 0o120000,
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Rejects names that would land outside `dest`, links, encryption and unknown compression. */
function checkEntry(entry: ZipEntry, dest: string, label: string): void {
  const name = entry.name.replace(/\\/g, "/");
  const segments = name.split("/");
  const target = path.resolve(dest, name);
  if (
    name.includes("\0") ||
    name.startsWith("/") ||
    /^[a-z]:/i.test(name) ||
    segments.includes("..") ||
    (target !== dest && !target.startsWith(dest + path.sep))
  ) {
    throw new ArtifactSourceError(
      `${label} has an entry with an unsafe path (${quoted(entry.name)}); refusing to unpack it.`,
    );
  }
  if (entry.isDirectory) return;
  if (entry.isSymlink)
    throw new ArtifactSourceError(
      `${label} has a symbolic link (${quoted(entry.name)}); refusing to unpack it.`,
    );
  if (entry.flags & 0x1) throw new ArtifactSourceError(`${label}: entry ${quoted(entry.name)} is encrypted.`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ArtifactSourceError(
      `${label}: entry ${quoted(entry.name)} uses compression method ${entry.method}; only stored and deflate are read.`,
    );
  }
}

/** Streams one entry to disk, stopping as soon as it outgrows its declared size or the budget. */
async function extractEntry(
  archive: string,
  entry: ZipEntry,
  dest: string,
  budget: number,
  label: string,
): Promise<number> {
  const handle = await open(archive, "r");
  let dataStart: number;
  try {
    const local = await readAt(handle, entry.localHeaderOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== SIG_LOCAL) {
      throw new ArtifactSourceError(
        `${label} is not a valid zip: no local header for ${quoted(entry.name)}.`,
      );
    }
    dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  const target = path.resolve(dest, entry.name.replace(/\\/g, "/"));
  await mkdir(path.dirname(target), { recursive: true });
  const cap = Math.min(entry.size, budget);
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      written += chunk.length;
      if (written > cap) {
        callback(
          new ArtifactSourceError(
            `${label}: entry ${quoted(entry.name)} unpacks to more than ${written > entry.size ? `its declared ${entry.size} bytes` : "the size limit"}; refusing it.`,
          ),
        );
        return;
      }
      callback(null, chunk);
    },
  });
  const source =
    entry.compressedSize > 0
      ? createReadStream(archive, { start: dataStart, end: dataStart + entry.compressedSize - 1 })
      : Readable.from([]);
  try {
    await pipeline(
      source,
      entry.method === 8 ? createInflateRaw() : new PassThrough(),
      counter,
      // wx: a second entry with the same name must not overwrite the first.
      createWriteStream(target, { flags: "wx" }),
    );
  } catch (error) {
    if (error instanceof ArtifactSourceError) throw error;
    throw new ArtifactSourceError(
      `${label}: cannot unpack ${quoted(entry.name)}: ${(error as Error).message}`,
    );
  }
  if (written !== entry.size) {
    throw new ArtifactSourceError(
      `${label}: entry ${quoted(entry.name)} unpacked to ${written} bytes, but the zip declares ${entry.size}.`,
    );
  }
  return written;
}
