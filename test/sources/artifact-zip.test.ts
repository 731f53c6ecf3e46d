// The artifact's zip, unpacked on its own (no download): every way a zip from a stranger's pull
// request can be malformed or hostile, beside the ordinary ones (zip64, CP437 names, a single file
// uploaded without an archive).
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { ArtifactSourceError, unpackFiles } from "../../src/sources/artifact-zip.js";
import { buildZip, type ZipInput, type ZipOptions } from "../support/artifact-server.js";
import { rejection } from "../support/rejection.js";
import { makeTempDir } from "../support/temp-dir.js";

const LABEL = "artifact 'dbt-telemetry' of workflow run 7";
const WANTED = {
  pattern: /\.(parquet|jsonl)$/i,
  description: "*.parquet or *.jsonl",
  hint: "Upload telemetry.",
};
const LIMITS = { maxBytes: 1024 ** 2, maxEntries: 100 };
const JSONL = '{"record_type":"SpanStart"}\n';

const root = makeTempDir("fusion-zip-test-");

let work: string;
let case_ = 0;
beforeEach(() => {
  work = path.join(root, String(case_++));
});

async function unpack(
  entries: ZipInput[] | Buffer,
  options: ZipOptions & { limits?: Partial<typeof LIMITS>; file?: string } = {},
): Promise<string[]> {
  const download = await mkdtemp(path.join(root, "download-"));
  const archive = path.join(download, options.file ?? "artifact.zip");
  await writeFile(archive, Buffer.isBuffer(entries) ? entries : buildZip(entries, options));
  return unpackFiles(archive, work, { ...LIMITS, ...options.limits }, LABEL, WANTED);
}

async function unpacked(): Promise<string[]> {
  return existsSync(work) ? (await readdir(work, { recursive: true })).sort() : [];
}

describe("ordinary archives", () => {
  it("unpacks only the wanted files, sorted, keeping their folders", async () => {
    const files = await unpack([
      { name: "target/", data: "" },
      { name: "target/metadata/t.parquet", data: "PAR1", method: "store" },
      { name: "logs/dbt.otel.jsonl", data: JSONL },
      { name: "logs/dbt.log", data: "not telemetry" },
    ]);
    expect(files).toEqual(["logs/dbt.otel.jsonl", "target/metadata/t.parquet"]);
    expect(readFileSync(path.join(work, "logs/dbt.otel.jsonl"), "utf8")).toBe(JSONL);
    expect(existsSync(path.join(work, "logs/dbt.log"))).toBe(false);
  });

  it("returns the paths it unpacked to when a Windows tool wrote the names with backslashes", async () => {
    const files = await unpack([{ name: "logs\\dbt.otel.jsonl", data: JSONL }]);
    expect(files).toEqual(["logs/dbt.otel.jsonl"]);
    expect(readFileSync(path.join(work, files[0]!), "utf8")).toBe(JSONL);
  });

  it("reads zip64 records (sizes and offsets in the extra field, the zip64 end record)", async () => {
    const files = await unpack(
      [
        { name: "logs/a.jsonl", data: JSONL },
        { name: "logs/b.jsonl", data: JSONL.repeat(3), method: "store" },
      ],
      { zip64: true },
    );
    expect(files).toEqual(["logs/a.jsonl", "logs/b.jsonl"]);
    expect(readFileSync(path.join(work, "logs/b.jsonl"), "utf8")).toBe(JSONL.repeat(3));
  });

  it("decodes names without the UTF-8 flag as CP437", async () => {
    // 0x81 is "ü" in CP437 (and an invisible C1 control in Latin-1).
    const rawName = Buffer.from([...Buffer.from("logs/m"), 0x81, ...Buffer.from("ller.jsonl")]);
    const files = await unpack([{ name: "", rawName, data: JSONL }]);
    expect(files).toEqual(["logs/müller.jsonl"]);
  });

  it("takes a file uploaded without an archive as the one file it is", async () => {
    expect(await unpack(Buffer.from(JSONL), { file: "dbt.otel.jsonl" })).toEqual(["dbt.otel.jsonl"]);
    const error = await rejection(unpack(Buffer.from("hello"), { file: "notes.txt" }));
    expect(error.message).toBe(
      `${LABEL} is neither a zip nor a *.parquet or *.jsonl file (got 'notes.txt').`,
    );
  });
});

describe("absent telemetry (for if-no-telemetry to decide)", () => {
  it("an empty archive", async () => {
    const error = await rejection(unpack([]));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect((error as InstanceType<typeof ArtifactSourceError>).absent).toBe(true);
    expect(error.message).toBe(`${LABEL} is empty.`);
  });

  it("an archive without a wanted file names a few of the files it has", async () => {
    const error = await rejection(
      unpack(Array.from({ length: 7 }, (_, i) => ({ name: `target/f${i}.json`, data: "{}" }))),
    );
    expect((error as InstanceType<typeof ArtifactSourceError>).absent).toBe(true);
    expect(error.message).toContain("holds no *.parquet or *.jsonl file (it has 7 file(s): target/f0.json");
    expect(error.message).toContain(", …). Upload telemetry.");
  });
});

