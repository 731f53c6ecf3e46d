// The outcome mapping as the engine documents it (fusion-telemetry.md §9 and issue 2's table).
import { describe, expect, it } from "vitest";
import { decideStatus, packageOf, resourceTypeOf } from "../../src/model/status.js";
import { normalizeNodeType } from "../../src/telemetry/enums.js";
import { legacyStatus } from "../../src/render/run-results.js";

describe("decideStatus", () => {
  it.each([
    [{ outcome: "success" }, "success"],
    [{ outcome: "error" }, "error"],
    [{ outcome: "skipped", skipReason: "upstream" }, "skipped"],
    [{ outcome: "success", test: { outcome: "passed", failingRows: 0 } }, "pass"],
    [{ outcome: "success", test: { outcome: "warned", failingRows: 3 } }, "warn"],
    [{ outcome: "success", test: { outcome: "failed", failingRows: 2 } }, "fail"],
    [{ outcome: "error", test: { outcome: "failed", failingRows: 2 } }, "error"],
    [{ outcome: "skipped", skipReason: "cached" }, "reused"],
    // A test dbt State reused: SUCCESS with skip reason CACHED, with or without its earlier result.
    [{ outcome: "success", skipReason: "cached" }, "reused"],
    [{ outcome: "success", skipReason: "cached", test: { outcome: "passed", failingRows: 0 } }, "reused"],
    [{ outcome: "success", skipReason: "cached", test: { outcome: "failed", failingRows: 2 } }, "fail"],
    [{ outcome: "success", skipReason: "cached", test: { outcome: "warned", failingRows: 1 } }, "warn"],
    [{ outcome: "skipped", skipReason: "no_op" }, "no-op"],
    [{ outcome: "skipped", skipReason: "phase_disabled" }, "phase-disabled"],
    [{ outcome: "skipped", skipReason: "phase_skipped" }, "phase-skipped"],
    [{ outcome: "canceled" }, "canceled"],
    [{ outcome: "success", freshness: { outcome: "pass" } }, "pass"],
    [{ outcome: "success", freshness: { outcome: "warn" } }, "warn"],
    [{ outcome: "success", freshness: { outcome: "error" } }, "error"],
    [{ outcome: null }, "unknown"],
  ] as const)("%j → %s", (facts, status) => {
    expect(decideStatus({ skipReason: null, test: null, freshness: null, ...facts } as never)).toBe(status);
  });
});

describe("legacyStatus (run_results.json)", () => {
  it.each([
    ["reused", "reused"],
    ["no-op", "no-op"],
    ["fail", "fail"],
    ["phase-disabled", "skipped"],
    ["phase-skipped", "skipped"],
    ["canceled", "skipped"],
    ["unknown", "error"],
  ] as const)("%s → %s", (status, legacy) => {
    expect(legacyStatus(status)).toBe(legacy);
  });
});

describe("packageOf and resourceTypeOf", () => {
  it("name each id's own package, in any order of ids", () => {
    // The package of the id before is reused when it is the same: ids of other packages, of the
    // same length or sharing its first letters, must still get theirs.
    const ids: [string, string | null][] = [
      ["model.shop.orders", "shop"],
      ["test.shop.not_null_orders_id.abc123", "shop"],
      ["model.shoe.orders", "shoe"],
      ["model.shopping.orders", "shopping"],
      ["model.sho.orders", "sho"],
      ["seed.shop", "shop"],
      ["model..orders", ""],
      ["model.shop.orders", "shop"],
      ["orders", null],
      ["source.dbt_utils.raw.orders", "dbt_utils"],
      ["model.shop.orders", "shop"],
    ];
    for (const [id, expected] of ids) expect(packageOf(id), id).toBe(expected);
  });

  it("take the resource type from node_type, else from the id's first segment", () => {
    expect(resourceTypeOf("snapshot", "model.shop.orders")).toBe("snapshot");
    expect(resourceTypeOf(null, "seed.shop.countries")).toBe("seed");
    expect(resourceTypeOf(null, "orders")).toBe("unknown");
    expect(resourceTypeOf(null, "thing.shop.x")).toBe("unknown");
  });

  it("name a docs block `doc`, as dbt Core does, and fall back to the id for a node_type not known", () => {
    for (const wire of ["NODE_TYPE_DOCS_MACRO", "DocsMacro"])
      expect(resourceTypeOf(normalizeNodeType(wire), "doc.shop.orders_overview"), wire).toBe("doc");
    expect(resourceTypeOf("docs_macro", "macro.shop.orders_overview")).toBe("doc");
    expect(resourceTypeOf(null, "doc.shop.orders_overview")).toBe("doc");
    expect(resourceTypeOf("macro", "macro.shop.cents_to_dollars")).toBe("macro");
    // NODE_TYPE_UNSPECIFIED, or a type of a newer engine: the id still says what the node is.
    expect(resourceTypeOf("unspecified", "model.shop.orders")).toBe("model");
    expect(resourceTypeOf("hologram", "thing.shop.x")).toBe("unknown");
    // Not an inherited property of a plain object.
    expect(resourceTypeOf("constructor", "x")).toBe("unknown");
  });
});
