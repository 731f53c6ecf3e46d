// What a release ships and how it is made: the npm package's contents, action.yml as GitHub
// Marketplace takes it, the release workflow (which cannot run here, so its structure is checked),
// the workflows' shell steps, and the CHANGELOG the release notes come from.
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error -- a plain .mjs script without type declarations
import { changelogSection } from "../scripts/changelog-notes.mjs";
import { ROOT } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";

const run = promisify(execFile);
const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}

/** This repository's workflows, and the examples a team copies into its own `.github/workflows/`. */
const WORKFLOW_DIRS = [".github/workflows", "examples"];
const workflows = WORKFLOW_DIRS.flatMap((dir) =>
  readdirSync(path.join(ROOT, dir))
    .filter((file) => file.endsWith(".yml"))
    .map((file) => `${dir}/${file}`),
);
const examples = workflows.filter((file) => file.startsWith("examples/"));
const workflow = (file: string): Workflow => parse(read(file)) as Workflow;
const steps = (file: string): Step[] => Object.values(workflow(file).jobs).flatMap((job) => job.steps);

/** GitHub's filter pattern for branches and tags (`*`, `+`, `?`, `[…]`) as a regular expression. */
function filterPattern(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "[") {
      const end = pattern.indexOf("]", i);
      source += pattern.slice(i, end + 1);
      i = end;
    } else if (char === "*") source += pattern[i + 1] === "*" ? (i++, ".*") : "[^/]*";
    else if (char === "+" || char === "?") source += char;
    else source += char.replace(/[.\\^$|(){}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

describe("the npm package", () => {
  it("holds the CLI's bundle and chunks (not the Action's), schema/, README, LICENSE and package.json", async () => {
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      // npm turns on Node's compile cache, which would stay in the temp dir.
      env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" },
      maxBuffer: 16 * 1024 * 1024,
    });
    const [pack] = JSON.parse(stdout) as [{ name: string; files: { path: string }[] }];
    const files = pack.files.map((file) => file.path).sort();
    const allowed =
      /^(dist\/(cli\.js|\d+\.cli\.js|package\.json)$|schema\/|README\.md$|LICENSE$|package\.json$)/;
    expect(files.filter((file) => !allowed.test(file))).toEqual([]);
    // The Action is used from the repository (`uses:`), never from npm: its bundle and chunks stay out.
    const chunks = readdirSync(path.join(ROOT, "dist")).filter((file) => /^\d+\.cli\.js$/.test(file));
    expect(chunks.length).toBeGreaterThan(0);
    for (const required of [
      "dist/cli.js",
      ...chunks.map((chunk) => `dist/${chunk}`),
      "dist/package.json",
      "schema/report.schema.json",
      "README.md",
      "LICENSE",
      "package.json",
    ]) {
      expect(files).toContain(required);
    }
    expect(pack.name).toBe("fusion-report");
  });

  it("installs the CLI as `fusion-report` and publishes publicly with provenance", () => {
    const pkg = JSON.parse(read("package.json")) as Record<string, unknown>;
    expect(pkg.bin).toEqual({ "fusion-report": "dist/cli.js" });
    expect(read("dist/cli.js")).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(pkg.publishConfig).toEqual({ access: "public", provenance: true });
    // npm checks provenance against the repository the package names.
    expect((pkg.repository as { url: string }).url).toMatch(
      /^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/,
    );
    expect(read("LICENSE")).toMatch(/^MIT License/);
    expect(pkg.license).toBe("MIT");
  });
});

/**
 * Runtime `dependencies` the package may declare, each with the reason it cannot be bundled. Both
 * bundles inline everything they import (ncc), so `npx fusion-report` installs one package and
 * nothing else; a library the code needs goes to devDependencies. Adding one here needs a reason
 * a reviewer can check (a native addon, a file read at run time from node_modules, …).
 */
const RUNTIME_DEPENDENCIES: Record<string, string> = {};

