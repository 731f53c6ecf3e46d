// Local telemetry on its own: which entries of a searched folder are read, links included (a link
// is read as what it names, and a link to a folder or to nothing is passed over, as a glob passes
// it over), and a read that fails after the file opened still names the file.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  collectLocalTelemetry,
  findTelemetryFiles,
  NoTelemetryError,
  openLocalTelemetry,
  TelemetryNotFoundError,
} from "../../src/sources/local.js";
import { rejection } from "../support/rejection.js";
import { makeTempDir } from "../support/temp-dir.js";

const JSONL = '{"record_type":"SpanStart"}\n';

/** A project whose logs/ holds a file, links to a file, a folder, nothing and itself, and a folder. */
function project(): string {
  const cwd = makeTempDir("fusion-local-");
  mkdirSync(path.join(cwd, "logs"));
  mkdirSync(path.join(cwd, "sub"));
  mkdirSync(path.join(cwd, "logs/folder.jsonl"));
  writeFileSync(path.join(cwd, "logs/a.jsonl"), JSONL);
  writeFileSync(path.join(cwd, "sub/b.jsonl"), JSONL);
  symlinkSync("../sub/b.jsonl", path.join(cwd, "logs/filelink.jsonl"));
  symlinkSync("../sub", path.join(cwd, "logs/dirlink.jsonl"));
  symlinkSync("../nowhere.jsonl", path.join(cwd, "logs/dangling.jsonl"));
  return cwd;
}

describe("findTelemetryFiles", () => {
  it("reads a link in a searched folder as what it names: a file is kept, a folder or nothing passed over", async () => {
    const cwd = project();
    const found = await findTelemetryFiles(["logs"], cwd);
    expect(found.files).toEqual([path.join(cwd, "logs/a.jsonl"), path.join(cwd, "logs/filelink.jsonl")]);
  });

  it("finds in a folder what a glob over it finds", async () => {
    const cwd = project();
    const folder = await findTelemetryFiles(["logs"], cwd);
    const glob = await findTelemetryFiles(["logs/*.jsonl"], cwd);
    expect(folder.files).toEqual(glob.files);
  });

  it("keeps a link that cannot be followed, for opening it to say why", async () => {
    const cwd = makeTempDir("fusion-local-");
    mkdirSync(path.join(cwd, "loop"));
    symlinkSync("x.jsonl", path.join(cwd, "loop/x.jsonl"));
    const found = await findTelemetryFiles(["loop"], cwd);
    expect(found.files).toEqual([path.join(cwd, "loop/x.jsonl")]);
  });
});

describe("collectLocalTelemetry", () => {
  it("reads the folder's files beside a link to a folder, and says nothing of the link", async () => {
    const cwd = project();
    const notes: string[] = [];
    const files = await collectLocalTelemetry(["logs"], cwd, (note) => notes.push(note));
    expect(files.map((file) => file.name)).toEqual(["logs/a.jsonl", "logs/filelink.jsonl"]);
    expect(notes).toEqual([]);
  });

  it("finds no telemetry in a folder that holds only a link to a folder", async () => {
    const cwd = makeTempDir("fusion-local-");
    mkdirSync(path.join(cwd, "logs"));
    mkdirSync(path.join(cwd, "sub"));
    symlinkSync("../sub", path.join(cwd, "logs/dirlink.jsonl"));
    const error = await rejection(collectLocalTelemetry(["logs"], cwd, () => {}));
    expect(error).toBeInstanceOf(NoTelemetryError);
    expect(error.message).toMatch(/^No telemetry found at logs\. A folder is searched for /);
  });
});

describe("collectLocalTelemetry: paths joined by commas", () => {
  it("says to give each path on its own, when a missing name holds a comma", async () => {
    const cwd = project();
    const none = await rejection(collectLocalTelemetry(["x.parquet, y.jsonl"], cwd, () => {}));
    expect(none).toBeInstanceOf(NoTelemetryError);
    expect(none.message).toBe(
      "No telemetry found at x.parquet, y.jsonl (x.parquet, y.jsonl: no such file or directory). " +
        "Give each path on its own line (on the command line, as its own argument), not separated by commas.",
    );
    const some = await rejection(collectLocalTelemetry(["logs", "logs/a.jsonl,x.jsonl"], cwd, () => {}));
    expect(some.message).toMatch(
      /may be absent\. Give each path on its own line .*, not separated by commas\.$/,
    );
    // Without a comma, the message is as before.
    const plain = await rejection(collectLocalTelemetry(["logs", "nowhere.jsonl"], cwd, () => {}));
    expect(plain.message).toMatch(/telemetry that may be absent$/);
  });
});

describe("openLocalTelemetry", () => {
  it("a read that fails after the open names the file and says why in words", async () => {
    const cwd = project();
    // Opening a folder for reading succeeds; reading it fails (EISDIR).
    const error = await rejection(openLocalTelemetry(path.join(cwd, "sub"), "logs/dirlink.jsonl"));
    expect(error).toBeInstanceOf(TelemetryNotFoundError);
    expect(error.message).toBe("logs/dirlink.jsonl: cannot read the file (it is a directory)");
  });
});
