// `-` on Windows, which has no /dev/stdin to open: standard input is read as a stream. Tested on any
// system by handing the CLI the platform and the stream (in process), and by forcing the platform
// in a child process whose stdin is Node's own pipe (a socket, which /dev/stdin cannot open).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli.js";
import { ROOT } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

const PASSING = readFileSync(path.join(ROOT, "test/fixtures/real/preview72_build_success.otel.jsonl"));

/** The CLI in process, as on Windows, with `input` on standard input in chunks of `chunkBytes`. */
async function cliOnWindows(input: Uint8Array, args: string[], chunkBytes = 4096) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < input.length; at += chunkBytes)
    chunks.push(Buffer.from(input.subarray(at, at + chunkBytes)));
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
    cwd: ROOT,
    platform: "win32",
    stdin: Readable.from(chunks),
  });
  return { code, stdout, stderr };
}

describe("standard input on Windows (no /dev/stdin)", () => {
  it.each([
    ["JSONL", PASSING],
    ["gzip-compressed JSONL", gzipSync(PASSING)],
  ])("`-` reads %s from the stream, as a file's bytes are read", async (_, input) => {
    const piped = await cliOnWindows(input, ["--format", "markdown", "-"]);
    const fromFile = await runCli(
      ["--format", "markdown", "test/fixtures/real/preview72_build_success.otel.jsonl"],
      {
        stdout: () => undefined,
        stderr: () => undefined,
        env: {},
        cwd: ROOT,
      },
    );
    expect(piped.stderr).toBe("");
    expect(piped.code).toBe(fromFile);
    expect(piped.stdout).toContain("passed");
  });

  it("names standard input <stdin> in messages and the JSON report", async () => {
    const broken = await cliOnWindows(Buffer.from('{"record_type":"SpanStart","trace_id":\n'), ["-"]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^fusion-report: <stdin>:1: invalid JSON/);
    const file = path.join(makeTempDir("fr-stdin-"), "report.json");
    expect((await cliOnWindows(PASSING, ["--quiet", "--json", file, "-"])).code).toBe(0);
    const report = JSON.parse(readFileSync(file, "utf8")) as {
      invocations: { source: { files: string[] } }[];
    };
    expect(report.invocations.length).toBeGreaterThan(0);
    for (const invocation of report.invocations) expect(invocation.source.files).toEqual(["<stdin>"]);
  });

  it("Parquet on standard input is named as such, as from a pipe", async () => {
    const parquet = readFileSync(
      path.join(ROOT, "test/fixtures/real/parquet-replica/preview120_failed.REPLICA.parquet"),
    );
    const result = await cliOnWindows(parquet, ["-"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^fusion-report: <stdin>:1: this is Parquet from a pipe/);
  });

  it("the CLI started on Windows reads its own stdin for `-` (forced in a child process from sources)", async () => {
    const forceWindows = `data:text/javascript,Object.defineProperty(process,"platform",{value:"win32"})`;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", forceWindows, "src/cli-entry.ts", "--quiet", "--json", "-", "-"],
      // Node's stdin pipe is a socket: /dev/stdin cannot open it, so only the stream reads it.
      { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "" } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(PASSING);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { invocations: { source: { files: string[] } }[] };
    expect(report.invocations.length).toBeGreaterThan(0);
    for (const invocation of report.invocations) expect(invocation.source.files).toEqual(["<stdin>"]);
  }, 30_000);
});
