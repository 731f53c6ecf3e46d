// A stand-in for GitHub's workflow-artifact endpoints on 127.0.0.1, for `@actions/artifact`:
//  * download (findBy → public REST API): GET /repos/{o}/{r}/actions/runs/{run}/artifacts?name=,
//    GET /repos/{o}/{r}/actions/artifacts/{id}/zip → 302 to a blob URL on this server → zip bytes;
//  * upload (Actions results service, Twirp JSON): CreateArtifact → signed URL on this server, the
//    Azure block-blob PUTs (stage blocks + commit block list), FinalizeArtifact;
//  * download of this run's artifact (the same service, with the runtime token's backend ids):
//    ListArtifacts and GetSignedArtifactURL, scoped to the run attempt that uploaded it.
// Plus a minimal zip writer (stored or deflated entries) to build artifacts, and a central-directory
// lister to look inside uploaded ones.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateRawSync } from "node:zlib";

// ---- zip -------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipInput {
  /** Stored as given: tests use it to smuggle `../` names in. */
  name: string;
  /** The name's bytes as they are (e.g. CP437), written without the UTF-8 flag. */
  rawName?: Uint8Array;
  data: Uint8Array | string;
  /** Default "deflate". */
  method?: "store" | "deflate";
  /** Another method number, with `data` written as it is (e.g. 12, bzip2, that nobody here reads). */
  methodCode?: number;
  /** General-purpose flags added to the UTF-8 flag (bit 0: encrypted). */
  flags?: number;
  /** Unix mode in the external attributes (e.g. 0o120777 for a symlink). */
  mode?: number;
  /** Lie about the uncompressed size in the central directory (zip-bomb tests). */
  declaredSize?: number;
}

export interface ZipOptions {
  /** Write every size and offset in zip64 records (as tools do past 4 GiB or 65,535 entries). */
  zip64?: boolean;
  /** Claim this many entries in the end record (entry-count tests). */
  declaredCount?: number;
}

const U32_MAX = 0xffffffff;