describe("a lean install", () => {
  const pkg = JSON.parse(read("package.json")) as {
    dependencies?: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it("declares no runtime dependency without a reason: the bundles inline every library", () => {
    const declared = Object.keys(pkg.dependencies ?? {});
    expect(declared.filter((name) => !Object.hasOwn(RUNTIME_DEPENDENCIES, name))).toEqual([]);
    // What the bundles inline stays installable for building and testing.
    for (const name of ["@actions/core", "hyparquet", "markdown-table", "tinyglobby", "undici", "yauzl"]) {
      expect(pkg.devDependencies[name], name).toBeTruthy();
    }
  });

  it("the packed tarball, installed with --omit=dev, runs the CLI with no other package", async () => {
    const dir = makeTempDir("fusion-pack-");
    const npm = (args: string[], cwd: string) =>
      run(
        "npm",
        [...args, "--cache", path.join(dir, "npm-cache"), "--no-audit", "--no-fund", "--ignore-scripts"],
        {
          cwd,
          env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1", npm_config_update_notifier: "false" },
          maxBuffer: 16 * 1024 * 1024,
        },
      );
    const { stdout } = await npm(["pack", "--json", "--pack-destination", dir], ROOT);
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    const project = path.join(dir, "project");
    mkdirSync(project);
    writeFileSync(path.join(project, "package.json"), '{ "name": "a-dbt-project", "private": true }\n');
    // --offline: a package with dependencies would fail here for want of the registry.
    await npm(["install", "--omit=dev", "--offline", path.join(dir, filename)], project);
    expect(readdirSync(path.join(project, "node_modules")).filter((name) => !name.startsWith("."))).toEqual([
      "fusion-report",
    ]);
    const version = JSON.parse(read("package.json")).version as string;
    const bin = path.join(project, "node_modules", ".bin", "fusion-report");
    expect((await run(bin, ["--version"], { cwd: project })).stdout.trim()).toBe(version);
    const npx = await run("npx", ["--no-install", "fusion-report", "--version"], {
      cwd: project,
      env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1", npm_config_cache: path.join(dir, "npm-cache") },
    });
    expect(npx.stdout.trim()).toBe(version);
    const fixture = path.join(ROOT, "test/fixtures/real/preview120_build_success.otel.jsonl");
    const report = await run(
      bin,
      ["--format", "text", "--fail-on", "never", "--json", "report.json", fixture],
      {
        cwd: project,
      },
    );
    expect(report.stdout).toMatch(/^⚠ dbt Fusion: 1 node error, 1 failed test/);
    expect(JSON.parse(readFileSync(path.join(project, "report.json"), "utf8")).counts.total).toBe(48);
    // A glob loads a chunk (the glob library): the package holds what the CLI loads on demand.
    mkdirSync(path.join(project, "logs"));
    writeFileSync(path.join(project, "logs", "a.jsonl"), readFileSync(fixture));
    const globbed = await run(bin, ["--format", "text", "--fail-on", "never", "logs/*.jsonl"], {
      cwd: project,
    });
    expect(globbed.stdout).toMatch(/^⚠ dbt Fusion: 1 node error, 1 failed test/);
  }, 120_000);
});

describe("action.yml for GitHub Marketplace", () => {
  const action = parse(read("action.yml")) as {
    name: string;
    description: string;
    branding?: { icon?: string; color?: string };
    runs: { using: string; main: string };
  };

  it("has a description of fewer than 125 characters", () => {
    expect(action.description.length).toBeGreaterThan(20);
    expect(action.description.length).toBeLessThan(125);
  });

  it("has branding and runs the committed bundle on node24", () => {
    expect(action.branding?.icon).toBeTruthy();
    expect(["white", "black", "yellow", "blue", "green", "orange", "red", "purple", "gray-dark"]).toContain(
      action.branding?.color,
    );
    expect(action.runs).toEqual({ using: "node24", main: "dist/index.js" });
  });
});

describe("the release workflow", () => {
  const release = workflow(".github/workflows/release.yml");
  const releaseSteps = steps(".github/workflows/release.yml");
  const runs = releaseSteps.map((step) => step.run ?? "");
  const stepIndex = (pattern: RegExp): number => runs.findIndex((text) => pattern.test(text));

  it("runs on vX.Y.Z tags only", () => {
    const tags = (release.on.push as { tags: string[] }).tags;
    const matches = (tag: string): boolean => tags.some((pattern) => filterPattern(pattern).test(tag));
    for (const tag of ["v1.0.0", "v1.2.3", "v10.20.30"]) expect(matches(tag), tag).toBe(true);
    for (const tag of ["v1", "v1.2", "1.2.3", "v1.2.3-rc.1", "v1.2.3.4", "vx.y.z"])
      expect(matches(tag), tag).toBe(false);
    expect(Object.keys(release.on)).toEqual(["push"]);
  });

  it("may write contents and get an OIDC token, and nothing more", () => {
    expect(release.permissions).toEqual({ contents: "read" });
    expect(release.jobs.release!.permissions).toEqual({ contents: "write", "id-token": "write" });
  });

  it("checks the tag, dist/ and the tests before it releases anything", () => {
    const tagCheck = stepIndex(/package_version/);
    const notes = stepIndex(/node scripts\/changelog-notes\.mjs "\$GITHUB_REF_NAME"/);
    const distCheck = stepIndex(/npm run build[\s\S]*git diff --quiet -- dist/);
    const tests = stepIndex(/^npm test$/m);
    const createRelease = stepIndex(/gh release create "\$GITHUB_REF_NAME" --verify-tag/);
    const moveMajor = stepIndex(/git push --force origin "refs\/tags\/\$major"/);
    const publish = stepIndex(/npm publish --provenance --access public/);
    for (const index of [tagCheck, notes, distCheck, tests, createRelease, moveMajor, publish]) {
      expect(index).toBeGreaterThanOrEqual(0);
    }
    const checks = Math.max(tagCheck, notes, distCheck, tests);
    expect(Math.min(createRelease, moveMajor, publish)).toBeGreaterThan(checks);
    expect(runs[createRelease]).toContain('--notes-file "$RUNNER_TEMP/release-notes.md"');
    expect(runs[notes]).toContain('> "$RUNNER_TEMP/release-notes.md"');
    expect(releaseSteps[publish]!.env).toEqual({ NODE_AUTH_TOKEN: "${{ secrets.NPM_TOKEN }}" });
    const setupNode = releaseSteps.find((step) => step.uses?.startsWith("actions/setup-node@"));
    expect(setupNode?.with?.["registry-url"]).toBe("https://registry.npmjs.org");
  });

  /**
   * Runs a step's shell script as the runner would (bash -e), in a clone whose origin is a local bare
   * repository holding `tags`, with `npm` on PATH replaced by a stand-in that answers `npm view` from
   * `published` and records what it is asked to publish.
   */
  function runStep(pattern: RegExp, release: string, tags: string[], published: string[] = []) {
    const dir = makeTempDir("fusion-release-");
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: path.join(dir, "work"),
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@t",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@t",
        },
      }).toString();
    execFileSync("git", ["init", "-q", "--bare", path.join(dir, "origin.git")]);
    execFileSync("git", ["init", "-q", path.join(dir, "work")]);
    writeFileSync(path.join(dir, "work", "package.json"), '{ "name": "fusion-report" }\n');
    git("remote", "add", "origin", path.join(dir, "origin.git"));
    git("add", "package.json");
    git("commit", "-q", "-m", "x");
    for (const tag of [...tags, release]) git("tag", tag);
    git("push", "-q", "origin", "--tags");
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    const npm = path.join(bin, "npm");
    writeFileSync(
      npm,
      [
        "#!/bin/bash",
        'if [ "$1" = view ]; then',
        `  published="${published.join(" ")}"`,
        '  case "$2" in',
        '    *@*) for v in $published; do [ "$v" = "${2#*@}" ] && { echo "$v"; exit 0; }; done; exit 1 ;;',
        '    *) [ -n "$published" ] || exit 1; printf "%s\\n" $published | sort -V | tail -n 1 ;;',
        "  esac",
        `else echo "$*" >> "${path.join(dir, "npm-calls")}"; fi`,
      ].join("\n"),
    );
    chmodSync(npm, 0o755);
    const sha = git("rev-parse", "HEAD").trim();
    const output = execFileSync("bash", ["-e", "-c", runs[stepIndex(pattern)]!], {
      cwd: path.join(dir, "work"),
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_REF_NAME: release, GITHUB_SHA: sha },
    }).toString();
    const major = git("ls-remote", "--tags", "origin", `refs/tags/${release.split(".")[0]}`).trim();
    const calls = existsSync(path.join(dir, "npm-calls"))
      ? readFileSync(path.join(dir, "npm-calls"), "utf8")
      : "";
    return { output, majorMoved: major !== "", npm: calls.trim() };
  }

  it("moves the major tag only to the newest release of that major", () => {
    const moveMajor = /git push --force origin "refs\/tags\/\$major"/;
    expect(runStep(moveMajor, "v1.4.0", ["v1.2.0", "v1.3.0", "v2.0.0"]).majorMoved).toBe(true);
    const fix = runStep(moveMajor, "v1.2.1", ["v1.2.0", "v1.3.0"]);
    expect(fix.majorMoved).toBe(false);
    expect(fix.output).toContain("v1 stays at v1.3.0, which is newer than v1.2.1");
    expect(runStep(moveMajor, "v1.0.0", []).majorMoved).toBe(true);
    expect(runStep(moveMajor, "v1.10.0", ["v1.9.0"]).majorMoved).toBe(true);
  });

  it("publishes a fix for an older release without making it npm's `latest`", () => {
    const publish = /npm publish --provenance --access public/;
    expect(runStep(publish, "v1.4.0", [], ["1.2.0", "1.3.0"]).npm).toBe(
      "publish --provenance --access public --tag latest",
    );
    expect(runStep(publish, "v1.2.1", [], ["1.2.0", "1.3.0"]).npm).toBe(
      "publish --provenance --access public --tag maintenance",
    );
    expect(runStep(publish, "v1.0.0", []).npm).toBe("publish --provenance --access public --tag latest");
    const again = runStep(publish, "v1.3.0", [], ["1.3.0"]);
    expect(again.npm).toBe("");
    expect(again.output).toContain("fusion-report@1.3.0 is on npm already");
  });

  it("moves the major tag of the version it releases", () => {
    const script = runs[stepIndex(/refs\/tags\/\$major/)]!;
    const major = execFileSync("bash", ["-c", `${script.split("\n")[0]}; echo "$major"`], {
      env: { GITHUB_REF_NAME: "v12.3.4", PATH: process.env.PATH ?? "" },
    })
      .toString()
      .trim();
    expect(major).toBe("v12");
  });
});