describe("hostile archives are refused before anything is written", () => {
  it.each([
    ["a parent folder", "../../escaped.jsonl"],
    ["a parent folder, Windows style", "logs\\..\\..\\escaped.jsonl"],
    ["an absolute path", "/etc/x.jsonl"],
    ["a drive letter", "C:/x.jsonl"],
    ["a NUL byte", "logs/x\u0000.jsonl"],
  ])("an entry name with %s", async (_what, name) => {
    const error = await rejection(
      unpack([
        { name: "logs/ok.jsonl", data: JSONL },
        { name, data: JSONL },
      ]),
    );
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toContain(`${LABEL} has an entry with an unsafe path (`);
    expect(await unpacked()).toEqual([]);
  });

  it("an unsafe name in the message has its control characters shown", async () => {
    const error = await rejection(unpack([{ name: "../x\n::error::PWNED\u202e.jsonl", data: JSONL }]));
    expect(error.message).toContain("unsafe path ('../x\\n::error::PWNED\\u202E.jsonl')");
  });

  it("a symbolic link", async () => {
    const error = await rejection(unpack([{ name: "logs/x.jsonl", data: "/etc/passwd", mode: 0o120777 }]));
    expect(error.message).toBe(`${LABEL} has a symbolic link ('logs/x.jsonl'); refusing to unpack it.`);
    expect(await unpacked()).toEqual([]);
  });

  it("an encrypted entry", async () => {
    const error = await rejection(unpack([{ name: "logs/x.jsonl", data: JSONL, method: "store", flags: 1 }]));
    expect(error.message).toBe(`${LABEL}: entry 'logs/x.jsonl' is encrypted.`);
  });

  it("a compression method other than stored and deflate", async () => {
    const error = await rejection(unpack([{ name: "logs/x.jsonl", data: "BZh9", methodCode: 12 }]));
    expect(error.message).toBe(
      `${LABEL}: entry 'logs/x.jsonl' uses compression method 12; only stored and deflate are read.`,
    );
  });

  it("more entries than the limit, counted from the end record", async () => {
    const error = await rejection(
      unpack([{ name: "logs/x.jsonl", data: JSONL }], { declaredCount: 5000, limits: { maxEntries: 1000 } }),
    );
    expect(error.message).toBe(`${LABEL} has 5000 entries, over the limit of 1000. Upload telemetry.`);
  });

  it("declared sizes over the limit in total, before unpacking any", async () => {
    const error = await rejection(
      unpack(
        [
          { name: "logs/a.jsonl", data: "x".repeat(600) },
          { name: "logs/b.jsonl", data: "x".repeat(600) },
        ],
        { limits: { maxBytes: 1000 } },
      ),
    );
    expect(error.message).toBe(`${LABEL} unpacks to 1200 bytes, over the 1000-byte limit. Upload telemetry.`);
    expect(await unpacked()).toEqual([]);
  });
});

describe("names no file system holds", () => {
  it("a file and a folder of the same name: refused before anything is written, both named", async () => {
    const error = await rejection(
      unpack([
        { name: "logs/a.jsonl", data: JSONL },
        { name: "logs/a.jsonl/b.jsonl", data: JSONL },
      ]),
    );
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toBe(
      `${LABEL} has a file 'logs/a.jsonl' and an entry inside a folder of the same name ` +
        "('logs/a.jsonl/b.jsonl'); refusing to unpack it. Upload telemetry.",
    );
    expect(await unpacked()).toEqual([]);
  });

  it("the same, deeper, with Windows separators and a line break in the name: shown, on one line", async () => {
    const error = await rejection(
      unpack([
        { name: "logs/x\n.jsonl/deeper/b.jsonl", data: JSONL },
        { name: "logs\\x\n.jsonl", data: JSONL },
      ]),
    );
    expect(error.message).toBe(
      `${LABEL} has a file 'logs\\x\\n.jsonl' and an entry inside a folder of the same name ` +
        "('logs/x\\n.jsonl/deeper/b.jsonl'); refusing to unpack it. Upload telemetry.",
    );
    expect(await unpacked()).toEqual([]);
  });

  it("entries 30,000 folders deep are checked in one pass, not once per folder", async () => {
    // Looking up each folder on an entry's path built every prefix of its 60 KB name: about ten
    // seconds per entry, so these 20 took minutes, far past the test's timeout. Now milliseconds.
    const deep = Array.from({ length: 20 }, (_, i) => ({ name: `${"d/".repeat(30_000)}${i}.txt`, data: "" }));
    const files = await unpack([...deep, { name: "logs/a.jsonl", data: JSONL }], {
      limits: { maxBytes: 16 * 1024 ** 2 },
    });
    expect(files).toEqual(["logs/a.jsonl"]);
  });

  it("a folder name longer than the file system allows: the artifact and entry named, not the temp path", async () => {
    const name = `logs/${"d".repeat(300)}/a.jsonl`;
    const error = await rejection(unpack([{ name, data: JSONL }]));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toBe(
      `${LABEL}: cannot unpack 'logs/${"d".repeat(194)}…': the name is too long; refusing the artifact. ` +
        "Upload telemetry.",
    );
    expect(error.message).not.toContain(root);
  });

  it("a name of 60 KB is cut in every message about it", async () => {
    const long = `../${"x".repeat(60_000)}.jsonl`;
    const unsafe = await rejection(unpack([{ name: long, data: JSONL }]));
    expect(unsafe.message).toBe(
      `${LABEL} has an entry with an unsafe path ('../${"x".repeat(196)}…'); refusing to unpack it.`,
    );
    const absent = await rejection(unpack([{ name: `${"y".repeat(60_000)}.txt`, data: "{}" }]));
    expect(absent.message.length).toBeLessThan(400);
  });
});