/** Builds a zip archive (no data descriptors) in memory. */
export function buildZip(entries: readonly ZipInput[], options: ZipOptions = {}): Buffer {
  const zip64 = options.zip64 ?? false;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : Buffer.from(entry.data);
    const method = entry.methodCode ?? (entry.method === "store" ? 0 : 8);
    const body = entry.methodCode === undefined && method === 8 ? deflateRawSync(raw) : raw;
    const name = entry.rawName ? Buffer.from(entry.rawName) : Buffer.from(entry.name, "utf8");
    const flags = (entry.rawName ? 0 : 0x800) | (entry.flags ?? 0); // bit 11: UTF-8 names
    const crc = crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const localExtra = zip64 ? zip64Extra([size, body.length]) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(zip64 ? U32_MAX : body.length, 18);
    local.writeUInt32LE(zip64 ? U32_MAX : size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const centralExtra = zip64 ? zip64Extra([size, body.length, offset]) : Buffer.alloc(0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | (zip64 ? 45 : 20), 4); // made by Unix
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(zip64 ? U32_MAX : body.length, 20);
    central.writeUInt32LE(zip64 ? U32_MAX : size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE(((entry.mode ?? (entry.name.endsWith("/") ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(zip64 ? U32_MAX : offset, 42);
    locals.push(local, name, localExtra, body);
    centrals.push(central, name, centralExtra);
    offset += local.length + name.length + localExtra.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const count = options.declaredCount ?? entries.length;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? U32_MAX : cd.length, 12);
  end.writeUInt32LE(zip64 ? U32_MAX : offset, 16);
  return Buffer.concat([...locals, cd, ...tail, end]);
}

/** The zip64 extended-information extra field (id 1) with the given 8-byte values. */
function zip64Extra(values: number[]): Buffer {
  const field = Buffer.alloc(4 + 8 * values.length);
  field.writeUInt16LE(0x0001, 0);
  field.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => field.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return field;
}

/** Entry names from a zip's central directory (enough to check what an upload contained). */
export function listZipEntries(zip: Buffer): string[] {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error("not a zip");
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(p + 28);
    names.push(zip.subarray(p + 46, p + 46 + nameLength).toString("utf8"));
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return names;
}

/** A JWT like ACTIONS_RUNTIME_TOKEN: unsigned (jwt-decode never checks signatures). */
export function runtimeToken(runBackendId: string, jobBackendId: string): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({ scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}` })}.sig`;
}

/** The workflow-run backend id in a runtime token's `Actions.Results:<run>:<job>` scope. */
function attemptOfRuntimeToken(authorization: string | undefined): string | undefined {
  const payload = authorization?.replace(/^Bearer /, "").split(".")[1] ?? "";
  try {
    const { scp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { scp?: string };
    return /Actions\.Results:([^:\s]+):/.exec(scp ?? "")?.[1];
  } catch {
    return undefined;
  }
}

// ---- server ----------------------------------------------------------------------------------

export interface ServedArtifact {
  id: number;
  name: string;
  runId: number;
  zip: Buffer;
  /** Still listed (`expired: true`), but the zip answers 410 Gone, as on GitHub. */
  expired?: boolean;
  /**
   * The workflow-run backend id of the attempt that uploaded it (the runtime token's): only that
   * attempt's token finds it through the results service. Unset: the REST API's only.
   */
  attemptBackendId?: string;
  /** When it was uploaded (the REST API's `created_at`); default 2026-11-20T10:00:00Z. */
  createdAt?: string;
}

export interface ArtifactRequestRecord {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface UploadedArtifact {
  name: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  bytes: Buffer;
  finalized: boolean;
}

export interface ArtifactServer {
  url: string;
  owner: string;
  repo: string;
  requests: ArtifactRequestRecord[];
  uploads: UploadedArtifact[];
  add(artifact: Omit<ServedArtifact, "id"> & { id?: number }): ServedArtifact;
  /** Every REST call answers 403 "Resource not accessible by integration". */
  forbidden: boolean;
  /** Every REST call answers this status and JSON body (e.g. an error that echoes the token). */
  failure: { status: number; body: unknown } | null;
  /** Origin of the blob storage the zip download redirects to (default: this server). */
  blobOrigin: string | null;
  /** Blob downloads are accepted and never answered: a blob host that hangs. */
  silentBlobs: boolean;
  /** The results service's (Twirp) requests are accepted and never answered: an upload that hangs. */
  silentResults: boolean;
  /** CreateArtifact answers this status (e.g. 500 with no retries left → upload fails). */
  createStatus: number;
  /**
   * ListArtifacts lists every attempt's uploads, but GetSignedArtifactURL answers 404 "workflow run
   * not found" for an earlier attempt's (https://github.com/actions/download-artifact/issues/486).
   * Else an earlier attempt's upload is not listed at all.
   */
  runtimeListsEveryAttempt: boolean;
  close(): Promise<void>;
}

export async function startArtifactServer(owner = "acme", repo = "analytics"): Promise<ArtifactServer> {
  const artifacts: ServedArtifact[] = [];
  const requests: ArtifactRequestRecord[] = [];
  const uploads: UploadedArtifact[] = [];
  const blocks = new Map<string, Map<string, Buffer>>();
  let nextId = 7000;

  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(text);
  };
  const readBody = async (req: IncomingMessage): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: req.headers.authorization,
    });
    const rest = `/repos/${owner}/${repo}/actions/`;

    if (url.pathname.startsWith(rest)) {
      if (state.failure) return json(res, state.failure.status, state.failure.body);
      if (state.forbidden) {
        return json(res, 403, {
          message: "Resource not accessible by integration",
          documentation_url: "https://docs.github.com/rest/actions/artifacts",
          status: "403",
        });
      }
      const list = /^runs\/(\d+)\/artifacts$/.exec(url.pathname.slice(rest.length));
      if (list && req.method === "GET") {
        const name = url.searchParams.get("name");
        const hits = artifacts.filter((a) => a.runId === Number(list[1]) && (!name || a.name === name));
        return json(res, 200, {
          total_count: hits.length,
          artifacts: hits.map((a) => ({
            id: a.id,
            node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
            name: a.name,
            size_in_bytes: a.zip.length,
            url: `${state.url}${rest}artifacts/${a.id}`,
            archive_download_url: `${state.url}${rest}artifacts/${a.id}/zip`,
            expired: a.expired ?? false,
            created_at: a.createdAt ?? "2026-11-20T10:00:00Z",
            updated_at: "2026-11-20T10:00:00Z",
            expires_at: "2027-02-18T10:00:00Z",
            workflow_run: { id: a.runId, head_sha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e" },
          })),
        });
      }
      const zip = /^artifacts\/(\d+)\/zip$/.exec(url.pathname.slice(rest.length));
      if (zip && req.method === "GET") {
        const artifact = artifacts.find((a) => a.id === Number(zip[1]));
        if (!artifact) return json(res, 404, { message: "Not Found", status: "404" });
        if (artifact.expired) return json(res, 410, { message: "Artifact has expired", status: "410" });
        // GitHub answers 302 to a short-lived blob URL (with a SAS query string).
        const blobs = state.blobOrigin ?? state.url;
        res.writeHead(302, { location: `${blobs}/blobs/${artifact.id}.zip?sv=2025&sig=s3cr3t` });
        res.end();
        return;
      }
      return json(res, 404, { message: "Not Found", status: "404" });
    }

    const blob = /^\/blobs\/(\d+)\.zip$/.exec(url.pathname);
    if (blob && req.method === "GET") {
      if (state.silentBlobs) return; // held open until close()
      const artifact = artifacts.find((a) => a.id === Number(blob[1]));
      if (!artifact) return json(res, 404, {});
      res.writeHead(200, { "content-type": "application/zip", "content-length": artifact.zip.length });
      res.end(artifact.zip);
      return;
    }

    const twirp = /^\/twirp\/github\.actions\.results\.api\.v1\.ArtifactService\/(\w+)$/.exec(url.pathname);
    if (twirp && req.method === "POST") {
      if (state.silentResults) return; // held open until close()
      const body = JSON.parse((await readBody(req)).toString("utf8")) as Record<string, string>;
      if (twirp[1] === "CreateArtifact") {
        if (state.createStatus !== 200)
          return json(res, state.createStatus, { code: "internal", msg: "boom" });
        uploads.push({
          name: body.name ?? "",
          // The toolkit sends protobuf field names (snake_case).
          workflowRunBackendId: body.workflow_run_backend_id ?? body.workflowRunBackendId ?? "",
          workflowJobRunBackendId: body.workflow_job_run_backend_id ?? body.workflowJobRunBackendId ?? "",
          bytes: Buffer.alloc(0),
          finalized: false,
        });
        return json(res, 200, {
          ok: true,
          signed_upload_url: `${state.url}/upload/devstoreaccount1/actions-results/${encodeURIComponent(body.name ?? "")}.zip?sv=2025&sig=s3cr3t`,
        });
      }
      if (twirp[1] === "ListArtifacts") {
        const attempt = body.workflow_run_backend_id;
        const hits = artifacts.filter(
          (a) =>
            a.attemptBackendId !== undefined &&
            (state.runtimeListsEveryAttempt || a.attemptBackendId === attempt) &&
            (body.name_filter === undefined || a.name === body.name_filter) &&
            (body.id_filter === undefined || String(a.id) === body.id_filter),
        );
        return json(res, 200, {
          artifacts: hits.map((a) => ({
            workflow_run_backend_id: a.attemptBackendId,
            workflow_job_run_backend_id: "job-backend",
            database_id: String(a.id),
            name: a.name,
            size: String(a.zip.length),
            created_at: a.createdAt ?? "2026-11-20T10:00:00Z",
          })),
        });
      }
      if (twirp[1] === "GetSignedArtifactURL") {
        // The caller's runtime token, not the ids it sends, says which attempt it may read.
        const caller = attemptOfRuntimeToken(req.headers.authorization);
        const artifact = artifacts.find(
          (a) =>
            a.attemptBackendId === caller &&
            a.attemptBackendId === body.workflow_run_backend_id &&
            a.name === body.name,
        );
        if (!artifact) return json(res, 404, { code: "not_found", msg: "workflow run not found" });
        return json(res, 200, { signed_url: `${state.url}/blobs/${artifact.id}.zip?sv=2025&sig=s3cr3t` });
      }
      if (twirp[1] === "FinalizeArtifact") {
        const upload = uploads.find((u) => u.name === body.name && !u.finalized);
        if (!upload) return json(res, 404, { code: "not_found", msg: "no such artifact" });
        upload.finalized = true;
        return json(res, 200, { ok: true, artifact_id: "4242" });
      }
      return json(res, 404, { code: "bad_route", msg: twirp[1] });
    }

    const put = /^\/upload\/devstoreaccount1\/actions-results\/(.+)\.zip$/.exec(url.pathname);
    if (put && req.method === "PUT") {
      const name = decodeURIComponent(put[1] ?? "");
      const body = await readBody(req);
      const staged = blocks.get(name) ?? new Map<string, Buffer>();
      blocks.set(name, staged);
      const comp = url.searchParams.get("comp");
      if (comp === "block") staged.set(url.searchParams.get("blockid") ?? "", body);
      else {
        const upload = uploads.find((u) => u.name === name && !u.finalized);
        if (upload) {
          upload.bytes =
            comp === "blocklist"
              ? Buffer.concat(
                  [...body.toString("utf8").matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]+)</g)].map(
                    (m) => staged.get(m[1] ?? "") ?? Buffer.alloc(0),
                  ),
                )
              : body;
        }
      }
      res.writeHead(201, {
        "x-ms-request-id": "00000000-0000-0000-0000-000000000000",
        "x-ms-version": "2025-01-05",
        "content-length": "0",
      });
      res.end();
      return;
    }
    json(res, 404, { message: "Not Found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const state: ArtifactServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    owner,
    repo,
    requests,
    uploads,
    forbidden: false,
    failure: null,
    blobOrigin: null,
    silentBlobs: false,
    silentResults: false,
    createStatus: 200,
    runtimeListsEveryAttempt: false,
    add(artifact) {
      const served = { ...artifact, id: artifact.id ?? nextId++ };
      artifacts.push(served);
      return served;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return state;
}
