import { describe, expect, it } from "vitest";
import { createActionLog, type AnnotationProperties, type CoreLog } from "../../src/github/action-log.js";

const TOKEN = "tok-Zq9xW2mB7vR4nK1pL8sD3fG6hJ0c";

function recorder() {
  const calls: [string, string, AnnotationProperties | undefined][] = [];
  const core: CoreLog = {
    info: (m) => calls.push(["info", m, undefined]),
    warning: (m, p) => calls.push(["warning", m, p]),
    error: (m, p) => calls.push(["error", m, p]),
    notice: (m, p) => calls.push(["notice", m, p]),
    setFailed: (m) => calls.push(["setFailed", m, undefined]),
  };
  return { core, calls };
}

describe("createActionLog", () => {
  it("info: secrets masked, controls shown, every line safe from the runner", () => {
    const { core, calls } = recorder();
    createActionLog(core, [TOKEN]).info(`a ${TOKEN}\r::add-mask::dbt\u2028 ##[error]x\u001b]0;t\u0007`);
    expect(calls).toEqual([["info", "a ***\n\\::add-mask::dbt\n ##\\[error]x\\x1b]0;t\\x07", undefined]]);
  });

  it("annotations: data keeps its lines (core escapes them), properties stay on one visible line", () => {
    const { core, calls } = recorder();
    const log = createActionLog(core, [TOKEN]);
    log.error(`failed\r\nwith ${TOKEN.slice(0, 10)}`, {
      title: "t\n::x\u202e",
      file: "models/a\n.sql",
      startLine: 3,
    });
    log.warning("w");
    log.notice("n\u0000");
    log.setFailed(`${TOKEN}`);
    expect(calls).toEqual([
      ["error", "failed\nwith ***", { title: "t ::x\\u202E", file: "models/a\\n.sql", startLine: 3 }],
      ["warning", "w", undefined],
      ["notice", "n\\x00", undefined],
      ["setFailed", "***", undefined],
    ]);
  });

  it("exposes the same redaction for text that goes elsewhere (the job summary)", () => {
    const { core } = recorder();
    expect(createActionLog(core, [TOKEN, ""]).redact(`x ${TOKEN} y`)).toBe("x *** y");
  });
});