describe("lies found while unpacking", () => {
  it("a deflated entry that outgrows its declared size stops at the declared size", async () => {
    const error = await rejection(
      unpack([{ name: "logs/a.jsonl", data: "x".repeat(200_000), declaredSize: 100 }]),
    );
    expect(error.message).toContain("entry 'logs/a.jsonl' unpacks to more than its declared 100 bytes");
  });

  it("a stored entry larger than declared", async () => {
    const error = await rejection(
      unpack([{ name: "logs/a.jsonl", data: "x".repeat(5_000), method: "store", declaredSize: 10 }]),
    );
    expect(error.message).toContain("entry 'logs/a.jsonl' unpacks to more than its declared 10 bytes");
  });

  it("an entry smaller than declared", async () => {
    const error = await rejection(unpack([{ name: "logs/a.jsonl", data: JSONL, declaredSize: 500 }]));
    expect(error.message).toBe(
      `${LABEL}: entry 'logs/a.jsonl' unpacked to ${JSONL.length} bytes, but the zip declares 500.`,
    );
  });

  it("two entries with the same name: the second never overwrites the first", async () => {
    const error = await rejection(
      unpack([
        { name: "logs/a.jsonl", data: JSONL },
        { name: "logs/a.jsonl", data: '{"evil":true}\n' },
      ]),
    );
    expect(error.message).toBe(
      `${LABEL}: cannot unpack 'logs/a.jsonl': another entry of the zip was already unpacked under that ` +
        "name; refusing the artifact. Upload telemetry.",
    );
    expect(error.message).not.toContain(root);
    expect(readFileSync(path.join(work, "logs/a.jsonl"), "utf8")).toBe(JSONL);
  });

  it("corrupt deflate data", async () => {
    const error = await rejection(
      unpack([{ name: "logs/a.jsonl", data: Buffer.from([0xff, 0xff, 0xff, 0xff]), methodCode: 8 }]),
    );
    expect(error.message).toMatch(
      /^artifact 'dbt-telemetry' of workflow run 7: cannot unpack 'logs\/a.jsonl': /,
    );
  });
});

describe("damaged archives", () => {
  const good = buildZip([{ name: "logs/a.jsonl", data: JSONL }]);

  it("cut before the end record (a truncated download)", async () => {
    const error = await rejection(unpack(good.subarray(0, good.length - 10)));
    expect(error.message).toMatch(new RegExp(`^${LABEL} is not a valid zip: `));
  });

  it("a central directory that lies past the end of the file", async () => {
    const broken = Buffer.from(good);
    broken.writeUInt32LE(good.length + 1000, good.length - 6);
    const error = await rejection(unpack(broken));
    expect(error.message).toMatch(new RegExp(`^${LABEL} is not a valid zip: `));
  });

  it("a local header that is not where the central directory says", async () => {
    const broken = buildZip([
      { name: "logs/a.jsonl", data: JSONL, method: "store" },
      { name: "logs/b.jsonl", data: JSONL, method: "store" },
    ]);
    broken.writeUInt32LE(0, 30 + "logs/a.jsonl".length + JSONL.length); // the second local header's signature
    const error = await rejection(unpack(broken));
    expect(error).toBeInstanceOf(ArtifactSourceError);
    expect(error.message).toMatch(new RegExp(`^${LABEL}: cannot unpack 'logs/b.jsonl': `));
  });
});
