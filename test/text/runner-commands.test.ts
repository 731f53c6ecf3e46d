import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { neutraliseRunnerCommands, safeLogText } from "../../src/text/runner-commands.js";
import { createRedactor } from "../../src/text/secrets.js";
import { foreignCommands, readRunnerCommands } from "../support/runner-commands.js";

// Lines the runner acts on, as a pull request could plant them in a name or a message.
const HOSTILE = [
  "::error title=PWNED,file=README.md,line=1::PWNED",
  "::add-mask::dbt",
  "   ::add-mask::dbt",
  "\t::set-output name=x::PWNED",
  "\u00a0::warning::PWNED", // NBSP: .NET's TrimStart removes it
  "\u3000::notice::PWNED", // ideographic space, likewise
  "\u00ad::error::PWNED", // soft hyphen: ignored by .NET's culture-aware StartsWith
  "::stop-commands::t0k3n",
  "x ##[error]PWNED", // legacy form: anywhere in the line
  "x ##[add-mask]dbt",
  "x #\u200d#[error]PWNED",
  "##[ERROR]PWNED", // command names are case-insensitive
];

describe("readRunnerCommands (the test's model of the runner)", () => {
  it.each(HOSTILE.map((line) => [JSON.stringify(line), line]))("reads %s as a command", (_n, line) => {
    expect(readRunnerCommands(`before\n${line}\nafter`)).toHaveLength(1);
    expect(foreignCommands(`before\n${line}\nafter`, [])).toHaveLength(1);
  });

  it("splits lines where the runner does (\\r, \\n, \\r\\n) and ignores unregistered names", () => {
    expect(readRunnerCommands("a\r::add-mask::x\r\n::nope::y\n::error::z").map((c) => c.name)).toEqual([
      "add-mask",
      "error",
    ]);
    // Not a command: no second `::`, or `::` not at the start.
    expect(readRunnerCommands("::error\nsee ::error::x")).toEqual([]);
  });

  it("acts on nothing but the resume token while commands are stopped", () => {
    const out = "::stop-commands::tok\n::add-mask::x\n##[error]y\n::tok::\n::add-mask::z";
    expect(readRunnerCommands(out).map((c) => [c.name, c.data])).toEqual([
      ["stop-commands", "tok"],
      ["tok", ""],
      ["add-mask", "z"],
    ]);
  });

  it("unescapes properties and data as @actions/core escapes them", () => {
    const [c] = readRunnerCommands("::error title=a%3Ab%2Cc,file=x%0Ay::one%0Atwo%25");
    expect(c).toMatchObject({ properties: { title: "a:b,c", file: "x\ny" }, data: "one\ntwo%" });
  });

  it("tells the step's own annotations and masks from planted ones", () => {
    const own =
      "::add-mask::s3cret\n::warning::Could not read logs/x%0A::error title=PWNED::PWNED\n::error::failed";
    expect(foreignCommands(own, ["s3cret"])).toEqual([]);
    expect(foreignCommands("::add-mask::other", ["s3cret"])).toHaveLength(1);
  });
});

describe("neutraliseRunnerCommands", () => {
  it.each(HOSTILE.map((line) => [JSON.stringify(line), line]))("breaks %s", (_n, line) => {
    const text = `before\n${line}\nafter`;
    const safe = neutraliseRunnerCommands(text);
    expect(readRunnerCommands(safe)).toEqual([]);
    // Visibly, and nothing else changes.
    expect(safe).toMatch(/\\::|##?\\\[|#\u200d#\\\[/);
    expect(safe.replace(/\\(?=::|\[)/g, "")).toBe(text);
  });

  it("keeps every kind of line break and leaves ordinary text alone", () => {
    const text = "select a::date\r\nfrom t\rwhere x ## [y]\n- [x] done";
    expect(neutraliseRunnerCommands(text)).toBe(text);
    expect(neutraliseRunnerCommands("a\r::error::x\r\n::error::y")).toBe("a\r\\::error::x\r\n\\::error::y");
  });

  it("reads a run of blank lines once, not once per line", () => {
    // From each line start the old pattern read the whitespace that follows across line breaks, to
    // the end of the run: 300,000 blank lines took two minutes, far past the test's timeout (JUnit
    // on stdout keeps a node's message of 8,000 blank lines whole: a few MB of telemetry took as
    // long). Now each line is read once: milliseconds.
    for (const blank of ["\n", " \r\n"]) {
      const text = `::error::x\n${blank.repeat(300_000)}x`;
      expect(neutraliseRunnerCommands(text)).toBe(`\\::error::x\n${blank.repeat(300_000)}x`);
    }
  });
});

describe("neutraliseRunnerCommands in a file's own syntax", () => {
  // In JSON a line break is an escape, so only the legacy form can be in a line; in XML text both can.
  it.each(HOSTILE.map((line) => [JSON.stringify(line), line]))("JSON stays JSON with %s", (_n, line) => {
    const json = JSON.stringify({ [`key ${line}`]: [`before\n${line}`, line] }, null, 2);
    const safe = neutraliseRunnerCommands(json, "json");
    expect(readRunnerCommands(safe)).toEqual([]);
    expect(JSON.parse(safe)).toEqual(JSON.parse(json));
  });

  it.each(HOSTILE.map((line) => [JSON.stringify(line), line]))("XML stays XML with %s", (_n, line) => {
    const xml = `<a m="${line}">before\n${line}\n</a>`;
    const safe = neutraliseRunnerCommands(xml, "xml");
    expect(readRunnerCommands(safe)).toEqual([]);
    expect(XMLValidator.validate(safe)).toBe(true);
    const parser = new XMLParser({ ignoreAttributes: false, htmlEntities: true, parseTagValue: false });
    expect(parser.parse(safe)).toEqual(parser.parse(xml));
  });
});

describe("safeLogText", () => {
  const redact = createRedactor(["hunter2-secret-value"]);

  it("masks secrets, shows controls, ends lines where any terminator was, and breaks command shapes", () => {
    const entry = "logs/x\u2028::error title=PWNED::PWNED\u001b[2J\r::add-mask::dbt hunter2-secret-value";
    const safe = safeLogText(`Found: ${entry}`, redact);
    expect(safe).toBe("Found: logs/x\n\\::error title=PWNED::PWNED\\x1b[2J\n\\::add-mask::dbt ***");
    expect(readRunnerCommands(safe)).toEqual([]);
  });
});