describe("every workflow", () => {
  it.each(workflows)("%s parses, pins its actions and has shell steps bash can read", (file) => {
    const parsed = workflow(file);
    expect(parsed.on).toBeTruthy();
    for (const step of steps(file)) {
      if (step.uses && !step.uses.startsWith("./")) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
      if (step.run) {
        // `${{ … }}` is replaced by the runner before bash sees the script.
        const script = step.run.replace(/\$\{\{[^}]*\}\}/g, "x");
        expect(() =>
          execFileSync("bash", ["-n"], { input: script, stdio: ["pipe", "pipe", "pipe"] }),
        ).not.toThrow();
      }
      for (const [name, value] of Object.entries(step.with ?? {})) {
        // The engine writes target/run_results.json; our examples must never overwrite it.
        if (name === "run-results") expect(path.basename(String(value))).not.toBe("run_results.json");
      }
    }
  });

  it.each(examples)(
    "%s (an example) can back a required check: never filtered by paths, the report runs after a failed build",
    (file) => {
      const on = workflow(file).on;
      for (const trigger of ["pull_request", "pull_request_target", "merge_group"]) {
        const filters = (on[trigger] ?? {}) as Record<string, unknown>;
        expect(
          Object.keys(filters).filter((key) => /^(paths|branches)/.test(key)),
          trigger,
        ).toEqual([]);
      }
      const inputs = Object.keys((parse(read("action.yml")) as { inputs: object }).inputs);
      for (const step of steps(file).filter((s) => s.uses?.startsWith("fusion-report/fusion-report@"))) {
        expect(Object.keys(step.with ?? {}).filter((name) => !inputs.includes(name))).toEqual([]);
        // In the workflow that builds, a failed build is when the report matters most.
        if (on.pull_request !== undefined) expect(step.if).toBe("always()");
      }
    },
  );

  it("runs the scripts it names", () => {
    for (const file of workflows) {
      for (const step of steps(file)) {
        for (const [, script] of (step.run ?? "").matchAll(/node (scripts\/[\w.-]+\.mjs)/g)) {
          expect(readdirSync(path.join(ROOT, "scripts")), `${file}: ${script}`).toContain(
            path.basename(script!),
          );
        }
      }
    }
  });
});

