// Secrets (the GitHub token, the dbt platform token) must never be printed, not even in part. They
// are masked by value, whatever their shape; a piece of one that a cut left behind (the end of a
// snippet, a line wrapped by a server) is masked too; and known token shapes are a second net for
// tokens nobody told us about.

const MASK = "***";
/** Shorter values would mask innocent text; real tokens are far longer. */
const MIN_SECRET_LENGTH = 4;
/** A run of this many characters of a secret is treated as a leak of it. */
export const SECRET_PIECE_LENGTH = 8;

// GitHub token formats (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_) and HTTP credentials (`Token …`,
// `Bearer …`, as the dbt platform and OAuth use them).
const TOKEN_SHAPES = /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g;
const CREDENTIALS = /\b(Token|Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/g;
/** The fewest characters each of these matches: `ghp_` and 20 more; `Token`, a space and 8 more. */
const SHORTEST_TOKEN_SHAPE = 24;
const SHORTEST_CREDENTIALS = 14;

const PUBLIC_PREFIXES = ["github_pat_"];

export type Redact = (text: string) => string;

export interface RedactorOptions {
  /**
   * Also mask `Token …` / `Bearer …` credentials (default true): right for error messages about
   * HTTP requests, too broad for a report quoting a build's messages ("Unexpected Token keyword").
   */
  credentials?: boolean;
}

/**
 * A function that masks every secret in `secrets` (each occurrence of the whole value first, then
 * every run of ≥ SECRET_PIECE_LENGTH characters of one) and anything shaped like a token.
 */
export function createRedactor(secrets: readonly string[], options: RedactorOptions = {}): Redact {
  const credentials = options.credentials ?? true;
  const values = [
    ...new Set(secrets.flatMap(encodedForms).filter((s) => s.length >= MIN_SECRET_LENGTH)),
  ].sort((a, b) => b.length - a.length);
  const pieces = new Set<string>();
  for (const value of values) {
    // A documented prefix (`github_pat_`) is public: a piece of it alone says nothing secret.
    const first = PUBLIC_PREFIXES.find((prefix) => value.startsWith(prefix))?.length ?? 0;
    for (let i = Math.max(0, first - SECRET_PIECE_LENGTH + 1); i + SECRET_PIECE_LENGTH <= value.length; i++) {
      pieces.add(value.slice(i, i + SECRET_PIECE_LENGTH));
    }
  }
  // One pass of a regular expression finds whether any piece is there (most text holds none);
  // only then is every window looked up.
  const anyPiece =
    pieces.size > 0
      ? new RegExp([...pieces].map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"))
      : null;
  // Nothing shorter than this can hold a secret, a piece of one or a token shape: most of a report's
  // strings (statuses, types, short names) are returned as they are, without a scan.
  const shortest = Math.min(
    ...values.map((value) => value.length),
    pieces.size > 0 ? SECRET_PIECE_LENGTH : Number.POSITIVE_INFINITY,
    SHORTEST_TOKEN_SHAPE,
    credentials ? SHORTEST_CREDENTIALS : Number.POSITIVE_INFINITY,
  );
  return (text) => {
    if (text.length < shortest) return text;
    let out = text;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(MASK);
    if (anyPiece?.test(out)) out = maskPieces(out, pieces);
    out = out.replace(TOKEN_SHAPES, MASK);
    return credentials ? out.replace(CREDENTIALS, `$1 ${MASK}`) : out;
  };
}

/**
 * A secret as written, and as a server may echo it back in a URL or a query string: percent-encoded
 * (upper- or lower-case hex). Tokens made of letters, digits, `-` and `_` are the same in both.
 */
function encodedForms(secret: string): string[] {
  let encoded: string;
  try {
    encoded = encodeURIComponent(secret);
  } catch {
    return [secret]; // a lone surrogate: no URL can carry it
  }
  return [secret, encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())];
}

/**
 * Text with JSON's `\uXXXX` escapes written out, so that a secret a server sent back escaped (a JSON
 * body quoted as it came) can be masked by value.
 */
export function unescapeJsonUnicode(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** One-off form of createRedactor. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return createRedactor(secrets)(text);
}

/** Wraps a log callback so that every line is redacted before it is emitted. */
export function createRedactingLog(
  log: (message: string) => void,
  secrets: readonly string[],
): (message: string) => void {
  const redact = createRedactor(secrets);
  return (message) => log(redact(message));
}

// Marks every window of the text that is a piece of a secret, then masks each run of marked
// characters once (overlapping windows of one leaked fragment become a single `***`).
function maskPieces(text: string, pieces: ReadonlySet<string>): string {
  let out = "";
  let copiedTo = 0;
  let runStart = -1;
  let runEnd = -1;
  for (let i = 0; i + SECRET_PIECE_LENGTH <= text.length; i++) {
    if (!pieces.has(text.slice(i, i + SECRET_PIECE_LENGTH))) continue;
    if (runStart >= 0 && i <= runEnd) {
      runEnd = i + SECRET_PIECE_LENGTH;
      continue;
    }
    if (runStart >= 0) {
      out += text.slice(copiedTo, runStart) + MASK;
      copiedTo = runEnd;
    }
    runStart = i;
    runEnd = i + SECRET_PIECE_LENGTH;
  }
  if (runStart < 0) return text;
  return out + text.slice(copiedTo, runStart) + MASK + text.slice(runEnd);
}
