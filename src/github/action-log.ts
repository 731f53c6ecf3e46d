// The Action's one way to the log. Every message the step prints (and most hold text from the pull
// request or a server) goes through here, so no caller can forget to mask a secret, show a control
// character or break a workflow-command shape.
import { showControls } from "../text/controls.js";
import { safeLogText } from "../text/runner-commands.js";
import { createRedactor, type Redact } from "../text/secrets.js";

/** @actions/core's AnnotationProperties (the fields we use). */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

/** The parts of @actions/core the sink writes through. */
export interface CoreLog {
  info(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  notice(message: string, properties?: AnnotationProperties): void;
  setFailed(message: string): void;
}

export interface ActionLog extends CoreLog {
  /** Masks the secrets the sink was given (for text that goes elsewhere, e.g. the job summary). */
  redact: Redact;
}

/**
 * `info` writes raw lines, so each line is made safe here. `warning`/`error`/`notice` become one
 * `::level …::data` command whose data and properties @actions/core escapes (`%`, CR, LF, and `:`
 * `,` in properties), so the runner can only read them as that one annotation; they still get
 * their secrets masked and their control characters shown.
 */
export function createActionLog(core: CoreLog, secrets: readonly string[]): ActionLog {
  const redact = createRedactor(secrets);
  const data = (message: string): string => showControls(redact(message), "keep");
  const props = (properties?: AnnotationProperties): AnnotationProperties | undefined => {
    if (!properties) return undefined;
    const out: AnnotationProperties = { ...properties };
    if (properties.title !== undefined) out.title = showControls(redact(properties.title), "space");
    if (properties.file !== undefined) out.file = showControls(redact(properties.file), "escape");
    return out;
  };
  return {
    redact,
    info: (message) => core.info(safeLogText(message, redact)),
    warning: (message, properties) => core.warning(data(message), props(properties)),
    error: (message, properties) => core.error(data(message), props(properties)),
    notice: (message, properties) => core.notice(data(message), props(properties)),
    setFailed: (message) => core.setFailed(data(message)),
  };
}
