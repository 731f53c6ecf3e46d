import { describe, expect, it } from "vitest";
import { createRedactor, redactSecrets, SECRET_PIECE_LENGTH } from "../../src/text/secrets.js";

const TOKEN = "tok-Zq9xW2mB7vR4nK1pL8sD3fG6hJ0c"; // no known shape: only its value can catch it

describe("redactSecrets", () => {
  it("masks every occurrence of a secret, whatever its shape", () => {
    expect(redactSecrets(`a ${TOKEN} b ${TOKEN}`, [TOKEN])).toBe("a *** b ***");
    expect(redactSecrets("nothing secret here", [TOKEN])).toBe("nothing secret here");
  });

  it("masks a piece of a secret that a cut left behind, at either end", () => {
    const head = TOKEN.slice(0, 12);
    const tail = TOKEN.slice(-SECRET_PIECE_LENGTH);
    expect(redactSecrets(`Body starts: "yyyy ${head}…"`, [TOKEN])).toBe('Body starts: "yyyy ***…"');
    expect(redactSecrets(`…${tail} rest`, [TOKEN])).toBe("…*** rest");
    // Shorter than a piece: not treated as a leak (it would mask innocent text).
    const short = TOKEN.slice(0, SECRET_PIECE_LENGTH - 1);
    expect(redactSecrets(`x ${short} y`, [TOKEN])).toBe(`x ${short} y`);
  });

  it("masks every leaked run once, however many secrets and pieces there are", () => {
    const other = "dbtc_Another5ecretValue_0123";
    const text = `${TOKEN.slice(3, 20)} and ${other.slice(5)} and ${TOKEN}`;
    expect(redactSecrets(text, [TOKEN, other])).toBe("*** and *** and ***");
  });

  it("keeps the known token shapes and HTTP credentials as a second net", () => {
    expect(
      redactSecrets("ghs_0123456789abcdefghij0123456789 and github_pat_11AAAAAAAAAAAAAAAAAAAAAA", []),
    ).toBe("*** and ***");
    expect(redactSecrets("Authorization: Token abcdefgh12345678", [])).toBe("Authorization: Token ***");
    expect(redactSecrets("Bearer zzzzzzzzzzzzzzzzzz", [])).toBe("Bearer ***");
  });

  it("masks at the shortest length each rule can match, where shorter text is passed over unscanned", () => {
    // A token shape alone: `ghs_` and 20 characters.
    const shape = `ghs_${"a1".repeat(10)}`;
    expect(shape).toHaveLength(24);
    expect(createRedactor([])(shape)).toBe("***");
    expect(createRedactor([], { credentials: false })(shape)).toBe("***");
    // A credential alone: `Token`, a space and 8 characters.
    expect(createRedactor([])("Token abcdefgh")).toBe("Token ***");
    // A secret of 4 characters (no pieces), and a piece of 8 of a longer one.
    expect(createRedactor(["k9Z!"])("k9Z!")).toBe("***");
    expect(createRedactor([TOKEN])(TOKEN.slice(5, 5 + SECRET_PIECE_LENGTH))).toBe("***");
  });

  it("ignores empty and very short values, and the public github_pat_ prefix alone", () => {
    expect(redactSecrets("abc", ["", "ab"])).toBe("abc");
    const pat = "github_pat_11ABCDEFG0123456789_zyxwvutsrqponmlkjihgfedcba98765";
    expect(createRedactor([pat])("see github_pages for docs")).toBe("see github_pages for docs");
    // Past the prefix, a cut piece is masked (the prefix's first letters may stay: they are public).
    expect(createRedactor([pat])(`cut: ${pat.slice(0, 20)}`)).toBe("cut: gith***");
  });
});
