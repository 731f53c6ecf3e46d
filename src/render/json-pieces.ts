// `JSON.stringify(value, null, 2)`, in pieces. The JSON report of a 20,000-node build is ~24 MB of
// text and its run_results.json ~12 MB: made as one string, then as one buffer to write, each is
// memory taken from the system for a moment and thrown away, which cost more than the serialising
// (docs/performance.md). In pieces, a writer can put them through one reused buffer.
//
// The pieces join to exactly what JSON.stringify gives. Containers that hold many values (an array
// of more than SMALL_ARRAY, or an object with such an array somewhere in its objects) are written
// a member at a time, an array's elements that hold no such array in runs of up to
// ELEMENTS_PER_PIECE; everything else goes to JSON.stringify whole and is indented to its place.
// JSON.stringify escapes the line breaks inside strings, so every "\n" in its text is one of its
// own, and indenting is putting spaces after each.

/** Arrays longer than this are written an element at a time. */
const SMALL_ARRAY = 16;
const INDENT = "  ";

/** The text of `value` as `JSON.stringify(value, null, 2)` writes it, as a sequence of pieces. */
export function* jsonPieces(value: unknown): Generator<string, void, undefined> {
  const text = yield* piecesOf(toJsonValue(value, ""), 0);
  if (text === undefined) throw new TypeError("jsonPieces: the value has no JSON text");
}

/**
 * The pieces of `object` with its member `key` (which must be there, to keep its place among the
 * keys) written as an array of `elements`, each made as it is asked for: the text of
 * `JSON.stringify({ ...object, [key]: [...elements] }, null, 2)` without ever holding the list.
 */
export function* jsonPiecesWithList(
  object: Record<string, unknown>,
  key: string,
  elements: Iterable<unknown>,
): Generator<string, void, undefined> {
  if (!Object.hasOwn(object, key)) throw new TypeError(`jsonPiecesWithList: the object has no member ${key}`);
  yield* piecesOf({ ...object, [key]: new LazyList(elements) }, 0);
}

/** A list whose elements are made as they are written (jsonPiecesWithList); always written an element at a time. */
class LazyList {
  constructor(readonly elements: Iterable<unknown>) {}
}

/**
 * Yields the pieces of `value` at nesting `level`. Returns undefined, yielding nothing, when the value
 * has no JSON text (undefined, a function, a symbol), which an object leaves out and an array
 * writes as null.
 */
function* piecesOf(value: unknown, level: number): Generator<string, true | undefined, undefined> {
  if (isWrittenWhole(value)) return yield* yieldWhole(value, level);
  if (value instanceof LazyList) return yield* elementPieces(value.elements, level);
  if (Array.isArray(value)) return yield* elementPieces(value, level);
  // A plain object that holds a long list somewhere (isWrittenWhole): a member at a time.
  const record = value as Record<string, unknown>;
  const inner = `\n${INDENT.repeat(level + 1)}`;
  let first = true;
  for (const key of Object.keys(record)) {
    const member = toJsonValue(record[key], key);
    if (!hasJsonText(member)) continue;
    yield `${first ? "{" : ","}${inner}${JSON.stringify(key)}: `;
    first = false;
    yield* piecesOf(member, level + 1);
  }
  yield first ? "{}" : `\n${INDENT.repeat(level)}}`;
  return true;
}

/**
 * An array's text at nesting `level` (an element without JSON text is null). Runs of elements that
 * hold no long list go to JSON.stringify together, up to ELEMENTS_PER_PIECE at a time: a call and
 * a piece per element cost as much as the serialising. An element that holds a long list is
 * written a member at a time, as ever.
 */
function* elementPieces(elements: Iterable<unknown>, level: number): Generator<string, true, undefined> {
  const inner = `\n${INDENT.repeat(level + 1)}`;
  let index = 0;
  let run: unknown[] = [];
  // The run's elements as the array holds them at `level`, between its brackets: "A,<inner>B".
  const runText = (): string => {
    const text = wholeText(run, level)!;
    run = [];
    return text.slice(1 + inner.length, text.length - 2 - level * INDENT.length);
  };
  for (const element of elements) {
    const value = toJsonValue(element, String(index));
    if (isWrittenWhole(value)) {
      if (run.length === 0) yield index === 0 ? `[${inner}` : `,${inner}`;
      run.push(value);
      if (run.length === ELEMENTS_PER_PIECE) yield runText();
    } else {
      if (run.length > 0) yield runText();
      yield index === 0 ? `[${inner}` : `,${inner}`;
      const written = yield* piecesOf(value, level + 1);
      if (written === undefined) yield "null";
    }
    index++;
  }
  if (run.length > 0) yield runText();
  yield index === 0 ? "[]" : `\n${INDENT.repeat(level)}]`;
  return true;
}

/** Elements of an array written by one JSON.stringify call, at most. */
const ELEMENTS_PER_PIECE = 64;

/** Whether piecesOf writes `value` with one JSON.stringify (yieldWhole). */
function isWrittenWhole(value: unknown): boolean {
  if (value instanceof LazyList) return false;
  if (Array.isArray(value)) return value.length === 0 || !holdsMany(value);
  return !(isPlainObject(value) && holdsMany(value));
}

/** One piece: JSON.stringify's text of `value`, indented for `level`. */
function* yieldWhole(value: unknown, level: number): Generator<string, true | undefined, undefined> {
  const text = wholeText(value, level);
  if (text === undefined) return undefined;
  yield text;
  return true;
}

/** JSON.stringify's text of `value`, indented for `level`; undefined when it has none. */
function wholeText(value: unknown, level: number): string | undefined {
  if (level === 0) return JSON.stringify(value, null, INDENT) as string | undefined;
  // In an array it would be written as null.
  if (!hasJsonText(value)) return undefined;
  // Inside `level` arrays of one element, JSON.stringify indents every line of it for its place:
  // its text is what stands between their brackets (`[\n  ` … `\n]` per array), a slice of the
  // whole, with no second pass to indent it and no second string.
  let nested = value;
  for (let i = 0; i < level; i++) nested = [nested];
  const text = JSON.stringify(nested, null, INDENT);
  return text.slice(level * (level + 3), text.length - level * (level + 1));
}

/** How deep `holdsMany` looks for a long array: the report's node lists are at the fourth level. */
const LOOK_DEPTH = 6;

/** Whether a container is written a member at a time: it is a long array or holds one. */
function holdsMany(value: object, depth = 0): boolean {
  if (value instanceof LazyList) return true;
  if (Array.isArray(value)) {
    if (value.length > SMALL_ARRAY) return true;
    if (depth >= LOOK_DEPTH) return false;
    for (const member of value) if (isContainer(member) && holdsMany(member, depth + 1)) return true;
    return false;
  }
  if (depth >= LOOK_DEPTH) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (isContainer(member) && Object.hasOwn(record, key) && holdsMany(member, depth + 1)) return true;
  }
  return false;
}

function isContainer(value: unknown): value is object {
  return Array.isArray(value) || isPlainObject(value) || value instanceof LazyList;
}

/** What JSON.stringify serialises for a member: the result of its toJSON, if it has one. */
function toJsonValue(value: unknown, key: string): unknown {
  if (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (typeof value === "bigint" && typeof (BigInt.prototype as { toJSON?: unknown }).toJSON === "function") {
    return (value as unknown as { toJSON(key: string): unknown }).toJSON(key);
  }
  return value;
}

function hasJsonText(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

/** An object JSON.stringify writes as its own enumerable properties (not a boxed primitive). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
