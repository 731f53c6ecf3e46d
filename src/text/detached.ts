// A string V8 may hold as a view of a larger one (a slice of 13 characters or more is kept as its
// parent and a range): kept as a key or a field, it keeps that parent alive. The JSONL reader
// slices ids out of lines it never parses; what the model keeps of them is copied first.

/** A string equal to `text` that is no view of another (any text, lone surrogates included). */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
