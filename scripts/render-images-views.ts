// The views of the comment that docs/images shows (issue 14): which telemetry each is built from.
// The generated ones come from the fixture generator, deterministically, so the golden test of the
// 400-node comparison and scripts/render-images.ts see the same runs.
import {
  DEFAULT_START_NS,
  generateScenarioRecords,
  makeLargeScenario,
  type NodeSpec,
  type ScenarioSpec,
  writeJsonlStream,
} from "./fixture-gen/index.js";

const REAL = "test/fixtures/real";

/** The real preview.120 `dbt build`: one unit-test error, one failed test, four skipped. */
export const PREVIEW120_BUILD = [`${REAL}/preview120_build_success.otel.jsonl`];

/** Every real file together: four invocations (preview.72 twice, preview.72 --select, preview.120). */
export const REAL_FOUR_INVOCATIONS = [
  `${REAL}/preview120_build_success.otel.jsonl`,
  `${REAL}/preview120_failed.otel.jsonl`,
  `${REAL}/preview72_build_success.otel.jsonl`,
  `${REAL}/preview72_failed.otel.jsonl`,
];

const DAY_NS = 86_400_000_000_000n;

/** Processing time of node `i` on the base branch: models 0.8–4.8 s, tests 0.3–1.2 s. */
function baseRunMs(node: NodeSpec, i: number): number {
  return node.kind === "model" ? 800 + ((i * 367) % 4000) : 300 + ((i * 131) % 900);
}

/**
 * A 400-node project built on the base branch and on a pull request's head. The head is slower for
 * every fourth node, models and tests alike (more than 2.5 times, and over a second: well past the
 * default threshold), so the comparison has about a hundred regressions; three models fail that passed on the base branch,
 * their tests skipped; the project's existing failures (every 37th model errors, every 11th test
 * fails) are in both.
 */
export function baselineComparisonScenarios(nodes = 400): { base: ScenarioSpec; head: ScenarioSpec } {
  const base = makeLargeScenario({ nodes, seed: 101 });
  const head = makeLargeScenario({ nodes, seed: 202 });
  const baseInvocation = base.invocations[0]!;
  const headInvocation = head.invocations[0]!;
  baseInvocation.startTimeNs = String(DEFAULT_START_NS - DAY_NS);
  baseInvocation.rawCommand = "dbt build --target ci";
  headInvocation.rawCommand = "dbt build --target ci";
  baseInvocation.nodes.forEach((node, i) => {
    node.phaseMs = { RENDER: 6, ANALYZE: 3, RUN: baseRunMs(node, i) };
  });
  const newlyFailing = new Set<string>();
  headInvocation.nodes.forEach((node, i) => {
    const before = baseRunMs(node, i);
    // The rest moves by -10 % to +10 %, as timings do between two runs on a shared warehouse.
    const jitter = 1 + (((i * 37) % 21) - 10) / 100;
    node.phaseMs = {
      RENDER: 6,
      ANALYZE: 3,
      RUN: i % 4 === 1 ? Math.round(before * 2.5 + 1200) : Math.round(before * jitter),
    };
    if (node.kind === "model" && node.outcome === "success" && [39, 99, 249].includes(i)) {
      node.outcome = "error";
      node.errorType = "user";
      node.errorLog = {
        body: `Database Error in model ${node.uniqueId.split(".").pop()}\n  SQL compilation error: invalid identifier 'DISCOUNT_PCT'`,
        code: 1000,
      };
      delete node.rowsAffected;
      newlyFailing.add(node.uniqueId);
    }
  });
  // The tests of a model that now fails are skipped because of it, as the engine would.
  for (const node of headInvocation.nodes) {
    const model = node.kind === "test" ? modelOf(node, headInvocation.nodes) : null;
    if (model && newlyFailing.has(model)) {
      node.outcome = "skipped";
      node.skipReason = "upstream";
      node.upstream = model;
      delete node.test;
    }
  }
  return { base, head };
}

function modelOf(test: NodeSpec, nodes: NodeSpec[]): string | null {
  const name = test.uniqueId.split(".")[2] ?? "";
  return (
    nodes.find((n) => n.kind === "model" && name.includes(n.uniqueId.split(".")[2] ?? "\0"))?.uniqueId ?? null
  );
}

/** A 20,000-node `dbt build` (the large-run shape: layered models, two tests each). */
export function largeBuildScenario(nodes = 20_000): ScenarioSpec {
  return makeLargeScenario({ nodes });
}

/** Streams a scenario's records to a JSONL file (a 20,000-node run is about 200 MB). */
export async function writeScenarioJsonl(spec: ScenarioSpec, file: string): Promise<void> {
  await writeJsonlStream(generateScenarioRecords(spec), file);
}
