// Validates requests against GitHub's own OpenAPI description (@octokit/openapi), so the fake
// server rejects anything the real API would: wrong path, unknown query parameter, bad body.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

const require = createRequire(import.meta.url);
const SPEC_PATH = require.resolve("@octokit/openapi/generated/api.github.com.json");

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Json;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
}
export interface MatchedOperation {
  operationId: string;
  template: string;
  pathParams: Record<string, string>;
}
interface Route {
  method: string;
  template: string;
  regex: RegExp;
  names: string[];
  literals: number;
  operation: Operation;
}

let spec: { paths: Record<string, Record<string, Operation>>; components: Json } | null = null;
let routes: Route[] | null = null;
const validators = new Map<
  string,
  { params: Parameter[]; body: ValidateFunction | null; bodyRequired: boolean }
>();

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true, coerceTypes: false }));

// 13 MB of JSON: parsed once per test worker, on first use.
function loadSpec(): NonNullable<typeof spec> {
  spec ??= JSON.parse(readFileSync(SPEC_PATH, "utf8")) as NonNullable<typeof spec>;
  return spec;
}

function loadRoutes(): Route[] {
  if (routes) return routes;
  routes = [];
  for (const [template, item] of Object.entries(loadSpec().paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== "object" || !("operationId" in operation)) continue;
      const names: string[] = [];
      const pattern = template
        .split("/")
        .map((seg) => {
          const m = /^\{(.+)\}$/.exec(seg);
          if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(m[1]!);
          return "([^/]+)";
        })
        .join("/");
      const literals = template.split("/").filter((s) => s && !s.startsWith("{")).length;
      routes.push({
        method: method.toUpperCase(),
        template,
        regex: new RegExp(`^${pattern}$`),
        names,
        literals,
        operation,
      });
    }
  }
  return routes;
}

export function matchOperation(method: string, pathname: string): MatchedOperation | null {
  const candidates = loadRoutes()
    .filter((r) => r.method === method.toUpperCase() && r.regex.test(pathname))
    .sort((a, b) => b.literals - a.literals);
  const route = candidates[0];
  if (!route) return null;
  const m = route.regex.exec(pathname)!;
  const pathParams: Record<string, string> = {};
  route.names.forEach((name, i) => (pathParams[name] = decodeURIComponent(m[i + 1]!)));
  return { operationId: route.operation.operationId, template: route.template, pathParams };
}

function resolveRef<T>(node: T | { $ref: string }): T {
  if (node && typeof node === "object" && "$ref" in node && typeof node.$ref === "string") {
    const parts = node.$ref.replace(/^#\//, "").split("/");
    let cur: unknown = loadSpec();
    for (const p of parts) cur = (cur as Json)[p];
    return resolveRef(cur as T);
  }
  return node as T;
}

// Inline every local $ref (the request schemas used here are not recursive; depth guards anyway).
function inlineRefs(node: unknown, depth = 0): unknown {
  if (depth > 40) return {};
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, depth + 1));
  if (!node || typeof node !== "object") return node;
  if ("$ref" in node) return inlineRefs(resolveRef(node as { $ref: string }), depth + 1);
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "example" || k === "examples") continue;
    out[k] = inlineRefs(v, depth + 1);
  }
  return out;
}

function validatorsFor(match: MatchedOperation, method: string) {
  const key = `${method} ${match.template}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const route = loadRoutes().find((r) => r.method === method && r.template === match.template)!;
  const params = (route.operation.parameters ?? []).map((p) => inlineRefs(p) as Parameter);
  const schema = route.operation.requestBody?.content?.["application/json"]?.schema;
  const entry = {
    params,
    body: schema ? ajv.compile(inlineRefs(schema) as Json) : null,
    bodyRequired: route.operation.requestBody?.required ?? false,
  };
  validators.set(key, entry);
  return entry;
}

// Query and path values arrive as strings; coerce to the schema type before validating.
function coerce(value: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  if (type === "integer" || type === "number") return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (type === "boolean") return value === "true" ? true : value === "false" ? false : value;
  return value;
}

function checkValue(where: string, p: Parameter, raw: string): string[] {
  if (!p.schema) return [];
  const validate = ajv.compile(p.schema);
  return validate(coerce(raw, p.schema))
    ? []
    : [`${where} '${p.name}'=${JSON.stringify(raw)}: ${ajv.errorsText(validate.errors)}`];
}

/** Returns the problems with a request (empty = valid), or null when no operation matches. */
export function validateRequest(
  method: string,
  url: URL,
  body: unknown,
): { operation: MatchedOperation; problems: string[] } | null {
  const m = method.toUpperCase();
  const operation = matchOperation(m, url.pathname);
  if (!operation) return null;
  const v = validatorsFor(operation, m);
  const problems: string[] = [];

  for (const p of v.params.filter((p) => p.in === "path")) {
    problems.push(...checkValue("path parameter", p, operation.pathParams[p.name] ?? ""));
  }
  const queryParams = v.params.filter((p) => p.in === "query");
  for (const [name, raw] of url.searchParams) {
    const p = queryParams.find((q) => q.name === name);
    if (!p) problems.push(`unknown query parameter '${name}'`);
    else problems.push(...checkValue("query parameter", p, raw));
  }
  for (const p of queryParams.filter((q) => q.required && !url.searchParams.has(q.name))) {
    problems.push(`missing required query parameter '${p.name}'`);
  }
  if (v.body) {
    if (body === undefined) {
      if (v.bodyRequired) problems.push("missing JSON request body");
    } else if (!v.body(body)) {
      problems.push(`request body: ${ajv.errorsText(v.body.errors, { dataVar: "body" })}`);
    }
  } else if (body !== undefined && m !== "GET") {
    problems.push("operation takes no request body");
  }
  return { operation, problems };
}