describe("CHANGELOG.md", () => {
  const changelog = read("CHANGELOG.md");

  it("keeps an Unreleased section and dated version headings", () => {
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    for (const [heading] of changelog.matchAll(/^## \[(?!Unreleased\]).*$/gm)) {
      expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
    }
  });

  it("gives a version's section as release notes, and nothing for a version it lacks", async () => {
    const sample = [
      "# Changelog",
      "",
      "## [Unreleased]",
      "",
      "## [1.2.3] - 2026-12-01",
      "",
      "### Fixed",
      "",
      "- a thing",
      "",
      "## [1.2.2] - 2026-11-30",
      "",
      "- older",
      "",
      "[1.2.3]: https://github.com/fusion-report/fusion-report/releases/tag/v1.2.3",
    ].join("\n");
    expect(changelogSection(sample, "1.2.3")).toBe("### Fixed\n\n- a thing\n");
    expect(changelogSection(sample, "1.2.2")).toBe("- older\n");
    expect(changelogSection(sample, "1.2")).toBeNull();
    expect(changelogSection(sample, "9.9.9")).toBeNull();
    const missing = await run(process.execPath, ["scripts/changelog-notes.mjs", "v9.9.9"], {
      cwd: ROOT,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((missing as { code: number }).code).toBe(1);
    expect((missing as { stderr: string }).stderr).toContain('add a "## [9.9.9] - YYYY-MM-DD" section');
  });
});
