// The dbt command of a command line: global flags may come before it, and a flag's value may be a
// command's name.
import { describe, expect, it } from "vitest";
import { dbtCommandOf } from "../../src/text/dbt-command.js";

describe("dbtCommandOf", () => {
  it.each([
    ["dbt retry", "retry"],
    ["/usr/local/bin/dbtf retry --target ci", "retry"],
    ["dbt --debug retry", "retry"],
    ["dbtf --log-level debug retry", "retry"],
    ["dbt --profiles-dir ./p retry", "retry"],
    ["/usr/bin/dbtf -q retry", "retry"],
    ["C:\\tools\\dbt.exe --no-use-colors retry", "retry"],
    ["dbt --log-level=debug retry", "retry"],
    ["dbt --log-level debug --debug retry", "retry"],
    ["dbt --target test --debug build", "build"],
    ["dbt --some-new-flag value retry", "retry"],
    ["dbt --some-new-switch build --select retry", "build"],
    // `debug` the command, `--debug` the flag.
    ["dbt debug", "debug"],
    ["dbt --debug debug", "debug"],
    ["dbt --debug build", "build"],
    ["dbt -d run -s orders", "run"],
    ["dbt build --select retry", "build"],
    ["dbt --log-level debug build --exclude test", "build"],
    ["dbt --quiet source freshness", "source freshness"],
    ["dbt docs generate --static", "docs generate"],
    ["poetry run dbt --warn-error retry", "retry"],
  ])("%s → %s", (line, command) => {
    expect(dbtCommandOf(line)).toBe(command);
  });

  it("reads eval_args' command as it is, and no command line without the dbt binary", () => {
    expect(dbtCommandOf("retry")).toBe("retry");
    expect(dbtCommandOf("source freshness")).toBe("source freshness");
    expect(dbtCommandOf("retry --target ci")).toBeUndefined();
    expect(dbtCommandOf("dbt")).toBeUndefined();
    expect(dbtCommandOf("dbt --debug")).toBeUndefined();
    expect(dbtCommandOf("")).toBeUndefined();
  });
});
