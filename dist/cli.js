#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 8084:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _cli_report_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6328);
/* harmony import */ var _cli_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6174);
/* harmony import */ var _optimising_compiler_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(7502);
/* harmony import */ var _pipeline_work_folders_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(501);
/* harmony import */ var _text_runner_commands_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(1312);
/* harmony import */ var _young_generation_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(5678);






(0,_young_generation_js__WEBPACK_IMPORTED_MODULE_5__/* .keepYoungGenerationSmall */ .D)();
// The report quotes text from the pull request, and a GitHub Actions runner reads stdout for
// workflow commands, also when the CLI runs in a container that does not see GITHUB_ACTIONS. So
// every command shape is broken (`\::`, `##\[`) wherever stdout goes; in rendered Markdown `\:`
// and `\[` show as `:` and `[`.
// A reader that went away (`| head`) wants no more of the report; any other failure to write it
// (a full disk) is the CLI's to report: exit code 2, never Node's stack trace and exit code 1,
// which would read as "the policy tripped".
let stdoutFailed = false;
process.stdout.on("error", (error) => {
    if (error.code === "EPIPE")
        return;
    if (!stdoutFailed)
        process.stderr.write(`fusion-report: cannot write the report to stdout: ${error.message}\n`);
    stdoutFailed = true;
    process.exitCode = _cli_report_js__WEBPACK_IMPORTED_MODULE_0__/* .EXIT */ .d.unusable;
});
// Stopped by Ctrl-C or a kill: what the run downloaded goes too, then the signal is raised again
// with its default action (the shell sees 128 + signal). Not process.exit: it waits for the thread
// pool, and a thread blocked opening a pipe nobody writes to would keep the process alive for ever.
// As PID 1 (a container without an init) a signal left to its default action is ignored: then the
// process exits with the shell's number for it.
for (const [signal, number] of [
    ["SIGINT", 2],
    ["SIGTERM", 15],
]) {
    process.once(signal, () => {
        (0,_pipeline_work_folders_js__WEBPACK_IMPORTED_MODULE_3__/* .removeOpenWorkFolders */ .PN)();
        process.kill(process.pid, signal);
        setImmediate(() => process.exit(128 + number));
    });
}
const code = await (0,_cli_js__WEBPACK_IMPORTED_MODULE_1__/* .runCli */ .a)(process.argv.slice(2), {
    stdout: (text) => process.stdout.write((0,_text_runner_commands_js__WEBPACK_IMPORTED_MODULE_4__/* .neutraliseRunnerCommands */ .b)(text)),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stdoutIsTty: process.stdout.isTTY === true,
    platform: process.platform,
    // Made only where it is read: elsewhere `-` is opened as /dev/stdin.
    ...(process.platform === "win32" && { stdin: process.stdin }),
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    beforeReading: _optimising_compiler_js__WEBPACK_IMPORTED_MODULE_2__/* .fitOptimisingCompiler */ .gx,
});
process.exitCode = stdoutFailed ? _cli_report_js__WEBPACK_IMPORTED_MODULE_0__/* .EXIT */ .d.unusable : code;

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 6328:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  d: () => (/* binding */ EXIT),
  O: () => (/* binding */ writeAndPrint)
});

// EXTERNAL MODULE: ./src/model/build-report.ts + 7 modules
var build_report = __nccwpck_require__(3812);
// EXTERNAL MODULE: ./src/model/implausible-times.ts
var implausible_times = __nccwpck_require__(7971);
// EXTERNAL MODULE: ./src/model/status-table.ts
var status_table = __nccwpck_require__(6606);
// EXTERNAL MODULE: ./src/render/escape.ts
var render_escape = __nccwpck_require__(7789);
// EXTERNAL MODULE: ./src/render/format.ts
var format = __nccwpck_require__(1509);
// EXTERNAL MODULE: ./src/render/markdown.ts + 2 modules
var render_markdown = __nccwpck_require__(7525);
// EXTERNAL MODULE: ./src/render/names.ts
var names = __nccwpck_require__(5968);
// EXTERNAL MODULE: ./src/render/table.ts
var table = __nccwpck_require__(900);
;// CONCATENATED MODULE: ./src/render/baseline-section.ts
// The "what changed" block at the top of the comment when a base-branch report was compared: the
// one-line tally first, then the lists (new failures first), trimmed as the detail level rises.
// Regressions are shown like the slowest nodes: the top few by absolute slowdown, the rest in the
// full report, with one line on how noisy the timing comparison is.







const LEVELS = [
    { newFailures: 100, messages: true, other: 100, regressions: 10, allRegressions: true, presence: 200 },
    { newFailures: 100, messages: true, other: 50, regressions: 10, allRegressions: false, presence: 50 },
    { newFailures: 50, messages: false, other: 20, regressions: 10, allRegressions: false, presence: 0 },
    { newFailures: 20, messages: false, other: 10, regressions: 5, allRegressions: false, presence: 0 },
    { newFailures: 10, messages: false, other: 5, regressions: 3, allRegressions: false, presence: 0 },
    { newFailures: 5, messages: false, other: 0, regressions: 0, allRegressions: false, presence: 0 },
    { newFailures: 3, messages: false, other: 0, regressions: 0, allRegressions: false, presence: 0 },
];
function baselineSection(comparison) {
    return { render: (level, context) => renderBaselineSection(comparison, level, context) };
}
function renderBaselineSection(comparison, level, given) {
    const context = given ?? {
        names: new names/* NodeNames */.p([
            [...comparison.failures, ...comparison.warnings, ...comparison.regressions, ...comparison.added],
            comparison.removed,
        ]),
        fullReportHint: "the JSON report",
    };
    const limits = LEVELS[Math.min(level, LEVELS.length - 1)];
    const c = comparison.counts;
    const parts = [`### 🔁 Compared with the base branch`, `${tally(comparison)}\n\n${about(comparison)}`];
    const byLabel = (list, label) => list.filter((change) => change.label === label);
    const newFailures = [
        ...byLabel(comparison.failures, "new").map((change) => ({ change })),
        ...comparison.added.filter((n) => (0,status_table/* isFailure */.N6)(n.status)).map((added) => ({ added })),
    ];
    parts.push(newFailureList(newFailures, limits, context));
    parts.push(changeList(`✅ Fixed (${c.fixedFailures})`, byLabel(comparison.failures, "fixed"), limits.other, context));
    // Failures the base branch had too are not news: listed, but collapsed.
    parts.push(changeList(`Still failing (${c.stillFailing})`, byLabel(comparison.failures, "still-failing"), limits.other, context, true));
    parts.push(changeList(`⚠️ New warnings (${c.newWarnings})`, byLabel(comparison.warnings, "new"), limits.other, context));
    parts.push(regressionSection(comparison, limits, context));
    if (limits.presence > 0) {
        parts.push(presenceDetails(`Only in this run (${c.added})`, comparison.added, limits.presence, context));
        parts.push(presenceDetails(`Only in the baseline (${c.removed})`, comparison.removed, limits.presence, context));
    }
    return parts.filter(Boolean).join("\n\n");
}
/**
 * "**🆕 2 new failures**, ✅ 1 fixed, still failing 3, ⏱️ 1 regression". New failures count the
 * nodes the base branch did not run too, as the headline does.
 */
function tally(comparison) {
    const c = comparison.counts;
    const fresh = c.newFailures + c.addedFailing;
    const notRun = c.addedFailing > 0 ? ` (${c.addedFailing} not run on the base branch)` : "";
    const items = [
        fresh > 0 ? `**🆕 ${(0,format/* plural */.LS)(fresh, "new failure")}**${notRun}` : `🆕 0 new failures`,
        `✅ ${c.fixedFailures} fixed`,
        `still failing ${c.stillFailing}`,
        `⏱️ ${(0,format/* plural */.LS)(c.regressions, "regression")}`,
    ];
    if (c.newWarnings > 0)
        items.push(`⚠️ ${(0,format/* plural */.LS)(c.newWarnings, "new warning")}`);
    return items.join(", ");
}
function about(comparison) {
    const b = comparison.baseline;
    const c = comparison.counts;
    const facts = [
        b.source ? `baseline ${(0,render_escape/* code */.aY)(b.source)}` : "baseline",
        baselineStart(b.startedAt, render_escape/* escapeText */.X1),
        `${(0,format/* plural */.LS)(c.compared, "node")} compared`,
        c.added > 0 ? `${c.added} only in this run` : null,
        c.removed > 0 ? `${c.removed} only in the baseline` : null,
    ].filter(Boolean);
    return `<sub>${facts.join(" · ")}</sub>`;
}
/**
 * "from" the baseline run's start, as its file gives it; "start unknown" when it was never set
 * (1970), lies past this report (year 9999), is no time at all or is missing, as an invocation's
 * heading says it (invocations.ts). `show` makes the file's text safe for the renderer.
 */
function baselineStart(startedAt, show) {
    const iso = (0,implausible_times/* realTime */.M9)(startedAt);
    return iso === null ? "start unknown" : `from ${show(iso)}`;
}
function newFailureList(failures, limits, context) {
    if (failures.length === 0)
        return "";
    const lines = [`#### 🆕 New failures (${failures.length})`];
    const shown = failures.slice(0, limits.newFailures);
    lines.push(shown
        .map((failure) => "change" in failure
        ? `- ${(0,format/* statusIcon */.I8)(failure.change.status)} ${context.names.label(failure.change)} · ${(0,format/* resourceLabel */.bP)(failure.change.resourceType)} ${(0,format/* statusWord */.Hm)(failure.change.status)} · was ${(0,format/* statusText */.qS)(failure.change.baselineStatus)}`
        : `- ${(0,format/* statusIcon */.I8)(failure.added.status)} ${context.names.label(failure.added)} · ${(0,format/* resourceLabel */.bP)(failure.added.resourceType)} ${(0,format/* statusWord */.Hm)(failure.added.status)} · not run on the base branch`)
        .join("\n"));
    if (limits.messages) {
        for (const failure of shown) {
            if (!("change" in failure) || !failure.change.message)
                continue;
            lines.push(`<details><summary>${context.names.htmlLabel(failure.change)}</summary>\n\n${(0,render_markdown/* excerptBlock */.DM)(failure.change.message, 8, 800, context)}\n\n</details>`);
        }
    }
    if (failures.length > limits.newFailures)
        lines.push(`_… and ${(0,format/* formatCount */.B4)(failures.length - limits.newFailures)} more._`);
    return lines.join("\n\n");
}
function changeList(title, changes, limit, context, collapsed = false) {
    // At the leanest levels the tally line already carries these counts.
    if (changes.length === 0 || limit === 0)
        return "";
    const items = changes.slice(0, limit).map((change) => {
        const was = change.label === "new" ? ` · was ${(0,format/* statusText */.qS)(change.baselineStatus)}` : "";
        return `- ${(0,format/* statusIcon */.I8)(change.status)} ${context.names.label(change)} · ${(0,format/* resourceLabel */.bP)(change.resourceType)} ${(0,format/* statusWord */.Hm)(change.status)}${was}`;
    });
    const body = [items.join("\n")];
    if (changes.length > limit)
        body.push(`_… and ${(0,format/* formatCount */.B4)(changes.length - limit)} more._`);
    return collapsed
        ? `<details><summary>${(0,render_escape/* escapeHtml */.ZD)(title)}</summary>\n\n${body.join("\n\n")}\n\n</details>`
        : [`#### ${title}`, ...body].join("\n\n");
}
function presenceDetails(title, nodes, limit, context) {
    if (nodes.length === 0)
        return "";
    const items = nodes
        .slice(0, limit)
        .map((n) => `- ${(0,format/* statusIcon */.I8)(n.status)} ${context.names.label(n)} · ${(0,format/* resourceLabel */.bP)(n.resourceType)} ${(0,format/* statusWord */.Hm)(n.status)}`);
    if (nodes.length > limit)
        items.push(`- … and ${(0,format/* formatCount */.B4)(nodes.length - limit)} more`);
    return `<details><summary>${(0,render_escape/* escapeHtml */.ZD)(title)}</summary>\n\n${items.join("\n")}\n\n</details>`;
}
/**
 * The top regressions by absolute slowdown, how many more there are and where they are listed
 * (at full detail in a collapsed list below the table), and one line on timing noise.
 */
function regressionSection(comparison, limits, context) {
    const rows = comparison.regressions;
    if (rows.length === 0 || limits.regressions === 0)
        return rows.length > 0 ? "" : noiseOnly(comparison);
    const parts = [
        `#### ⏱️ Slower than the base branch (${rows.length})`,
        regressionTable(rows.slice(0, limits.regressions), context),
    ];
    const rest = rows.slice(limits.regressions);
    if (rest.length > 0 && limits.allRegressions) {
        parts.push(`<details><summary>${(0,format/* plural */.LS)(rest.length, "more slower node")}</summary>\n\n${regressionTable(rest, context)}\n\n</details>`);
    }
    else {
        parts.push((0,render_markdown/* more */.OS)(rows.length, limits.regressions, "slower node", context));
    }
    parts.push(noiseLine(comparison));
    return parts.filter(Boolean).join("\n\n");
}
function regressionTable(rows, context) {
    return (0,table/* renderTable */.bo)([
        { heading: "Node" },
        { heading: "Type" },
        { heading: "Before", numeric: true },
        { heading: "After", numeric: true },
        { heading: "Change", numeric: true },
    ], rows.map((r) => [
        context.names.label(r),
        (0,table/* nowrap */.Ot)((0,format/* resourceLabel */.bP)(r.resourceType)),
        (0,format/* formatDuration */.a3)(r.beforeMs),
        (0,format/* formatDuration */.a3)(r.afterMs),
        `${(0,format/* formatDelta */.CW)(r.deltaMs)}&nbsp;(${(0,format/* formatPercent */.l9)(r.percent)})`,
    ]));
}
/** With no regression the reader still learns what counts as one and how noisy the timings were. */
function noiseOnly(comparison) {
    return comparison.counts.compared > 0 ? noiseLine(comparison) : "";
}
/**
 * "Timing noise: half of the 400 nodes compared changed by −8% to +12% (median +3%); slower means
 * over +50% and over +1.00s."
 */
function noiseLine(comparison) {
    return `<sub>⏱️ ${timingNoise(comparison)}</sub>`;
}
/** How much timings moved between the two runs and what counts as slower, as one plain sentence. */
function timingNoise(comparison) {
    const t = comparison.timingChange;
    const rule = `a node counts as slower past ${(0,format/* formatPercent */.l9)(comparison.regressionThresholdPercent)} and ${(0,format/* formatDelta */.CW)(comparison.minRegressionMs)}`;
    if (!t || t.nodes < 4)
        return `Timings vary from run to run; ${rule}.`;
    return `Timing noise: half of the ${(0,format/* plural */.LS)(t.nodes, "node")} timed in both runs changed by ${(0,format/* formatPercent */.l9)(t.p25Percent)} to ${(0,format/* formatPercent */.l9)(t.p75Percent)} (median ${(0,format/* formatPercent */.l9)(t.medianPercent)}); ${rule}.`;
}

// EXTERNAL MODULE: ./src/text/controls.ts
var controls = __nccwpck_require__(7453);
;// CONCATENATED MODULE: ./src/render/mermaid.ts
// Mermaid diagrams for the comment and summary: a flowchart of skip chains (root cause → skipped
// nodes) and a Gantt timeline of the slowest nodes. GitHub renders ```mermaid blocks in comments,
// check runs and job summaries.
//
// Node names come from telemetry and are untrusted. Nothing from them reaches the diagram text
// unencoded: node ids are generated (n0, n1, …), flowchart labels are quoted and every character
// outside a small safe set is written as a Mermaid entity code (#35; for #), so a name cannot close
// the quote, start a `%%` directive, a `click` callback, a `:::` class or HTML. Gantt task names have
// no entity decoding, so they are reduced to a safe character set instead.





/** Per markdown detail level: what each diagram may draw; null drops it. */
const FLOWCHART_BY_LEVEL = [
    { chains: 10, nodesPerChain: 12 },
    { chains: 10, nodesPerChain: 12 },
    { chains: 5, nodesPerChain: 6 },
    { chains: 3, nodesPerChain: 3 },
];
// No more bars than the slowest-nodes table lists at the same level (markdown.ts' LEVELS: 5 at level 2).
const TIMELINE_BY_LEVEL = [15, 15, 5];
const MAX_LABEL_CHARS = 80;
const MAX_TIMELINES = 3;
/**
 * The diagrams as extra Markdown sections: skip chains first, then the timeline. Each is drawn once
 * per level: every channel (comment, check run, summary, file) and every rendering of a level asks
 * again, and on a big build finding the slowest nodes for a timeline takes a pass over them all.
 */
function diagramSections(report) {
    const nodesById = nodesByIdOnce();
    return [
        oncePerLevel({
            render(level) {
                const limits = FLOWCHART_BY_LEVEL[level];
                if (!limits)
                    return "";
                const chart = renderSkipChainFlowchart(report, limits, nodesById);
                if (!chart)
                    return "";
                const skipped = report.invocations.reduce((sum, inv) => sum + inv.skipChains.reduce((n, chain) => n + chain.skipped.length, 0), 0);
                return collapsible(`🔗 Skip chains diagram (${(0,format/* plural */.LS)(skipped, "skipped node")})`, chart);
            },
        }),
        oncePerLevel({
            render(level) {
                const limit = TIMELINE_BY_LEVEL[level];
                if (!limit)
                    return "";
                // The latest invocations (a rerun after a fix is the one that matters), numbered as the
                // report numbers them when there are several.
                const many = report.invocations.length > 1;
                const drawnInvocations = report.invocations
                    .map((inv, i) => ({ inv, label: many ? `${i + 1}. ` : "" }))
                    .slice(-MAX_TIMELINES);
                const found = drawnInvocations.map(({ inv }) => timelineBars(inv, limit, nodesById));
                const timelines = found.map(({ bars }) => bars).filter((bars) => bars.length > 0);
                if (timelines.length === 0)
                    return "";
                const unreal = found.reduce((sum, { unreal }) => sum + unreal, 0);
                // Say what is drawn: as many bars as the report lists slowest nodes that ran, not the level's cap.
                const drawn = timelines.map((bars) => bars.length);
                const summary = timelines.length === 1
                    ? `⏱️ Timeline of the ${(0,format/* plural */.LS)(drawn[0], "slowest node")}`
                    : `⏱️ Timelines of the slowest nodes (${drawn.join(", ")} in ${timelines.length} invocations)`;
                return collapsible(summary, drawnInvocations
                    .map(({ inv, label }) => renderTimelineGantt(inv, limit, label, nodesById))
                    .filter(Boolean)
                    .map((chart) => (0,render_escape/* generatedBlock */.dR)(chart, "mermaid"))
                    .concat(`<sub>Each bar runs from the node's first phase start to its last phase end.${notDrawn(unreal)}</sub>`)
                    .join("\n\n"), true);
            },
        }),
    ];
}
/** Each invocation's nodes by unique id, the map made the first time it is asked for. */
function nodesByIdOnce() {
    const made = new Map();
    return (inv) => {
        let nodes = made.get(inv);
        if (!nodes)
            made.set(inv, (nodes = new Map(inv.nodes.map((n) => [n.uniqueId, n]))));
        return nodes;
    };
}
/** The section with each level's text made once (the diagrams depend on the report and the level only). */
function oncePerLevel(section) {
    const made = new Map();
    return {
        render(level) {
            let text = made.get(level);
            if (text === undefined)
                made.set(level, (text = section.render(level)));
            return text;
        },
    };
}
function collapsible(summary, body, bodyIsMarkdown = false) {
    const content = bodyIsMarkdown ? body : (0,render_escape/* generatedBlock */.dR)(body, "mermaid");
    return `<details><summary>${(0,render_escape/* escapeHtml */.ZD)(summary)}</summary>\n\n${content}\n\n</details>`;
}
/** Mermaid flowchart text, or "" when no invocation has skip chains. */
function renderSkipChainFlowchart(report, limits, nodesById = nodesByIdOnce()) {
    const lines = ["flowchart LR"];
    const classes = new Map();
    let next = 0;
    const newId = (cls) => {
        const id = `n${next++}`;
        classes.set(cls, [...(classes.get(cls) ?? []), id]);
        return id;
    };
    let drawn = 0;
    let left = 0;
    for (const inv of report.invocations) {
        const nodes = nodesById(inv);
        for (const chain of inv.skipChains) {
            if (drawn >= limits.chains) {
                left++;
                continue;
            }
            drawn++;
            const root = nodes.get(chain.rootId);
            const rootId = newId(root ? statusClass(root.status) : "missing");
            const rootLabel = root
                ? `${(0,format/* statusIcon */.I8)(root.status)} ${nodeLabel(root.uniqueId, root.resourceType, root.name)}`
                : `❔ ${chain.rootId} (not in this run)`;
            lines.push(`  ${rootId}["${mermaidLabel(rootLabel)}"]`);
            const ids = new Map([[chain.rootId, rootId]]);
            const shown = chain.skipped.slice(0, limits.nodesPerChain);
            for (const entry of shown) {
                // A cycle (hostile data) ends at a skipped node, listed as skipped too: it keeps its one box.
                if (entry.uniqueId === chain.rootId)
                    continue;
                const node = nodes.get(entry.uniqueId);
                const id = newId("skipped");
                ids.set(entry.uniqueId, id);
                const text = node ? nodeLabel(node.uniqueId, node.resourceType, node.name) : entry.uniqueId;
                lines.push(`  ${id}["${mermaidLabel(`⏭️ ${text}`)}"]`);
            }
            // Edges after all boxes, so a node whose `via` is listed later still hangs off it.
            for (const entry of shown) {
                const id = ids.get(entry.uniqueId);
                const via = ids.get(entry.via) ?? rootId;
                // A node skipped because of itself (hostile data) hangs off the root, or off nothing if it is the root.
                const from = via === id ? rootId : via;
                if (from !== id)
                    lines.push(`  ${from} --> ${id}`);
            }
            const rest = chain.skipped.length - shown.length;
            if (rest > 0) {
                const id = newId("more");
                lines.push(`  ${id}["${mermaidLabel(`… and ${(0,format/* plural */.LS)(rest, "more skipped node")}`)}"]`);
                lines.push(`  ${rootId} -.-> ${id}`);
            }
        }
    }
    if (drawn === 0)
        return "";
    if (left > 0) {
        const id = newId("more");
        lines.push(`  ${id}["${mermaidLabel(`… and ${(0,format/* plural */.LS)(left, "more root cause")}`)}"]`);
    }
    for (const [cls, style] of Object.entries(CLASS_STYLES)) {
        const members = classes.get(cls);
        if (!members)
            continue;
        lines.push(`  classDef ${cls} ${style}`);
        lines.push(`  class ${members.join(",")} ${cls}`);
    }
    return lines.join("\n");
}
const CLASS_STYLES = {
    failed: "fill:#ffebe9,stroke:#cf222e",
    other: "fill:#fff8c5,stroke:#9a6700",
    missing: "fill:#f6f8fa,stroke:#6e7781,stroke-dasharray:3 3",
    skipped: "fill:#f6f8fa,stroke:#6e7781",
    more: "fill:#ffffff,stroke:#d0d7de,stroke-dasharray:3 3",
};
function statusClass(status) {
    return (0,status_table/* isFailure */.N6)(status) ? "failed" : "other";
}
function nodeLabel(uniqueId, type, name) {
    return `${(0,format/* resourceLabel */.bP)(type)} ${name || uniqueId}`;
}
/**
 * Text for inside a quoted flowchart label. Letters (any script), digits, spaces and a few
 * punctuation marks pass; everything else (quotes, brackets, #, %, ;, :, <, >, &, `, |, …) becomes an
 * entity code, which Mermaid shows as the character and never parses as syntax or markup.
 */
function mermaidLabel(text) {
    const clean = clip(stripInvisible(text));
    let out = "";
    for (const ch of clean) {
        out += /^[\p{L}\p{N} _.,\-/()…]$/u.test(ch) || isPictograph(ch) ? ch : `#${ch.codePointAt(0)};`;
    }
    return out;
}
/**
 * Gantt task names are not entity-decoded: keep a safe character set and drop the rest. Combining
 * marks are part of the letter before them (Thai vowels, Devanagari signs, decomposed accents), and
 * stripInvisible has cut their piles.
 */
function ganttTaskName(text) {
    const clean = clip(stripInvisible(text))
        .replace(/[^\p{L}\p{M}\p{N} _.\-/()]/gu, "_")
        .replace(/\s+/g, " ")
        .trim();
    return clean || "node";
}
function isPictograph(ch) {
    return /\p{Extended_Pictographic}|\uFE0F/u.test(ch);
}
/**
 * Line breaks become spaces; control characters and bidi overrides (which can disguise a label) are
 * shown as escapes (`\x1b`, `\u202E`), like everywhere else; zero-width characters become spaces.
 */
function stripInvisible(text) {
    return (0,controls/* showControls */.mz)(text, "space").replace(/[\u200B-\u200D\u2060]/g, " ");
}
function clip(text) {
    const chars = [...text];
    return chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join("")}…` : text;
}
/**
 * What tells the charts of several invocations apart: the command (with its selector) and its start.
 * A start that is no real time (never set, 1970; year 9999) is left out, as a missing one is, rather
 * than read as 00.00 or 23.59: the command and the chart's number still tell the charts apart.
 */
function timelineTitle(inv) {
    const command = inv.rawCommand ?? `dbt ${inv.command ?? "invocation"}`;
    const started = /T(\d{2}):(\d{2})/.exec((0,implausible_times/* realTime */.M9)(inv.startedAt) ?? "");
    return started ? `${command} at ${started[1]}.${started[2]} UTC` : command;
}
/** The timeline's note on slow nodes left out for their times. */
function notDrawn(unreal) {
    if (unreal === 0)
        return "";
    return ` Not drawn: ${(0,format/* plural */.LS)(unreal, "slow node")} whose times cannot be right (see the warnings).`;
}
/**
 * The invocation's slowest nodes as the report lists them (so `--slowest` decides, and 0 draws
 * nothing), at most `limit`, leaving out nodes that did not run (a skipped node is not slow) and
 * nodes without both timestamps; and how many were left out for a span that cannot be right.
 */
function timelineBars(inv, limit, nodesById) {
    const nodes = nodesById(inv);
    const bars = [];
    let unreal = 0;
    for (const slow of inv.slowest.byProcessing) {
        if (bars.length >= limit)
            break;
        const node = nodes.get(slow.uniqueId);
        if (!node || status_table/* STATUS */.XQ[node.status].ran === "no")
            continue;
        const start = Date.parse(node.timing.startedAt ?? "");
        const end = Date.parse(node.timing.completedAt ?? "");
        if (!Number.isFinite(start) || !Number.isFinite(end))
            continue;
        // The model gives no lifetime to a span its invocation cannot hold (implausible-times.ts): a
        // start never set would stretch the axis over 56 years and leave every other bar a sliver.
        if (end < start || node.timing.lifetimeMs === null) {
            unreal++;
            continue;
        }
        bars.push({ node, start, end });
    }
    return { bars, unreal };
}
/**
 * Mermaid Gantt of the invocation's slowest nodes (by processing time), each bar from the node's
 * first phase start to its last phase end (so waiting on upstream nodes shows), in wall-clock
 * time. Failed nodes are marked `crit`. "" when no slow node has both timestamps.
 */
function renderTimelineGantt(inv, limit, label = "", nodesById = nodesByIdOnce()) {
    const { bars } = timelineBars(inv, limit, nodesById);
    if (bars.length === 0)
        return "";
    bars.sort((a, b) => a.start - b.start || a.end - b.end);
    const lines = [
        "gantt",
        // Short enough for the label limit: a long selector must not push out what the chart is.
        `  title ${ganttTaskName(`Slowest nodes of ${label}${timelineTitle(inv)}`)}`,
        "  dateFormat x",
        "  axisFormat %H:%M:%S",
    ];
    const byType = new Map();
    for (const bar of bars)
        byType.set(bar.node.resourceType, [...(byType.get(bar.node.resourceType) ?? []), bar]);
    for (const [type, group] of byType) {
        lines.push(`  section ${ganttTaskName((0,format/* resourceLabel */.bP)(type))}`);
        for (const { node, start, end } of group) {
            // Resource-type prefix: a task name can then never begin with a Gantt keyword (section, click…).
            const name = ganttTaskName(`${(0,format/* resourceLabel */.bP)(node.resourceType)} ${node.name || node.uniqueId}`);
            const crit = (0,status_table/* isFailure */.N6)(node.status) ? "crit, " : "";
            lines.push(`  ${name} : ${crit}${start}, ${Math.max(end, start + 1)}`);
        }
    }
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./src/render/extra-sections.ts


function extraSections(report, options) {
    return [
        ...(report.baseline ? [baselineSection(report.baseline)] : []),
        ...(options.diagrams ? diagramSections(report) : []),
    ];
}

// EXTERNAL MODULE: ./src/text/truncate.ts
var truncate = __nccwpck_require__(3377);
// EXTERNAL MODULE: ./src/render/errors-by-impact.ts + 1 modules
var errors_by_impact = __nccwpck_require__(469);
// EXTERNAL MODULE: ./src/render/invocations.ts
var invocations = __nccwpck_require__(7215);
// EXTERNAL MODULE: ./src/text/columns.ts
var columns = __nccwpck_require__(8528);
// EXTERNAL MODULE: ./src/text/wrap-lines.ts
var wrap_lines = __nccwpck_require__(1625);
;// CONCATENATED MODULE: ./src/render/terminal-style.ts
// How the terminal report marks things: SGR colour and weight when the terminal wants colour, plain
// text otherwise. These are the only escape sequences the report writes; everything from telemetry
// has its controls shown as text (showControls), so none of its bytes can act on the terminal.
/** Each style with the code that starts it and the one that ends only it (so styles can nest). */
const SGR = {
    bold: [1, 22],
    dim: [2, 22],
    red: [31, 39],
    green: [32, 39],
    yellow: [33, 39],
    cyan: [36, 39],
};
/** Every sequence `terminalStyle(true)` may write: what a test allows in the output and nothing else. */
const OWN_SEQUENCES = new RegExp(`\\u001b\\[(?:${[...new Set(Object.values(SGR).flat())].join("|")})m`, "g");
function terminalStyle(colour) {
    // Each line styled on its own: a pager or a log viewer that shows one line may not see the others.
    const make = ([on, off]) => colour
        ? (text) => text
            .split("\n")
            .map((line) => (line ? `\u001b[${on}m${line}\u001b[${off}m` : line))
            .join("\n")
        : (text) => text;
    return Object.fromEntries(Object.entries(SGR).map(([name, codes]) => [name, make(codes)]));
}
/** The FORCE_COLOR values that turn colour on, as Node reads them; any other value turns it off. */
const FORCE_COLOR_ON = new Set(["", "1", "2", "3", "true"]);
/**
 * Whether the terminal report is coloured, by the conventions terminal programs share (Node's own
 * reading, https://nodejs.org/api/cli.html#force_color1-2-3): FORCE_COLOR, when set, decides and
 * wins over the rest; else a non-empty NO_COLOR (https://no-color.org) or TERM=dumb turns colour
 * off; else there is colour when stdout is a terminal.
 */
function wantsColour(env, stdoutIsTty) {
    const force = env.FORCE_COLOR;
    if (force !== undefined)
        return FORCE_COLOR_ON.has(force);
    if (env.NO_COLOR)
        return false;
    if (env.TERM === "dumb")
        return false;
    return stdoutIsTty;
}

;// CONCATENATED MODULE: ./src/render/terminal-text.ts
// Building blocks of the terminal report: untrusted text made inert, node names, section headings,
// facts packed to the width, and message excerpts in an indented gutter.







/**
 * Narrow glyphs for the terminal (the comment's emoji take two columns in most terminals and one in
 * some), with the colour of each headline count. Keyed by the status table's headline cells, so a
 * new cell does not compile until it has one.
 */
const CELL_MARK = {
    passed: { glyph: "✔", colour: "green" },
    errors: { glyph: "✖", colour: "red" },
    failedTests: { glyph: "✖", colour: "red" },
    warned: { glyph: "⚠", colour: "yellow" },
    skipped: { glyph: "↷", colour: "yellow" },
    reused: { glyph: "♻", colour: "cyan" },
    noOp: { glyph: "–", colour: null },
    canceled: { glyph: "⊘", colour: "yellow" },
    unfinished: { glyph: "?", colour: "yellow" },
};
/**
 * Untrusted text on one line: every control character, bidi override and line break shown as an
 * escape or a space (showControls), and tabs as a space, so nothing but our own styles acts on the
 * terminal or moves the cursor. As long as the comment shows it (MAX_INLINE_CHARS): an id of 60 MB
 * named in a dozen places would otherwise print the better part of a gigabyte.
 */
function inert(text) {
    return (0,controls/* showControls */.mz)((0,truncate/* truncateChars */.UT)(text, render_escape/* MAX_INLINE_CHARS */.p0), "space").replace(/\t/g, " ");
}
/** Untrusted text over several lines: line breaks of every kind become `\n`, tabs are expanded. */
function inertLines(text) {
    return (0,controls/* showControls */.mz)(text, "keep")
        .split("\n")
        .map((line) => expandTabs(line))
        .join("\n");
}
/** Tabs to the next stop, counted in columns (a CJK character before a tab takes two). */
function expandTabs(line, stop = 8) {
    if (!line.includes("\t"))
        return line;
    const [first = "", ...rest] = line.split("\t");
    let out = first;
    let column = (0,columns/* columns */.YB)(first);
    for (const piece of rest) {
        const pad = stop - (column % stop);
        out += " ".repeat(pad) + piece;
        column += pad + (0,columns/* columns */.YB)(piece);
    }
    return out;
}
function paint(pen, colour, text) {
    return colour ? pen.style[colour](text) : text;
}
/** The status's glyph in its colour; `?` for a value that is not a status (a hostile baseline report). */
function statusMark(pen, status) {
    const row = (0,status_table/* statusRow */.jf)(status);
    if (!row)
        return "?";
    const mark = CELL_MARK[row.headline];
    return paint(pen, mark.colour, mark.glyph);
}
/** The status's word ("error", "phase-skipped"); an unknown value shown inert. */
function statusWord(status) {
    return (0,status_table/* statusRow */.jf)(status)?.label ?? inert(status);
}
/**
 * A node as one copyable token, its full unique id, with the readable name in bold where the id
 * holds it (`model.shop.` `orders`); a node whose name is not part of its id (generic tests with a
 * hashed id) shows the name, then the id.
 */
function nodeName(pen, node) {
    const { bold, dim } = pen.style;
    const id = inertName(node.uniqueId);
    const name = node.name ? inertName(node.name) : "";
    if (!name || name === id)
        return bold(id);
    const at = id.lastIndexOf(`.${name}`);
    const end = at + 1 + name.length;
    if (at >= 0 && (end === id.length || id[end] === ".")) {
        return `${dim(id.slice(0, at + 1))}${bold(name)}${dim(id.slice(end))}`;
    }
    return `${bold(name)} ${dim(`(${id})`)}`;
}
/**
 * A node's name or id on one line, with its invisible characters shown (text/controls.ts): two nodes
 * whose names draw alike are told apart, wherever a name is listed.
 */
function inertName(text) {
    return inert((0,controls/* showInvisible */.jQ)(text));
}
/**
 * One node on a line: its status mark, its name and a few facts (dimmed); the facts go on the next
 * line when the name leaves no room for them.
 */
function entry(pen, status, node, facts) {
    const head = `${statusMark(pen, status)} ${nodeName(pen, node)}`;
    const line = `${head} ${pen.style.dim(`· ${facts}`)}`;
    return visibleLength(line) <= pen.width
        ? line
        : `${head}\n  ${pen.style.dim(packFacts(facts.split(" · "), pen.width - 2, "  "))}`;
}
/** `── Errors (1) ─────…` across the width, so sections stand apart without colour too. */
function heading(pen, title, rule = "─") {
    const lead = `${rule}${rule} `;
    const room = pen.width - visibleLength(lead) - visibleLength(title) - 1;
    return `${pen.style.bold(`${lead}${title}`)} ${rule.repeat(Math.max(2, room))}`;
}
/**
 * Facts joined by ` · `, broken into lines of at most `width` columns (never inside a fact), each
 * line after the first starting with `indent`.
 */
function packFacts(facts, width, indent = "") {
    return packWords(facts, width, " · ", indent);
}
/** Items joined with `, ` (the comma kept where a line wraps), as many to a line as fit, each line indented. */
function packList(items, width, indent) {
    const last = items.length - 1;
    return packWords(items.map((item, i) => `${i === 0 ? indent : ""}${item}${i < last ? "," : ""}`), width, " ", indent);
}
function packWords(words, width, separator, indent = "") {
    const lines = [];
    let line = "";
    for (const fact of words) {
        const joined = line ? `${line}${separator}${fact}` : fact;
        if (line && visibleLength(joined) > width) {
            lines.push(line);
            line = `${indent}${fact}`;
        }
        else {
            line = joined;
        }
    }
    if (line)
        lines.push(line);
    return lines.join("\n");
}
/** Prose (ours, already inert) broken between words into lines of at most `width` columns. */
function wrapWords(text, width) {
    return packWords(text.split(" "), width, " ");
}
/**
 * Columns a line takes on the terminal, not counting our style sequences (every other escape is
 * already text): a CJK character or an emoji takes two, combining marks none (text/columns.ts).
 */
function visibleLength(text) {
    return (0,columns/* columns */.YB)(text.includes("\u001b") ? text.replace(OWN_SEQUENCES, "") : text);
}
/**
 * A message's first lines in a gutter (`  │ `), wrapped to the width with `↪ ` continuation lines,
 * as the comment's code blocks are.
 */
function excerptGutter(pen, text, limits, indent = "  ") {
    const gutter = `${indent}${pen.style.dim("│")} `;
    const room = Math.max(20, pen.width - indent.length - 2);
    const lines = (0,wrap_lines/* wrapLines */.M)(inertLines((0,render_escape/* excerpt */.Kb)(text, limits.lines, limits.chars)), room).split("\n");
    return lines.map((line) => `${gutter}${line}`.trimEnd()).join("\n");
}
/** Right-aligned to `size` columns. */
function padStart(text, size) {
    return " ".repeat(Math.max(0, size - visibleLength(text))) + text;
}

;// CONCATENATED MODULE: ./src/render/terminal-baseline.ts
// "Compared with the base branch" for the terminal: the comment's tally and lists (new failures
// first; fixed; still failing; new warnings; the largest slowdowns and how noisy the timings are)
// as plain text.




const LIMITS = { newFailures: 100, other: 20, regressions: 10 };
function renderTerminalBaseline(comparison, pen, fullReportHint) {
    const c = comparison.counts;
    const blocks = [
        [heading(pen, "Compared with the base branch"), terminal_baseline_tally(comparison, pen), terminal_baseline_about(comparison, pen)].join("\n"),
    ];
    const byLabel = (list, label) => list.filter((change) => change.label === label);
    const fresh = [
        ...byLabel(comparison.failures, "new"),
        ...comparison.added.filter((n) => (0,status_table/* isFailure */.N6)(n.status)),
    ];
    if (fresh.length > 0) {
        // Each one's message is in the errors and failed tests below: said once in a terminal.
        const items = fresh.slice(0, LIMITS.newFailures).map((node) => {
            const was = "label" in node ? `was ${statusWord(node.baselineStatus)}` : "not run on the base branch";
            return entry(pen, node.status, node, `${(0,format/* resourceLabel */.bP)(node.resourceType)} ${statusWord(node.status)} · ${was}`);
        });
        if (fresh.length > LIMITS.newFailures)
            items.push(`… and ${(0,format/* formatCount */.B4)(fresh.length - LIMITS.newFailures)} more.`);
        blocks.push([pen.style.red(pen.style.bold(`New failures (${fresh.length})`)), ...items].join("\n"));
    }
    blocks.push(terminal_baseline_changeList(`Fixed (${c.fixedFailures})`, byLabel(comparison.failures, "fixed"), pen));
    blocks.push(terminal_baseline_changeList(`Still failing (${c.stillFailing})`, byLabel(comparison.failures, "still-failing"), pen));
    blocks.push(terminal_baseline_changeList(`New warnings (${c.newWarnings})`, byLabel(comparison.warnings, "new"), pen));
    blocks.push(regressions(comparison, pen, fullReportHint));
    if (c.compared > 0)
        blocks.push(pen.style.dim(wrapWords(timingNoise(comparison), pen.width)));
    return blocks.filter(Boolean).join("\n\n");
}
/** "2 new failures, 1 fixed, still failing 3, 1 regression", as the comment's tally. */
function terminal_baseline_tally(comparison, pen) {
    const c = comparison.counts;
    const fresh = c.newFailures + c.addedFailing;
    const notRun = c.addedFailing > 0 ? ` (${c.addedFailing} not run on the base branch)` : "";
    const items = [
        fresh > 0 ? pen.style.red(pen.style.bold(`${(0,format/* plural */.LS)(fresh, "new failure")}${notRun}`)) : "0 new failures",
        `${c.fixedFailures} fixed`,
        `still failing ${c.stillFailing}`,
        (0,format/* plural */.LS)(c.regressions, "regression"),
    ];
    if (c.newWarnings > 0)
        items.push((0,format/* plural */.LS)(c.newWarnings, "new warning"));
    return packFacts(items, pen.width);
}
function terminal_baseline_about(comparison, pen) {
    const b = comparison.baseline;
    const c = comparison.counts;
    const facts = [
        // From the baseline file, which may hold anything: inert cuts them as the comment does.
        b.source ? `baseline ${inert(b.source)}` : "baseline",
        baselineStart(b.startedAt, inert),
        `${(0,format/* plural */.LS)(c.compared, "node")} compared`,
        c.added > 0 ? `${c.added} only in this run` : null,
        c.removed > 0 ? `${c.removed} only in the baseline` : null,
    ].filter((fact) => fact !== null);
    return pen.style.dim(packFacts(facts, pen.width));
}
function terminal_baseline_changeList(title, changes, pen) {
    if (changes.length === 0)
        return "";
    const items = changes.slice(0, LIMITS.other).map((change) => {
        const was = change.label === "new" ? ` · was ${statusWord(change.baselineStatus)}` : "";
        return entry(pen, change.status, change, `${(0,format/* resourceLabel */.bP)(change.resourceType)} ${statusWord(change.status)}${was}`);
    });
    if (changes.length > LIMITS.other)
        items.push(`… and ${(0,format/* formatCount */.B4)(changes.length - LIMITS.other)} more.`);
    return [pen.style.bold(title), ...items].join("\n");
}
/** The largest slowdowns: before, after and change in fixed columns, the node last. */
function regressions(comparison, pen, fullReportHint) {
    const rows = comparison.regressions;
    if (rows.length === 0)
        return "";
    const shown = rows.slice(0, LIMITS.regressions);
    const titles = ["before", "after", "change"];
    const cells = shown.map((r) => [
        (0,format/* formatDuration */.a3)(r.beforeMs),
        (0,format/* formatDuration */.a3)(r.afterMs),
        `${(0,format/* formatDelta */.CW)(r.deltaMs)} (${(0,format/* formatPercent */.l9)(r.percent)})`,
    ]);
    const widths = titles.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
    const line = (values) => values.map((v, i) => padStart(v, widths[i])).join("  ");
    const lines = [
        pen.style.bold(`Slower than the base branch (${rows.length})`),
        pen.style.dim(`${line(titles)}  node`),
        ...shown.map((r, i) => `${line(cells[i])}  ${nodeName(pen, r)}`),
    ];
    if (rows.length > shown.length) {
        lines.push(wrapWords(`… and ${(0,format/* plural */.LS)(rows.length - shown.length, "more slower node")}, listed in ${fullReportHint}.`, pen.width));
    }
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./src/render/terminal.ts
// The report for a terminal: the same model and sections as the comment, in the comment's order
// (headline and counts, the baseline comparison, then per invocation: errors with their messages,
// failed tests with their failing rows, skip chains, warnings, nodes that did not complete, the
// slowest nodes), as plain text that fits the terminal's width. No Markdown and no HTML: a node is
// its unique id (the readable name in bold), counts and facts are packed to the width, messages sit
// in a gutter. Colour only when asked for; every string from telemetry is shown inert.








/**
 * How much each section lists before it points to the full report: a terminal is read, not searched.
 * A build where an outage failed 3,000 tests printed 9,000 lines, and the headline and the root cause
 * scrolled away. With these a report no longer grows with the build: every list full and every
 * message and diff at its longest make some 1,400 lines (the errors 560, the failed tests 430), a real
 * failing build a few hundred, and a long one ends on its headline again (recapAfterLines).
 */
const TERMINAL_LIMITS = {
    excerptLines: 20,
    excerptChars: 3000,
    /** A unit test's diff, as the Markdown shows it. */
    diffLines: format/* DIFF_EXCERPT */.Ub.lines,
    diffChars: format/* DIFF_EXCERPT */.Ub.chars,
    /**
     * Lines of unit-test diffs in an invocation, all together: 50 failed unit tests with a diff of 60
     * lines each printed 3,000. Diffs are shown in order until these are spent (the last may run over
     * by one diff, so the first always shows); each test after says its diff was left out. That is
     * some 25 diffs of the usual eight lines, or three of the longest.
     */
    diffLinesInAll: 200,
    /**
     * Distinct errors, each with its message: 20 lines of SQL wrapped at 80 columns make an error 45
     * lines, so ten fill at most about 450. They come by impact: those left out held back the fewest.
     */
    errors: 10,
    /** The other nodes named under one error: ten show how far it reached, as a skip group's ten do. */
    sameErrorNodes: 10,
    /**
     * A failed test is two lines, as a warned one, with its diff while diffLinesInAll lasts: as many as
     * the warnings, which come after them.
     */
    failedTests: 50,
    /** Root causes, largest first: one for each error listed, so each can be followed to what it held back. */
    chains: 10,
    chainNodes: 10,
    warnings: 50,
    notCompleted: 50,
    /**
     * A report longer than three screens of 50 lines ends on its headline again, as dbt, pytest and
     * eslint end on their summary: the top has scrolled away. Shorter ones (all real builds we have
     * are) do not repeat it.
     */
    recapAfterLines: 150,
};
/** Narrower than this, nothing lines up; wider, lines are too long to read (long ids still run on). */
const MIN_WIDTH = 40;
const MAX_WIDTH = 120;
function renderTerminal(report, options) {
    const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, options.width));
    const pen = { style: terminalStyle(options.colour), width };
    const headline = renderHeadline(report, options, pen);
    const blocks = [headline.join("\n")];
    if (report.passedOnRetry?.length)
        blocks.push(renderPassedOnRetry(report.passedOnRetry, pen, options));
    if (report.baseline)
        blocks.push(renderTerminalBaseline(report.baseline, pen, options.fullReportHint));
    const many = report.invocations.length > 1;
    // Facts the headline already says for every invocation are not repeated under each.
    const omit = {
        version: many && (0,invocations/* sharedValue */.Fm)(report, (inv) => inv.dbtVersion) !== null,
        target: many && (0,invocations/* sharedValue */.Fm)(report, (inv) => inv.target) !== null,
    };
    report.invocations.forEach((inv, i) => {
        blocks.push(...renderInvocation(inv, many ? i + 1 : null, pen, options, omit));
    });
    if (report.invocations.length === 0)
        blocks.push("No dbt invocation was found in the telemetry.");
    if (report.invocations.some((inv) => inv.slowest.byProcessing.length > 0))
        blocks.push(timingsLegend(pen));
    const nodes = report.counts.total;
    if (nodes > 0) {
        blocks.push(pen.style.dim(wrapWords(`The full list of ${(0,format/* plural */.LS)(nodes, "node")}, with statuses and timings, is in ${options.fullReportHint}.`, pen.width)));
    }
    const text = blocks.filter(Boolean).join("\n\n");
    if (text.split("\n").length <= TERMINAL_LIMITS.recapAfterLines)
        return `${text}\n`;
    // The conclusion and the counts, not the facts: those are at the top, and not what is looked for.
    return `${text}\n\n${headline.slice(0, 2).join("\n")}\n`;
}
/** The conclusion, the counts and the facts the invocations share, a line each (the facts may wrap). */
function renderHeadline(report, options, pen) {
    const { bold, red, yellow, green } = pen.style;
    const mark = report.conclusion === "failure" ? red("✖") : report.conclusion === "neutral" ? yellow("⚠") : green("✔");
    const lines = [`${mark} ${bold(`${inert(options.title)}: ${inert(report.conclusionReason)}`)}`];
    lines.push(countLine(report.counts, pen, (0,status_table/* anyOutcomeNotUnderstood */.tM)(report.invocations)));
    const facts = report.invocations.length === 1
        ? invocationFacts(report.invocations[0])
        : (0,invocations/* sharedFacts */.TA)(report, { text: inert, code: inert });
    if (facts.length > 0)
        lines.push(pen.style.dim(packFacts(facts, pen.width)));
    return lines;
}
/** Flaky nodes are worth seeing: they passed this time, and the headline counts them as passes. */
function renderPassedOnRetry(passed, pen, options) {
    const lines = [
        pen.style.yellow(heading(pen, `${(0,format/* plural */.LS)(passed.length, "node")} failed, then passed on dbt retry`)),
        ...passed.slice(0, format/* PASSED_ON_RETRY_SHOWN */.Sw).map((node) => `  ${nodeName(pen, node)}`),
    ];
    if (passed.length > format/* PASSED_ON_RETRY_SHOWN */.Sw) {
        lines.push(more(passed.length - format/* PASSED_ON_RETRY_SHOWN */.Sw, "node", options, pen));
    }
    return lines.join("\n");
}
/** "48 nodes: ✔ 42 passed · ✖ 1 error · ↷ 4 skipped", packed to the width. */
function countLine(counts, pen, outcomesNotUnderstood) {
    const cells = (0,status_table/* headlineCounts */.Bi)(counts);
    const items = status_table/* HEADLINE_CELLS */.ji.filter((cell) => cell.alwaysShown || cells[cell.key] > 0).map((cell) => {
        const n = cells[cell.key];
        const mark = CELL_MARK[cell.key];
        const { one, many } = (0,status_table/* headlineWords */.yl)(cell, outcomesNotUnderstood);
        const text = `${mark.glyph} ${(0,format/* formatCount */.B4)(n)} ${n === 1 ? one : many}`;
        return mark.colour && n > 0 ? pen.style[mark.colour](text) : text;
    });
    const total = `${(0,format/* formatCount */.B4)(counts.total)} ${counts.total === 1 ? "node" : "nodes"}:`;
    return packFacts([`${total} ${items[0] ?? ""}`, ...items.slice(1)], pen.width, "  ");
}
function invocationFacts(inv, omit = {}) {
    const command = (0,invocations/* commandOf */.Nl)(inv);
    return [
        command ? inert(command) : null,
        !omit.version && inv.dbtVersion ? `dbt ${inert(inv.dbtVersion)}` : null,
        !omit.target && inv.target ? `target ${inert(inv.target)}` : null,
        inv.durationMs !== null ? (0,format/* formatDuration */.a3)(inv.durationMs) : null,
        inv.state === "incomplete" ? "did not finish" : null,
        inv.statusMessage ? inert(inv.statusMessage) : null,
        `invocation ${inert(inv.invocationId)}`,
        inv.source.step?.url ? `run ${inert(inv.source.step.url)}` : null,
    ].filter((fact) => fact !== null);
}
function renderInvocation(inv, index, pen, options, omit) {
    const blocks = [];
    if (index !== null || inv.source.step)
        blocks.push(invocationHeader(inv, index, pen, omit));
    blocks.push(renderErrors(inv, pen, options));
    // Failed tests spend it first, then warned ones: the diffs that failed the build come first.
    const diffs = new DiffBudget();
    blocks.push(renderFailedTests(inv, pen, options, diffs));
    blocks.push(renderSkipChains(inv, pen, options));
    blocks.push(renderWarnings(inv, pen, options, diffs));
    blocks.push(renderNotCompleted(inv, pen, options));
    blocks.push(renderSlowest(inv, pen));
    return blocks.filter(Boolean);
}
/** `══ 2. dbt build --select orders · 2026-02-26 02:33 UTC ══…`, its counts and facts. */
function invocationHeader(inv, index, pen, omit) {
    const step = inv.source.step;
    const title = step
        ? `Step ${step.index}: ${inert(step.name)}`
        : `${index ?? 1}. ${inert((0,invocations/* commandOf */.Nl)(inv) ?? "dbt")}`;
    const lines = [heading(pen, `${title} · ${(0,invocations/* startTime */.Sv)(inv, inert)}`, "═")];
    if (index !== null) {
        lines.push(countLine(inv.counts, pen, (0,status_table/* anyOutcomeNotUnderstood */.tM)([inv])));
        const facts = invocationFacts(inv, omit).slice((0,invocations/* commandOf */.Nl)(inv) ? 1 : 0);
        lines.push(pen.style.dim(packFacts(facts, pen.width)));
    }
    return lines.join("\n");
}
function where(location) {
    if (!location)
        return null;
    return inert(location.line ? `${location.path}:${location.line}` : location.path);
}
function renderErrors(inv, pen, options) {
    const groups = (0,errors_by_impact/* errorGroupsByImpact */.c2)(inv);
    const errors = groups.reduce((sum, group) => sum + group.length, 0);
    const total = errors + inv.runErrors.length;
    if (total === 0)
        return "";
    const held = (0,errors_by_impact/* heldDownstream */.MI)(inv);
    const blocks = [pen.style.red(heading(pen, `Errors (${(0,format/* formatCount */.B4)(total)})`))];
    const shown = groups.slice(0, TERMINAL_LIMITS.errors);
    // The same errors named nowhere here: said apart from the errors not shown at all.
    let unnamedSame = 0;
    for (const [node, ...same] of shown) {
        if (!node)
            continue;
        const facts = [
            (0,format/* resourceLabel */.bP)(node.resourceType),
            node.errorType ? `${node.errorType} error` : null,
            node.freshness ? (0,format/* freshnessFact */.CT)(inert(node.freshness.outcome), node.freshness.ageSeconds) : null,
            node.lastPhase ? `in ${inert(node.lastPhase)} phase` : null,
            where(node.location),
            held(node) > 0 ? `${(0,format/* plural */.LS)(held(node), "node")} skipped downstream` : null,
            // History: the headline counts its result in the retry instead.
            node.supersededBy !== undefined ? format/* RUN_AGAIN */.Bs.text : null,
        ].filter((fact) => fact !== null);
        const lines = [
            `${statusMark(pen, node.status)} ${nodeName(pen, node)}`,
            `  ${packFacts(facts, pen.width - 2, "  ")}`,
        ];
        const text = node.message ?? (node.freshness ? null : "The engine reported an error but no message.");
        if (text)
            lines.push(excerptGutter(pen, text, excerptLimits()));
        if (same.length > 0) {
            const heldBySame = same.reduce((n, other) => n + held(other), 0);
            const skipped = heldBySame > 0 ? ` (${(0,format/* plural */.LS)(heldBySame, "node")} skipped downstream of them)` : "";
            const listed = sameInManyNodes(pen, "error", same, skipped);
            unnamedSame += listed.unnamed;
            lines.push(...listed.lines);
        }
        blocks.push(lines.join("\n"));
    }
    const runErrors = inv.runErrors.slice(0, Math.max(0, TERMINAL_LIMITS.errors - shown.length));
    for (const log of runErrors) {
        const facts = [log.code !== undefined ? `code ${log.code}` : null, where(log.location ?? null)].filter((fact) => fact !== null);
        blocks.push([
            `${pen.style.red("✖")} ${pen.style.bold("Run error")}${facts.length > 0 ? ` · ${facts.join(" · ")}` : ""}`,
            excerptGutter(pen, log.text, excerptLimits()),
        ].join("\n"));
    }
    const notShown = groups.slice(shown.length).reduce((sum, group) => sum + group.length, 0);
    const left = [
        (0,format/* leftOut */.ig)(notShown, "error"),
        (0,format/* unnamedSameErrors */.ck)(unnamedSame),
        (0,format/* leftOut */.ig)(inv.runErrors.length - runErrors.length, "run error"),
    ];
    blocks.push(moreOf(left, options, pen));
    return blocks.filter(Boolean).join("\n\n");
}
/**
 * The lines under an error or a warning that other nodes share: how many, what they held back
 * (`held`, said after the count), and the first TERMINAL_LIMITS.sameErrorNodes of them by id; with
 * how many were left unnamed, for the section's closing note.
 */
function sameInManyNodes(pen, what, same, held) {
    const named = same.slice(0, TERMINAL_LIMITS.sameErrorNodes).map((node) => inertName(node.uniqueId));
    const unnamed = same.length - named.length;
    if (unnamed > 0)
        named.push(`${named.pop() ?? ""} and ${(0,format/* formatCount */.B4)(unnamed)} more`);
    const head = `The same ${what} in ${(0,format/* plural */.LS)(same.length, "more node")}, each naming itself${held}:`;
    return {
        lines: [indent(wrapWords(head, pen.width - 2)), packList(named, pen.width, "    ")],
        unnamed,
    };
}
function excerptLimits() {
    return { lines: TERMINAL_LIMITS.excerptLines, chars: TERMINAL_LIMITS.excerptChars };
}
/** The lines of unit-test diffs an invocation has left to show (TERMINAL_LIMITS.diffLinesInAll). */
class DiffBudget {
    left = TERMINAL_LIMITS.diffLinesInAll;
    /** The diff as shown, while lines are left; null once they are spent. */
    take(pen, diff) {
        if (this.left <= 0)
            return null;
        const shown = excerptGutter(pen, diff, {
            lines: TERMINAL_LIMITS.diffLines,
            chars: TERMINAL_LIMITS.diffChars,
        });
        this.left -= shown.split("\n").length;
        return shown;
    }
}
/**
 * A failed or warned test: its name, then type, failing rows and where it is defined; a unit test's
 * diff below, while the invocation's budget lasts (else a fact says it was left out).
 */
function testBlock(node, pen, diffs) {
    const diff = node.test?.diffTable ? diffs.take(pen, node.test.diffTable) : undefined;
    const rows = node.test ? (0,format/* plural */.LS)(node.test.failingRows, "failing row") : null;
    const again = node.supersededBy !== undefined ? format/* RUN_AGAIN */.Bs.text : null;
    const facts = [
        (0,format/* resourceLabel */.bP)(node.resourceType),
        rows,
        where(node.location),
        again,
        diff === null ? "diff left out" : null,
    ].filter((fact) => fact !== null);
    const lines = [
        `${statusMark(pen, node.status)} ${nodeName(pen, node)}`,
        `  ${packFacts(facts, pen.width - 2, "  ")}`,
    ];
    if (diff)
        lines.push(diff);
    return { text: lines.join("\n"), diffLeftOut: diff === null };
}
/** "the diffs of 3 unit tests above"; null when every diff was shown. */
function diffsNotShown(count) {
    return count > 0 ? `the diffs of ${(0,format/* plural */.LS)(count, "unit test")} above` : null;
}
function renderFailedTests(inv, pen, options, diffs) {
    const failed = inv.nodes.filter((n) => n.status === "fail");
    if (failed.length === 0)
        return "";
    const tests = failed.slice(0, TERMINAL_LIMITS.failedTests).map((n) => testBlock(n, pen, diffs));
    const left = [
        (0,format/* leftOut */.ig)(failed.length - TERMINAL_LIMITS.failedTests, "failed test"),
        diffsNotShown(tests.filter((test) => test.diffLeftOut).length),
    ];
    return [
        pen.style.red(heading(pen, `Failed tests (${(0,format/* formatCount */.B4)(failed.length)})`)),
        ...tests.map((test) => test.text),
        moreOf(left, options, pen),
    ]
        .filter(Boolean)
        .join("\n\n");
}
/** Every skipped node under its cause: the skip chains, then the skips whose cause was not given. */
function renderSkipChains(inv, pen, options) {
    const chains = inv.skipChains;
    const uncaused = inv.nodes.filter(format/* isUncausedSkip */.M1);
    if (chains.length === 0 && uncaused.length === 0)
        return "";
    const nodes = new Map(inv.nodes.map((n) => [n.uniqueId, n]));
    const skipped = chains.reduce((sum, chain) => sum + chain.skipped.length, uncaused.length);
    const blocks = [heading(pen, `${(0,format/* skipHeading */.oz)(uncaused.length > 0)} (${(0,format/* plural */.LS)(skipped, "node")})`)];
    for (const chain of chains.slice(0, TERMINAL_LIMITS.chains))
        blocks.push(chainBlock(chain, nodes, pen, options));
    // The group without a cause comes last, so it is left out only when chains are too (as in Markdown).
    const uncausedShown = uncaused.length > 0 && chains.length < TERMINAL_LIMITS.chains;
    if (uncausedShown)
        blocks.push(uncausedBlock(uncaused, pen, options));
    const left = [
        (0,format/* leftOut */.ig)(chains.length - TERMINAL_LIMITS.chains, "root cause"),
        uncaused.length > 0 && !uncausedShown
            ? `${(0,format/* plural */.LS)(uncaused.length, "skipped node")} whose cause was not given`
            : null,
    ];
    blocks.push(moreOf(left, options, pen));
    return blocks.filter(Boolean).join("\n\n");
}
function uncausedBlock(uncaused, pen, options) {
    const shown = uncaused
        .slice(0, TERMINAL_LIMITS.chainNodes)
        .map((node) => `${nodeName(pen, node)}${runAgain(node)}`);
    return skipGroupBlock(`? ${format/* UNCAUSED_SKIPS */.aI}`, "", uncaused.length, shown, pen, options);
}
function chainBlock(chain, nodes, pen, options) {
    const named = (uniqueId) => nodeName(pen, nodes.get(uniqueId) ?? { uniqueId, name: "" });
    const root = nodes.get(chain.rootId);
    const shown = chain.skipped.slice(0, TERMINAL_LIMITS.chainNodes).map((entry) => {
        const via = entry.via !== chain.rootId ? ` ${pen.style.dim("via")} ${named(entry.via)}` : "";
        return `${named(entry.uniqueId)}${via}${runAgain(nodes.get(entry.uniqueId))}`;
    });
    return skipGroupBlock(`${root ? statusMark(pen, root.status) : "?"} ${named(chain.rootId)}`, root ? statusWord(root.status) + runAgain(root) : "not in this run", chain.skipped.length, shown, pen, options);
}
/** A skip group: its cause (and what became of it), then the first of its skipped nodes and how many more. */
function skipGroupBlock(cause, outcome, skipped, shown, pen, options) {
    const lines = [cause, `  ${outcome ? `${outcome} ` : ""}→ ${(0,format/* plural */.LS)(skipped, "node")} skipped:`];
    for (const node of shown)
        lines.push(`  ${statusMark(pen, "skipped")} ${node}`);
    const left = skipped - TERMINAL_LIMITS.chainNodes;
    if (left > 0) {
        const rest = more(left, "skipped node", options, { ...pen, width: pen.width - 2 });
        lines.push(indent(rest));
    }
    return lines.join("\n");
}
function renderWarnings(inv, pen, options, diffs) {
    const warned = inv.nodes.filter((n) => n.status === "warn");
    const logged = inv.nodes.flatMap((n) => n.logs.filter((l) => l.severity === "WARN").map((log) => ({ node: n, log })));
    const total = warned.length + logged.length;
    if (total === 0)
        return "";
    const blocks = [
        pen.style.yellow(heading(pen, `Warnings (${(0,format/* warningsCount */.Fd)(warned.length, logged.length)})`)),
    ];
    const limit = TERMINAL_LIMITS.warnings;
    let diffsLeftOut = 0;
    for (const node of warned.slice(0, limit)) {
        if (node.test) {
            const test = testBlock(node, pen, diffs);
            if (test.diffLeftOut)
                diffsLeftOut++;
            blocks.push(test.text);
            continue;
        }
        const facts = [
            (0,format/* resourceLabel */.bP)(node.resourceType),
            node.freshness ? (0,format/* freshnessFact */.CT)("warn", node.freshness.ageSeconds) : null,
            where(node.location),
        ].filter((fact) => fact !== null);
        blocks.push(`${statusMark(pen, node.status)} ${nodeName(pen, node)}\n  ${packFacts(facts, pen.width - 2, "  ")}`);
    }
    // The same warning in many nodes is one block, naming a few of them as an error's does.
    const groups = (0,errors_by_impact/* groupSameWarnings */.jo)(logged).slice(0, Math.max(0, limit - warned.length));
    let unnamedSame = 0;
    let shown = Math.min(limit, warned.length);
    for (const [first, ...same] of groups) {
        if (!first)
            continue;
        shown += 1 + same.length;
        const lines = [
            `${pen.style.yellow("⚠")} ${nodeName(pen, first.node)}`,
            excerptGutter(pen, (0,truncate/* firstLine */.TM)(first.log.text, 300), { lines: 1, chars: 300 }),
        ];
        if (same.length > 0) {
            const listed = sameInManyNodes(pen, "warning", same.map(({ node }) => node), "");
            unnamedSame += listed.unnamed;
            lines.push(...listed.lines);
        }
        blocks.push(lines.join("\n"));
    }
    const left = [
        (0,format/* leftOut */.ig)(total - shown, "warning"),
        (0,format/* unnamedSameErrors */.ck)(unnamedSame, "warnings"),
        diffsNotShown(diffsLeftOut),
    ];
    blocks.push(moreOf(left, options, pen));
    return blocks.filter(Boolean).join("\n\n");
}
/** Canceled, phase-skipped and unfinished nodes (and those of unknown outcome): not failures, but not run to the end. */
function renderNotCompleted(inv, pen, options) {
    const nodes = inv.nodes.filter((n) => status_table/* STATUS */.XQ[n.status].notCompleted !== null);
    if (nodes.length === 0)
        return "";
    const lines = nodes
        .slice(0, TERMINAL_LIMITS.notCompleted)
        .map((n) => entry(pen, n.status, n, `${(0,format/* resourceLabel */.bP)(n.resourceType)} · ${(0,status_table/* notCompletedReason */.je)(n)}`));
    const left = nodes.length - TERMINAL_LIMITS.notCompleted;
    if (left > 0)
        lines.push(more(left, "node", options, pen));
    return [
        heading(pen, `${(0,status_table/* notCompletedHeading */.nw)(nodes)} (${(0,format/* formatCount */.B4)(nodes.length)})`),
        lines.join("\n"),
    ].join("\n\n");
}
const IDLE_SHOWN = 5;
const TIMING_COLUMNS = ["processing", "warehouse", "lifetime"];
/** Durations first, in fixed columns, and the node last, so a long id never pushes a column out of line. */
function renderSlowest(inv, pen) {
    const rows = inv.slowest.byProcessing;
    if (rows.length === 0)
        return "";
    const again = rerunNodes(inv);
    const cells = rows.map((n) => [
        (0,format/* formatDuration */.a3)(n.processingMs),
        (0,format/* formatDuration */.a3)(n.warehouseMs),
        (0,format/* formatDuration */.a3)(n.lifetimeMs),
    ]);
    const widths = TIMING_COLUMNS.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
    const line = (values) => values.map((value, i) => padStart(value, widths[i])).join("  ");
    const lines = [pen.style.dim(`${line(TIMING_COLUMNS)}  node`)];
    rows.forEach((n, i) => lines.push(`${line(cells[i])}  ${statusMark(pen, n.status)} ${nodeName(pen, n)}${runAgain(again.get(n.uniqueId))}`));
    const blocks = [heading(pen, "Slowest nodes"), lines.join("\n")];
    const idle = inv.slowest.byIdle.slice(0, Math.min(IDLE_SHOWN, rows.length));
    if (idle.length > 0) {
        blocks.push(`Longest waits for a warehouse connection:\n${idle
            .map((n) => `${padStart((0,format/* formatDuration */.a3)(n.idleMs), widths[0])}  ${nodeName(pen, n)}`)
            .join("\n")}`);
    }
    return blocks.join("\n\n");
}
/** The mark after a result a `dbt retry` ran again, else nothing. */
function runAgain(node) {
    return node?.supersededBy === undefined ? "" : ` · ${format/* RUN_AGAIN */.Bs.text}`;
}
/** The invocation's results a `dbt retry` ran again, by id: none unless a retry followed it. */
function rerunNodes(inv) {
    return new Map(inv.nodes.filter((n) => n.supersededBy !== undefined).map((n) => [n.uniqueId, n]));
}
/** Said once, after the last table of timings. */
function timingsLegend(pen) {
    return pen.style.dim(wrapWords("Processing: time the engine worked on the node. Warehouse: time in queries. Lifetime: first phase start to last phase end, including waiting for upstream nodes.", pen.width));
}
function more(left, noun, options, pen) {
    return moreOf([(0,format/* leftOut */.ig)(left, noun)], options, pen);
}
/** "… and 3 more errors and 2 more run errors, listed in …", of the parts that are there; else nothing. */
function moreOf(parts, options, pen) {
    const what = parts.filter(Boolean).join(" and ");
    return what ? wrapWords(`… and ${what}, listed in ${options.fullReportHint}.`, pen.width) : "";
}
function indent(text) {
    return text.replace(/^/gm, "  ");
}

;// CONCATENATED MODULE: ./src/text/line-chunks.ts
// Text written in pieces to a stream whose reader works by lines (a runner's log, whose workflow
// commands text/runner-commands.ts breaks line by line): chunks that end at a line break, so that
// whatever is done to each chunk is what would have been done to the whole text.
/** A chunk is cut once this many characters are pending (a line longer than that stays whole). */
const CHUNK_CHARS = 64 * 1024;
/**
 * The pieces joined into chunks of about `size` characters, each ending just after a `\n` (the last
 * chunk excepted): a line, and a `\r\n` pair, is never cut. Nothing is yielded for empty text.
 */
function* lineChunks(pieces, size = CHUNK_CHARS) {
    let pending = "";
    for (const piece of pieces) {
        pending += piece;
        // Only the newest piece is searched: a long line in many pieces is not searched again and again.
        const newline = piece.lastIndexOf("\n");
        if (pending.length < size || newline < 0)
            continue;
        const end = pending.length - piece.length + newline + 1;
        yield pending.slice(0, end);
        pending = pending.slice(end);
    }
    if (pending !== "")
        yield pending;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __nccwpck_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/model/baseline.ts
var baseline = __nccwpck_require__(782);
;// CONCATENATED MODULE: ./src/render/json-pieces.ts
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
function* jsonPieces(value) {
    const text = yield* piecesOf(toJsonValue(value, ""), 0);
    if (text === undefined)
        throw new TypeError("jsonPieces: the value has no JSON text");
}
/**
 * The pieces of `object` with its member `key` (which must be there, to keep its place among the
 * keys) written as an array of `elements`, each made as it is asked for: the text of
 * `JSON.stringify({ ...object, [key]: [...elements] }, null, 2)` without ever holding the list.
 */
function* jsonPiecesWithList(object, key, elements) {
    if (!Object.hasOwn(object, key))
        throw new TypeError(`jsonPiecesWithList: the object has no member ${key}`);
    yield* piecesOf({ ...object, [key]: new LazyList(elements) }, 0);
}
/** A list whose elements are made as they are written (jsonPiecesWithList); always written an element at a time. */
class LazyList {
    elements;
    constructor(elements) {
        this.elements = elements;
    }
}
/**
 * Yields the pieces of `value` at nesting `level`. Returns undefined, yielding nothing, when the value
 * has no JSON text (undefined, a function, a symbol), which an object leaves out and an array
 * writes as null.
 */
function* piecesOf(value, level) {
    if (isWrittenWhole(value))
        return yield* yieldWhole(value, level);
    if (value instanceof LazyList)
        return yield* elementPieces(value.elements, level);
    if (Array.isArray(value))
        return yield* elementPieces(value, level);
    // A plain object that holds a long list somewhere (isWrittenWhole): a member at a time.
    const record = value;
    const inner = `\n${INDENT.repeat(level + 1)}`;
    let first = true;
    for (const key of Object.keys(record)) {
        const member = toJsonValue(record[key], key);
        if (!hasJsonText(member))
            continue;
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
function* elementPieces(elements, level) {
    const inner = `\n${INDENT.repeat(level + 1)}`;
    let index = 0;
    let run = [];
    // The run's elements as the array holds them at `level`, between its brackets: "A,<inner>B".
    const runText = () => {
        const text = wholeText(run, level);
        run = [];
        return text.slice(1 + inner.length, text.length - 2 - level * INDENT.length);
    };
    for (const element of elements) {
        const value = toJsonValue(element, String(index));
        if (isWrittenWhole(value)) {
            if (run.length === 0)
                yield index === 0 ? `[${inner}` : `,${inner}`;
            run.push(value);
            if (run.length === ELEMENTS_PER_PIECE)
                yield runText();
        }
        else {
            if (run.length > 0)
                yield runText();
            yield index === 0 ? `[${inner}` : `,${inner}`;
            const written = yield* piecesOf(value, level + 1);
            if (written === undefined)
                yield "null";
        }
        index++;
    }
    if (run.length > 0)
        yield runText();
    yield index === 0 ? "[]" : `\n${INDENT.repeat(level)}]`;
    return true;
}
/** Elements of an array written by one JSON.stringify call, at most. */
const ELEMENTS_PER_PIECE = 64;
/** Whether piecesOf writes `value` with one JSON.stringify (yieldWhole). */
function isWrittenWhole(value) {
    if (value instanceof LazyList)
        return false;
    if (Array.isArray(value))
        return value.length === 0 || !holdsMany(value);
    return !(isPlainObject(value) && holdsMany(value));
}
/** One piece: JSON.stringify's text of `value`, indented for `level`. */
function* yieldWhole(value, level) {
    const text = wholeText(value, level);
    if (text === undefined)
        return undefined;
    yield text;
    return true;
}
/** JSON.stringify's text of `value`, indented for `level`; undefined when it has none. */
function wholeText(value, level) {
    if (level === 0)
        return JSON.stringify(value, null, INDENT);
    // In an array it would be written as null.
    if (!hasJsonText(value))
        return undefined;
    // Inside `level` arrays of one element, JSON.stringify indents every line of it for its place:
    // its text is what stands between their brackets (`[\n  ` … `\n]` per array), a slice of the
    // whole, with no second pass to indent it and no second string.
    let nested = value;
    for (let i = 0; i < level; i++)
        nested = [nested];
    const text = JSON.stringify(nested, null, INDENT);
    return text.slice(level * (level + 3), text.length - level * (level + 1));
}
/** How deep `holdsMany` looks for a long array: the report's node lists are at the fourth level. */
const LOOK_DEPTH = 6;
/** Whether a container is written a member at a time: it is a long array or holds one. */
function holdsMany(value, depth = 0) {
    if (value instanceof LazyList)
        return true;
    if (Array.isArray(value)) {
        if (value.length > SMALL_ARRAY)
            return true;
        if (depth >= LOOK_DEPTH)
            return false;
        for (const member of value)
            if (isContainer(member) && holdsMany(member, depth + 1))
                return true;
        return false;
    }
    if (depth >= LOOK_DEPTH)
        return false;
    const record = value;
    for (const key in record) {
        const member = record[key];
        if (isContainer(member) && Object.hasOwn(record, key) && holdsMany(member, depth + 1))
            return true;
    }
    return false;
}
function isContainer(value) {
    return Array.isArray(value) || isPlainObject(value) || value instanceof LazyList;
}
/** What JSON.stringify serialises for a member: the result of its toJSON, if it has one. */
function toJsonValue(value, key) {
    if (typeof value === "object" &&
        value !== null &&
        typeof value.toJSON === "function") {
        return value.toJSON(key);
    }
    if (typeof value === "bigint" && typeof BigInt.prototype.toJSON === "function") {
        return value.toJSON(key);
    }
    return value;
}
function hasJsonText(value) {
    return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}
/** An object JSON.stringify writes as its own enumerable properties (not a boxed primitive). */
function isPlainObject(value) {
    if (typeof value !== "object" || value === null)
        return false;
    const prototype = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
}

;// CONCATENATED MODULE: ./src/render/json-report.ts

/** The stable JSON report (schema/report.schema.json); two-space indented, newline-terminated. */
function renderJsonReport(report) {
    return [...jsonReportPieces(report)].join("");
}
/** The JSON report's text in pieces, for writing it without making it one string (json-pieces.ts). */
function* jsonReportPieces(report) {
    yield* jsonPieces(report);
    yield "\n";
}

// EXTERNAL MODULE: ./src/model/retries.ts
var retries = __nccwpck_require__(9723);
;// CONCATENATED MODULE: ./src/render/annotations.ts
// Model → check-run annotations (pure). Ranked so the most useful ones survive the cap: files the
// PR changed first, then errors, failed tests, warnings. Nodes from installed packages are not
// annotated on a guessed path; they come back as run-level messages instead.







const TITLE_MAX_CHARS = 255;
// The API says 64 KB; stay a little under in UTF-8 bytes.
const MESSAGE_MAX_BYTES = 64_000;
/**
 * When not every finding fits max-annotations, how many annotations one error in many nodes gets:
 * each in a file the pull request changes, and others until there are this many. A warehouse outage
 * that failed 600 models took 36 of 50 annotations with one message, and the build's other errors
 * and its failed tests got none; three show it is widespread, and the last one names the rest.
 */
const SAME_ERROR_ANNOTATIONS = 3;
/** How many of the same error's nodes with no annotation of their own the last one names; the rest are counted. */
const SAME_ERROR_NAMES = 10;
// A name in that list is cut to this many characters: ten of them stay well inside a message.
const NOTE_NAME_MAX_CHARS = 200;
const PACKAGE_DIRS = (/* unused pure expression or super */ null && (["dbt_packages/", "dbt_internal_packages/"]));
/** Ranks: lower first. */
const Rank = { Error: 0, FailedTest: 1, Warning: 2 };
function buildAnnotations(invocations, opts) {
    const findings = invocations.flatMap((inv) => collectFindings(inv, findProjectPackage(inv.nodes)));
    const runLevel = [];
    const placed = [];
    const seen = new Set();
    for (const finding of findings) {
        const file = finding.external || !finding.location ? null : toRepoPath(opts.projectDir, finding.location.path);
        if (file === null) {
            // 500 characters with the ellipsis.
            runLevel.push(`${finding.title}: ${firstLine(finding.message.trim(), 499)}`);
            continue;
        }
        const annotation = toAnnotation(finding, file);
        const key = JSON.stringify([file, annotation.start_line, annotation.title, annotation.message]);
        if (seen.has(key))
            continue; // the same node reported by two invocations (e.g. build + retry)
        seen.add(key);
        placed.push({
            finding,
            file,
            annotation,
            rank: finding.rank,
            changed: opts.changedFiles?.has(file) ?? false,
            held: finding.held ?? 0,
            order: placed.length,
            repeat: 0,
        });
    }
    // Of one rank (errors, failed tests), those that held back the most nodes downstream first: a root
    // source that skipped 15,000 nodes is annotated however many errors came before it in the run. Each
    // is weighed alone, not with the same error in other nodes as the report weighs it: an annotation
    // is one node, and 600 alike would take every annotation before any other error. When they do not
    // all fit, one error keeps a few (fewOfEachError), and the first of each comes before the second of any.
    const byRank = (a, b) => Number(b.changed) - Number(a.changed) ||
        a.rank - b.rank ||
        a.repeat - b.repeat ||
        b.held - a.held ||
        a.order - b.order;
    placed.sort(byRank);
    const limit = Math.max(0, opts.maxAnnotations);
    // All fit: each node is annotated on its own file, however many share one error.
    const candidates = placed.length <= limit ? placed : fewOfEachError(placed).sort(byRank);
    const shown = candidates.slice(0, limit);
    const notes = sameErrorNotes(shown, placed);
    return {
        annotations: shown.map((p) => {
            const note = notes.get(p);
            return note ? toAnnotation(p.finding, p.file, note) : p.annotation;
        }),
        omitted: placed.length - shown.length,
        runLevel: [...new Set(runLevel)],
    };
}
/**
 * The findings (in rank order) with at most SAME_ERROR_ANNOTATIONS of one error, besides those in
 * changed files, each told how many of its error rank before it.
 */
function fewOfEachError(placed) {
    const taken = new Map();
    const kept = [];
    for (const p of placed) {
        const key = p.finding.sameError?.key;
        if (key === undefined) {
            kept.push(p);
            continue;
        }
        const before = taken.get(key) ?? 0;
        if (!p.changed && before >= SAME_ERROR_ANNOTATIONS)
            continue;
        taken.set(key, before + 1);
        kept.push({ ...p, repeat: p.changed ? 0 : before });
    }
    return kept;
}
/**
 * The note for the last annotation shown of each error whose other nodes have none: "The same
 * error in 597 more nodes, not annotated: …", naming the first SAME_ERROR_NAMES in rank order.
 */
function sameErrorNotes(shown, placed) {
    const lastShown = new Map();
    for (const p of shown) {
        if (p.finding.sameError)
            lastShown.set(p.finding.sameError.key, p);
    }
    const shownOrders = new Set(shown.map((p) => p.order));
    const others = new Map();
    for (const p of placed) {
        const same = p.finding.sameError;
        if (!same || shownOrders.has(p.order) || !lastShown.has(same.key))
            continue;
        const names = others.get(same.key);
        if (names)
            names.push(same.name);
        else
            others.set(same.key, [same.name]);
    }
    const notes = new Map();
    for (const [key, names] of others) {
        const last = lastShown.get(key);
        const named = names
            .slice(0, SAME_ERROR_NAMES)
            .map((name) => truncateChars(plainText(showInvisible(name), "space"), NOTE_NAME_MAX_CHARS));
        const unnamed = names.length - named.length;
        notes.set(last, `The same ${last.finding.sameError.what} in ${plural(names.length, "more node")}, not annotated: ${named.join(", ")}` +
            (unnamed > 0 ? ` and ${formatCount(unnamed)} more.` : "."));
    }
    return notes;
}
/** The project's own package: the most common package among nodes not under a packages dir. */
function findProjectPackage(nodes) {
    const counts = new Map();
    for (const node of nodes) {
        if (!node.packageName || isPackagePath(node.location?.path))
            continue;
        counts.set(node.packageName, (counts.get(node.packageName) ?? 0) + 1);
    }
    let best = null;
    let bestCount = 0;
    for (const [name, count] of counts) {
        if (count > bestCount || (count === bestCount && best !== null && name < best)) {
            best = name;
            bestCount = count;
        }
    }
    return best;
}
function collectFindings(inv, projectPackage) {
    const out = [];
    const held = heldDownstream(inv);
    for (const node of inv.nodes) {
        // A result a `dbt retry` ran again is history: the retry's result is annotated instead.
        if (node.supersededBy !== undefined)
            continue;
        const external = !node.location ||
            isPackagePath(node.location.path) ||
            (projectPackage !== null && node.packageName !== null && node.packageName !== projectPackage);
        const nodeFinding = describeNode(node);
        if (nodeFinding) {
            out.push({
                ...nodeFinding,
                location: node.location,
                external,
                held: held(node),
                ...sameErrorOf(node, nodeFinding),
            });
        }
        for (const log of node.logs) {
            const logFinding = describeLog(node, log, nodeFinding !== null);
            if (!logFinding)
                continue;
            const location = log.location ?? node.location;
            out.push({
                ...logFinding,
                location,
                external: external || !location || isPackagePath(location.path),
                ...sameErrorOf(node, logFinding, log),
            });
        }
    }
    for (const log of inv.runErrors) {
        out.push({
            rank: Rank.Error,
            level: "failure",
            title: log.code ? `dbt error ${log.code}` : "dbt error",
            message: log.text,
            location: log.location ?? null,
            external: !log.location || isPackagePath(log.location.path),
        });
    }
    return out;
}
/**
 * An error's or a WARN line's same-error key, from the engine's own text (never from one this module
 * wrote, such as "3 failing rows.", which many unrelated nodes share). A deprecation the engine warns
 * of on 500 nodes is one cause, as an outage is. Failed and warned tests are not grouped: the same
 * message there ("Got 3 results, configured to fail if != 0") says nothing of one cause.
 */
function sameErrorOf(node, finding, log) {
    if (log?.severity === "WARN") {
        const key = sameWarningKey(node, log);
        return key === null ? {} : { sameError: { key, name: node.name, what: "warning" } };
    }
    const key = finding.rank === Rank.Error ? sameErrorKey(node, log?.text ?? node.message) : null;
    return key === null ? {} : { sameError: { key, name: node.name, what: "error" } };
}
/**
 * The status table decides; a node whose status says nothing (e.g. it did not finish) still gets one
 * when its test or freshness outcome failed or warned.
 */
function annotationLevel(node) {
    const fromStatus = STATUS[node.status].annotation;
    if (fromStatus)
        return fromStatus;
    if (node.freshness?.outcome === "error" || node.test?.outcome === "failed")
        return "failure";
    if (node.freshness?.outcome === "warn" || node.test?.outcome === "warned")
        return "warning";
    return null;
}
function describeNode(node) {
    const label = `${node.resourceType} ${node.name}`;
    const level = annotationLevel(node);
    if (level === null)
        return null;
    if (level === "failure" && (node.status === "error" || node.freshness?.outcome === "error")) {
        return {
            rank: Rank.Error,
            level: "failure",
            title: node.freshness ? `source ${node.name} freshness error` : `${label} failed`,
            ...errorText(node.message ?? freshnessText(node) ?? `${label} finished with status error.`),
            ...rawDetails(node),
        };
    }
    if (level === "failure") {
        return {
            rank: Rank.FailedTest,
            level: "failure",
            title: `${label} failed`,
            message: node.message ?? describeRows(node),
            ...rawDetails(node),
        };
    }
    return {
        rank: Rank.Warning,
        level,
        title: node.freshness?.outcome === "warn" ? `source ${node.name} freshness warning` : `${label} warned`,
        message: node.message ?? freshnessText(node) ?? describeRows(node),
        ...rawDetails(node),
    };
}
// WARN lines always count; ERROR lines only when the node itself was not already reported.
function describeLog(node, log, nodeReported) {
    if (log.severity === "WARN") {
        return {
            rank: Rank.Warning,
            level: "warning",
            title: `${node.resourceType} ${node.name}: warning`,
            message: log.text,
        };
    }
    if (nodeReported)
        return null;
    return {
        rank: Rank.Error,
        level: "failure",
        title: `${node.resourceType} ${node.name}: error`,
        message: log.text,
    };
}
/** `freshness error (age 3d00h).` for a source whose freshness says so, without a message of its own. */
function freshnessText(node) {
    return node.freshness ? `${freshnessFact(node.freshness.outcome, node.freshness.ageSeconds)}.` : null;
}
function describeRows(node) {
    const rows = node.test?.failingRows;
    if (rows === undefined)
        return `${node.resourceType} ${node.name} finished with status ${node.status}.`;
    return `${rows} failing ${rows === 1 ? "row" : "rows"}.`;
}
/** A readable message on the line; the whole text (e.g. an engine backtrace) under "raw details". */
function errorText(text) {
    const short = excerpt(text, 12, 2_000);
    return short === splitLines(text.trimEnd()).join("\n")
        ? { message: text }
        : { message: short, rawDetails: text };
}
function rawDetails(node) {
    return node.test?.diffTable ? { rawDetails: node.test.diffTable } : {};
}
/** `note` follows the message, kept whole however long the message is. */
function toAnnotation(finding, file, note) {
    const line = positive(finding.location?.line) ?? 1;
    const column = positive(finding.location?.column);
    const annotation = {
        path: file,
        start_line: line,
        end_line: line,
        // Columns are only allowed on single-line annotations; ours always are (start_line == end_line).
        ...(column !== undefined ? { start_column: column, end_column: column } : {}),
        annotation_level: finding.level,
        // Titles are made of names: a look-alike of another node's is told apart (text/controls.ts).
        title: truncateChars(plainText(showInvisible(finding.title), "space"), TITLE_MAX_CHARS),
        message: withNote(plainText(finding.message.trim() || finding.title, "keep"), note),
    };
    if (finding.rawDetails) {
        annotation.raw_details = truncateBytes(plainText(finding.rawDetails, "keep"), MESSAGE_MAX_BYTES);
    }
    return annotation;
}
function withNote(message, note) {
    if (!note)
        return truncateBytes(message, MESSAGE_MAX_BYTES);
    // The note's names are plain text already (sameErrorNotes).
    const tail = `\n\n${note}`;
    return truncateBytes(message, MESSAGE_MAX_BYTES - Buffer.byteLength(tail, "utf8")) + tail;
}
/**
 * The longest path a report links or annotates, in UTF-16 units. No checkout holds a file by a longer
 * one (Linux's PATH_MAX is 4,096 bytes), and a link to one is as long: a path of 200 KB in the
 * telemetry made every mention of its node a link of 200 KB, and the comment had room for nothing else.
 */
const MAX_REPO_PATH_CHARS = 4_096;
/**
 * A relative path with nothing to normalise: folders and a file whose names start with a letter, digit,
 * `_` or `-` (so none is `.` or `..`), `/` between them. Nearly every engine path is one
 * (`models/marts/orders.sql`), and JUnit asks for each node's (20,000 in a large build).
 */
const PLAIN_RELATIVE = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;
/** `projectDir` + engine path → normalised repository-relative POSIX path, or null if outside the repo. */
function toRepoPath(projectDir, file) {
    if (file.length <= MAX_REPO_PATH_CHARS && PLAIN_RELATIVE.test(file)) {
        if (projectDir === "." || projectDir === "")
            return file;
        if (PLAIN_RELATIVE.test(projectDir))
            return `${projectDir}/${file}`;
    }
    // A lone surrogate (JSONL may spell one, `\ud800`) names no file a repository can hold, and a
    // link to it cannot be written (encodeURIComponent throws).
    if ((0,controls/* hasLoneSurrogate */.fI)(file) || file.length > MAX_REPO_PATH_CHARS)
        return null;
    const posix = (p) => p.replace(/\\/g, "/");
    if (external_node_path_.posix.isAbsolute(posix(file)) || /^[A-Za-z]:/.test(file))
        return null;
    const joined = external_node_path_.posix.normalize(external_node_path_.posix.join(posix(projectDir || "."), posix(file)));
    if (joined === "." || joined.startsWith("../") || joined === ".." || external_node_path_.posix.isAbsolute(joined))
        return null;
    return joined.replace(/^\.\//, "");
}
function isPackagePath(file) {
    if (!file)
        return false;
    const p = file.replace(/\\/g, "/").replace(/^\.\//, "");
    return PACKAGE_DIRS.some((dir) => p.startsWith(dir) || p.includes(`/${dir}`));
}
/** The largest line or column an annotation is given: GitHub keeps them as 32-bit integers. */
const MAX_POSITION = 2 ** 31 - 1;
/** A line or column from the telemetry (untrusted): whole, at least 1, at most MAX_POSITION. */
function positive(n) {
    return typeof n === "number" && Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_POSITION) : undefined;
}
/**
 * The check run's `text` (Markdown, read in the Checks tab): how many annotations were left out,
 * then the findings that have no file to sit on.
 */
function renderCheckText(set, maxAnnotations, 
/** Where every finding is listed (the job summary when it is whole, else the report files); null names none. */
fullList = "the job summary") {
    const pointer = fullList ? `; see ${fullList}` : "";
    return [
        set.omitted > 0
            ? `${formatCount(set.omitted)} more annotation(s) were not sent (max-annotations: ${maxAnnotations})${pointer}.`
            : "",
        ...set.runLevel.map((line) => `- ${escapeText(line)}`),
    ]
        .filter(Boolean)
        .join("\n");
}
/** The check's text, first line, when GitHub refused some annotations (those left once refused requests were halved). */
function renderRefusedNote(refused) {
    return `${formatCount(refused)} annotation(s) were refused by GitHub (HTTP 422) and are not shown; the step's warnings say why.`;
}
/** GitHub displays at most 10 error and 10 warning workflow-command annotations per step. */
const STEP_DISPLAY_LIMIT = 10;
function toWorkflowCommands(annotations, omitted = 0, 
/** As for renderCheckText. */
fullList = "the job summary") {
    const perLevel = new Map();
    const commands = [];
    let notShown = omitted;
    for (const a of annotations) {
        const level = a.annotation_level === "failure" ? "error" : a.annotation_level;
        const used = perLevel.get(level) ?? 0;
        if (used >= STEP_DISPLAY_LIMIT) {
            notShown++;
            continue;
        }
        perLevel.set(level, used + 1);
        const properties = {
            file: a.path,
            startLine: a.start_line,
            endLine: a.end_line,
        };
        if (a.start_column !== undefined)
            properties.startColumn = a.start_column;
        if (a.end_column !== undefined)
            properties.endColumn = a.end_column;
        if (a.title !== undefined)
            properties.title = a.title;
        commands.push({ level, message: a.message, properties });
    }
    const summaryLine = notShown > 0
        ? `${formatCount(notShown)} more ${notShown === 1 ? "finding is" : "findings are"} not annotated ` +
            `(GitHub shows ${STEP_DISPLAY_LIMIT} errors and ${STEP_DISPLAY_LIMIT} warnings per step)` +
            (fullList ? `; the full list is in ${fullList}.` : ".")
        : null;
    return { commands, notShown, summaryLine };
}

;// CONCATENATED MODULE: ./src/render/junit.ts
// JUnit XML for CI systems and test-report tools that read nothing else (GitLab, Jenkins, Azure
// DevOps, dorny/test-reporter, EnricoMi/publish-unit-test-result-action). Every node is a test case
// (models and seeds included: a model that fails to build is as much a failure as a test), one
// <testsuite> per invocation. Pure: returns the document as a string.






function renderJunit(report, options = {}) {
    const projectDir = options.projectDir ?? ".";
    const finished = (0,retries/* finishedByRetries */.MN)(report.invocations);
    const suites = report.invocations.map((inv) => renderSuite(inv, projectDir, finished.has(inv)));
    const totals = suites.reduce((sum, s) => ({
        tests: sum.tests + s.tests,
        failures: sum.failures + s.failures,
        errors: sum.errors + s.errors,
        skipped: sum.skipped + s.skipped,
        time: sum.time + s.time,
    }), { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 });
    const head = `<testsuites${attrs({
        name: "dbt Fusion",
        tests: totals.tests,
        failures: totals.failures,
        errors: totals.errors,
        skipped: totals.skipped,
        time: seconds(totals.time),
    })}>`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n${[head, ...suites.map((s) => s.xml), "</testsuites>"].join("\n")}\n`;
}
/** `finishedByRetry`: a later `dbt retry` finished what the invocation failed to (model/retries.ts). */
function renderSuite(inv, projectDir, finishedByRetry) {
    const cases = inv.nodes.map((node) => renderCase(node, projectDir));
    const runError = invocationError(inv, finishedByRetry);
    if (runError)
        cases.push(runError);
    const count = (kind) => cases.filter((c) => c.kind === kind).length;
    const suite = {
        tests: cases.length,
        failures: count("failure"),
        errors: count("error"),
        skipped: count("skipped"),
        time: inv.durationMs ?? cases.reduce((sum, c) => sum + c.ms, 0),
    };
    const command = inv.rawCommand ?? (inv.command ? `dbt ${inv.command}` : "dbt");
    const properties = [
        ["invocation_id", inv.invocationId],
        ["command", command],
        ["dbt_version", inv.dbtVersion],
        ["target", inv.target],
        ["state", inv.state],
        ["status", inv.statusMessage],
    ].filter((p) => typeof p[1] === "string" && p[1] !== "");
    const lines = [
        `  <testsuite${attrs({
            name: `${command} (${inv.invocationId})`,
            tests: suite.tests,
            failures: suite.failures,
            errors: suite.errors,
            skipped: suite.skipped,
            time: seconds(suite.time),
            ...(inv.startedAt ? { timestamp: inv.startedAt } : {}),
        })}>`,
        "    <properties>",
        ...properties.map(([name, value]) => `      <property${attrs({ name, value })}/>`),
        "    </properties>",
        ...cases.map((c) => c.xml),
        "  </testsuite>",
    ];
    return { xml: lines.join("\n"), ...suite };
}
function renderCase(node, projectDir) {
    const ms = node.timing.processingMs ?? 0;
    const open = `    <testcase${attrs({
        classname: `${node.packageName ?? "dbt"}.${node.resourceType}`,
        name: node.name || node.uniqueId,
        time: seconds(ms),
        ...whereInRepo(node.location, projectDir),
    })}`;
    const body = (child, kind) => ({
        xml: `${open}>\n      ${child}\n    </testcase>`,
        kind,
        ms,
    });
    const row = status_table/* STATUS */.XQ[node.status];
    if (node.supersededBy !== undefined) {
        // History, not a second verdict: the retry's suite holds the node's result that counts.
        const message = `run again by dbt retry (${node.supersededBy}); here: ${row.label}`;
        const was = row.failure ? `\n      <system-out>${elementText(details(node, ""))}</system-out>` : "";
        return body(`<skipped${attrs({ message })}/>${was}`, "skipped");
    }
    if (row.junit === "failure") {
        const rows = node.test
            ? `${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}`
            : "";
        const message = (0,truncate/* firstLine */.TM)(node.message ?? "", 500) || rows || "test failed";
        return body(`<failure${attrs({ message, type: `${(0,format/* resourceLabel */.bP)(node.resourceType)} failed` })}>${elementText(details(node, rows))}</failure>`, "failure");
    }
    if (row.junit === "error") {
        const message = (0,truncate/* firstLine */.TM)(node.message ?? "", 500) ||
            freshnessOf(node) ||
            "the engine reported an error but no message";
        const type = node.errorType ? `${node.errorType} error` : "error";
        return body(`<error${attrs({ message, type })}>${elementText(details(node, ""))}</error>`, "error");
    }
    if (row.junit === "skipped") {
        const because = node.skipRoot ?? node.skippedBecauseOf;
        const message = because && node.status === "skipped"
            ? `skipped because ${because} did not succeed`
            : ((0,status_table/* junitSkipMessage */.nQ)(node) ?? row.label);
        return body(`<skipped${attrs({ message })}/>`, "skipped");
    }
    if (row.ran === "warned") {
        const warning = node.message ??
            node.logs.find((l) => l.severity === "WARN")?.text ??
            (node.test ? `${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}` : null) ??
            (freshnessOf(node) || "warned");
        return body(`<system-out>${elementText(`WARN: ${warning}`)}</system-out>`, "passed");
    }
    return { xml: `${open}/>`, kind: "passed", ms };
}
/**
 * A crashed run, or one that failed with no node to blame, still shows up as a red test case. Canceled
 * nodes explain a failed invocation too (the check is then neutral, not failed).
 */
function invocationError(inv, finishedByRetry) {
    const blamed = inv.counts.error + inv.counts.fail + inv.counts.canceled > 0;
    // A run that did not finish is its own failure, whatever its nodes did (model/conclusion.ts).
    const failed = inv.runErrors.length > 0 || inv.state === "incomplete" || (!blamed && inv.failed);
    if (!failed)
        return null;
    const message = (0,truncate/* firstLine */.TM)(inv.runErrors[0]?.text ?? "", 500) ||
        (inv.state === "incomplete"
            ? "the invocation did not finish"
            : (inv.statusMessage ?? "the invocation failed"));
    const detail = inv.runErrors.map((e) => e.text).join("\n\n") || message;
    const open = `    <testcase${attrs({ classname: "dbt.invocation", name: inv.invocationId, time: seconds(inv.durationMs ?? 0) })}>`;
    if (finishedByRetry) {
        const skipped = `<skipped${attrs({ message: `finished by dbt retry; here: ${message}` })}/>`;
        return {
            xml: `${open}\n      ${skipped}\n      <system-out>${elementText(detail)}</system-out>\n    </testcase>`,
            kind: "skipped",
            ms: inv.durationMs ?? 0,
        };
    }
    const xml = `${open}\n      <error${attrs({ message, type: "run error" })}>${elementText(detail)}</error>\n    </testcase>`;
    return { xml, kind: "error", ms: inv.durationMs ?? 0 };
}
/**
 * `file` and `line` as tools that annotate them read them (EnricoMi/publish-unit-test-result-action,
 * mikepenz/action-junit-report): the path from the repository root, as our own annotations have it,
 * and neither when the telemetry names no file the repository can hold (an absolute path, `../`) or
 * a line GitHub refuses (over 32 bits), which would fail the consumer's whole check run.
 */
function whereInRepo(location, projectDir) {
    const file = location ? toRepoPath(projectDir, location.path) : null;
    if (file === null)
        return {};
    const line = location?.line;
    return line && line <= MAX_POSITION ? { file, line } : { file };
}
/** A source's freshness as words ("freshness error (age 3d)"); empty for any other node. */
function freshnessOf(node) {
    return node.freshness ? (0,format/* freshnessFact */.CT)(node.freshness.outcome, node.freshness.ageSeconds) : "";
}
function details(node, extra) {
    const where = node.location
        ? `${node.location.path}${node.location.line ? `:${node.location.line}` : ""}`
        : "";
    return [junit_clip(node.uniqueId), junit_clip(where), extra, node.message ?? "", node.test?.diffTable ?? ""]
        .filter(Boolean)
        .join("\n");
}
function seconds(ms) {
    return (Math.max(0, ms) / 1_000).toFixed(3);
}
// A name or path of megabytes would pass XML, but not libxml2's readers (lxml, xmllint) without
// their "huge" option: shown as long as the comment shows it.
const junit_clip = (text) => (0,truncate/* truncateChars */.UT)(text, render_escape/* MAX_INLINE_CHARS */.p0);
function attrs(values) {
    return Object.entries(values)
        .map(([key, value]) => ` ${key}="${attribute(junit_clip(String(value)))}"`)
        .join("");
}
/**
 * XML 1.0 allows only tab, newline, carriage return and U+0020 and up (minus surrogates and
 * U+FFFE/U+FFFF) — even as character references. Anything else becomes U+FFFD.
 */
function xmlSafe(value) {
    return value.replace(
    // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
// libxml2's readers (lxml, which EnricoMi/publish-unit-test-result-action parses with; xmllint) refuse a
// text node over 10,000,000 bytes without their "huge" option, and with it the whole file. A message
// or diff that long (a JSONL line may hold 64 MiB) is shown by its start; the JSON report keeps it whole.
const MAX_TEXT_CHARS = 100_000;
/** An element's text: at most MAX_TEXT_CHARS of it, saying how much was cut. */
function elementText(value) {
    if (value.length <= MAX_TEXT_CHARS)
        return junit_text(value);
    const kept = (0,truncate/* truncateChars */.UT)(value, MAX_TEXT_CHARS);
    return junit_text(`${kept} (${(0,format/* formatCount */.B4)(value.length - kept.length + 1)} more characters)`);
}
/** Untrusted text: controls and bidi overrides shown as escapes, then what XML cannot hold replaced. */
function junit_text(value) {
    return xmlSafe((0,render_escape/* plainText */.wh)(value, "keep")).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
/** Attribute values: also quotes, and whitespace as references so parsers do not normalise it away. */
function attribute(value) {
    return junit_text(value)
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&apos;")
        .replace(/\t/g, "&#9;")
        .replace(/\n/g, "&#10;");
}

// EXTERNAL MODULE: ./src/text/dbt-command.ts
var dbt_command = __nccwpck_require__(3681);
;// CONCATENATED MODULE: ./src/render/run-results.ts
// dbt-compatible run_results.json (schema v6) for tools that read dbt Core artifacts.



const RUN_RESULTS_SCHEMA = "https://schemas.getdbt.com/dbt/run-results/v6.json";
/**
 * Statuses as the engine's own writer uses them: cached → `reused`, no-op → `no-op`, a test that
 * found rows → `fail` with `failures` = failing rows. Fusion-only states have no v6 equivalent:
 * phase-disabled and phase-skipped become `skipped`, canceled becomes `skipped` (message says
 * canceled), and a node that never finished (crashed run) becomes `error`.
 */
function legacyStatus(status) {
    return status_table/* STATUS */.XQ[status].runResults;
}
/**
 * One artifact for the whole report, one result per node: tools that read dbt Core artifacts
 * (dbt-artifacts, elementary) key results by unique_id and would count a node twice. Several
 * invocations (append-mode JSONL, multi-step platform runs) are merged in order; a node seen again
 * replaces its earlier result, as a later dbt command would overwrite run_results.json, and after a
 * `dbt retry` each node has its latest result (retries.ts latestResults): the retry's where it ran
 * the node again, the build's where it did not (dbt's own file then holds the retry's results only).
 */
function renderRunResults(report, generatedAt) {
    const { artifact, results } = runResultsInParts(report, generatedAt);
    artifact.results = [...results()];
    return artifact;
}
/**
 * renderRunResults' artifact with its results left empty, and the results made one at a time as
 * they are asked for: a writer that puts each into the file as it is made never holds 20,000 of
 * them (render/json-pieces.ts, jsonPiecesWithList).
 */
function runResultsInParts(report, generatedAt) {
    const byId = (0,retries/* latestResults */.qQ)(report.invocations);
    const last = report.invocations[report.invocations.length - 1];
    const elapsedMs = report.invocations.reduce((sum, inv) => sum + (inv.durationMs ?? observedMs(inv)), 0);
    const artifact = {
        metadata: {
            dbt_schema_version: RUN_RESULTS_SCHEMA,
            dbt_version: last?.dbtVersion ?? "unknown",
            generated_at: generatedAt,
            invocation_id: last?.invocationId ?? null,
            // The start of the invocation named above, as dbt writes the pair (not the first's).
            invocation_started_at: last?.startedAt ?? null,
            env: {},
        },
        results: [],
        elapsed_time: elapsedMs / 1000,
        args: {
            ...whichOf(retriedCommand(report.invocations)),
            ...(last?.rawCommand ? { invocation_command: last.rawCommand } : {}),
            ...(last?.target ? { target: last.target } : {}),
        },
    };
    return {
        artifact,
        *results() {
            for (const node of byId.values())
                yield toResult(node);
        },
    };
}
/**
 * `args.which` as dbt Core writes it: the subcommand's own name, `freshness` for `dbt source
 * freshness` and `generate` for `dbt docs generate` (dbt/cli/types.py `Command`). `dbt retry` reads
 * it back with `Command.from_str`, which knows no `source freshness`. A dbt platform step without
 * telemetry has its command line here (`dbt --debug build --select x+`): its command, else none.
 */
function whichOf(command) {
    const which = command === null ? undefined : (0,dbt_command/* dbtCommandOf */.H)(command)?.split(" ").pop();
    return which ? { which } : {};
}
/**
 * The command the last invocation ran, or for a `dbt retry` the command it retried (the chain's
 * first): dbt Core's retry runs the earlier command again with its args and writes them, so a second
 * `dbt retry` (`TASK_DICT` in dbt/task/retry.py knows no `retry`) and a tool reading `which` see the
 * command whose nodes the file holds. `invocation_command` stays the command as typed.
 */
function retriedCommand(invocations) {
    let at = invocations.length - 1;
    while (at > 0 && invocations[at].retryOf !== undefined)
        at--;
    return invocations[at]?.command ?? null;
}
/**
 * How long a run that did not finish (no end, so no duration) is known to have lasted: from its start
 * to the last end of a node it shows. 0 when that cannot be told. A node whose span the model found
 * implausible (no lifetime: an end in year 9999, say) ends nothing.
 */
function observedMs(inv) {
    const start = inv.startedAt ? Date.parse(inv.startedAt) : NaN;
    let last = -Infinity;
    for (const node of inv.nodes) {
        if (node.timing.lifetimeMs === null)
            continue;
        const end = node.timing.completedAt ? Date.parse(node.timing.completedAt) : NaN;
        if (end > last)
            last = end;
    }
    return last > start ? last - start : 0;
}
/**
 * The node's run_results status. A source whose freshness query itself failed is `runtime error`, as
 * dbt writes it; `error` on a source means its data is older than `error_after`.
 */
function runResultsStatusOf(node) {
    if (node.resourceType === "source" && node.status === "error" && node.freshness?.outcome !== "error") {
        return "runtime error";
    }
    return legacyStatus(node.status);
}
function toResult(node) {
    const { timing } = node;
    return {
        status: runResultsStatusOf(node),
        // Never an end before its start (times the report left out as implausible may still be here).
        timing: timing.startedAt && timing.completedAt && Date.parse(timing.completedAt) >= Date.parse(timing.startedAt)
            ? [{ name: "execute", started_at: timing.startedAt, completed_at: timing.completedAt }]
            : [],
        thread_id: "fusion",
        execution_time: (timing.processingMs ?? 0) / 1000,
        adapter_response: node.rowsAffected !== null ? { rows_affected: node.rowsAffected } : {},
        message: messageFor(node),
        failures: node.test ? node.test.failingRows : null,
        unique_id: node.uniqueId,
        compiled: null,
        compiled_code: null,
        relation_name: null,
        batch_results: null,
    };
}
function messageFor(node) {
    switch (node.status) {
        case "fail":
        case "warn":
            if (node.test)
                return `Got ${node.test.failingRows} failing row${node.test.failingRows === 1 ? "" : "s"}`;
            return node.message;
        case "skipped":
            return node.skippedBecauseOf
                ? `Skipped because ${node.skippedBecauseOf} did not succeed`
                : node.message;
        case "canceled":
            return "Canceled";
        case "phase-disabled":
            return "Skipped: phase disabled";
        case "phase-skipped":
            return "Skipped: an earlier phase did not succeed";
        default:
            return node.message;
    }
}

// EXTERNAL MODULE: ./src/text/file-errors.ts
var file_errors = __nccwpck_require__(6449);
// EXTERNAL MODULE: ./src/text/runner-commands.ts
var runner_commands = __nccwpck_require__(1312);
;// CONCATENATED MODULE: ./src/report-files.ts












const TEMP_SUFFIX = /^(.+)\.fusion-report-(\d+)\.tmp$/;
/** dbt writes `metadata` first; its head is enough to recognise an artifact and our mark. */
const HEAD_BYTES = 64 * 1024;
/**
 * Bytes written to a report file at a time, through two buffers per call of writeReportFiles: one
 * is filled while the other is being written.
 */
const WRITE_BUFFER_BYTES = 1 << 20;
/** Writes every requested file, or none of them when any destination is unusable. */
async function writeReportFiles(report, targets, 
/** The whole Markdown report, in pieces that join to its text. */
fullMarkdown, options) {
    const requested = [
        ["Markdown report", targets.markdown, fullMarkdown, "text"],
        ["JSON report", targets.json, () => jsonReportPieces(report), "json"],
        ["run_results.json", targets.runResults, () => markedRunResultsPieces(report), "json"],
        ["JUnit XML", targets.junit, () => [renderJunit(report, { projectDir: options.projectDir })], "xml"],
    ];
    const destinations = await Promise.all(requested
        .filter((entry) => Boolean(entry[1]))
        .map(async ([kind, target, render, syntax]) => ({
        kind,
        target,
        render,
        syntax,
        given: external_node_path_default().resolve(options.cwd, target),
        // `-` is the standard output, as for the telemetry it is the standard input.
        ...(target === "-"
            ? { file: "/dev/stdout", stream: true, fd: 1 }
            : await resolveDestination(external_node_path_default().resolve(options.cwd, target))),
    })));
    if (destinations.length === 0)
        return { written: [], problems: [] };
    const files = destinations.filter((destination) => !destination.stream);
    const problems = await checkDestinations(destinations, options.telemetryFiles, options.linkGuard);
    if (problems.length > 0)
        return { written: [], problems };
    // Before this run writes any: a leftover with this run's own pid is stale too (pids repeat in containers).
    for (const folder of new Set(files.map((destination) => external_node_path_default().dirname(destination.file)))) {
        await removeLeftovers(folder);
    }
    const temps = [];
    const createdFolders = [];
    let renamed = 0;
    /** The files' bytes pass through these, one file after the other. */
    let buffers;
    try {
        for (const destination of files) {
            const folder = external_node_path_default().dirname(destination.file);
            const created = await makeFolders(folder).catch((error) => {
                throw new WriteProblem(destination, `cannot create the folder ${folder} (${(0,file_errors/* describeFileError */.S)(error)})`);
            });
            if (created)
                createdFolders.push(created);
            const temp = tempFileFor(destination.file);
            temps.push(temp);
            await writeNewFile(temp, destination.render(), (buffers ??= [Buffer.allocUnsafe(WRITE_BUFFER_BYTES), Buffer.allocUnsafe(WRITE_BUFFER_BYTES)])).catch((error) => {
                throw new WriteProblem(destination, (0,file_errors/* describeFileError */.S)(error));
            });
        }
        for (const [index, destination] of files.entries()) {
            await (0,promises_.rename)(temps[index], destination.file).catch((error) => {
                throw new WriteProblem(destination, (0,file_errors/* describeFileError */.S)(error));
            });
            renamed++;
        }
        for (const destination of destinations.filter((d) => d.stream)) {
            // In chunks that end at line breaks, never the whole text (24 MB of JSON on a 20,000-node build).
            const chunks = lineChunks(destination.render());
            // The process's own output may be a runner's log: no line of telemetry text may start a command.
            const written = destination.fd
                ? writeToStream(destination.fd === 1 ? process.stdout : process.stderr, mapped(chunks, (chunk) => (0,runner_commands/* neutraliseRunnerCommands */.b)(chunk, destination.syntax)))
                : (0,promises_.writeFile)(destination.file, chunks, { encoding: "utf8" });
            await written.catch((error) => {
                // The reader went away (`--json - | head`): it wanted no more, as for the printed report.
                if (error.code === "EPIPE")
                    return;
                throw new WriteProblem(destination, (0,file_errors/* describeFileError */.S)(error));
            });
        }
    }
    catch (error) {
        const inPlace = files.slice(0, renamed);
        await Promise.all(temps.map((temp) => (0,promises_.unlink)(temp).catch(() => undefined)));
        // Folders this call created hold nothing else; the deepest is removed first.
        for (const folder of createdFolders.reverse())
            await removeEmptyFolders(folder, files);
        const message = error instanceof WriteProblem
            ? error.message
            : `cannot write the report files: ${(0,file_errors/* describeFileError */.S)(error)}`;
        const partly = inPlace.length > 0
            ? `; ${inPlace.map((d) => `the ${d.kind} (${d.target})`).join(" and ")} had already been written`
            : "";
        return { written: inPlace.map((d) => d.given), problems: [message + partly] };
    }
    // What was streamed cannot be read back (or uploaded): only files are "written".
    return { written: files.map((destination) => destination.given), problems: [] };
}
/** Through the process's own stream, a piece at a time, each flushed (or failed) before the next. */
async function writeToStream(stream, pieces) {
    for (const piece of pieces) {
        await new Promise((resolve, reject) => {
            stream.write(piece, (error) => (error ? reject(error) : resolve()));
        });
    }
}
function fstatOrNull(fd) {
    try {
        return (0,external_node_fs_.fstatSync)(fd);
    }
    catch {
        return null;
    }
}
/** Where a destination really is, and whether it is a stream rather than a file. */
async function resolveDestination(file) {
    const info = await (0,promises_.stat)(file).catch((error) => error);
    if (info instanceof Error) {
        if (info.code === "ELOOP")
            return { file, stream: false, problem: "it is a link that leads back to itself" };
        // Nothing there, or a link to nothing: the file the link names is made, as a shell's `>` would.
        return { file: (await danglingLinkTarget(file)) ?? file, stream: false };
    }
    // The process's own output, also where it goes to a file (`>> log`): renaming over that file would
    // cut off what else the process wrote there, so it is written through the stream.
    const own = [1, 2].find((fd) => {
        const std = fstatOrNull(fd);
        return std !== null && std.dev === info.dev && std.ino === info.ino;
    });
    if (own)
        return { file, stream: true, fd: own };
    if (info.isSocket()) {
        return {
            file,
            stream: true,
            problem: "it is a socket, which cannot be opened by name; give a file, a pipe or -",
        };
    }
    if (!info.isFile() && !info.isDirectory())
        return { file, stream: true };
    // Renaming over a link would replace it with a copy and leave the file it names as it was.
    return { file: await (0,promises_.realpath)(file).catch(() => file), stream: false };
}
/** Where a link that names nothing points (made absolute), or null for anything else. */
async function danglingLinkTarget(file) {
    const link = await (0,promises_.lstat)(file).catch(() => null);
    if (!link?.isSymbolicLink())
        return null;
    const target = await (0,promises_.readlink)(file).catch(() => null);
    return target === null ? null : external_node_path_default().resolve(external_node_path_default().dirname(file), target);
}
/**
 * Creates `file` (it must not exist) and writes the pieces' UTF-8 to it through the two buffers: a
 * 24 MB report never needs a 24 MB string or buffer (see render/json-pieces.ts). A full buffer is
 * written by the thread pool while the other is filled, so that the file system's copy of one MiB
 * and the making of the next overlap; with one buffer the main thread waited on every write.
 */
async function writeNewFile(file, pieces, buffers) {
    const handle = await (0,promises_.open)(file, "wx");
    /** The write of the other buffer, until it is done: that buffer is not touched before. */
    let inFlight;
    try {
        let [buffer, other] = buffers;
        // A UTF-16 code unit takes at most 3 bytes in UTF-8: a piece of this many fits an empty buffer.
        const most = Math.floor(buffer.length / 3);
        let used = 0;
        for (const part of cutLongPieces(pieces, most)) {
            if (part.length * 3 > buffer.length - used) {
                await inFlight;
                inFlight = writeAll(handle, buffer, used);
                // Its failure is awaited (and thrown) before the next write; until then it is not "unhandled".
                inFlight.catch(() => undefined);
                [buffer, other] = [other, buffer];
                used = 0;
            }
            used += buffer.write(part, used, "utf8");
        }
        await inFlight;
        inFlight = undefined;
        await writeAll(handle, buffer, used);
    }
    finally {
        // A piece that failed to render leaves a write in flight: it ends before the file is closed.
        await inFlight?.catch(() => undefined);
        await handle.close();
    }
}
async function writeAll(handle, buffer, length) {
    for (let written = 0; written < length;) {
        const { bytesWritten } = await handle.write(buffer, written, length - written);
        if (bytesWritten <= 0)
            throw new Error("the file system took no bytes");
        written += bytesWritten;
    }
}
/** Each item mapped as it is asked for. */
function* mapped(items, map) {
    for (const item of items)
        yield map(item);
}
/** The pieces, each longer than `size` characters cut into pieces of at most that many. */
function* cutLongPieces(pieces, size) {
    for (const piece of pieces) {
        if (piece.length > size)
            yield* inPieces(piece, size);
        else
            yield piece;
    }
}
/** The text in pieces of at most `size` characters (a surrogate pair is never cut). */
function* inPieces(text, size) {
    for (let start = 0; start < text.length;) {
        let end = Math.min(start + size, text.length);
        if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800)
            end--;
        yield text.slice(start, end);
        start = end;
    }
}
/** run_results.json with fusion-report's mark in `metadata.env` (see RUN_RESULTS_MARK). */
function renderMarkedRunResults(report, generatedAt = new Date().toISOString()) {
    return [...markedRunResultsPieces(report, generatedAt)].join("");
}
/** renderMarkedRunResults' text in pieces (see render/json-pieces.ts). */
function* markedRunResultsPieces(report, generatedAt = new Date().toISOString()) {
    const { artifact, results } = runResultsInParts(report, generatedAt);
    artifact.metadata.env = { ...artifact.metadata.env, [baseline/* RUN_RESULTS_MARK */.Vo]: report.generator.version };
    // Each result is made as it is written: 20,000 of them are never held at once.
    yield* jsonPiecesWithList(artifact, "results", results());
    yield "\n";
}
class WriteProblem extends Error {
    constructor(destination, reason) {
        super(`cannot write the ${destination.kind} to ${destination.target}: ${reason}`);
    }
}
/** Every reason a destination cannot be written, found before anything is written. */
async function checkDestinations(destinations, telemetryFiles, linkGuard) {
    const problems = [];
    const telemetry = (await Promise.all(telemetryFiles.map((file) => (0,promises_.stat)(file).catch(() => null)))).filter((info) => info !== null);
    const seen = new Map();
    for (const destination of destinations) {
        const refuse = (reason) => {
            problems.push(`cannot write the ${destination.kind} to ${destination.target}: ${reason}`);
        };
        const earlier = seen.get(destination.file);
        if (earlier) {
            refuse(`the ${earlier.kind} goes to the same file; give each output its own path`);
            continue;
        }
        seen.set(destination.file, destination);
        // First: nothing below may even read a file a link leads to outside.
        const misled = linkGuard && destination.fd === undefined ? await linkGuard(destination.given, destination.file) : null;
        if (misled) {
            refuse(misled);
            continue;
        }
        const info = await (0,promises_.stat)(destination.file).catch(() => null);
        if (info?.isDirectory()) {
            refuse("it is a directory; name a file inside it");
            continue;
        }
        if (info && telemetry.some((t) => t.dev === info.dev && t.ino === info.ino)) {
            refuse("it is one of the telemetry files being read; refusing to write over it");
            continue;
        }
        if (info?.isFile()) {
            const foreign = await foreignArtifact(destination.file);
            if (foreign) {
                refuse(`it is ${foreign} that fusion-report did not write; refusing to overwrite it (dbt and the ` +
                    "tools after it read that file). Use a name of your own, e.g. target/run_results.fusion.json");
                continue;
            }
        }
        if (destination.problem) {
            refuse(destination.problem);
            continue;
        }
        if (destination.stream) {
            // Opened as it is: no folder to write a file in, but it must take writing (checked before any file is).
            if (destination.fd === undefined) {
                const denied = await (0,promises_.access)(destination.file, external_node_fs_.constants.W_OK).then(() => null, (error) => error);
                if (denied)
                    refuse(`it cannot be written to (${(0,file_errors/* describeFileError */.S)(denied)})`);
            }
            continue;
        }
        const folderProblem = await checkFolder(external_node_path_default().dirname(destination.file));
        if (folderProblem)
            refuse(folderProblem);
    }
    return problems;
}
/**
 * "dbt's run_results.json" (or another dbt artifact) when the file is one fusion-report did not
 * write: a file named run_results.json, or one whose head carries a `dbt_schema_version`.
 */
async function foreignArtifact(file) {
    const head = await readHead(file);
    if (head.includes(`"${baseline/* RUN_RESULTS_MARK */.Vo}"`))
        return null;
    const schema = /"dbt_schema_version"\s*:\s*"[^"]*\/dbt\/([a-z-]+)\//.exec(head)?.[1];
    if (schema)
        return `a dbt ${schema} artifact`;
    if (external_node_path_default().basename(file) === "run_results.json")
        return "dbt's own run_results.json";
    return null;
}
async function readHead(file) {
    const handle = await (0,promises_.open)(file, "r").catch(() => null);
    if (!handle)
        return "";
    try {
        const buffer = Buffer.alloc(HEAD_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
        return buffer.subarray(0, bytesRead).toString("utf8");
    }
    finally {
        await handle.close();
    }
}
/** Why files cannot be created in `folder` (or in the folders that would be created for it). */
async function checkFolder(folder) {
    const { existing, info } = await nearestExisting(folder);
    if (info instanceof Error)
        return `cannot use the folder ${existing} (${(0,file_errors/* describeFileError */.S)(info)})`;
    if (!info.isDirectory())
        return `${existing} is a file, so the folder ${folder} cannot be created`;
    const writable = await (0,promises_.access)(existing, external_node_fs_.constants.W_OK | external_node_fs_.constants.X_OK).then(() => null, (error) => error);
    if (writable)
        return `the folder ${existing} is not writable (${(0,file_errors/* describeFileError */.S)(writable)})`;
    return null;
}
/**
 * The folder, or its nearest parent, that is there (or the root), with what `stat` said of it, and
 * the folders below it that are not (deepest first): what checking and making a report's folder
 * both start from.
 */
async function nearestExisting(folder) {
    const missing = [];
    let existing = folder;
    let info = await (0,promises_.stat)(existing).catch((error) => error);
    while (info instanceof Error && info.code === "ENOENT" && external_node_path_default().dirname(existing) !== existing) {
        missing.push(existing);
        existing = external_node_path_default().dirname(existing);
        info = await (0,promises_.stat)(existing).catch((error) => error);
    }
    return { existing, info, missing };
}
/**
 * `mkdir -p`: makes the folder and its missing parents, and returns the first it made (as
 * `mkdir(…, { recursive: true })` does). Node's recursive mkdir never settles where a parent that
 * exists answers ENOENT (anything under /proc spins a core for ever), so the folders are made one
 * at a time from the nearest one that exists.
 */
async function makeFolders(folder) {
    const { info, missing } = await nearestExisting(folder);
    if (info instanceof Error && info.code !== "ENOENT")
        throw info;
    let first;
    for (const made of missing.reverse()) {
        const created = await (0,promises_.mkdir)(made).then(() => true, (error) => (error.code === "EEXIST" ? false : Promise.reject(error)));
        // Something is there after all: another process's folder (fine), or a symbolic link to nothing.
        if (!created)
            await (0,promises_.stat)(made).catch((error) => refuseDangling(made, error));
        first ??= created ? made : undefined;
    }
    return first;
}
async function refuseDangling(at, error) {
    const link = await (0,promises_.lstat)(at).then((info) => info.isSymbolicLink(), () => false);
    throw link ? new Error(`${at} is a symbolic link to nothing`) : error;
}
function tempFileFor(file) {
    return `${file}.fusion-report-${process.pid}.tmp`;
}
/** Temp files of fusion-report runs that are no longer running (killed while writing). */
async function removeLeftovers(folder) {
    const entries = await (0,promises_.readdir)(folder).catch(() => []);
    for (const entry of entries) {
        const pid = Number(TEMP_SUFFIX.exec(entry)?.[2]);
        if (!pid || isRunning(pid))
            continue;
        await (0,promises_.unlink)(external_node_path_default().join(folder, entry)).catch(() => undefined);
    }
}
function isRunning(pid) {
    if (pid === process.pid)
        return false;
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        // EPERM: it runs, as another user.
        return error.code !== "ESRCH";
    }
}
/** Removes `top` and the folders under it on the way to a destination, if they are empty. */
async function removeEmptyFolders(top, destinations) {
    const chains = destinations
        .map((destination) => external_node_path_default().dirname(destination.file))
        .filter((folder) => folder === top || folder.startsWith(`${top}${(external_node_path_default()).sep}`));
    for (const folder of chains.sort((a, b) => b.length - a.length)) {
        for (let current = folder; current.length >= top.length; current = external_node_path_default().dirname(current)) {
            if ((await (0,promises_.rmdir)(current).catch(() => "kept")) === "kept")
                break;
            if (current === top)
                break;
        }
    }
}

;// CONCATENATED MODULE: ./src/cli-report.ts









const EXIT = { ok: 0, policy: 1, unusable: 2 };
/** The report files, the report on stdout (text or Markdown), the warnings; the exit code. */
async function writeAndPrint(result, options, io) {
    const { report } = result;
    const markdownOptions = {
        title: options.title,
        fullReportHint: "the JSON report (--json)",
        extras: extraSections(report, options),
    };
    const printsMarkdown = !options.quiet && options.format === "markdown";
    // Within --max-bytes (a job summary's budget), what stdout gets is cut with a note; else it is
    // the whole report, as the file gets it.
    const fitted = printsMarkdown && options.maxBytes !== null
        ? (0,render_markdown/* fitMarkdown */.DJ)(report, {
            ...markdownOptions,
            fullReportHint: wholeReportHint(options),
            maxBytes: options.maxBytes,
        })
        : null;
    const printsWhole = printsMarkdown && fitted === null;
    // Rendered once, and only when printed or written (`--quiet` alone needs just the exit code). A file
    // or stdout alone gets it in pieces, never held whole; both get the one text.
    let markdown;
    const markdownFile = () => printsWhole
        ? [(markdown ??= [...(0,render_markdown/* wholeMarkdownPieces */.Is)(report, markdownOptions)].join(""))]
        : (0,render_markdown/* wholeMarkdownPieces */.Is)(report, markdownOptions);
    // All files or none: one unusable destination leaves every file unwritten (each problem named).
    const { problems } = await writeReportFiles(report, options, markdownFile, {
        cwd: io.cwd,
        telemetryFiles: result.telemetryFiles,
    });
    if (printsMarkdown) {
        const text = fitted
            ? [fitted.markdown]
            : markdown !== undefined
                ? [markdown]
                : (0,render_markdown/* wholeMarkdownPieces */.Is)(report, markdownOptions);
        // In chunks that end at line breaks (io.stdout breaks workflow commands a line at a time): a
        // 20,000-node report is megabytes, not held whole when no file needed it.
        for (const chunk of lineChunks(text))
            io.stdout(chunk);
        if (fitted && !fitted.complete) {
            io.stderr(`fusion-report: the Markdown on stdout leaves detail out to fit ${(0,format/* formatCount */.B4)(options.maxBytes ?? 0)} bytes ` +
                "(--max-bytes; 0 prints everything); --markdown FILE has the whole report\n");
        }
    }
    else if (!options.quiet) {
        io.stdout(terminalReport(report, options, io));
    }
    for (const warning of (0,build_report/* readerWarningsOf */.er)(report))
        io.stderr(`fusion-report: warning: ${warning}\n`);
    for (const problem of problems)
        io.stderr(`fusion-report: ${problem}\n`);
    if (problems.length > 0)
        return EXIT.unusable;
    return report.conclusion === "failure" ? EXIT.policy : EXIT.ok;
}
/** Where a cut Markdown report sends its reader: the report files this run writes, else how to get them. */
function wholeReportHint(options) {
    const files = [options.markdown, options.json].filter((file) => file !== null && file !== "-");
    return files.length > 0
        ? files.map(render_escape/* code */.aY).join(" and ")
        : "the Markdown report (--markdown FILE) and the JSON report (--json FILE)";
}
/** The plain-text report, as wide as the terminal and coloured as the environment asks. */
function terminalReport(report, options, io) {
    return renderTerminal(report, {
        title: options.title,
        width: io.columns ?? terminalWidth(io.env),
        colour: wantsColour(io.env, io.stdoutIsTty ?? false),
        fullReportHint: "the JSON report (--json FILE) and the Markdown report (--markdown FILE)",
    });
}
/** `COLUMNS` when stdout is not a terminal but the shell says how wide it is; else 80. */
function terminalWidth(env) {
    const columns = Number(env.COLUMNS);
    return Number.isInteger(columns) && columns > 0 ? columns : 80;
}


/***/ }),

/***/ 6174:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  a: () => (/* binding */ runCli)
});

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
var external_node_os_default = /*#__PURE__*/__nccwpck_require__.n(external_node_os_namespaceObject);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(7975);
// EXTERNAL MODULE: ./src/model/types.ts
var types = __nccwpck_require__(440);
// EXTERNAL MODULE: ./src/render/markdown.ts + 2 modules
var markdown = __nccwpck_require__(7525);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/sources/dbt-cloud/errors.ts
// Typed errors for the dbt platform source. Messages start with "dbt platform:" and say what to do.
// Callers construct them with already-redacted text (see redact.ts); nothing here holds the token.
class DbtCloudError extends Error {
    name = "DbtCloudError";
    /** HTTP status when the error came from a response. */
    status;
    /** Request URL without credentials (the token only ever travels in a header). */
    url;
    constructor(message, details = {}) {
        super(message.startsWith("dbt platform:") ? message : `dbt platform: ${message}`);
        this.status = details.status;
        this.url = details.url;
    }
}
/** An error's message without the "dbt platform: " its class puts first, to quote it in another. */
function withoutPrefix(error) {
    return error.message.replace(/^dbt platform: /, "");
}
/** Bad or missing settings (never echoes the token). */
class DbtCloudSettingsError extends DbtCloudError {
    name = "DbtCloudSettingsError";
}
/** 401: wrong token, or the right token sent to the wrong host (cell-based accounts). */
class DbtCloudAuthError extends DbtCloudError {
    name = "DbtCloudAuthError";
}
/** 403: the token is valid but lacks permission to read runs or artifacts. */
class DbtCloudPermissionError extends DbtCloudError {
    name = "DbtCloudPermissionError";
}
/** 404: the run (or, for artifacts, the step's telemetry file) does not exist or is not visible. */
class DbtCloudNotFoundError extends DbtCloudError {
    name = "DbtCloudNotFoundError";
}
/** 429 persisted after the allowed number of cooldowns. */
class DbtCloudRateLimitError extends DbtCloudError {
    name = "DbtCloudRateLimitError";
}
/** 5xx, timeouts or network failures that outlived every retry. */
class DbtCloudUnavailableError extends DbtCloudError {
    name = "DbtCloudUnavailableError";
}
/**
 * A request given a time to finish by (`RequestContext.notAfter`, a wait's limit) that would have
 * retried or paused past it: given up then, with the reason of its last attempt.
 */
class DbtCloudOutOfTimeError extends DbtCloudUnavailableError {
    name = "DbtCloudOutOfTimeError";
}
/** A response that is not what the API documents (non-JSON body, missing envelope, odd status). */
class DbtCloudResponseError extends DbtCloudError {
    name = "DbtCloudResponseError";
}
/** A downloaded artifact that is not a complete Parquet file. */
class DbtCloudArtifactError extends DbtCloudError {
    name = "DbtCloudArtifactError";
}
/**
 * A whole download of a telemetry file without the Parquet footer: the file as the platform keeps it
 * (a dbt command that died while writing it), not a download cut short (those are retried).
 */
class DbtCloudFooterlessArtifactError extends DbtCloudArtifactError {
    name = "DbtCloudFooterlessArtifactError";
}
/** No run of the job matches this pull request / commit. */
class DbtCloudRunLookupError extends DbtCloudError {
    name = "DbtCloudRunLookupError";
}
/** The job lists no runs at all: a new CI job before its first run, or a wrong job or account id. */
class DbtCloudNoRunsError extends DbtCloudRunLookupError {
    name = "DbtCloudNoRunsError";
}
/** The run did not complete within maxWaitSeconds (or is not complete and waiting is off). */
class DbtCloudWaitTimeoutError extends DbtCloudError {
    name = "DbtCloudWaitTimeoutError";
}

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/settings.ts
// dbt platform settings: one frozen, validated object built from a plain record of strings, so the
// Action (inputs) and the CLI (flags / DBT_CLOUD_* env vars) share the same rules and messages.



/** Record keys (Action input names; the CLI uses the same names as `--flags`). */
const DBT_CLOUD_SETTING_KEYS = {
    baseUrl: "dbt-cloud-base-url",
    accountId: "dbt-cloud-account-id",
    token: "dbt-cloud-token",
    runId: "dbt-cloud-run-id",
    jobId: "dbt-cloud-job-id",
    prNumber: "pr-number",
    headSha: "head-sha",
    wait: "dbt-cloud-wait",
    maxWaitSeconds: "dbt-cloud-max-wait-seconds",
    pollIntervalSeconds: "dbt-cloud-poll-interval-seconds",
    concurrency: "dbt-cloud-concurrency",
    requestTimeoutMs: "dbt-cloud-request-timeout-ms",
    downloadDir: "dbt-cloud-download-dir",
};
/** Environment variables the CLI reads, mapped to the record keys above. */
const DBT_CLOUD_ENV_VARS = {
    DBT_CLOUD_BASE_URL: DBT_CLOUD_SETTING_KEYS.baseUrl,
    DBT_CLOUD_ACCOUNT_ID: DBT_CLOUD_SETTING_KEYS.accountId,
    DBT_CLOUD_TOKEN: DBT_CLOUD_SETTING_KEYS.token,
    DBT_CLOUD_RUN_ID: DBT_CLOUD_SETTING_KEYS.runId,
    DBT_CLOUD_JOB_ID: DBT_CLOUD_SETTING_KEYS.jobId,
};
const DBT_CLOUD_DEFAULTS = {
    wait: false,
    maxWaitSeconds: 1800,
    // The reference advises polling no faster than every 10 s.
    pollIntervalSeconds: 15,
    concurrency: 4,
    requestTimeoutMs: 30_000,
};
/** The longest wait for a run (6 hours). */
const DBT_CLOUD_MAX_WAIT_SECONDS = 6 * 3600;
const MIN_POLL_SECONDS = 10;
const MAX_CONCURRENCY = 16;
const quoteKey = (key) => `"${key}"`;
/** Picks the DBT_CLOUD_* variables out of an environment into a settings record (pure). */
function readDbtCloudEnv(env) {
    const out = {};
    for (const [name, key] of Object.entries(DBT_CLOUD_ENV_VARS)) {
        const value = env[name];
        if (value !== undefined && value.trim() !== "")
            out[key] = value;
    }
    return out;
}
/** Validates a record of strings into frozen settings; throws DbtCloudSettingsError naming the setting. */
function parseDbtCloudSettings(raw, name = quoteKey) {
    const K = DBT_CLOUD_SETTING_KEYS;
    const get = (key) => {
        const value = raw[key]?.trim();
        return value ? value : undefined;
    };
    const token = get(K.token);
    if (!token) {
        throw new DbtCloudSettingsError(`${name(K.token)} is required: use a dbt platform service token or personal access token.`);
    }
    if (/\s/.test(token)) {
        // Never echo the value: it is a secret even when malformed.
        throw new DbtCloudSettingsError(`${name(K.token)} contains whitespace; pass only the token itself, without a "Token " or "Bearer " prefix.`);
    }
    // A header can carry visible ASCII only: a zero-width space or a curly quote picked up when the
    // token was copied would fail every request before it is sent, and read as a network error.
    const unsendable = /[^\x21-\x7e]/.exec(token)?.[0];
    if (unsendable !== undefined) {
        const code = `U+${unsendable.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
        throw new DbtCloudSettingsError(`${name(K.token)} contains a character that is not visible ASCII (${code}, e.g. a zero-width space or a ` +
            `typographic quote picked up when copying it); copy the token again, from the dbt platform or the secret's source.`);
    }
    const runId = parseId(get(K.runId), name(K.runId));
    const jobId = parseId(get(K.jobId), name(K.jobId));
    const prNumber = parseId(get(K.prNumber), name(K.prNumber));
    const headSha = parseSha(get(K.headSha), name(K.headSha));
    if (runId === undefined && jobId === undefined) {
        throw new DbtCloudSettingsError(`set either ${name(K.runId)} to read one run, or ${name(K.jobId)} to find the run for this pull request.`);
    }
    if (runId === undefined && prNumber === undefined && headSha === undefined) {
        throw new DbtCloudSettingsError(`${name(K.jobId)} needs ${name(K.prNumber)} and/or ${name(K.headSha)} to pick the run for this pull request (or set ${name(K.runId)}).`);
    }
    const settings = {
        baseUrl: parseBaseUrl(get(K.baseUrl), name(K.baseUrl)),
        accountId: requireValue(parseId(get(K.accountId), name(K.accountId)), name(K.accountId)),
        token,
        ...(runId !== undefined && { runId }),
        ...(jobId !== undefined && { jobId }),
        ...(prNumber !== undefined && { prNumber }),
        ...(headSha !== undefined && { headSha }),
        wait: parseBoolean(get(K.wait), name(K.wait), DBT_CLOUD_DEFAULTS.wait),
        maxWaitSeconds: parseInteger(get(K.maxWaitSeconds), name(K.maxWaitSeconds), DBT_CLOUD_DEFAULTS.maxWaitSeconds, 0, DBT_CLOUD_MAX_WAIT_SECONDS),
        pollIntervalSeconds: parseInteger(get(K.pollIntervalSeconds), name(K.pollIntervalSeconds), DBT_CLOUD_DEFAULTS.pollIntervalSeconds, MIN_POLL_SECONDS, 3600),
        concurrency: parseInteger(get(K.concurrency), name(K.concurrency), DBT_CLOUD_DEFAULTS.concurrency, 1, MAX_CONCURRENCY),
        requestTimeoutMs: parseInteger(get(K.requestTimeoutMs), name(K.requestTimeoutMs), DBT_CLOUD_DEFAULTS.requestTimeoutMs, 100, 600_000),
        downloadDir: get(K.downloadDir) ?? (0,external_node_path_.join)((0,external_node_os_namespaceObject.tmpdir)(), "fusion-report", "dbt-cloud"),
    };
    return Object.freeze(settings);
}
function requireValue(value, label) {
    if (value === undefined)
        throw new DbtCloudSettingsError(`${label} is required.`);
    return value;
}
/**
 * Accepts `host` or `https://host`. There is deliberately no default: cell-based accounts have their
 * own access URL (e.g. ab123.us1.dbt.com) and the legacy host answers them with a misleading 401.
 */
function parseBaseUrl(value, label) {
    const hint = `Use the Access URL from Account settings → Account information, e.g. "ab123.us1.dbt.com".`;
    if (!value)
        throw new DbtCloudSettingsError(`${label} is required. ${hint}`);
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    let url;
    try {
        url = new URL(withScheme);
    }
    catch {
        throw new DbtCloudSettingsError(`${label} is not a valid host or URL: "${value}". ${hint}`);
    }
    if (url.username || url.password) {
        throw new DbtCloudSettingsError(`${label} must not contain credentials; pass the token separately.`);
    }
    const loopback = url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]";
    // Plain http would send the token in clear text; only allow it for local stand-in servers.
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
        throw new DbtCloudSettingsError(`${label} must use https: "${url.origin}". ${hint}`);
    }
    if (url.pathname !== "/" || url.search || url.hash) {
        throw new DbtCloudSettingsError(`${label} must be just the host ("${url.origin}"), without a path such as "${url.pathname}".`);
    }
    return url.origin;
}
function parseId(value, label) {
    if (value === undefined)
        return undefined;
    const cleaned = value.replace(/^#/, "");
    if (!/^\d+$/.test(cleaned) || Number(cleaned) <= 0 || !Number.isSafeInteger(Number(cleaned))) {
        throw new DbtCloudSettingsError(`${label} must be a positive whole number, got "${value}".`);
    }
    return Number(cleaned);
}
function parseSha(value, label) {
    if (value === undefined)
        return undefined;
    if (!/^[0-9a-f]{7,64}$/i.test(value)) {
        throw new DbtCloudSettingsError(`${label} must be a git commit SHA (the pull request's head SHA), got "${value}".`);
    }
    return value.toLowerCase();
}
function parseBoolean(value, label, fallback) {
    if (value === undefined)
        return fallback;
    if (/^(true|yes|1)$/i.test(value))
        return true;
    if (/^(false|no|0)$/i.test(value))
        return false;
    throw new DbtCloudSettingsError(`${label} must be "true" or "false", got "${value}".`);
}
function parseInteger(value, label, fallback, min, max) {
    if (value === undefined)
        return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
        throw new DbtCloudSettingsError(`${label} must be a whole number from ${min} to ${max}, got "${value}".`);
    }
    return n;
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __nccwpck_require__(1455);
// EXTERNAL MODULE: ./src/telemetry/limits.ts
var limits = __nccwpck_require__(9311);
;// CONCATENATED MODULE: ./src/telemetry/jsonl-input.ts
// The bytes of a JSONL input as the line splitter needs them: Buffers, gzip-compressed input (what
// people upload as artifacts: `otel.jsonl.gz`) recognised by its magic bytes and decompressed as a
// stream, whatever the file is called and wherever it came from (local file, artifact, dbt platform).

const GZIP_MAGIC = [0x1f, 0x8b];
/** Whether bytes begin as a gzip member does. */
function isGzip(bytes) {
    return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}
class GzipError extends Error {
    truncated;
    constructor(message, 
    /** The data ends early: what came before it was read. */
    truncated = false) {
        super(message);
        this.truncated = truncated;
    }
}
/** The input's bytes, decompressed when they are gzip; `format.gzip` says which it was. */
async function* inputBytes(chunks, format = { gzip: false }) {
    const source = chunks[Symbol.asyncIterator]();
    try {
        // Enough bytes to see the magic (a source may yield tiny chunks).
        const head = [];
        let headBytes = 0;
        while (headBytes < GZIP_MAGIC.length) {
            const next = await source.next();
            if (next.done)
                break;
            // Copied: a source may read into its chunk again once the next one is asked for (file-chunks.ts).
            const chunk = Buffer.from(toBuffer(next.value));
            head.push(chunk);
            headBytes += chunk.length;
        }
        const first = head.length === 1 ? head[0] : Buffer.concat(head);
        const rest = async function* () {
            for (let next = await source.next(); !next.done; next = await source.next())
                yield toBuffer(next.value);
        };
        format.gzip = isGzip(first);
        if (!format.gzip) {
            if (first.length > 0)
                yield first;
            yield* rest();
            return;
        }
        yield* gunzip(first, rest());
    }
    finally {
        // Also when the reader stops early (an error on the first line, a line too long), wherever it
        // stopped: the source (a file) is closed now, not left open until the garbage collector warns.
        await source.return?.();
    }
}
async function* gunzip(first, rest) {
    let compressed = 0;
    const counted = async function* () {
        compressed += first.length;
        yield first;
        for await (const chunk of rest) {
            compressed += chunk.length;
            // Copied: the stream below still holds a chunk when it asks for the next, and a source may
            // read into a chunk again by then (file-chunks.ts).
            yield Buffer.from(chunk);
        }
    };
    // Loaded only for gzip input: most runs never need zlib and streams (getBuiltinModule, not
    // import(): bundlers leave it alone).
    const { Readable } = process.getBuiltinModule("node:stream");
    const { pipeline } = process.getBuiltinModule("node:stream/promises");
    const { createGunzip } = process.getBuiltinModule("node:zlib");
    const gz = createGunzip();
    // Errors reach the loop below through the stream; stopping early (a line too long) destroys it,
    // which closes the source too.
    const piped = pipeline(Readable.from(counted()), gz).catch(() => undefined);
    let expanded = 0;
    try {
        for await (const chunk of gz) {
            expanded += chunk.length;
            if (expanded > 64 * limits/* MIB */.D6 && expanded > compressed * limits/* MAX_GZIP_EXPANSION */.OY) {
                throw new GzipError(`gzip data expands more than ${limits/* MAX_GZIP_EXPANSION */.OY}-fold (${Math.round(expanded / limits/* MIB */.D6)} MiB from ` +
                    `${Math.round(compressed / 1024)} KiB): this is not compressed telemetry`);
            }
            yield chunk;
        }
    }
    catch (error) {
        if (error instanceof GzipError)
            throw error;
        const code = error.code;
        if (code === "Z_BUF_ERROR")
            throw new GzipError("the gzip data ends early (the file is truncated)", true);
        if (code?.startsWith("Z_"))
            throw new GzipError(`the gzip data is corrupt (${error.message})`);
        throw error;
    }
    finally {
        gz.destroy();
        await piped;
    }
}
function toBuffer(chunk) {
    if (typeof chunk === "string")
        return Buffer.from(chunk, "utf8");
    return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

// EXTERNAL MODULE: ./src/text/byte-text.ts
var byte_text = __nccwpck_require__(7225);
;// CONCATENATED MODULE: ./src/telemetry/jsonl-span-head.ts
// The head of a span record as the engine writes it, `{"record_type":"<type>","trace_id":"<32 hex>",
// "span_id":"<16 hex>",`: where the JSONL reader's text shortcuts (jsonl-start-ledger.ts,
// jsonl-phase-ends.ts, jsonl-skip.ts) find a line's ids, at fixed places, in its text or its bytes.

const SPAN_ID_KEY = '","span_id":"';
const EVENT_TYPE_KEY = '"event_type":"';
const UNIQUE_ID_KEY = '"unique_id":"';
const SPAN_ID_KEY_BYTES = (0,byte_text/* asciiBytes */.Tg)(SPAN_ID_KEY);
const QUOTE_COMMA_BYTES = (0,byte_text/* asciiBytes */.Tg)('",');
/** The span names the engine gives node and query spans, right after a record's head (`Node evaluated (model.shop.orders)`). */
const EVALUATED_NAME = '"span_name":"Node evaluated';
const PROCESSED_NAME = '"span_name":"Node processed';
const QUERY_NAME = '"span_name":"Query executed';
/** The same names as bytes, for SpanHead.namesBytes. */
const EVALUATED_NAME_BYTES = (0,byte_text/* asciiBytes */.Tg)(EVALUATED_NAME);
const PROCESSED_NAME_BYTES = (0,byte_text/* asciiBytes */.Tg)(PROCESSED_NAME);
const QUERY_NAME_BYTES = (0,byte_text/* asciiBytes */.Tg)(QUERY_NAME);
class SpanHead {
    /** `{"record_type":"<type>","trace_id":"`. */
    prefix;
    /** Where the trace id is (32 characters). */
    traceAt;
    /** Where the span id is (16 characters). */
    spanIdAt;
    /** Where the line goes on after the head. */
    end;
    prefixBytes;
    constructor(recordType) {
        this.prefix = `{"record_type":"${recordType}","trace_id":"`;
        this.traceAt = this.prefix.length;
        this.spanIdAt = this.traceAt + 32 + SPAN_ID_KEY.length;
        this.end = this.spanIdAt + 16 + 2;
        this.prefixBytes = (0,byte_text/* asciiBytes */.Tg)(this.prefix);
    }
    /**
     * Whether the line `bytes[start, end)` begins with this head, its ids lowercase hex, goes on with
     * `name` (a span name's bytes: EVALUATED_NAME …) and ends with `}`: the engine's own line of that
     * span, told before it is made a string. Every byte it compares is ASCII, so the line's text
     * would hold the same characters at the same places.
     */
    namesBytes(bytes, start, end, name) {
        const nameAt = start + this.end;
        return (end - nameAt > name.length &&
            bytes[end - 1] === 0x7d &&
            bytesAt(bytes, nameAt, name) &&
            this.beginsBytes(bytes, start));
    }
    /** The span id of the line that begins at `start` in `bytes` (its head checked), as text. */
    spanIdText(bytes, start) {
        return (0,byte_text/* latin1Text */.Ly)(bytes, start + this.spanIdAt, start + this.spanIdAt + 16);
    }
    beginsBytes(bytes, start) {
        const traceAt = start + this.traceAt;
        return (bytesAt(bytes, start, this.prefixBytes) &&
            bytesAt(bytes, traceAt + 32, SPAN_ID_KEY_BYTES) &&
            bytesAt(bytes, start + this.spanIdAt + 16, QUOTE_COMMA_BYTES) &&
            isLowerHexBytes(bytes, traceAt, 32) &&
            isLowerHexBytes(bytes, start + this.spanIdAt, 16));
    }
    /**
     * Whether `line` begins with this head, its ids lowercase hex, and has no backslash after it
     * (`\u` can spell a key, and another escape makes a value's text differ from the value).
     */
    begins(line) {
        return (this.holdsIds(line) &&
            isLowerHex(line, this.traceAt, 32) &&
            isLowerHex(line, this.spanIdAt, 16) &&
            !line.includes("\\", this.end));
    }
    /** Whether `line` begins with this head, ids of 32 and 16 characters in their places (any characters). */
    holdsIds(line) {
        return (line.startsWith(this.prefix) &&
            line.startsWith(SPAN_ID_KEY, this.traceAt + 32) &&
            line.startsWith('",', this.spanIdAt + 16));
    }
}
const START_HEAD = new SpanHead("SpanStart");
const END_HEAD = new SpanHead("SpanEnd");
/** `bytes` holds `expected` at `at`. */
function bytesAt(bytes, at, expected) {
    for (let i = 0; i < expected.length; i++)
        if (bytes[at + i] !== expected[i])
            return false;
    return true;
}
/**
 * `bytes` holds the characters of `text`, one byte each, at `at`: an id kept as text (a trace id)
 * compared with a line's bytes without making a string of them.
 */
function bytesHoldText(bytes, at, text) {
    for (let i = 0; i < text.length; i++)
        if (bytes[at + i] !== text.charCodeAt(i))
            return false;
    return true;
}
function isLowerHexBytes(bytes, at, length) {
    for (let i = at; i < at + length; i++)
        if (!isLowerHexCode(bytes[i]))
            return false;
    return true;
}
function isLowerHex(line, at, length) {
    for (let i = at; i < at + length; i++)
        if (!isLowerHexCode(line.charCodeAt(i)))
            return false;
    return true;
}
/** `0`–`9` or `a`–`f`. */
function isLowerHexCode(code) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66);
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-skip.ts
// Which JSONL lines need not be parsed: telemetry records no report can use (a query's span start,
// trace spans, DEBUG logs), told from the raw text. The test must keep every line `isRelevant` (in
// events.ts) could accept, whatever the key order or spacing, so it looks for words, not for
// `"key":"value"` pairs:
//   * a span event the model reads has one of Node, Phase, Invocation, Process in its event type
//     (NodeProcessed, NodeEvaluated, Node, PhaseExecuted, Phase, Invocation, Process);
//   * a query span end has QueryExecuted and SpanEnd;
//   * an ERROR/WARN/WARNING LogMessage (or Log) has Log, and error or warn in any ASCII case (upper
//     casing maps no other character to E, R, O, W, A or N without adding a second one, so no other
//     spelling upper-cases to ERROR, WARN or WARNING; test/telemetry/jsonl-skip.test.ts checks it);
//   * a `\u` escape can spell any of these, so a line with one is parsed.
// Any other word may appear anywhere (a SQL text, a body): the line is then parsed, which is only
// slower. A line is left unparsed only when it also names the three keys of a record and has the
// shape of one JSON object; anything else takes the full path (and its error messages).
//
// The engine's query spans are told from their head instead (a quarter of a big build's bytes, each
// line's SQL searched for every word above took ~35 ms of the node-heavy build's read): a query span
// end in the engine's layout is parsed at once, and a query span start is left out from its bytes,
// before it is made a string (isEngineQueryStart). Like a node span start taken so
// (jsonl-start-ledger.ts), it is taken to be what its head and span name say without a look at the
// rest: a line crafted to repeat a key after them (JSON.parse keeps the last) is read by its head.
// Dropping a line never adds text to the report, and a file crafted so can say any outcome in
// plain records too.

const SPAN_MARKERS = ["Node", "Phase", "Invocation", "Process"];
const RECORD_KEYS = ['"record_type"', '"trace_id"', '"event_type"'];
const LOG_SEVERITY = /error|warn/i;
/**
 * True when `line` is a telemetry record that `isRelevant` rejects, judged without parsing it:
 * then it can be counted as a record and dropped. False means "parse it" (it may be relevant, or
 * not a record, or not JSON).
 */
function isUnusableRecordLine(line) {
    // Each test below only sends the line to be parsed, so their order is free: the engine's query
    // span ends, told by their head, then the span markers, as most lines of a big build are node
    // spans and say so early (their span name).
    if (isEngineQueryEnd(line))
        return false;
    for (const marker of SPAN_MARKERS)
        if (line.includes(marker))
            return false;
    if (line.includes("\\u"))
        return false;
    if (line.includes("QueryExecuted") && line.includes("SpanEnd"))
        return false;
    if (line.includes("Log") && LOG_SEVERITY.test(line))
        return false;
    for (const key of RECORD_KEYS)
        if (!line.includes(key))
            return false;
    return isObjectShaped(line);
}
/** A query span end in the engine's layout: its head, then the query span name. */
function isEngineQueryEnd(line) {
    return line.startsWith(QUERY_NAME, END_HEAD.end) && END_HEAD.holdsIds(line);
}
/**
 * Whether the line `bytes[start, end)` is a query span start in the engine's layout — its head with
 * lowercase hex ids, the query span name, `}` last — a record no report uses, told without making
 * it a string (see the top of this file).
 */
function isEngineQueryStart(bytes, start, end) {
    return START_HEAD.namesBytes(bytes, start, end, QUERY_NAME_BYTES);
}
/**
 * Whether a record's head comes again after the start of the line `bytes[start, end)`: a run killed
 * while writing the line's record, and the next run's first record appended on the same line (in
 * JSON text a `{"record_type":"` can only open an object, which no engine record nests). It searches
 * the whole line, so a file is asked it only when it is read in full (jsonl.ts).
 */
function holdsAppendedRecord(bytes, start, end) {
    return bytes.subarray(start + 1, end).indexOf(RECORD_HEAD_BYTES) !== -1;
}
/** Starts with `{` and ends with `}`, JSON whitespace aside: what a one-line object looks like. */
function isObjectShaped(line) {
    let start = 0;
    let end = line.length - 1;
    while (start <= end && isJsonSpace(line.charCodeAt(start)))
        start++;
    while (end > start && isJsonSpace(line.charCodeAt(end)))
        end--;
    return end > start && line.charCodeAt(start) === 0x7b && line.charCodeAt(end) === 0x7d;
}
/** JSON's whitespace: space, tab, line feed, carriage return. */
function isJsonSpace(code) {
    return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
/** Where a record begins, as the engine writes one; never at the start of a record's own text. */
const RECORD_HEAD = '{"record_type":"';
const RECORD_HEAD_BYTES = Buffer.from(RECORD_HEAD, "latin1");
const TRACE_KEY = '","trace_id":"';
/**
 * `"trace_id"` where no `{` comes right before it. A regular expression, not a loop of indexOf:
 * a search for a word that begins with `"`, in JSON, stops at every quote (~110 ms over a 200 MB
 * file against ~55 ms).
 */
const TRACE_ID_NOT_FIRST = /(?<!\{)"trace_id"/g;
/**
 * Which of `traces` the line is a record of, told from its head as the engine writes it
 * (`{"record_type":"…","trace_id":"<32 lowercase hex>"`), or null: then the line is parsed. A line
 * that names `"trace_id"` again (JSON.parse keeps the last), holds a `\u` escape (which can spell
 * the key; no other escape can) or is not shaped like one object is parsed too, so its trace is the
 * one JSON.parse reads.
 */
function traceOfRecordLine(line, traces) {
    if (!line.startsWith(RECORD_HEAD))
        return null;
    const typeEnd = line.indexOf('"', RECORD_HEAD.length);
    if (typeEnd < 0 || !line.startsWith(TRACE_KEY, typeEnd))
        return null;
    const at = typeEnd + TRACE_KEY.length;
    if (line.charCodeAt(at + 32) !== 0x22 || !isLowerHex(line, at, 32))
        return null;
    let found = null;
    // A handful of traces at most: compared in place, no string cut out of every line.
    for (const trace of traces) {
        if (line.startsWith(trace, at)) {
            found = trace;
            break;
        }
    }
    if (found === null)
        return null;
    if (namesTraceIdAgain(line, at + 33) || line.includes("\\u") || !isObjectShaped(line))
        return null;
    return found;
}
/**
 * Whether `"trace_id"` comes again from `from` on, other than as the first key of an inner object
 * (a span link's `{"trace_id":…}`): a key at the top level follows a comma, and an unescaped quote
 * right after a `{` can only open an object's first key.
 */
function namesTraceIdAgain(line, from) {
    TRACE_ID_NOT_FIRST.lastIndex = from;
    return TRACE_ID_NOT_FIRST.test(line);
}

// EXTERNAL MODULE: ./src/telemetry/values.ts
var telemetry_values = __nccwpck_require__(7593);
;// CONCATENATED MODULE: ./src/telemetry/jsonl-run-end.ts
// Whether a JSONL file's run finished, from its last line: the engine's last record is the end of a
// root span (the process span ends after the invocation). A run that crashed, was killed or is
// still writing ends with something else, often a cut line; its node span starts are then needed
// (they are all the model has of nodes that never finished), so the reader parses them on the first
// read instead of finding out at the end and reading the file twice.


/**
 * True when `tail` (the file's last bytes; all of it when `wholeFile`) ends with a root span's end,
 * false when it ends with another record or a line that is not JSON, null when the tail holds no
 * complete last line to tell by.
 */
function runEndedAt(tail, wholeFile) {
    let end = tail.length;
    while (end > 0 && isJsonSpace(tail[end - 1]))
        end--;
    if (end === 0)
        return wholeFile ? false : null;
    const start = tail.lastIndexOf(0x0a, end - 1) + 1;
    if (start === 0 && !wholeFile)
        return null;
    let record;
    try {
        record = JSON.parse(tail.toString("utf8", start, end));
    }
    catch {
        return false;
    }
    if (typeof record !== "object" || record === null)
        return false;
    const { record_type: type, parent_span_id: parent } = record;
    return type === "SpanEnd" && (0,telemetry_values/* toSpanId */.Dr)(parent) === null;
}

// EXTERNAL MODULE: ./src/text/file-errors.ts
var file_errors = __nccwpck_require__(6449);
;// CONCATENATED MODULE: ./src/text/paths.ts
// Whether a file lies inside a folder, and its path from there: how a telemetry file is named
// (sources/local.ts) and which report files outlive the runner's temp folder (github/publish-report.ts).
// And `~/…` as a shell reads it, for paths no shell expanded: the Action's inputs, `--json=~/x`.

/** `file`'s path from `folder` when it lies inside it ("" for the folder itself), else null. */
function pathInside(folder, file) {
    const relative = external_node_path_default().relative(folder, file);
    const outside = relative === ".." || relative.startsWith(`..${(external_node_path_default()).sep}`) || external_node_path_default().isAbsolute(relative);
    return outside ? null : relative;
}
/** `~` and `~/…` (also `~\…` on Windows) in the home folder, as a shell reads them; `~user` is left as it is. */
function expandHome(value, home, platform = process.platform) {
    const inHome = platform === "win32" ? /^~(?:$|[\\/])/ : /^~(?:$|\/)/;
    return inHome.test(value) ? `${home}${value.slice(1)}` : value;
}

;// CONCATENATED MODULE: ./src/sources/checkout-links.ts
// In the Action the workspace is a checkout, and a pull request can commit symbolic links in it. A
// link could lead a telemetry file that is read, or a report file that is written, anywhere the
// runner's user can reach: the first line of a credentials file quoted in an error on the pull
// request, a report written over a file of the runner's. So a path that passes through a link inside
// the checkout must end in the workspace or the runner's temporary folder. The CLI follows links as
// any Unix tool does: they are its user's own.



/**
 * Where `file` really is when a link inside the checkout on the path `given` leads it out of
 * bounds, else null. `file` is `given` with any link to a file already followed (the default).
 */
async function linkLeadsOut(given, bounds, file = given) {
    if (!(await passesLinkInside(bounds.root, given)))
        return null;
    const real = await realLocation(file);
    const allowed = await Promise.all(bounds.linksMayLeadTo.map((folder) => realLocation(folder)));
    return allowed.some((folder) => pathInside(folder, real) !== null) ? null : real;
}
/** The sentence messages use for a path that `linkLeadsOut` stopped. */
function leadsOutReason(real) {
    return (`a link in the workspace leads it to ${real}, outside the workspace and the runner's temporary folder; ` +
        "a link that a pull request can commit must not choose what the Action reads or writes: name a path without it");
}
/**
 * Whether a folder or file on `file`'s path below `root` is a symbolic link. The runner may name the
 * workspace through a link of its own (a work folder linked to a bigger disk) while the working
 * directory, which relative paths start from, is where it really is: either spelling is the checkout.
 */
async function passesLinkInside(root, file) {
    for (const top of new Set([root, await realLocation(root)])) {
        const relative = pathInside(top, file);
        if (relative !== null)
            return linkBelow(top, relative);
    }
    return false;
}
async function linkBelow(top, relative) {
    let current = top;
    for (const part of relative.split((external_node_path_default()).sep).filter(Boolean)) {
        current = external_node_path_default().join(current, part);
        const info = await (0,promises_.lstat)(current).catch(() => null);
        if (!info)
            return false; // nothing there yet: no link below it either
        if (info.isSymbolicLink())
            return true;
    }
    return false;
}
/** Where `file` really is: its nearest folder that exists with every link resolved, then the rest. */
async function realLocation(file) {
    let existing = external_node_path_default().resolve(file);
    while (!(await (0,promises_.stat)(existing).then(() => true, () => false)) &&
        external_node_path_default().dirname(existing) !== existing) {
        existing = external_node_path_default().dirname(existing);
    }
    const real = await (0,promises_.realpath)(existing).catch(() => existing);
    return external_node_path_default().join(real, external_node_path_default().relative(existing, external_node_path_default().resolve(file)));
}

;// CONCATENATED MODULE: ./src/sources/file-chunks.ts
// A local file's bytes as the JSONL reader takes them, read into two buffers in turn: the next
// chunk is read while the reader splits and parses the one it was given, and no buffer is made
// per chunk. A stream's 64 KiB chunks left the reader waiting on the file system about 7 % of a
// 200 MiB read, and each chunk was a new buffer (docs/performance.md).

/** Bytes per read: large enough that waiting per read is rare, small enough to be cheap to hold. */
const FILE_CHUNK_BYTES = 1024 * 1024;
/**
 * The file's bytes in chunks of at most `chunkBytes`. A chunk is a view of a buffer that is read
 * into again once the chunk after it has been asked for: a consumer that keeps bytes past that
 * copies them (jsonl-lines.ts, jsonl-input.ts).
 */
async function* fileChunks(file, chunkBytes = FILE_CHUNK_BYTES) {
    const handle = await (0,promises_.open)(file, "r");
    const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
    let which = 0;
    // From the file's current position (null): a pipe (`/dev/stdin`, `<(zcat …)`) cannot seek. One read
    // is in flight at a time, so the reads come in order.
    const next = () => handle.read(buffers[which], 0, chunkBytes, null);
    let pending = next();
    try {
        for (;;) {
            const { bytesRead } = await pending;
            pending = null;
            if (bytesRead === 0)
                return;
            const chunk = buffers[which].subarray(0, bytesRead);
            which ^= 1;
            pending = next();
            yield chunk;
        }
    }
    finally {
        // Stopped early (an error, a line too long): the read in flight ends before the file closes.
        await pending?.catch(() => undefined);
        await handle.close();
    }
}

;// CONCATENATED MODULE: ./src/sources/local.ts









class TelemetryNotFoundError extends Error {
    name = "TelemetryNotFoundError";
}
/** Nothing at all was found: the caller decides whether that is an error (see `if-no-telemetry`). */
class NoTelemetryError extends Error {
    name = "NoTelemetryError";
}
const TELEMETRY_EXTENSIONS = [".parquet", ".jsonl", ".jsonl.gz"];
/** Errors of a path that is not there, as opposed to one that is there but cannot be reached. */
const NOT_THERE = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);
/**
 * Expands files, directories and globs into telemetry files, in a stable order. A directory is
 * searched (not recursively) for *.parquet, *.jsonl and *.jsonl.gz: dbt keeps other Parquet families
 * (run results, manifests) in sub-folders of target/metadata. A place that cannot be read for lack
 * of permission is an error that says so, never "nothing found".
 */
async function findTelemetryFiles(patterns, cwd, standardInput) {
    const found = { files: [], missing: [], empty: [], emptyFolders: [] };
    for (const pattern of patterns) {
        // Read as a stream, never looked for as a file (Windows has no /dev/stdin).
        if (pattern === STANDARD_INPUT && standardInput) {
            found.files.push(STANDARD_INPUT);
            continue;
        }
        const resolved = external_node_path_default().resolve(cwd, pattern);
        const info = await (0,promises_.stat)(resolved).catch((error) => error);
        let files;
        if (info instanceof Error) {
            if (info.code === "EACCES")
                throw permissionDenied(pattern, "a folder on its path cannot be searched");
            // Loaded only for a path that is not there as written (~7 ms): files and folders need no glob.
            const { glob, isDynamicPattern } = await __nccwpck_require__.e(/* import() */ 382).then(__nccwpck_require__.bind(__nccwpck_require__, 3382));
            // Something is there that cannot be followed (a link loop, a failing disk): not "missing". A name
            // too long for the file system cannot be there.
            if (!NOT_THERE.has(info.code ?? "") && !isDynamicPattern(pattern)) {
                throw new TelemetryNotFoundError(`${pattern}: cannot read it (${(0,file_errors/* describeFileError */.S)(info)})`);
            }
            if (!isDynamicPattern(pattern)) {
                found.missing.push(pattern);
                continue;
            }
            // In Node's own spelling: on Windows the glob answers D:/a/repo/logs/x.jsonl, and the same file
            // named, or found in a folder, is D:\a\repo\logs\x.jsonl; each file is read once.
            files = (await glob(pattern, { cwd, absolute: true, onlyFiles: true, expandDirectories: false })).map((file) => external_node_path_default().resolve(file));
            if (files.length === 0)
                await checkGlobBase(pattern, cwd, isDynamicPattern);
        }
        else if (info.isDirectory()) {
            const entries = await (0,promises_.readdir)(resolved, { withFileTypes: true }).catch((error) => {
                if (error.code === "EACCES")
                    throw permissionDenied(pattern, "cannot list the directory");
                throw new TelemetryNotFoundError(`${pattern}: cannot list the directory (${(0,file_errors/* describeFileError */.S)(error)})`);
            });
            const named = entries
                // Files, and links to files (read as what they name): a pipe, socket or folder is no telemetry file.
                .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && !entry.name.startsWith("."))
                .filter((entry) => TELEMETRY_EXTENSIONS.some((ext) => entry.name.endsWith(ext)));
            const kept = await Promise.all(named.map((entry) => entry.isFile() || linksToFile(resolved, entry.name)));
            files = named.filter((_, i) => kept[i]).map((entry) => external_node_path_default().join(resolved, entry.name));
        }
        else {
            files = [resolved];
        }
        if (files.length === 0) {
            found.empty.push(pattern);
            if (!(info instanceof Error) && info.isDirectory())
                found.emptyFolders.push(pattern);
        }
        found.files.push(...files.sort());
    }
    found.files = [...new Set(found.files)];
    return found;
}
/**
 * Local telemetry under one rule for the CLI and the Action: a named file that is missing is an
 * error; a glob or directory that matches nothing is only noted, as long as something was found.
 * Nothing found at all is a `NoTelemetryError`.
 */
async function collectLocalTelemetry(patterns, cwd, note, checkout, standardInput) {
    const { files, missing, empty, emptyFolders } = await findTelemetryFiles(patterns, cwd, standardInput);
    // `telemetry: a.parquet, b.jsonl` is one path to the reader, and reads as two in the message.
    const commas = missing.some((name) => name.includes(","))
        ? " Give each path on its own line (on the command line, as its own argument), not separated by commas."
        : "";
    if (files.length === 0) {
        const absent = missing.length > 0 ? ` (${missing.join(", ")}: no such file or directory)` : "";
        const folders = emptyFolders.length > 0
            ? ` A folder is searched for ${TELEMETRY_EXTENSIONS.map((ext) => `*${ext}`).join(", ")} files, not its subfolders.`
            : "";
        throw new NoTelemetryError(`No telemetry found at ${patterns.join(", ")}${absent}.${folders}${commas}`);
    }
    if (missing.length > 0) {
        throw new TelemetryNotFoundError(`telemetry file not found: ${missing.join(", ")}. A file named in the list must exist; ` +
            `name a glob (e.g. logs/*.jsonl) or a directory for telemetry that may be absent${commas && `.${commas}`}`);
    }
    for (const pattern of empty)
        note(`No telemetry matched ${pattern}`);
    if (checkout) {
        for (const file of files) {
            const leadsTo = await linkLeadsOut(file, checkout);
            if (leadsTo) {
                throw new TelemetryNotFoundError(`${displayPath(file, cwd)}: cannot read it (${leadsOutReason(leadsTo)})`);
            }
        }
    }
    return Promise.all(files.map((file) => file === STANDARD_INPUT && standardInput
        ? standardInputTelemetry(standardInput)
        : openLocalTelemetry(file, displayPath(file, cwd))));
}
/**
 * Where the CLI reads `-` from: standard input, as a file (a pipe cannot seek; see file-chunks.ts),
 * unless it is given as a stream (StandardInput).
 */
const STANDARD_INPUT = "/dev/stdin";
/** How messages and the report name standard input, as compilers and interpreters name it. */
const STANDARD_INPUT_NAME = "<stdin>";
/** Standard input given as a stream, as a JSONL file: never Parquet (read where it lies), never read twice. */
function standardInputTelemetry(stream) {
    return { name: STANDARD_INPUT_NAME, format: "jsonl", openStream: () => stream, rereadable: false };
}
/**
 * A file as messages and the report name it: relative inside the working folder, else as the
 * absolute path; standard input as `<stdin>`.
 */
function displayPath(file, cwd) {
    if (file === STANDARD_INPUT)
        return STANDARD_INPUT_NAME;
    return pathInside(cwd, file) || file;
}
/**
 * Whether a link found in a searched folder is read as a file: one to a folder (`dirlink.jsonl` →
 * `../sub`), a pipe or nothing at all is passed over, as a glob passes it over. A link that cannot be
 * followed (a loop, a folder without permission) is kept: opening it says why.
 */
async function linksToFile(folder, name) {
    const target = await (0,promises_.stat)(external_node_path_default().join(folder, name)).catch((error) => error);
    if (target instanceof Error)
        return !NOT_THERE.has(target.code ?? "");
    return target.isFile();
}
function permissionDenied(pattern, what) {
    return new TelemetryNotFoundError(`${pattern}: permission denied (${what})`);
}
/** A glob that matched nothing because its fixed leading folder cannot be read says so. */
async function checkGlobBase(pattern, cwd, isDynamicPattern) {
    const segments = pattern.split(/[\\/]/);
    const fixed = segments.slice(0, segments.findIndex((segment) => isDynamicPattern(segment)));
    if (fixed.length === 0)
        return;
    const base = external_node_path_default().resolve(cwd, fixed.join("/") || "/");
    const error = await (0,promises_.access)(base, external_node_fs_.constants.R_OK | external_node_fs_.constants.X_OK).then(() => null, (failure) => failure);
    if (error?.code === "EACCES")
        throw permissionDenied(fixed.join("/") || "/", "cannot list the directory");
}
/** A local file as a telemetry input: Parquet by magic bytes, JSONL otherwise. */
async function openLocalTelemetry(file, displayName = file) {
    const handle = await (0,promises_.open)(file, "r").catch((error) => {
        throw cannotRead(displayName, error);
    });
    try {
        const stats = await handle.stat();
        const { size } = stats;
        const head = Buffer.alloc(4);
        if (size >= 4)
            await readAt(handle, head, 0, displayName);
        const isParquet = head.toString("latin1") === "PAR1" || file.endsWith(".parquet");
        const rereadable = stats.isFile();
        // A regular file that is not compressed: its size says what reading it takes (optimising-compiler.ts),
        // and its tail whether the run ended. A compressed file's say neither: left unknown, as a pipe's.
        const plain = rereadable && !isGzip(head);
        const known = plain ? { bytes: size } : {};
        return isParquet
            ? {
                name: displayName,
                path: file,
                ...known,
                format: "parquet",
                openBuffer: async () => fileBuffer(file, displayName),
            }
            : {
                name: displayName,
                path: file,
                ...known,
                format: "jsonl",
                openStream: () => fileChunks(file),
                rereadable,
                // Otherwise left to the reader.
                ...(plain && { unfinished: !(await endsWithRunEnd(handle, size, displayName)) }),
            };
    }
    finally {
        await handle.close();
    }
}
/** The last bytes looked at for the run's end: more than the engine's process span end takes. */
const RUN_END_TAIL_BYTES = 64 * 1024;
/** Whether the file's last line is the run's end, or too long to tell (then the reader finds out). */
async function endsWithRunEnd(handle, size, displayName) {
    const length = Math.min(size, RUN_END_TAIL_BYTES);
    const tail = Buffer.alloc(length);
    await readAt(handle, tail, size - length, displayName);
    return runEndedAt(tail, length === size) !== false;
}
/** Fills `buffer` from `position`; a failed read names the file (a folder behind a link: EISDIR). */
async function readAt(handle, buffer, position, displayName) {
    await handle.read(buffer, 0, buffer.length, position).catch((error) => {
        throw cannotRead(displayName, error);
    });
}
/** A byte-range reader over a file: Parquet footers and column chunks are read where they sit. */
async function fileBuffer(file, displayName) {
    const handle = await (0,promises_.open)(file, "r").catch((error) => {
        throw cannotRead(displayName, error);
    });
    const { size } = await handle.stat();
    return {
        byteLength: size,
        async slice(start, end = size) {
            const length = Math.max(0, Math.min(end, size) - start);
            const buffer = new ArrayBuffer(length);
            if (length > 0)
                await handle.read(new Uint8Array(buffer), 0, length, start);
            return buffer;
        },
        close: () => handle.close(),
    };
}
function cannotRead(displayName, error) {
    if (error.code === "EACCES")
        return permissionDenied(displayName, "cannot read the file");
    return new TelemetryNotFoundError(`${displayName}: cannot read the file (${(0,file_errors/* describeFileError */.S)(error)})`);
}

;// CONCATENATED MODULE: ./src/text/choice.ts
// A setting with a fixed set of values, read the same way by the Action's inputs and the CLI's flags.
/**
 * The allowed value `raw` names, in any case and without the spaces around it (`Warnings` from a
 * workflow file or a shell is `warnings`), else null: the caller says what is allowed.
 */
function matchChoice(raw, allowed) {
    const value = raw.trim().toLowerCase();
    return allowed.includes(value) ? value : null;
}

;// CONCATENATED MODULE: ./src/text/decimal.ts
// Numbers as people type them into a setting: decimal notation only.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
/**
 * The number a setting's text writes in decimal notation (`10`, `2.5`, `1e3`), else NaN. Number()
 * alone also reads `0x10` as 16, `0b11` as 3 and an empty or blank text as 0: a value nobody meant,
 * used without a word.
 */
function parseDecimal(text) {
    const trimmed = text.trim();
    return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

;// CONCATENATED MODULE: ./src/cli-options.ts
// The command line's options: the help text, parsing and checking the arguments (flags, and the
// DBT_CLOUD_* variables for the dbt platform), and which arguments are secrets.









const USAGE = `Usage: fusion-report [options] <file-or-dir>...

Reads dbt Fusion telemetry (Parquet from target/metadata/, JSONL from logs/) and prints a
report. Directories are searched for *.parquet, *.jsonl and *.jsonl.gz; - reads JSONL from stdin.

Options:
  --format FORMAT         text | markdown: the report on stdout (default: text in a terminal,
                          markdown when stdout is a pipe or a file, e.g. $GITHUB_STEP_SUMMARY);
                          text is coloured when stdout is a terminal, unless NO_COLOR is set
                          or TERM=dumb; FORCE_COLOR (1, or 0 for none) decides over both
  --markdown FILE         also write the Markdown report to FILE (always Markdown, always whole)
  --max-bytes N           fit the Markdown on stdout into N bytes (at least 1000; 0 = no limit),
                          leaving detail out with a note, as the Action's job summary does;
                          default 999000 when GITHUB_STEP_SUMMARY is set (the runner drops a
                          step summary over 1 MiB), else no limit
  --json FILE             write the JSON report (schema/report.schema.json) to FILE
  --run-results FILE      write a dbt-compatible run_results.json (schema v6) to FILE
  --junit FILE            write JUnit XML (one test case per node) to FILE
                          (a FILE of - is stdout, and the report is then not printed:
                          --json - | jq …)
  --baseline FILE         compare with the base branch's JSON report (its --json output)
  --regression-threshold PCT
                          percent slower than the baseline that counts as a regression (default 50)
  --regression-min-seconds S
                          ...and at least this many seconds slower (default 1)
  --diagrams              include Mermaid diagrams (skip chains, timeline) in the Markdown
                          (on stdout with --format markdown, and in --markdown FILE)
  --fail-on POLICY        errors (default) | warnings | never | new-errors (needs --baseline):
                          when to exit with code 1
  --slowest N             how many slowest nodes to list (default 10)
  --title TEXT            report heading (default "dbt Fusion")
  --quiet                 do not print the report to stdout
  --dbt-cloud-base-url URL, --dbt-cloud-account-id ID, --dbt-cloud-token TOKEN,
  --dbt-cloud-run-id ID | --dbt-cloud-job-id ID [--pr-number N] [--head-sha SHA],
  --dbt-cloud-wait, --dbt-cloud-max-wait-seconds S
                          read a dbt platform run's step telemetry instead of local files
                          (or set DBT_CLOUD_BASE_URL, DBT_CLOUD_ACCOUNT_ID, DBT_CLOUD_TOKEN,
                          DBT_CLOUD_RUN_ID / DBT_CLOUD_JOB_ID)
  --dbt-cloud-poll-interval-seconds S (default 15, at least 10), --dbt-cloud-concurrency N
  (default 4, at most 16), --dbt-cloud-request-timeout-ms MS (default 30000)
                          how the dbt platform is asked (its API is rate-limited)
  -h, --help              show this help
  -v, --version           show the version

Exit codes: 0 ok, 1 the --fail-on policy tripped, 2 unusable input or usage.`;
/** What the report on stdout is: plain text for a person at a terminal, or the Markdown. */
const FORMATS = ["text", "markdown"];
class UsageError extends Error {
}
/** What every usage error ends with, instead of the whole help. */
const HELP_HINT = "Try 'fusion-report --help' for the options.";
const OPTIONS = {
    format: { type: "string" },
    markdown: { type: "string" },
    "max-bytes": { type: "string" },
    json: { type: "string" },
    "run-results": { type: "string" },
    junit: { type: "string" },
    baseline: { type: "string" },
    "regression-threshold": { type: "string", default: "50" },
    "regression-min-seconds": { type: "string", default: "1" },
    diagrams: { type: "boolean", default: false },
    "fail-on": { type: "string", default: "errors" },
    slowest: { type: "string", default: "10" },
    title: { type: "string", default: "dbt Fusion" },
    quiet: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
    version: { type: "boolean", short: "v", default: false },
    // The download folder is the CLI's own temporary folder, never a flag.
    ...Object.fromEntries(Object.values(DBT_CLOUD_SETTING_KEYS)
        .filter((key) => key !== DBT_CLOUD_SETTING_KEYS.downloadDir)
        .map((key) => [key, { type: "string" }])),
    [DBT_CLOUD_SETTING_KEYS.wait]: { type: "boolean" },
};
/**
 * `stdoutIsTty` picks the default format: text for a person at a terminal, Markdown for a pipe or a
 * file (the job summary, a PR comment made by a script, every test that reads stdout).
 */
function parseCliArgs(argv, env, stdoutIsTty = false) {
    const args = joinNegativeValues(argv);
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({ args, allowPositionals: true, options: OPTIONS, tokens: true });
    }
    catch (error) {
        // `fusion-report --fromat x --help`: asking for help is answered, as the usage error would advise.
        const asked = helpOrVersion(args);
        if (asked)
            return asked;
        throw new UsageError(parseArgsProblem(args) ?? error.message);
    }
    const { values, positionals, tokens } = parsed;
    if (values.help)
        return "help";
    if (values.version)
        return "version";
    // `--baseline "$BASE"` with BASE unset in a script: an empty value would quietly mean "none" (or 0).
    const empty = Object.entries(values).find(([, value]) => typeof value === "string" && value.trim() === "");
    if (empty)
        throw new UsageError(`--${empty[0]} was given an empty value: give it one, or leave the option out`);
    // In any case, as the Action reads its inputs: `--fail-on Errors` is `errors`.
    const failOn = matchChoice(values["fail-on"], types/* FAIL_ON_VALUES */.Q);
    if (failOn === null) {
        throw new UsageError(`--fail-on must be one of ${types/* FAIL_ON_VALUES */.Q.join(", ")} (got "${values["fail-on"]}")`);
    }
    const format = matchChoice(values.format ?? (stdoutIsTty ? "text" : "markdown"), FORMATS);
    if (format === null) {
        throw new UsageError(`--format must be one of ${FORMATS.join(", ")} (got "${values.format}")`);
    }
    const slowest = parseDecimal(values.slowest);
    if (!Number.isInteger(slowest) || slowest < 0) {
        throw new UsageError(`--slowest must be a whole number ≥ 0 (got "${values.slowest}")`);
    }
    const regressionThreshold = parseDecimal(values["regression-threshold"]);
    if (!Number.isFinite(regressionThreshold) || regressionThreshold < 0) {
        throw new UsageError(`--regression-threshold must be a number ≥ 0 (got "${values["regression-threshold"]}")`);
    }
    const regressionMinSeconds = parseDecimal(values["regression-min-seconds"]);
    if (!Number.isFinite(regressionMinSeconds) || regressionMinSeconds < 0) {
        throw new UsageError(`--regression-min-seconds must be a number ≥ 0 (got "${values["regression-min-seconds"]}")`);
    }
    const maxBytes = stdoutBudget(values["max-bytes"], format, env);
    // A report file on stdout (`-`) is all stdout says: the printed report would make it unreadable.
    const quiet = values.quiet ||
        [values.markdown, values.json, values["run-results"], values.junit].includes("-");
    if (quiet && values["max-bytes"] !== undefined) {
        throw new UsageError("--max-bytes fits the Markdown report printed on stdout, and none is printed with --quiet or a report " +
            "file on -: report files are always whole");
    }
    const warnings = [];
    // The regression options compare with --baseline: without one nothing is compared.
    const unread = values.baseline === undefined &&
        givenWithout(tokens, ["regression-threshold", "regression-min-seconds"], "--baseline (a base-branch JSON report); without one no timing is compared");
    if (unread)
        warnings.push(unread);
    // Diagrams are drawn only in Markdown: the report on stdout in that format, or the --markdown file.
    if (values.diagrams && values.markdown === undefined && (format !== "markdown" || quiet)) {
        warnings.push(quiet
            ? "--diagrams draws in the Markdown report, and none is printed with --quiet or a report file on -: add --markdown FILE"
            : `--diagrams draws in the Markdown report, and none is printed with --format ${format}: add --markdown FILE, or --format markdown`);
    }
    // Without --dbt-cloud-wait a run that has not finished is an error at once, and one that has is read
    // without polling: what bounds the waiting bounds nothing.
    const unreadWait = values[DBT_CLOUD_SETTING_KEYS.wait] !== true &&
        givenWithout(tokens, [DBT_CLOUD_SETTING_KEYS.maxWaitSeconds, DBT_CLOUD_SETTING_KEYS.pollIntervalSeconds], `--${DBT_CLOUD_SETTING_KEYS.wait}; without it nothing is waited for`);
    if (unreadWait)
        warnings.push(unreadWait);
    const dbtCloud = platformMode(values, env, positionals.length > 0, warnings);
    if (positionals.length === 0 && !dbtCloud) {
        throw new UsageError("no telemetry given: pass files or directories (or dbt platform options)");
    }
    // A shell expands `--json ~/x` but leaves the ~ of `--json=~/x` as it is: read as the Action's inputs are, it is
    // the home folder, not a folder named ~.
    const home = env.HOME || (0,external_node_os_namespaceObject.homedir)();
    const fileOption = (value) => typeof value === "string" ? expandHome(value, home) : null;
    return {
        // `-` is standard input, as in other Unix tools (read through /dev/stdin, on Windows as a stream: never Parquet).
        paths: positionals.map((file) => (file === "-" ? STANDARD_INPUT : file)),
        format,
        markdown: fileOption(values.markdown),
        maxBytes,
        json: fileOption(values.json),
        runResults: fileOption(values["run-results"]),
        junit: fileOption(values.junit),
        baseline: fileOption(values.baseline),
        regressionThreshold,
        regressionMinSeconds,
        diagrams: values.diagrams,
        failOn,
        slowest,
        title: values.title,
        quiet,
        dbtCloud,
        nameDbtCloudSetting: nameCliSetting(values, env),
        warnings,
    };
}
/**
 * The options of `names` given on the command line, which need another that is not (`needs`: it and
 * what happens without it), as a warning; null when none was given. Asked of the tokens, as each
 * option's default is its value when not given.
 */
function givenWithout(tokens, names, needs) {
    const given = names.filter((name) => tokens.some((token) => token.kind === "option" && token.name === name));
    if (given.length === 0)
        return null;
    return `--${given.join(" and --")} ${given.length === 1 ? "needs" : "need"} ${needs}`;
}
/** A budget smaller than this would leave little but the note saying what was left out. */
const MIN_MAX_BYTES = 1_000;
/**
 * The budget of the Markdown on stdout. In a GitHub Actions step it is the job summary's by default:
 * `>> "$GITHUB_STEP_SUMMARY"` over 1 MiB would lose the whole summary (`--markdown FILE` keeps it all).
 */
function stdoutBudget(given, format, env) {
    if (given === undefined) {
        return format === "markdown" && env.GITHUB_STEP_SUMMARY ? markdown/* JOB_SUMMARY_BUDGET_BYTES */.vn : null;
    }
    const bytes = parseDecimal(given);
    if (!Number.isInteger(bytes) || (bytes !== 0 && bytes < MIN_MAX_BYTES)) {
        throw new UsageError(`--max-bytes must be a whole number ≥ ${MIN_MAX_BYTES}, or 0 for no limit (got "${given}")`);
    }
    if (format !== "markdown") {
        throw new UsageError("--max-bytes is for the Markdown on stdout: add --format markdown");
    }
    return bytes === 0 ? null : bytes;
}
/** `--help` or `--version` as an argument of its own (before `--`), whatever else is on the line. */
function helpOrVersion(args) {
    const options = args.slice(0, args.includes("--") ? args.indexOf("--") : undefined);
    if (options.some((arg) => arg === "--help" || arg === "-h"))
        return "help";
    if (options.some((arg) => arg === "--version" || arg === "-v"))
        return "version";
    return null;
}
/**
 * What parseArgs refused, said by option and value: its own messages name `'-h, --help'`, end in
 * advice on positionals, and say "ambiguous" for `--json --quiet`. Null when nothing is found here.
 */
function parseArgsProblem(args) {
    const { tokens } = (0,external_node_util_.parseArgs)({
        args: [...args],
        allowPositionals: true,
        options: OPTIONS,
        strict: false,
        tokens: true,
    });
    for (const token of tokens) {
        if (token.kind !== "option")
            continue;
        const given = args[token.index];
        if (!Object.hasOwn(OPTIONS, token.name))
            return unknownOption(token.rawName, given);
        const option = OPTIONS[token.name];
        const flag = `--${token.name}`;
        if (option.type === "boolean" && token.inlineValue)
            return `${flag} takes no value (got ${given})`;
        if (option.type === "string" && token.value === undefined)
            return `${flag} needs a value`;
        // Not strict, parseArgs takes the next argument for the value; strict, it refuses one that starts with -.
        if (option.type === "string" &&
            !token.inlineValue &&
            token.value !== "-" &&
            token.value?.startsWith("-")) {
            return `${flag} needs a value, but the next argument is the option ${token.value} (for a value that starts with -, write ${flag}=${token.value})`;
        }
    }
    return null;
}
/** An unknown option, with the one it most likely was; a file named like an option, with how to name it. */
function unknownOption(rawName, given) {
    if (!given.startsWith("--") && /[./]/.test(given)) {
        return `unknown option ${rawName} (in ${given}): name a file that starts with - after --, or as ./${given}`;
    }
    const closest = closestOption(rawName);
    return `unknown option ${rawName}${closest ? ` (did you mean ${closest}?)` : ""}`;
}
/** The known long option a mistyped one most likely was: another case, `_` for `-`, or two letters off. */
function closestOption(rawName) {
    const wanted = rawName.toLowerCase().replaceAll("_", "-");
    let best = null;
    for (const name of Object.keys(OPTIONS)) {
        const flag = `--${name}`;
        const distance = editDistance(wanted, flag);
        if (distance <= 2 && (best === null || distance < best.distance))
            best = { flag, distance };
    }
    return best?.flag ?? null;
}
/** Levenshtein distance: the fewest letters added, removed or changed to turn one text into the other. */
function editDistance(a, b) {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        for (let j = 1; j <= b.length; j++) {
            const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
            current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
        }
        previous = current;
    }
    return previous[b.length];
}
/**
 * `--slowest -1` as `--slowest=-1`: parseArgs takes a value starting with `-` for an option, and would
 * answer "argument is ambiguous" where the option's own check says what is wrong with the number.
 */
function joinNegativeValues(argv) {
    const takesValue = new Set(Object.entries(OPTIONS)
        .filter(([, option]) => option.type === "string")
        .map(([name]) => `--${name}`));
    const joined = [];
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === "--") {
            joined.push(...argv.slice(i));
            break;
        }
        const next = argv[i + 1];
        if (takesValue.has(arg) && next !== undefined && /^-(\d|\.\d|Infinity)/.test(next)) {
            joined.push(`${arg}=${next}`);
            i++;
        }
        else {
            joined.push(arg);
        }
    }
    return joined;
}
/**
 * The dbt platform settings when the telemetry comes from a run there, else null. Files named on the
 * command line are read even when DBT_CLOUD_RUN_ID / DBT_CLOUD_JOB_ID are set around it; files and
 * a run or job given as flags, or a platform flag without a run or job, is a usage error (one of
 * them would be ignored without a word).
 */
function platformMode(values, env, filesGiven, warnings) {
    const flags = Object.values(DBT_CLOUD_SETTING_KEYS).filter((key) => values[key] !== undefined);
    const run = [DBT_CLOUD_SETTING_KEYS.runId, DBT_CLOUD_SETTING_KEYS.jobId].find((key) => flags.includes(key));
    if (filesGiven && run) {
        throw new UsageError(`telemetry files and --${run} were both given: pass one or the other`);
    }
    const dbtCloud = filesGiven ? null : collectDbtCloud(values, env, warnings);
    if (!dbtCloud && flags.length > 0) {
        throw new UsageError(`--${flags[0]} is for a dbt platform run: give --${DBT_CLOUD_SETTING_KEYS.runId} or --${DBT_CLOUD_SETTING_KEYS.jobId} (and no files)`);
    }
    return dbtCloud;
}
/**
 * dbt platform mode is on when a run or job id is given by flag or environment (flags win). The run
 * or job is one choice: `--dbt-cloud-job-id` replaces a DBT_CLOUD_RUN_ID set around it, which would
 * otherwise win over it (a run id wins over a job id) and report another run without a word.
 */
function collectDbtCloud(values, env, warnings) {
    const raw = readDbtCloudEnv(env);
    const { runId, jobId } = DBT_CLOUD_SETTING_KEYS;
    if (values[jobId] !== undefined && values[runId] === undefined && raw[runId] !== undefined) {
        delete raw[runId];
        warnings.push(`DBT_CLOUD_RUN_ID is ignored: --${jobId} was given, and flags win over the environment`);
    }
    for (const key of Object.values(DBT_CLOUD_SETTING_KEYS)) {
        const value = values[key];
        if (typeof value === "string")
            raw[key] = value;
        if (typeof value === "boolean")
            raw[key] = String(value);
    }
    // A run id names the run: the flags that would pick one of the job's runs are not read.
    if (raw[runId]) {
        const unread = [jobId, DBT_CLOUD_SETTING_KEYS.prNumber, DBT_CLOUD_SETTING_KEYS.headSha].filter((key) => values[key] !== undefined);
        if (unread.length > 0) {
            const by = values[runId] !== undefined ? `--${runId}` : "DBT_CLOUD_RUN_ID";
            warnings.push(`--${unread.join(" and --")} ${unread.length === 1 ? "is" : "are"} not read: ${by} names the run, so no run of a job is looked for`);
        }
    }
    return raw[runId] || raw[jobId] ? raw : null;
}
/**
 * What the user set, for a message about a dbt platform setting: the flag (flags win), else the
 * DBT_CLOUD_* variable it came from, else both ways to set it.
 */
function nameCliSetting(values, env) {
    const variables = new Map(Object.entries(DBT_CLOUD_ENV_VARS).map(([name, key]) => [key, name]));
    return (key) => {
        const flag = `--${key}`;
        const variable = variables.get(key);
        if (values[key] !== undefined || !variable)
            return flag;
        return env[variable]?.trim() ? variable : `${flag} (or ${variable})`;
    };
}
/**
 * Every dbt platform token given as a flag (`--dbt-cloud-token X`, `--dbt-cloud-token=X`, as often
 * as it is repeated: the last one is used, any may be echoed), to mask wherever it might show.
 */
function argvSecrets(argv) {
    const flag = `--${DBT_CLOUD_SETTING_KEYS.token}`;
    const found = [];
    argv.forEach((arg, i) => {
        if (arg === flag && i + 1 < argv.length)
            found.push(argv[i + 1] ?? "");
        else if (arg.startsWith(`${flag}=`))
            found.push(arg.slice(flag.length + 1));
    });
    return found;
}

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/rate-limiter.ts
// One client-side limiter shared by every request to the Admin API.
// The API allows 5,000 requests/minute per account and answers 429 + a five-minute cooldown when
// exceeded (https://docs.getdbt.com/docs/dbt-apis/rate-limits), so we stay well below it and stop
// sending anything at all while a cooldown is in force.
const systemClock = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};
/**
 * Test-only: FUSION_REPORT_TEST_CLOCK_SCALE=N makes every wait of the dbt platform source (polls, the
 * settle pause, 429 cooldowns, retry backoff) N times shorter, so the end-to-end tests can drive the
 * bundled Action and CLI in a child process against a stand-in server on the same scaled timeline.
 * Request timeouts stay in real time. Nothing else reads this variable; never set it in a workflow.
 */
function defaultClock(env) {
    const scale = Number(env.FUSION_REPORT_TEST_CLOCK_SCALE);
    if (!Number.isFinite(scale) || scale <= 1)
        return systemClock;
    const epoch = Date.now();
    const start = performance.now();
    return {
        now: () => epoch + (performance.now() - start) * scale,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms / scale))),
    };
}
function createRateLimiter(options) {
    const { clock } = options;
    const perMinute = options.requestsPerMinute ?? 4000;
    const capacity = options.burst ?? 20;
    if (!(perMinute > 0) || !(capacity >= 1)) {
        throw new RangeError("rate limiter: requestsPerMinute must be > 0 and burst >= 1");
    }
    const perMs = perMinute / 60_000;
    let tokens = capacity;
    let refilledAt = clock.now();
    let pauseEnd = 0;
    function refill(now) {
        tokens = Math.min(capacity, tokens + (now - refilledAt) * perMs);
        refilledAt = now;
    }
    return {
        async acquire() {
            for (;;) {
                const now = clock.now();
                if (now < pauseEnd) {
                    await clock.sleep(pauseEnd - now);
                    continue;
                }
                refill(now);
                if (tokens >= 1) {
                    tokens -= 1;
                    return;
                }
                await clock.sleep(Math.max(1, Math.ceil((1 - tokens) / perMs)));
            }
        },
        pauseUntil(until) {
            pauseEnd = Math.max(pauseEnd, until);
        },
        pausedUntil: () => pauseEnd,
    };
}

;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"0.1.0"};
;// CONCATENATED MODULE: ./src/version.ts

const VERSION = package_namespaceObject.rE;

;// CONCATENATED MODULE: ./src/cli-pipeline.ts
// The CLI's side of the shared pipeline: its options as a pipeline request, and its log (stderr).




const HOW_TO_WRITE_TELEMETRY = "Check the path: dbt writes telemetry when run with --otel-file-name (JSONL in logs/) or " +
    "--otel-parquet-file-name (Parquet in target/metadata/).";
function cliRequest(options, io) {
    return {
        telemetry: {
            dbtCloud: options.dbtCloud,
            nameDbtCloudSetting: options.nameDbtCloudSetting,
            artifact: null,
            paths: options.paths,
            cwd: io.cwd,
            noTelemetryHint: HOW_TO_WRITE_TELEMETRY,
            // Windows has no /dev/stdin to open: `-` is read from the stream instead.
            ...(io.platform === "win32" && io.stdin && { standardInput: io.stdin }),
        },
        baseline: options.baseline
            ? { file: external_node_path_default().resolve(io.cwd, options.baseline), display: options.baseline }
            : null,
        slowest: options.slowest,
        failOn: options.failOn,
        regressionThresholdPercent: options.regressionThreshold,
        minRegressionMs: options.regressionMinSeconds * 1000,
        generatorVersion: VERSION,
        tempDir: external_node_os_default().tmpdir(),
    };
}
function cliServices(io) {
    const line = (text) => io.stderr(`fusion-report: ${text}\n`);
    return {
        // Every line the CLI writes to stderr says whose it is.
        log: line,
        note: line,
        warning: (text) => line(`warning: ${text}`),
        skippedStep: (step) => line(`step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`),
        clock: defaultClock(io.env),
        beforeReading: io.beforeReading,
    };
}

// EXTERNAL MODULE: ./src/cli-report.ts + 14 modules
var cli_report = __nccwpck_require__(6328);
// EXTERNAL MODULE: ./src/model/baseline.ts
var model_baseline = __nccwpck_require__(782);
;// CONCATENATED MODULE: ./src/pipeline/baseline.ts
// The base branch's report for the comparison: from a file (`baseline`, `--baseline`) or from the
// artifact of the newest successful base-branch run (`baseline-artifact`). Finding that run and
// fetching the zip are GitHub's, passed in as functions; reading the text is sources', parsing it
// and comparing are model's. A baseline that does not exist yet, or that GitHub did not hand over
// (sources/baseline-artifact.ts), is skipped with a reason.





/** What a failed read of the baseline file says, by error code (else Node's own message). */
const READ_ERRORS = {
    ENOENT: "no such file (give the JSON report a run wrote with --json, or the report-json output)",
    EACCES: "permission denied",
    EISDIR: "a folder, not a file (give the JSON report itself)",
};
/** The JSON report in a file; `display` is how messages name it. */
async function readBaselineFile(file, display, checkout) {
    const leadsTo = checkout ? await linkLeadsOut(external_node_path_default().resolve(file), checkout) : null;
    if (leadsTo)
        throw new model_baseline/* BaselineError */.s$(`baseline ${display}: cannot read it (${leadsOutReason(leadsTo)})`);
    const text = await (0,promises_.readFile)(file, "utf8").catch((error) => {
        const why = READ_ERRORS[error.code ?? ""] ?? `cannot read it (${(0,file_errors/* describeFileError */.S)(error)})`;
        throw new model_baseline/* BaselineError */.s$(`baseline ${display}: ${why}`);
    });
    return (0,model_baseline/* parseBaselineReport */.Xz)(text, display);
}
/** Finds the newest successful base-branch run, downloads its report artifact and parses it. */
async function downloadBaselineReport(request, services) {
    const { artifact, workflow, branch } = request;
    const run = await services.findRun({ workflow, branch });
    if (!run)
        return { found: false, reason: `no successful run of workflow '${workflow}' on ${branch} yet` };
    if ("absent" in run)
        return { found: false, reason: run.absent };
    const read = await services
        .readArtifact({
        artifact,
        runId: run.id,
        tempDir: request.tempDir,
        ...(request.limits && { limits: request.limits }),
    })
        .catch((error) => {
        throw new model_baseline/* BaselineError */.s$(`baseline-artifact: ${error.message}`);
    });
    if (!read.found)
        return read;
    const report = (0,model_baseline/* parseBaselineReport */.Xz)(read.text, read.name);
    services.log(`Baseline: ${read.name}, the newest successful run on ${branch} (commit ${run.headSha}).`);
    return { found: true, report, source: `${artifact} (run ${run.id} on ${branch})`, runId: run.id };
}
/** This run compared with the baseline, and the conclusion decided again (for `new-errors`). */
function compareReports(report, baseline, source, settings) {
    const comparison = (0,model_baseline/* compareWithBaseline */.$_)(report, baseline, {
        regressionThresholdPercent: settings.regressionThresholdPercent,
        ...(settings.minRegressionMs !== undefined ? { minRegressionMs: settings.minRegressionMs } : {}),
        source,
    });
    return (0,model_baseline/* applyBaseline */.Qp)(report, comparison, settings.failOn);
}

;// CONCATENATED MODULE: ./src/sources/artifact-error.ts
/** A workflow artifact that cannot be read, in words that say what to do. */
class ArtifactSourceError extends Error {
    absent;
    gone;
    name = "ArtifactSourceError";
    /**
     * `absent`: the artifact or its telemetry is missing (not a fault in it): `if-no-telemetry` decides.
     * `gone`: the artifact itself does not exist (never uploaded, or expired).
     */
    constructor(message, absent = false, gone = false) {
        super(message);
        this.absent = absent;
        this.gone = gone;
    }
}
/**
 * GitHub did not hand the artifact over: its storage failed every retry, the API answered 5xx, or the
 * connection was cut. Nothing is known to be wrong with the artifact itself. An error for the
 * telemetry; a baseline comparison is skipped instead (the report stands).
 */
class ArtifactTransferError extends (/* unused pure expression or super */ null && (ArtifactSourceError)) {
    name = "ArtifactTransferError";
}
/**
 * Finding or downloading the artifact took longer than `artifact-timeout-minutes`: GitHub did not
 * answer. A failed transfer, like the others.
 */
class ArtifactTimeoutError extends (/* unused pure expression or super */ null && (ArtifactTransferError)) {
    name = "ArtifactTimeoutError";
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __nccwpck_require__(7075);
;// CONCATENATED MODULE: external "node:stream/promises"
const external_node_stream_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");
// EXTERNAL MODULE: ./src/text/duration.ts
var duration = __nccwpck_require__(9495);
;// CONCATENATED MODULE: ./src/sources/dbt-cloud/client.ts
// Typed calls to the Admin API routes we need: retrieve run, list runs, download an artifact, and
// retrieve a job (only to tell a wrong job id from a job that has no runs yet).








const PARQUET_MAGIC = Buffer.from("PAR1", "ascii");
/**
 * 1 GiB, as a workflow artifact; ten minutes in all, retries included (1 GiB needs 1.7 MB/s). Past
 * either, the platform is sending something other than a step's telemetry, or sending it too slowly
 * to wait for: an endless answer filled the disk, a trickle never ended.
 */
const DEFAULT_DOWNLOAD_LIMITS = Object.freeze({
    maxBytes: limits/* MAX_TELEMETRY_ARTIFACT_BYTES */.Cy,
    timeoutMs: 10 * 60_000,
});
const PLAIN_NAMES = { runId: "the run id", jobId: "the job id", accountId: "the account id" };
function createDbtCloudClient(http, accountId, names = PLAIN_NAMES, limits = DEFAULT_DOWNLOAD_LIMITS) {
    const base = `/api/v2/accounts/${accountId}`;
    return {
        async getRun(runId, options = {}) {
            const envelope = await http.getJson(`${base}/runs/${runId}/`, 
            // JSON-array encoding: what dbt Labs' own GitHub Action sends (reference §4.1).
            { include_related: JSON.stringify(["trigger", "run_steps"]) }, {
                what: `run ${runId}`,
                notAfter: options.notAfter,
                notFoundHint: names.runId === null
                    ? `The run was listed among the runs of the job of ${names.jobId}; check ${names.accountId} ` +
                        `(${accountId}) and that the token's project can see this run.`
                    : `Check ${names.runId} (${runId}) and ${names.accountId} (${accountId}), and that the token's ` +
                        `project can see this run.`,
            });
            return requireRun(envelope.data, `run ${runId}`);
        },
        async listRuns({ jobId, limit = 100, offset = 0, orderBy = "-id", notAfter }) {
            const envelope = await http.getJson(`${base}/runs/`, {
                job_definition_id: String(jobId),
                order_by: orderBy,
                limit: String(Math.min(100, limit)), // the API caps limit at 100
                offset: String(offset),
                include_related: JSON.stringify(["trigger"]),
            }, {
                what: `runs of job ${jobId}`,
                notAfter,
                notFoundHint: `Check ${names.jobId} (${jobId}) and ${names.accountId} (${accountId}), and that the token can see ` +
                    `the job's project.`,
            });
            if (!Array.isArray(envelope.data)) {
                throw new DbtCloudResponseError(`listing runs of job ${jobId} returned no list of runs.`);
            }
            const runs = envelope.data.map((item, i) => requireRun(item, `run #${offset + i} of job ${jobId}`));
            const totalCount = envelope.extra?.pagination?.total_count;
            const hasMore = typeof totalCount === "number"
                ? offset + runs.length < totalCount
                : runs.length >= Math.min(100, limit);
            return { runs, offset, limit, totalCount, hasMore: hasMore && runs.length > 0 };
        },
        async requireJob(jobId, options = {}) {
            await http.getJson(`${base}/jobs/${jobId}/`, {}, {
                what: `job ${jobId}`,
                notAfter: options.notAfter,
                notFoundHint: `Check ${names.jobId} (${jobId}): the CI job's id, the number after /jobs/ in its dbt platform URL, ` +
                    `in the account of ${names.accountId} (${accountId}); and that the token can see the job's project.`,
            });
        },
        async downloadArtifact({ runId, path, step, destination }) {
            const what = `artifact ${path} of step ${step} of run ${runId}`;
            // Real time, like the request timeouts: the limit is on the runner's wait, whatever the clock.
            // It starts with the first answer: the rate limiter's pauses before it are bounded on their
            // own (http.ts), and are no transfer that is too slow.
            let startedAt;
            for (let attempt = 1;; attempt++) {
                let raw;
                try {
                    raw = await http.getRaw(`${base}/runs/${runId}/artifacts/${path}`, { step: String(step) }, { what });
                }
                catch (error) {
                    if (error instanceof DbtCloudNotFoundError)
                        return null;
                    throw error;
                }
                const { response } = raw;
                startedAt ??= Date.now();
                // A big file may take minutes: what is bounded is the time without data, and the whole
                // download's time and size; from here on, so that a body nobody reads (an error before the
                // pipeline) is ended too.
                const guard = guardDownload({
                    idleMs: http.timeoutMs,
                    totalMs: limits.timeoutMs - (Date.now() - startedAt),
                    maxBytes: limits.maxBytes,
                }, (reason) => raw.abort(reason));
                try {
                    if (!response.body)
                        throw new DbtCloudArtifactError(`${what} came back with an empty body.`);
                    const declared = Number(response.headers.get("content-length") ?? 0);
                    if (declared > limits.maxBytes) {
                        throw new DbtCloudArtifactError(tooBig(what, limits.maxBytes, `its Content-Length says ${declared} bytes`));
                    }
                    await (0,promises_.mkdir)((0,external_node_path_.dirname)(destination), { recursive: true });
                }
                catch (error) {
                    guard.stop();
                    raw.abort(error);
                    throw error;
                }
                const edges = createEdgeRecorder();
                try {
                    await (0,external_node_stream_promises_namespaceObject.pipeline)(external_node_stream_.Readable.fromWeb(response.body), guard.transform, edges.transform, (0,external_node_fs_.createWriteStream)(destination));
                }
                catch (error) {
                    await (0,promises_.rm)(destination, { force: true });
                    const limit = guard.limitReached();
                    if (limit === "size")
                        throw new DbtCloudArtifactError(tooBig(what, limits.maxBytes, "more came"));
                    if (limit === "time") {
                        throw new DbtCloudArtifactError(`download of ${what} took longer than ${(0,duration/* formatMinutes */.d)(limits.timeoutMs)}, the most ` +
                            `fusion-report gives one step's telemetry (${edges.bytes()} bytes came in the last of ${attempt} ` +
                            `attempt(s)); the dbt platform sent it too slowly. Re-run later; or download the file from the ` +
                            `run's Artifacts and read it with the CLI as a local file.`);
                    }
                    const reason = error instanceof Error ? error.message : String(error);
                    const brokeOff = `download of ${what} broke off after ${edges.bytes()} bytes (${reason})`;
                    // The same GET again is safe; the file starts afresh.
                    if (await http.pauseBeforeAnotherAttempt(attempt, brokeOff))
                        continue;
                    throw new DbtCloudArtifactError(http.redact(`${brokeOff}; gave up after ${attempt} attempts, re-run to retry.`));
                }
                finally {
                    guard.stop();
                }
                const problem = checkParquetEdges(edges.head(), edges.tail(), edges.bytes());
                if (problem) {
                    await (0,promises_.rm)(destination, { force: true });
                    const type = response.headers.get("content-type") ?? "no content-type";
                    const ErrorClass = problem.startsWith("truncated")
                        ? DbtCloudFooterlessArtifactError
                        : DbtCloudArtifactError;
                    throw new ErrorClass(`${what} is not a complete Parquet file: ${problem} (${edges.bytes()} bytes, ${type}). ` +
                        (problem.startsWith("truncated")
                            ? `The download was cut short; re-run to retry.`
                            : `The step's telemetry could not be read; check that the job runs on the Fusion engine.`));
                }
                return { file: destination, bytes: edges.bytes() };
            }
        },
    };
}
/** The message for a step's file over the size limit; `seen` says how that was known. */
function tooBig(what, maxBytes, seen) {
    return (`${what} is larger than ${maxBytes / limits/* MIB */.D6} MiB, the most fusion-report downloads for one step ` +
        `(${seen}); nothing of it was kept. A step's telemetry is rarely a tenth of that: check the base URL; ` +
        `or download the file from the run's Artifacts and read it with the CLI as a local file.`);
}
/**
 * Passes a download's chunks on, ending it (`onStop`, with the reason) when `idleMs` pass without
 * one, when `totalMs` have passed in all, or when more than `maxBytes` came. `limitReached` says
 * which of the last two ended it: those are not retried.
 */
function guardDownload(limits, onStop) {
    let limit = null;
    let bytes = 0;
    const idle = setTimeout(() => onStop(new Error(`no data for ${limits.idleMs} ms`)), limits.idleMs);
    const total = setTimeout(() => {
        limit = "time";
        onStop(new Error(`no end after ${limits.totalMs} ms`));
    }, Math.max(0, limits.totalMs));
    return {
        transform: new external_node_stream_.Transform({
            transform(chunk, _encoding, done) {
                idle.refresh();
                bytes += chunk.length;
                if (bytes <= limits.maxBytes)
                    return done(null, chunk);
                limit = "size";
                const reason = new Error(`more than ${limits.maxBytes} bytes`);
                onStop(reason);
                done(reason);
            },
        }),
        stop: () => {
            clearTimeout(idle);
            clearTimeout(total);
        },
        limitReached: () => limit,
    };
}
/** Keeps only the first and last four bytes of a stream so the whole file never sits in memory. */
function createEdgeRecorder() {
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    let total = 0;
    const transform = new external_node_stream_.Transform({
        transform(chunk, _encoding, callback) {
            total += chunk.length;
            if (head.length < 4)
                head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
            tail = Buffer.concat([tail, chunk]).subarray(-4);
            callback(null, chunk);
        },
    });
    return { transform, head: () => head, tail: () => tail, bytes: () => total };
}
/** Parquet files start and end with "PAR1"; a missing footer means the download was cut short. */
function checkParquetEdges(head, tail, size) {
    if (size < 12 || !head.equals(PARQUET_MAGIC)) {
        return `it does not start with the Parquet magic bytes "PAR1"`;
    }
    if (!tail.equals(PARQUET_MAGIC))
        return `truncated: it does not end with the Parquet footer "PAR1"`;
    return undefined;
}
function requireRun(value, what) {
    if (typeof value !== "object" || value === null || typeof value.id !== "number") {
        throw new DbtCloudResponseError(`${what}: the response has no run object with a numeric "id".`);
    }
    return value;
}

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/find-run.ts

/** Returns the newest matching run, paging only when nothing matched so far. */
async function findRunForPullRequest(client, criteria) {
    const { jobId, prNumber, headSha } = criteria;
    if (prNumber === undefined && headSha === undefined) {
        throw new DbtCloudRunLookupError(`finding a run of job ${jobId} needs a pull request number and/or head SHA.`);
    }
    const maxPages = criteria.maxPages ?? 5;
    const names = criteria.names ?? { jobId: "the job id", accountId: "the account id" };
    const pageSize = criteria.pageSize ?? 100;
    let offset = 0;
    let scanned = 0;
    for (let page = 0; page < maxPages; page += 1) {
        const result = await client.listRuns({
            jobId,
            limit: pageSize,
            offset,
            orderBy: "-id",
            notAfter: criteria.notAfter,
        });
        scanned += result.runs.length;
        const newest = pickNewest(result.runs.filter((run) => matchesPullRequest(run, prNumber, headSha)));
        if (newest)
            return newest;
        if (!result.hasMore)
            break;
        offset += result.runs.length;
    }
    const wanted = [
        prNumber !== undefined ? `pull request #${prNumber}` : undefined,
        headSha ? `commit ${headSha.slice(0, 12)}` : undefined,
    ]
        .filter(Boolean)
        .join(" at ");
    if (scanned === 0) {
        // A wrong job id (or account) lists no runs at all, as does a new CI job before its first run.
        throw new DbtCloudNoRunsError(`job ${jobId} has no runs at all (looking for ${wanted}). Check ${names.jobId}: the CI job's id, the ` +
            `number after /jobs/ in its dbt platform URL, in the account of ${names.accountId}; a new CI job has ` +
            `none until the first pull request triggers it.`);
    }
    throw new DbtCloudRunLookupError(`no run of job ${jobId} for ${wanted} among its ${scanned} newest runs. Check that the job id is the CI ` +
        `job triggered for this pull request, that the run has been created (pass the run id directly if known), ` +
        `and that the head SHA is the pull request's head commit, not the merge commit.`);
}
/**
 * Both criteria must hold when both are given. A head SHA may be abbreviated (settings take 7 hex
 * digits or more, as `git log --oneline` shows them): it matches the commit it starts.
 */
function matchesPullRequest(run, prNumber, headSha) {
    if (prNumber !== undefined && run.trigger?.github_pull_request_id !== prNumber)
        return false;
    if (headSha !== undefined) {
        const want = headSha.toLowerCase();
        const shas = [run.git_sha, run.trigger?.git_sha].filter((s) => typeof s === "string");
        if (!shas.some((sha) => sha.toLowerCase().startsWith(want)))
            return false;
    }
    return true;
}
function pickNewest(runs) {
    return runs.reduce((best, run) => (!best || run.id > best.id ? run : best), undefined);
}

;// CONCATENATED MODULE: ./src/text/secrets.ts
// Secrets (the GitHub token, the dbt platform token) must never be printed, not even in part. They
// are masked by value, whatever their shape; a piece of one that a cut left behind (the end of a
// snippet, a line wrapped by a server) is masked too; and known token shapes are a second net for
// tokens nobody told us about.
const MASK = "***";
/** Shorter values would mask innocent text; real tokens are far longer. */
const MIN_SECRET_LENGTH = 4;
/** A run of this many characters of a secret is treated as a leak of it. */
const SECRET_PIECE_LENGTH = 8;
// GitHub token formats (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_) and HTTP credentials (`Token …`,
// `Bearer …`, as the dbt platform and OAuth use them).
const TOKEN_SHAPES = /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})\b/g;
const CREDENTIALS = /\b(Token|Bearer)\s+[A-Za-z0-9._~+/=-]{8,}/g;
/** The fewest characters each of these matches: `ghp_` and 20 more; `Token`, a space and 8 more. */
const SHORTEST_TOKEN_SHAPE = 24;
const SHORTEST_CREDENTIALS = 14;
const PUBLIC_PREFIXES = ["github_pat_"];
/**
 * A function that masks every secret in `secrets` (each occurrence of the whole value first, then
 * every run of ≥ SECRET_PIECE_LENGTH characters of one) and anything shaped like a token.
 */
function createRedactor(secrets, options = {}) {
    const credentials = options.credentials ?? true;
    const values = [
        ...new Set(secrets.flatMap(encodedForms).filter((s) => s.length >= MIN_SECRET_LENGTH)),
    ].sort((a, b) => b.length - a.length);
    const pieces = new Set();
    for (const value of values) {
        // A documented prefix (`github_pat_`) is public: a piece of it alone says nothing secret.
        const first = PUBLIC_PREFIXES.find((prefix) => value.startsWith(prefix))?.length ?? 0;
        for (let i = Math.max(0, first - SECRET_PIECE_LENGTH + 1); i + SECRET_PIECE_LENGTH <= value.length; i++) {
            pieces.add(value.slice(i, i + SECRET_PIECE_LENGTH));
        }
    }
    // One pass of a regular expression finds whether any piece is there (most text holds none);
    // only then is every window looked up.
    const anyPiece = pieces.size > 0
        ? new RegExp([...pieces].map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"))
        : null;
    // Nothing shorter than this can hold a secret, a piece of one or a token shape: most of a report's
    // strings (statuses, types, short names) are returned as they are, without a scan.
    const shortest = Math.min(...values.map((value) => value.length), pieces.size > 0 ? SECRET_PIECE_LENGTH : Number.POSITIVE_INFINITY, SHORTEST_TOKEN_SHAPE, credentials ? SHORTEST_CREDENTIALS : Number.POSITIVE_INFINITY);
    return (text) => {
        if (text.length < shortest)
            return text;
        let out = text;
        for (const value of values)
            if (out.includes(value))
                out = out.split(value).join(MASK);
        if (anyPiece?.test(out))
            out = maskPieces(out, pieces);
        out = out.replace(TOKEN_SHAPES, MASK);
        return credentials ? out.replace(CREDENTIALS, `$1 ${MASK}`) : out;
    };
}
/**
 * A secret as written, and as a server may echo it back in a URL or a query string: percent-encoded
 * (upper- or lower-case hex). Tokens made of letters, digits, `-` and `_` are the same in both.
 */
function encodedForms(secret) {
    let encoded;
    try {
        encoded = encodeURIComponent(secret);
    }
    catch {
        return [secret]; // a lone surrogate: no URL can carry it
    }
    return [secret, encoded, encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())];
}
/**
 * Text with JSON's `\uXXXX` escapes written out, so that a secret a server sent back escaped (a JSON
 * body quoted as it came) can be masked by value.
 */
function unescapeJsonUnicode(text) {
    return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}
/** One-off form of createRedactor. */
function redactSecrets(text, secrets) {
    return createRedactor(secrets)(text);
}
/** Wraps a log callback so that every line is redacted before it is emitted. */
function createRedactingLog(log, secrets) {
    const redact = createRedactor(secrets);
    return (message) => log(redact(message));
}
// Marks every window of the text that is a piece of a secret, then masks each run of marked
// characters once (overlapping windows of one leaked fragment become a single `***`).
function maskPieces(text, pieces) {
    let out = "";
    let copiedTo = 0;
    let runStart = -1;
    let runEnd = -1;
    for (let i = 0; i + SECRET_PIECE_LENGTH <= text.length; i++) {
        if (!pieces.has(text.slice(i, i + SECRET_PIECE_LENGTH)))
            continue;
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
    if (runStart < 0)
        return text;
    return out + text.slice(copiedTo, runStart) + MASK + text.slice(runEnd);
}

// EXTERNAL MODULE: ./src/text/truncate.ts
var truncate = __nccwpck_require__(3377);
;// CONCATENATED MODULE: ./src/sources/dbt-cloud/http.ts
// Request wrapper for the Admin API: rate limiting, timeouts, retries and error mapping in one place.
// Only this module and client.ts touch the network; everything above them works on plain data.




/**
 * How many request timeouts a JSON answer's body may take in all, however steadily it comes: a run
 * with its steps' logs is a few MiB, and ten silences' worth is room for a slow link, not a trickle.
 */
const ANSWER_TIMEOUTS_IN_ALL = 10;
/**
 * The most bytes of a JSON answer: a run with its steps' logs is a few MiB. Without a bound an
 * endless answer grows until V8 refuses the string (~512 MiB) or memory runs out, within the time.
 */
const MAX_ANSWER_BYTES = 256 * limits/* MIB */.D6;
/** The most bytes read of an answer that is not used (an error's, a redirect's): only its start is quoted. */
const MAX_UNUSED_BODY_BYTES = limits/* MIB */.D6;
const RETRYABLE_STATUS = new Set([408, 500, 502, 503, 504]);
const MIN_PAUSE_MS = 250;
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** The longest message of the server's quoted in an error (the status's `user_message`). */
const MAX_USER_MESSAGE_CHARS = 500;
function createDbtCloudHttp(options, deps) {
    const maxAttempts = options.maxAttempts ?? 4;
    const backoffBaseMs = options.backoffBaseMs ?? 1000;
    const backoffMaxMs = options.backoffMaxMs ?? 30_000;
    const maxCooldowns = options.maxCooldowns ?? 2;
    const cooldownMs = options.cooldownMs ?? 5 * 60_000;
    const maxRetryAfterMs = options.maxRetryAfterMs ?? 15 * 60_000;
    const maxAnswerMs = options.maxAnswerMs ?? ANSWER_TIMEOUTS_IN_ALL * options.requestTimeoutMs;
    const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    const random = deps.random ?? Math.random;
    const { clock, limiter } = deps;
    const redact = createRedactor([options.token]);
    // Redact, then cut, then redact again: a token straddling the cut leaves a piece behind that
    // only the second pass (which masks any run of 8 characters of it) can see. A JSON body quoted as
    // it came may hold the token \u-escaped: written out first, it is masked by value.
    const redactedSnippet = (text, max) => redact(snippet(redact(unescapeJsonUnicode(text)), max));
    const log = (message) => deps.log(redact(message));
    const doFetch = deps.fetchImpl;
    function buildUrl(path, query) {
        const url = new URL(path, options.baseUrl);
        for (const [key, value] of Object.entries(query))
            url.searchParams.set(key, value);
        return url.toString();
    }
    /**
     * GETs `path`, following redirects within the origin and retrying what may pass (network errors,
     * 5xx, 429 cooldowns). With `readText`, the body is read within the same attempt: an answer that
     * breaks off or stalls halfway is retried like one that never came.
     */
    async function send(path, query, accept, context, readText) {
        let url = buildUrl(path, query);
        let safeUrl = redact(url);
        let attempt = 0;
        let cooldowns = 0;
        let redirects = 0;
        const retryOrGiveUp = async (reason) => {
            if (attempt >= maxAttempts) {
                throw new DbtCloudUnavailableError(redact(`could not read ${context.what}: ${reason} (gave up after ${attempt} attempts). ` +
                    `Check that the base URL ${options.baseUrl} is reachable from this runner, then re-run.`), { url: safeUrl });
            }
            await pauseBeforeRetry(attempt, `${reason} reading ${context.what}`, outOfTime(reason));
        };
        /** The error for a retry or cooldown that would end past `context.notAfter`, if there is one. */
        const outOfTime = (reason, attempts = true) => (pauseMs) => context.notAfter !== undefined && clock.now() + pauseMs > context.notAfter
            ? new DbtCloudOutOfTimeError(redact(`could not read ${context.what} in the time allowed: ${reason}` +
                (attempts ? ` (after ${attempt} attempt${attempt === 1 ? "" : "s"}).` : ".")), { url: safeUrl })
            : null;
        for (;;) {
            await limiter.acquire();
            attempt += 1;
            let response;
            // The deadline of one attempt: the headers; then, for a JSON body, the time without data. A raw
            // body is the caller's to read, and to stop when it stalls.
            const controller = new AbortController();
            const abort = (reason) => controller.abort(reason);
            // Unref'd: left running past an error answer (it bounds reading that body too), it must not
            // keep the process alive.
            const deadline = setTimeout(() => abort(new DOMException("The operation timed out.", "TimeoutError")), options.requestTimeoutMs).unref();
            try {
                // Redirects are followed here, within the base URL's origin only (see followRedirect).
                response = await doFetch(url, {
                    method: "GET",
                    redirect: "manual",
                    headers: { Authorization: `Token ${options.token}`, Accept: accept },
                    signal: controller.signal,
                });
            }
            catch (error) {
                clearTimeout(deadline);
                await retryOrGiveUp(describeNetworkError(error, options.requestTimeoutMs));
                continue;
            }
            if (response.status >= 200 && response.status < 300) {
                if (!readText) {
                    clearTimeout(deadline);
                    return { response, url: safeUrl, text: null, abort };
                }
                // What ended a body that did not finish: no data for a timeout, the whole answer's time, or
                // the time to finish by passing while it came.
                let cut = "idle";
                const total = setTimeout(() => {
                    cut = "total";
                    abort(new DOMException("The answer took too long.", "TimeoutError"));
                }, maxAnswerMs).unref();
                try {
                    const { text, whole } = await readBodyText(response, maxAnswerBytes, () => {
                        // Past the time to finish by, a piece no longer puts the deadline off: the answer under
                        // way outlasts that time by less than one timeout.
                        if (context.notAfter !== undefined && clock.now() > context.notAfter)
                            cut = "late";
                        else
                            deadline.refresh();
                    });
                    if (!whole) {
                        // Not a passing fault: asking again would bring the same answer.
                        throw new DbtCloudResponseError(`the answer for ${context.what} was larger than ${maxAnswerBytes / limits/* MIB */.D6} MiB, and a dbt platform ` +
                            "answer is a few MiB at most; it was not read further. Check the base URL: it must be the " +
                            "account's Access URL.", { status: response.status, url: safeUrl });
                    }
                    return { response, url: safeUrl, text, abort };
                }
                catch (error) {
                    if (error instanceof DbtCloudResponseError)
                        throw error;
                    // Its status and headers came: a timeout here is data that stopped, not an answer that never came.
                    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
                    await retryOrGiveUp(!timedOut
                        ? `the answer broke off: ${describeNetworkError(error, options.requestTimeoutMs)}`
                        : cut === "total"
                            ? `the answer was still coming after ${maxAnswerMs} ms`
                            : cut === "late"
                                ? "the answer was still coming when the time allowed was up"
                                : `the answer stopped: no data for ${options.requestTimeoutMs} ms`);
                    continue;
                }
                finally {
                    clearTimeout(deadline);
                    clearTimeout(total);
                }
            }
            const location = REDIRECT_STATUS.has(response.status) ? response.headers.get("location") : null;
            if (location !== null) {
                await discardBody(response);
                url = followRedirect(url, location, response.status, ++redirects, context);
                safeUrl = redact(url);
                attempt -= 1; // a redirect is not a failed attempt
                continue;
            }
            if (response.status === 429) {
                await discardBody(response);
                cooldowns += 1;
                const waitMs = readRetryAfterMs(response.headers) ?? cooldownMs;
                if (waitMs > maxRetryAfterMs) {
                    throw new DbtCloudRateLimitError(`rate limited (HTTP 429) reading ${context.what}: the server asked to wait ${describeWait(waitMs)}, ` +
                        `longer than the ${describeWait(maxRetryAfterMs)} fusion-report waits. Re-run after that time, ` +
                        `or lower concurrency / stagger jobs using this token.`, { status: 429, url: safeUrl });
                }
                if (cooldowns > maxCooldowns) {
                    throw new DbtCloudRateLimitError(`rate limit still exceeded (HTTP 429) reading ${context.what} after ${cooldowns - 1} cooldown(s). ` +
                        `The Admin API allows 5,000 requests per minute per account and other tools share that budget; ` +
                        `wait ${Math.ceil(waitMs / 1000)} s before re-running, or lower concurrency / stagger jobs using this token.`, { status: 429, url: safeUrl });
                }
                // Every request waits: the pause lives in the shared limiter, not in this loop. It holds also
                // when this request gives up on it: nothing else is sent during the cooldown either.
                limiter.pauseUntil(clock.now() + waitMs);
                const late = outOfTime(`rate limited (HTTP 429), asked to wait ${describeWait(waitMs)}`, false)(waitMs);
                if (late)
                    throw late;
                log(`dbt platform: rate limited (HTTP 429) reading ${context.what}; pausing all requests for ` +
                    `${Math.ceil(waitMs / 1000)} s (cooldown ${cooldowns} of at most ${maxCooldowns}).`);
                attempt -= 1; // a cooldown is not a failed attempt
                continue;
            }
            if (RETRYABLE_STATUS.has(response.status) && attempt < maxAttempts) {
                await discardBody(response);
                await pauseBeforeRetry(attempt, `HTTP ${response.status} reading ${context.what}`, outOfTime(`HTTP ${response.status}`));
                continue;
            }
            throw await mapErrorResponse(response, safeUrl, context, attempt);
        }
    }
    /**
     * The next URL of a redirect within the base URL's origin (a moved path). Another origin is refused
     * before anything is sent there: fetch would follow it without the token, but the other host's
     * answer would then be read as the dbt platform's. The message names both hosts, nothing more
     * (a redirect's query string may carry a signature).
     */
    function followRedirect(from, location, status, hops, context) {
        const origin = new URL(options.baseUrl).origin;
        let next = null;
        try {
            next = new URL(location, from);
        }
        catch {
            // Not a URL at all: refused below like another host.
        }
        if (next?.origin !== origin) {
            throw new DbtCloudResponseError(`the dbt platform at ${origin} answered the request for ${context.what} with HTTP ${status}, a redirect ` +
                `to another host (${next && next.origin !== "null" ? next.origin : "an address that is not a URL"}); ` +
                `fusion-report follows redirects only within ${origin}, so nothing was sent there. ` +
                `Check the base URL: it must be the account's Access URL.`, { status, url: redact(from) });
        }
        if (hops > MAX_REDIRECTS) {
            throw new DbtCloudResponseError(`the dbt platform redirected the request for ${context.what} more than ${MAX_REDIRECTS} times. Check the base URL.`, { status, url: redact(from) });
        }
        return next.href;
    }
    async function pauseBeforeRetry(attempt, reason, outOfTime = () => null) {
        const cap = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
        // Full jitter, but never zero: the docs ask clients not to retry without pausing.
        const delay = Math.max(MIN_PAUSE_MS, Math.round(random() * cap));
        const late = outOfTime(delay);
        if (late)
            throw late;
        log(`dbt platform: ${reason}; retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`);
        await clock.sleep(delay);
    }
    async function mapErrorResponse(response, url, context, attempts) {
        const body = await readBodySafely(response);
        // The server's own words, cut and on one line: a message of megabytes would be one log line.
        const serverMessage = redactedSnippet(extractUserMessage(body) ?? "", MAX_USER_MESSAGE_CHARS);
        const said = serverMessage ? ` The server said: "${serverMessage}".` : "";
        // Without the API's own message (a proxy's or a firewall's page), the start of what came back:
        // a blocked request should not read as a token problem only.
        const page = !serverMessage && body.trim() && !isJson(body)
            ? ` The answer was not the API's JSON; it starts: "${redactedSnippet(body)}".`
            : "";
        const status = response.status;
        const details = { status, url };
        switch (status) {
            case 401:
                return new DbtCloudAuthError(`the dbt platform rejected the token (HTTP 401) reading ${context.what}.${said || page} ` +
                    `Check the base URL first: accounts on a cell-based region must use their own Access URL ` +
                    `(Account settings → Account information, e.g. https://ab123.us1.dbt.com) — the legacy host ` +
                    `answers them with "Invalid token." even for a good token. Then check the token is current, ` +
                    `belongs to the account that owns the run, and is passed without a "Token " prefix.`, details);
            case 403:
                return new DbtCloudPermissionError(`the token may not read ${context.what} (HTTP 403).${said || page} Use a service token with permission ` +
                    `to read job runs and their artifacts (e.g. "Job Admin", or a read-only job permission such as ` +
                    `"Job Viewer") on the project that owns the job.`, details);
            case 404:
                return new DbtCloudNotFoundError(`${context.what} was not found (HTTP 404).${said || page} ` +
                    (context.notFoundHint ??
                        `Check the run/job id and the account id, and that the token can see that project.`), details);
            default: {
                const what = RETRYABLE_STATUS.has(status) ? `after ${attempts} attempts ` : "";
                const ErrorClass = status >= 500 ? DbtCloudUnavailableError : DbtCloudResponseError;
                return new ErrorClass(`unexpected HTTP ${status} ${what}reading ${context.what}.${said || ` Body starts: "${redactedSnippet(body)}".`} ` +
                    (status >= 500
                        ? `The dbt platform may be having trouble; re-run later.`
                        : `Check the base URL and ids.`), details);
            }
        }
    }
    return {
        redact,
        timeoutMs: options.requestTimeoutMs,
        async pauseBeforeAnotherAttempt(attempt, reason) {
            if (attempt >= maxAttempts)
                return false;
            await pauseBeforeRetry(attempt, reason);
            return true;
        },
        async getJson(path, query, context) {
            const { response, url, text: body } = await send(path, query, "application/json", context, true);
            const text = body ?? "";
            let parsed;
            try {
                parsed = JSON.parse(text);
            }
            catch {
                const type = response.headers.get("content-type") ?? "no content-type";
                throw new DbtCloudResponseError(`expected JSON reading ${context.what} but got ${type}: "${redactedSnippet(text)}". ` +
                    `This usually means the base URL points at a web page or proxy rather than the dbt platform API.`, { status: response.status, url });
            }
            if (!isEnvelope(parsed)) {
                throw new DbtCloudResponseError(`reading ${context.what} returned JSON without the documented {status, data} envelope. Check the base URL.`, { status: response.status, url });
            }
            return parsed;
        },
        async getRaw(path, query, context) {
            const { response, abort } = await send(path, query, "*/*", context, false);
            return { response, abort };
        },
    };
}
/**
 * Reads Retry-After (delta-seconds or an HTTP date) and x-rate-limit-retry-after-seconds; the larger
 * wins. Anything else (`-5`, `1 2`, `5, 10`) is no wait at all, so the documented cooldown applies:
 * Date.parse would read such a value as a date in 2001 and the request would resume at once.
 */
function readRetryAfterMs(headers) {
    const candidates = [];
    const custom = readDeltaSeconds(headers.get("x-rate-limit-retry-after-seconds"));
    if (custom !== undefined)
        candidates.push(custom * 1000);
    const standard = headers.get("retry-after");
    if (standard !== null) {
        const seconds = readDeltaSeconds(standard);
        if (seconds !== undefined)
            candidates.push(seconds * 1000);
        else {
            const at = parseHttpDate(standard);
            // An HTTP date is wall-clock; convert to a duration and apply it on our (maybe scaled) clock.
            if (at !== undefined)
                candidates.push(Math.max(0, at - Date.now()));
        }
    }
    if (candidates.length === 0)
        return undefined;
    // Never resume instantly: a zero wait would retry without pausing.
    return Math.max(MIN_PAUSE_MS, ...candidates);
}
/** `delta-seconds` of RFC 9110 §10.2.3: digits only. */
function readDeltaSeconds(value) {
    const trimmed = value?.trim();
    return trimmed && /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTH = `(${MONTHS.join("|")})`;
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
/** `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate, the form servers send). */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850, obsolete). */
const RFC_850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (asctime, obsolete). */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);
/** The three HTTP-date forms of RFC 9110 §5.6.7, as epoch ms; undefined for anything else. */
function parseHttpDate(value, now = Date.now()) {
    const text = value.trim();
    let fields; // day, month, year, hours, minutes, seconds
    const imf = IMF_FIXDATE.exec(text);
    const rfc850 = RFC_850_DATE.exec(text);
    const asctime = ASCTIME_DATE.exec(text);
    if (imf)
        fields = imf.slice(1);
    else if (rfc850) {
        // A two-digit year more than 50 years ahead is the most recent past year ending so (§5.6.7).
        const thisYear = new Date(now).getUTCFullYear();
        let year = Math.floor(thisYear / 100) * 100 + Number(rfc850[3]);
        if (year > thisYear + 50)
            year -= 100;
        fields = [rfc850[1], rfc850[2], String(year), ...rfc850.slice(4)];
    }
    else if (asctime) {
        const [, month, day, hours, minutes, seconds, year] = asctime;
        fields = [day.trim(), month, year, hours, minutes, seconds];
    }
    if (!fields)
        return undefined;
    const [day, month, year, hours, minutes, seconds] = fields.map((field, i) => i === 1 ? MONTHS.indexOf(field) : Number(field));
    if (hours > 23 || minutes > 59 || seconds > 60)
        return undefined;
    const at = Date.UTC(year, month, day, hours, minutes, seconds);
    // 31 Feb would roll over into March: not a date the server meant.
    return new Date(at).getUTCDate() === day ? at : undefined;
}
/** A week: past it, a server's wait (a Retry-After of hundreds of digits) is not worth its number. */
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** `900 s (15 min)`, `10800 s (3 h)`: a long wait in words a reader takes in at a glance. */
function describeWait(ms) {
    if (!Number.isFinite(ms) || ms > WEEK_MS)
        return "more than a week";
    const seconds = Math.ceil(ms / 1000);
    if (seconds < 120)
        return `${seconds} s`;
    const minutes = Math.round(seconds / 60);
    const inWords = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`;
    return `${seconds} s (${inWords})`;
}
function isEnvelope(value) {
    return typeof value === "object" && value !== null && "status" in value && "data" in value;
}
function isJson(body) {
    try {
        JSON.parse(body);
        return true;
    }
    catch {
        return false;
    }
}
function extractUserMessage(body) {
    try {
        const parsed = JSON.parse(body);
        const message = parsed?.status?.user_message;
        return typeof message === "string" ? message : undefined;
    }
    catch {
        return undefined;
    }
}
function describeNetworkError(error, timeoutMs) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        return `no response within ${timeoutMs} ms`;
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `network error (${error instanceof Error ? error.message : String(error)}${cause})`;
}
/**
 * The body as UTF-8 text (as `text()` reads it), calling `onChunk` as each piece comes, up to
 * `maxBytes`: past them the rest is not read, and `whole` is false.
 */
async function readBodyText(response, maxBytes, onChunk = () => { }) {
    if (!response.body)
        return { text: await response.text(), whole: true };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let bytes = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            return { text: text + decoder.decode(), whole: true };
        bytes += value.byteLength;
        if (bytes > maxBytes) {
            // Closes the connection rather than reading on to its end.
            reader.cancel().catch(() => { });
            return {
                text: text + decoder.decode(value.subarray(0, value.byteLength - (bytes - maxBytes))),
                whole: false,
            };
        }
        onChunk();
        text += decoder.decode(value, { stream: true });
    }
}
/** The start of an answer that is not used (an error's): at most MAX_UNUSED_BODY_BYTES of it, "" if it fails. */
async function readBodySafely(response) {
    try {
        return (await readBodyText(response, MAX_UNUSED_BODY_BYTES)).text;
    }
    catch {
        return "";
    }
}
async function discardBody(response) {
    // Unread bodies keep the pooled connection busy.
    await readBodySafely(response);
}
function snippet(text, max = 160) {
    return (0,truncate/* truncateChars */.UT)(text.replace(/\s+/g, " ").trim(), max + 1);
}

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/types.ts
// Wire types for the Admin API v2 payloads we read. Everything but ids is optional/nullable in the
// spec, so treat fields defensively (see reference notes §4.2).
const RUN_STATUS = {
    queued: 1,
    starting: 2,
    running: 3,
    success: 10,
    error: 20,
    cancelled: 30,
};

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/wait-for-run.ts


function isRunComplete(run) {
    const done = [RUN_STATUS.success, RUN_STATUS.error, RUN_STATUS.cancelled];
    return run.is_complete === true || (run.status !== undefined && done.includes(run.status));
}
/** Resolves with the completed run (re-read once after completion if we had to wait). */
async function waitForRun(client, runId, options, deps) {
    const { clock, log } = deps;
    const started = clock.now();
    const deadline = started + options.maxWaitSeconds * 1000;
    const intervalMs = options.pollIntervalSeconds * 1000;
    let polls = 0;
    /** The run as first seen complete: the next read, after the settle pause, is the one returned. */
    let complete;
    /** The last answer, for the message when the limit comes in the middle of a poll. */
    let last;
    for (;;) {
        let run;
        try {
            // A poll near the limit does not retry or wait out a cooldown past it.
            run = await client.getRun(runId, { notAfter: deadline });
        }
        catch (error) {
            // A poll is retried a few times within seconds; an outage of a minute during a wait of half
            // an hour must not end the wait: the next poll tries again, until the deadline. Only once the
            // platform has answered: a host that never did (a wrong base URL) fails at once.
            const outage = error instanceof DbtCloudUnavailableError && (polls > 0 || options.answered === true);
            // The poll gave up at the limit (a retry or cooldown would have ended past it), or there is
            // no time for another poll.
            const givenUp = error instanceof DbtCloudOutOfTimeError;
            const timeUp = givenUp || clock.now() + intervalMs > deadline;
            if (outage && complete && timeUp) {
                // The run is over; only the settled re-read failed: the first complete read will do.
                log(`dbt platform: ${withoutPrefix(error)} Using run ${runId} as first read complete.`);
                return complete;
            }
            if (givenUp) {
                const elapsed = Math.round((clock.now() - started) / 1000);
                const status = last ? (last.status_humanized ?? `in status ${last.status}`) : "not read yet";
                throw new DbtCloudWaitTimeoutError(`run ${runId} is still ${status} after ${elapsed} s, the limit set by ` +
                    `${options.limitName ?? "max-wait-seconds"} (${options.maxWaitSeconds} s); the last poll ` +
                    `${withoutPrefix(error)} Raise the limit, or re-run once the run has finished` +
                    (last?.href ? ` (${last.href}).` : "."));
            }
            if (!outage || timeUp)
                throw error;
            log(`dbt platform: ${withoutPrefix(error)} Still waiting for run ${runId}: ` +
                `checking again in ${options.pollIntervalSeconds} s.`);
            await clock.sleep(intervalMs);
            continue;
        }
        polls += 1;
        last = run;
        if (complete)
            return run;
        if (isRunComplete(run)) {
            if (polls === 1)
                return run;
            // Re-read once the step details have settled; an outage then is ridden out like any poll's.
            complete = run;
            await clock.sleep(options.settleMs ?? 5000);
            continue;
        }
        const elapsed = Math.round((clock.now() - started) / 1000);
        if (clock.now() + intervalMs > deadline) {
            throw new DbtCloudWaitTimeoutError(`run ${runId} is still ${run.status_humanized ?? `in status ${run.status}`} after ${elapsed} s, ` +
                `the limit set by ${options.limitName ?? "max-wait-seconds"} (${options.maxWaitSeconds} s). ` +
                `Raise it, or re-run once the run has finished` +
                (run.href ? ` (${run.href}).` : "."));
        }
        log(`dbt platform: run ${runId} is ${run.status_humanized ?? `in status ${run.status}`}; ` +
            `waited ${elapsed} s of up to ${options.maxWaitSeconds} s, checking again in ${options.pollIntervalSeconds} s.`);
        await clock.sleep(intervalMs);
    }
}

// EXTERNAL MODULE: ./src/text/controls.ts
var controls = __nccwpck_require__(7453);
// EXTERNAL MODULE: ./src/text/dbt-command.ts
var dbt_command = __nccwpck_require__(3681);
;// CONCATENATED MODULE: ./src/sources/dbt-cloud/index.ts
// dbt platform source: find the run, wait for it, and download each step's Fusion telemetry Parquet.
// This is the module's one entry point; it takes settings and injected I/O helpers, and never fails
// the Action itself (callers decide what to do with the typed errors).
















const NO_TELEMETRY_NOTE = "no telemetry: this step produced no Fusion telemetry artifact (clone, profile and dbt deps steps never do)";
/** The same for a step that ran a dbt command that would write telemetry on Fusion. */
const NO_TELEMETRY_FROM_DBT_NOTE = "no telemetry: this dbt step produced no Fusion telemetry artifact (is the job on the Fusion engine?)";
/** A step that failed: the report shows it as a failed step (model/failed-step.ts). */
const FAILED_WITHOUT_TELEMETRY_NOTE = "ended in Error and produced no Fusion telemetry: reported as a failed step (its log is on the dbt platform)";
/** A step cut off by the run's cancellation: the report shows it as a step that did not finish. */
const CANCELLED_WITHOUT_TELEMETRY_NOTE = "was cancelled and produced no Fusion telemetry: reported as a step that did not finish when another step has telemetry";
/** A failed step whose telemetry file was left without its footer. */
const FAILED_FOOTERLESS_NOTE = "ended in Error and its telemetry is not a complete Parquet file (no footer: dbt stopped while writing it, or " +
    "the download was cut short): reported as a failed step (its log is on the dbt platform)";
/** The dbt commands that write Fusion telemetry. */
const WRITES_TELEMETRY = new Set(["build", "run", "test", "seed", "snapshot", "compile", "source freshness"]);
/** How much of a failed step's log the report quotes. */
const LOG_TAIL_LINES = 12;
const LOG_TAIL_CHARS = 2000;
/** How much of the log's end is scanned for those lines. */
const LOG_TAIL_SCAN_CHARS = 64 * 1024;
/**
 * ECMA-48 sequences a terminal log carries: CSI (colours, `ESC [ … m`), OSC (hyperlinks, titles:
 * `ESC ] … BEL` or `ESC ] … ESC \\`, never past a line) and the short escapes (`ESC 7`, `ESC ( B`);
 * the C1 forms of CSI and OSC too.
 */
const ESCAPE_SEQUENCES = 
// eslint-disable-next-line no-control-regex
/(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]/g;
/** Fetches a dbt platform run and every step's telemetry file. Failed runs are reported too. */
async function fetchDbtCloudTelemetry(settings, deps) {
    const clock = deps.clock ?? defaultClock({});
    const log = createRedactingLog(deps.log, [settings.token]);
    // One pool bounds concurrent sockets; one limiter is shared by every request of this fetch.
    let fetchImpl = deps.fetchImpl;
    let dispatcher;
    if (!fetchImpl) {
        // undici is most of the bundle: a chunk loaded when the dbt platform is first used, not at start-up.
        const undici = await __nccwpck_require__.e(/* import() */ 752).then(__nccwpck_require__.t.bind(__nccwpck_require__, 6752, 19));
        const pool = new undici.Agent({ connections: settings.concurrency });
        dispatcher = pool;
        fetchImpl = (url, init) => undici.fetch(url, { ...init, dispatcher: pool });
    }
    const http = createDbtCloudHttp({
        ...deps.http,
        baseUrl: settings.baseUrl,
        token: settings.token,
        requestTimeoutMs: settings.requestTimeoutMs,
    }, {
        clock,
        log,
        limiter: createRateLimiter({ clock, requestsPerMinute: deps.requestsPerMinute ?? 4000 }),
        fetchImpl,
    });
    const name = deps.nameSetting ?? ((key) => key);
    const client = createDbtCloudClient(http, settings.accountId, {
        // A run found through the job id: a 404 reading it must not send the user to a run id they never set.
        runId: settings.runId === undefined ? null : name(DBT_CLOUD_SETTING_KEYS.runId),
        jobId: name(DBT_CLOUD_SETTING_KEYS.jobId),
        accountId: name(DBT_CLOUD_SETTING_KEYS.accountId),
    }, { ...DEFAULT_DOWNLOAD_LIMITS, ...deps.downloads });
    try {
        const started = clock.now();
        const names = {
            jobId: name(DBT_CLOUD_SETTING_KEYS.jobId),
            accountId: name(DBT_CLOUD_SETTING_KEYS.accountId),
        };
        const runId = settings.runId ?? (await locateRun(client, settings, names, clock, log)).id;
        const remainingSeconds = Math.max(0, settings.maxWaitSeconds - Math.floor((clock.now() - started) / 1000));
        const run = settings.wait
            ? await waitForRun(client, runId, {
                maxWaitSeconds: remainingSeconds,
                pollIntervalSeconds: settings.pollIntervalSeconds,
                limitName: name(DBT_CLOUD_SETTING_KEYS.maxWaitSeconds),
                // Found in the job's list: the platform answered, so a first poll's outage is waited out.
                answered: settings.runId === undefined,
                ...(deps.settleMs !== undefined && { settleMs: deps.settleMs }),
            }, { clock, log })
            : await requireCompleteRun(client, runId, name(DBT_CLOUD_SETTING_KEYS.wait));
        log(`dbt platform: run ${run.id} finished with status ${run.status_humanized ?? run.status}; reading step telemetry.`);
        const steps = await downloadStepTelemetry(client, run, settings, log);
        return { run: summarizeRun(run, settings.baseUrl), steps };
    }
    finally {
        await dispatcher?.close();
    }
}
/** Pulls the dbt command out of a step name such as "Invoke dbt with `dbt build --select x+`". */
function parseDbtCommand(stepName) {
    const quoted = /`\s*(dbt(?:\s[^`]*)?)`/.exec(stepName);
    if (quoted?.[1])
        return quoted[1].trim().replace(/\s+/g, " ");
    const bare = /^invoke dbt with\s+(dbt\b.*)$/i.exec(stepName.trim());
    return bare?.[1] ? bare[1].trim().replace(/\s+/g, " ") : null;
}
/** Whether the step ran a dbt command that writes telemetry, global flags first or not (`dbt --debug build`). */
function writesTelemetry(stepName) {
    return WRITES_TELEMETRY.has((0,dbt_command/* dbtCommandOf */.H)(parseDbtCommand(stepName) ?? stepName) ?? "");
}
/** The artifact path of a step's telemetry, named by run_steps[].index (reference §4.5). */
function telemetryArtifactPath(stepIndex) {
    return `metadata/telemetry-${stepIndex}-otel.parquet`;
}
async function locateRun(client, settings, names, clock, log) {
    const criteria = {
        jobId: settings.jobId, // settings guarantee jobId when runId is absent
        ...(settings.prNumber !== undefined && { prNumber: settings.prNumber }),
        ...(settings.headSha !== undefined && { headSha: settings.headSha }),
        names,
    };
    const deadline = clock.now() + settings.maxWaitSeconds * 1000;
    // While waiting, a lookup near the limit does not retry or wait out a cooldown past it.
    const lookup = settings.wait ? { ...criteria, notAfter: deadline } : criteria;
    let answered = false;
    let jobChecked = false;
    for (;;) {
        try {
            const run = await findRunForPullRequest(client, lookup);
            log(`dbt platform: using run ${run.id} of job ${criteria.jobId}${run.href ? ` (${run.href})` : ""}.`);
            return run;
        }
        catch (lookupError) {
            // An outage counts only once the host has answered (a wrong base URL fails at once); a list
            // of runs is an answer, also when the job check below then meets an outage.
            if (lookupError instanceof DbtCloudRunLookupError)
                answered = true;
            let error = lookupError;
            // A job with no runs at all is a new CI job or a wrong id: asked once, a job the account does
            // not have ends the wait now instead of after dbt-cloud-max-wait-minutes. The question is
            // bound by the same limit, and what stopped it (a rate limit, an outage) is what the wait met.
            if (error instanceof DbtCloudNoRunsError && settings.wait && !jobChecked) {
                const failure = await checkJob(client, criteria.jobId, deadline);
                // An outage asks again at the next look; any other answer is final.
                jobChecked = !(failure instanceof DbtCloudUnavailableError);
                error = failure ?? error;
            }
            // The CI run may not exist yet when this action starts, and an outage may outlast a request's
            // retries: keep looking while waiting is allowed.
            const interval = settings.pollIntervalSeconds * 1000;
            // A lookup given up at the limit (DbtCloudOutOfTimeError) is not tried again: the time is up.
            const retryable = error instanceof DbtCloudRunLookupError ||
                (error instanceof DbtCloudUnavailableError && !(error instanceof DbtCloudOutOfTimeError) && answered);
            if (!retryable || !settings.wait || clock.now() + interval > deadline)
                throw error;
            log(error instanceof DbtCloudUnavailableError
                ? `dbt platform: ${withoutPrefix(error)} Still waiting: looking again in ${settings.pollIntervalSeconds} s.`
                : `dbt platform: no run of job ${criteria.jobId} for this pull request yet; looking again in ${settings.pollIntervalSeconds} s.`);
            await clock.sleep(interval);
        }
    }
}
/**
 * Throws when the account does not have the job, or the token cannot see it (404: the platform
 * answers both alike), saying so and that nothing is waited for. The job exists, or the token may
 * not read job definitions (403): null, the waiting goes on as it was. Anything else (a rate limit,
 * an outage, a limit reached) is returned, to be handled as the lookup's own failure.
 */
async function checkJob(client, jobId, notAfter) {
    try {
        await client.requireJob(jobId, { notAfter });
        return null;
    }
    catch (error) {
        if (error instanceof DbtCloudPermissionError)
            return null;
        if (!(error instanceof DbtCloudNotFoundError))
            return error;
        error.message += " Not waiting for runs of a job the account does not have (or the token cannot see).";
        throw error;
    }
}
async function requireCompleteRun(client, runId, waitName) {
    const run = await client.getRun(runId);
    if (!isRunComplete(run)) {
        throw new DbtCloudWaitTimeoutError(`run ${runId} is still ${run.status_humanized ?? `in status ${run.status}`} and waiting is off ` +
            `(${waitName}); turn it on, or re-run after the run finishes.`);
    }
    return run;
}
async function downloadStepTelemetry(client, run, settings, log) {
    const listed = readRunSteps(run, log);
    // A step is named by its index in the artifact's path: one without is said, not asked for as
    // `telemetry-undefined-otel.parquet`.
    const steps = listed.filter((step) => Number.isSafeInteger(step.index)).sort((a, b) => a.index - b.index);
    if (steps.length < listed.length) {
        log(`dbt platform: ${listed.length - steps.length} step(s) of run ${run.id} have no index and were skipped.`);
    }
    const runDir = (0,external_node_path_.join)(settings.downloadDir, `run-${run.id}`);
    const runCancelled = run.status === RUN_STATUS.cancelled || run.is_cancelled === true;
    return mapWithConcurrency(steps, settings.concurrency, async (step) => {
        // The server's answer is not trusted to have the documented types: a number where the name
        // should be must not crash the report, nor reach the JSON report as a number.
        const status = typeof step.status === "number" ? step.status : null;
        const statusHumanized = typeof step.status_humanized === "string" ? step.status_humanized : null;
        const failed = status === RUN_STATUS.error || /^error$/i.test(statusHumanized ?? "");
        // Only in a cancelled run: there the step that was running when it stopped shows it.
        const cancelled = runCancelled &&
            !failed &&
            (status === RUN_STATUS.cancelled || /^cancell?ed$/i.test(statusHumanized ?? ""));
        const base = {
            index: step.index,
            name: typeof step.name === "string" && step.name.trim() ? step.name : `step ${step.index}`,
            status,
            statusHumanized,
            failed,
            cancelled,
            startedAt: toIsoDate(step.started_at),
            finishedAt: toIsoDate(step.finished_at),
            logTail: null,
        };
        const path = telemetryArtifactPath(step.index);
        let result;
        try {
            result = await client.downloadArtifact({
                runId: run.id,
                path,
                step: step.index,
                destination: (0,external_node_path_.join)(runDir, `telemetry-${step.index}-otel.parquet`),
            });
        }
        catch (error) {
            // A step that died while writing its telemetry leaves the file without its footer: that is
            // the step's failure to report, not a reason to lose the whole report.
            if (!(error instanceof DbtCloudFooterlessArtifactError) || !(failed || cancelled))
                throw error;
            const note = failed ? FAILED_FOOTERLESS_NOTE : CANCELLED_WITHOUT_TELEMETRY_NOTE;
            return { ...base, file: null, note, logTail: logTail(step.logs), footerless: true };
        }
        // A step that ended in Error is failed by it even when its telemetry looks green: its log may say why.
        if (result)
            return { ...base, file: result.file, ...(failed ? { logTail: logTail(step.logs) } : {}) };
        if (failed || cancelled) {
            // Its telemetry cannot say why it failed: the end of its log is what the report can quote.
            const note = failed ? FAILED_WITHOUT_TELEMETRY_NOTE : CANCELLED_WITHOUT_TELEMETRY_NOTE;
            return { ...base, file: null, note, logTail: logTail(step.logs) };
        }
        const note = writesTelemetry(base.name) ? NO_TELEMETRY_FROM_DBT_NOTE : NO_TELEMETRY_NOTE;
        return { ...base, file: null, note };
    });
}
/**
 * The run's steps as the API documents them: a list of objects. A list is the contract; anything
 * else is refused, naming the run and the field; an entry that is not an object is skipped, saying so.
 */
function readRunSteps(run, log) {
    const listed = run.run_steps ?? [];
    if (!Array.isArray(listed)) {
        throw new DbtCloudResponseError(`run ${run.id} came back with "run_steps" that is not a list (${typeof listed === "object" ? "an object" : `a ${typeof listed}`}), against the ` +
            `API's documented answer; its steps cannot be read. Check the base URL (a proxy may have changed the ` +
            `answer), and re-run.`);
    }
    const steps = listed.filter((step) => typeof step === "object" && step !== null && !Array.isArray(step));
    if (steps.length < listed.length) {
        log(`dbt platform: skipped ${listed.length - steps.length} of the ${listed.length} entries of "run_steps" ` +
            `of run ${run.id}: not step objects.`);
    }
    return steps;
}
/**
 * Runs `fn` over items with at most `limit` in flight, keeping input order. On failure it stops
 * starting new work and waits for in-flight work to settle, so nothing writes files after we return.
 */
async function mapWithConcurrency(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    let failure;
    async function worker() {
        while (!failure && next < items.length) {
            const i = next++;
            try {
                results[i] = await fn(items[i]);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    }
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
    if (failure)
        throw failure.error;
    return results;
}
function summarizeRun(run, baseUrl) {
    return {
        id: run.id,
        status: run.status ?? null,
        statusHumanized: run.status_humanized ?? null,
        href: onHost(run.href, baseUrl),
        gitSha: run.git_sha ?? run.trigger?.git_sha ?? null,
        gitBranch: run.git_branch ?? run.trigger?.git_branch ?? null,
        prNumber: run.trigger?.github_pull_request_id ?? null,
        jobId: run.job_definition_id ?? run.job_id ?? run.trigger?.job_definition_id ?? null,
        finishedAt: toIsoDate(run.finished_at),
        isSuccess: run.is_success ?? run.status === 10,
    };
}
/**
 * The last lines of a step's log, without terminal escape sequences (the platform keeps its colours;
 * a log may also carry OSC hyperlinks or titles). Only the log's end is looked at: a step's log can be
 * many megabytes, and the report quotes a dozen lines.
 */
function logTail(logs) {
    if (typeof logs !== "string")
        return null;
    const end = logs.length > LOG_TAIL_SCAN_CHARS ? logs.slice(-LOG_TAIL_SCAN_CHARS) : logs;
    const plain = end.replace(ESCAPE_SEQUENCES, "");
    // Lines as the renderers split them (a lone \r of a progress bar, U+2028 …), so twelve are twelve.
    const all = (0,controls/* splitLines */.uz)(plain);
    // A scan that starts inside a line has only that line's end: dropped, unless it is all there is.
    const cutInLine = end !== logs && !/[\n\r\u0085\u2028\u2029]/.test(logs.charAt(logs.length - end.length - 1));
    if (cutInLine && all.slice(1).some((line) => line.trim() !== ""))
        all.shift();
    const lines = all.filter((line) => line.trim() !== "");
    const tail = lines.slice(-LOG_TAIL_LINES).join("\n");
    if (!tail)
        return null;
    if (tail.length <= LOG_TAIL_CHARS)
        return tail;
    // Cut at the start, never inside a surrogate pair.
    const cut = tail.slice(tail.length - LOG_TAIL_CHARS + 1);
    return `…${/^[\uDC00-\uDFFF]/.test(cut) ? cut.slice(1) : cut}`;
}
/** The API uses both "2026-10-02 09:19:40.871122+00:00" and ISO forms; Node parses both. */
function toIsoDate(value) {
    if (!value)
        return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
/**
 * A link from the server's answer, kept only when it points at the dbt platform host we asked (the
 * run's page is `<access URL>/deploy/…`): anything else would put a link to anywhere in the comment.
 * Kept as the URL parser wrote it, never as sent: `https://host\@evil.example/` is on `host` to the
 * parser, but its `\` is percent-encoded in a Markdown link, and `https://host%5C@evil.example/`
 * leads to evil.example.
 */
function onHost(href, baseUrl) {
    if (!href)
        return null;
    try {
        const url = new URL(href);
        return url.origin === new URL(baseUrl).origin ? url.href : null;
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./src/sources/dbt-cloud/step-files.ts

/** Each downloaded step file, labelled with its step, so the report has a section per step. */
async function openStepFiles(telemetry) {
    const files = [];
    for (const step of telemetry.steps) {
        if (!step.file)
            continue;
        const file = await openLocalTelemetry(step.file, `run ${telemetry.run.id} step ${step.index}`);
        files.push({
            ...file,
            step: {
                index: step.index,
                name: step.name,
                runId: telemetry.run.id,
                ...(telemetry.run.href ? { url: telemetry.run.href } : {}),
            },
        });
    }
    return files;
}

;// CONCATENATED MODULE: ./src/pipeline/collect.ts
// Collects the telemetry files of one request, whatever their source: a dbt platform run's steps, a
// workflow artifact, local files, directories and globs. Each source that is asked for adds its
// files, in that order. Downloads go under `workDir()` (made on first use), which the caller removes
// once the files are read.


// The dbt platform client: imported here only, so it can be loaded when a run uses it.





async function collectTelemetry(request, workDir, services) {
    const files = [];
    const failedSteps = [];
    if (request.dbtCloud) {
        const run = await fromDbtCloud(request.dbtCloud, request.nameDbtCloudSetting, workDir, services);
        files.push(...run.files);
        failedSteps.push(...run.failedSteps);
    }
    if (request.artifact)
        files.push(...(await fromArtifact(request.artifact, workDir, services)));
    if (request.paths.length > 0) {
        try {
            files.push(...(await collectLocalTelemetry(request.paths, request.cwd, services.note, request.checkout, request.standardInput)));
        }
        catch (error) {
            if (!(error instanceof NoTelemetryError) || !request.noTelemetryHint)
                throw error;
            throw new NoTelemetryError(`${error.message} ${request.noTelemetryHint}`);
        }
    }
    return { files, failedSteps };
}
async function fromDbtCloud(raw, nameSetting, workDir, services) {
    const settings = parseDbtCloudSettings({ ...raw, [DBT_CLOUD_SETTING_KEYS.downloadDir]: external_node_path_default().join(await workDir(), "dbt-cloud") }, nameSetting);
    const telemetry = await fetchDbtCloudTelemetry(settings, {
        log: services.log,
        ...(services.clock && { clock: services.clock }),
        ...(nameSetting && { nameSetting }),
    });
    for (const step of telemetry.steps)
        if (!step.file)
            services.skippedStep(step);
    const files = await openStepFiles(telemetry);
    // A step that failed without telemetry would otherwise vanish from the report, and with it the
    // run's failure (a broken `dbt deps` made a red run look green or "no telemetry").
    // So would a step cut off by the run's cancellation (a job timeout): the other steps' telemetry
    // made a cancelled run look green. Without any telemetry, a cancelled run stays "no telemetry".
    // A step that ended in Error with telemetry is read from it; its status still fails it when the
    // telemetry shows no failure (model/failed-step.ts).
    const failedSteps = telemetry.steps
        .filter((step) => (step.file ? step.failed : step.failed || (step.cancelled && files.length > 0)))
        .map(toFailedStep(telemetry));
    if (files.length === 0 && failedSteps.length === 0) {
        const { run } = telemetry;
        throw new NoTelemetryError(telemetry.steps.length === 0
            ? `dbt platform run ${run.id} has no step to read telemetry from (the API listed none with an index)`
            : run.status === 30
                ? `dbt platform run ${run.id} was cancelled before any step wrote Fusion telemetry`
                : `dbt platform run ${run.id} has no step with Fusion telemetry`);
    }
    return { files, failedSteps };
}
function toFailedStep(telemetry) {
    return (step) => ({
        index: step.index,
        name: step.name,
        runId: telemetry.run.id,
        ...(telemetry.run.href ? { url: telemetry.run.href } : {}),
        command: parseDbtCommand(step.name),
        status: step.statusHumanized ?? (step.failed ? "Error" : "Cancelled"),
        cancelled: !step.failed,
        ...(step.footerless && { footerless: true }),
        ...(step.file && { wroteTelemetry: true }),
        startedAt: step.startedAt,
        completedAt: step.finishedAt,
        logTail: step.logTail,
    });
}
async function fromArtifact(artifact, workDir, services) {
    if (!services.artifacts)
        throw new Error("reading a workflow artifact needs the GitHub side");
    try {
        return await services.artifacts.readTelemetry({ ...artifact, tempDir: await workDir() }, services.log);
    }
    catch (error) {
        // An artifact that was never uploaded (the build failed early) is "no telemetry", not a fault.
        if (error instanceof ArtifactSourceError && error.absent)
            throw new NoTelemetryError(error.message);
        throw error;
    }
}

// EXTERNAL MODULE: ./src/model/build-report.ts + 7 modules
var build_report = __nccwpck_require__(3812);
// EXTERNAL MODULE: ./src/telemetry/errors.ts
var errors = __nccwpck_require__(7964);
;// CONCATENATED MODULE: ./src/telemetry/enums.ts
// Enum values arrive as proto value names on the wire (`NODE_OUTCOME_SUCCESS`, `EXECUTION_PHASE_RUN`),
// but the public docs show a simplified spelling (`success`, `Run`) and pbjson also accepts numbers.
// Each normaliser accepts all three and returns a lower-case token, or null for unknown/unspecified
// values (unknown values are ignored, never fatal). Node types and materializations are the
// exception: their numbers are not documented (fusion-telemetry.md §6.4), so a number is unknown.
// The same few enum strings repeat on every record: normalise each distinct spelling once.
const tokenCaches = new Map();
const MAX_CACHED = 1_000;
function fromProto(value, prefix, numbers) {
    if (typeof value === "number")
        return numbers[value] ?? null;
    if (typeof value !== "string" || value === "")
        return null;
    let cache = tokenCaches.get(prefix);
    if (!cache)
        tokenCaches.set(prefix, (cache = new Map()));
    const cached = cache.get(value);
    if (cached !== undefined)
        return cached;
    let token = value.startsWith(prefix) ? value.slice(prefix.length) : value;
    // Docs spelling: `Run`, `PhaseDisabled`, `no-op` → snake case.
    token = token
        .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
        .replace(/[-\s]/g, "_")
        .toLowerCase();
    const result = token === "unspecified" ? null : token;
    // Unknown values are unbounded in theory (a corrupt file); stop caching rather than grow.
    if (cache.size < MAX_CACHED)
        cache.set(value, result);
    return result;
}
const NODE_OUTCOMES = ["unspecified", "success", "error", "canceled", "skipped"];
function normalizeNodeOutcome(value) {
    const token = fromProto(value, "NODE_OUTCOME_", NODE_OUTCOMES);
    if (token === "cancelled")
        return "canceled";
    if (token === "skip")
        return "skipped";
    return token === "success" || token === "error" || token === "canceled" || token === "skipped"
        ? token
        : null;
}
const SKIP_REASONS = [
    "unspecified",
    "upstream",
    "cached",
    "phase_disabled",
    "no_op",
    "phase_skipped",
];
function normalizeSkipReason(value) {
    let token = fromProto(value, "NODE_SKIP_REASON_", SKIP_REASONS);
    if (token === "noop")
        token = "no_op";
    return SKIP_REASONS.includes(token ?? "") && token !== "unspecified"
        ? token
        : null;
}
const ERROR_TYPES = ["internal", "external", "user"];
function normalizeErrorType(value) {
    // NODE_ERROR_TYPE_INTERNAL is value 0 but the field is `optional`, so it is written when set.
    if (typeof value === "number")
        return ERROR_TYPES[value] ?? null;
    const token = fromProto(value, "NODE_ERROR_TYPE_", ERROR_TYPES);
    return token === "user" || token === "external" || token === "internal" ? token : null;
}
const TEST_OUTCOMES = ["passed", "warned", "failed"];
/** A missing test outcome means PASSED: proto3 JSON omits enum value 0. */
function normalizeTestOutcome(value) {
    if (value === undefined || value === null || value === "")
        return "passed";
    const token = fromProto(value, "TEST_OUTCOME_", TEST_OUTCOMES);
    if (token === "pass")
        return "passed";
    if (token === "warn")
        return "warned";
    if (token === "fail")
        return "failed";
    return token === "passed" || token === "warned" || token === "failed" ? token : null;
}
const FRESHNESS_OUTCOMES = ["passed", "warned", "failed"];
/** `SOURCE_FRESHNESS_OUTCOME_OUTCOME_WARNED`: the word OUTCOME really appears twice. */
function normalizeFreshnessOutcome(value) {
    if (value === undefined || value === null || value === "")
        return "pass";
    let token = fromProto(value, "SOURCE_FRESHNESS_OUTCOME_", FRESHNESS_OUTCOMES);
    if (token?.startsWith("outcome_"))
        token = token.slice("outcome_".length);
    if (token === "passed" || token === "pass")
        return "pass";
    if (token === "warned" || token === "warn")
        return "warn";
    if (token === "failed" || token === "fail" || token === "error")
        return "error";
    return null;
}
/** ExecutionPhase's numbers (fusion-telemetry.md §6.3): sparse, ten apart with two in between. */
const PHASE_NUMBERS = Object.assign([], {
    10: "clean",
    20: "load_project",
    30: "parse",
    40: "schedule",
    45: "compare",
    50: "init_adapter",
    60: "defer_hydration",
    65: "schema_hydration",
    70: "task_graph_build",
    80: "node_cache_hydration",
    90: "render",
    100: "analyze",
    110: "run",
    120: "freshness_analysis",
    130: "lineage",
    140: "debug",
    150: "on_run_start",
    160: "on_run_end",
});
function normalizePhase(value) {
    return fromProto(value, "EXECUTION_PHASE_", PHASE_NUMBERS);
}
function normalizeNodeType(value) {
    return fromProto(value, "NODE_TYPE_", []);
}
function normalizeMaterialization(value) {
    return fromProto(value, "NODE_MATERIALIZATION_", []);
}
function normalizeWarningOutcome(value) {
    const token = fromProto(value, "NODE_WARNING_OUTCOME_", ["unspecified", "no_warnings", "with_warnings"]);
    return token === "with_warnings" || token === "no_warnings" ? token : null;
}
function normalizeQueryOutcome(value) {
    const token = fromProto(value, "QUERY_OUTCOME_", ["unspecified", "success", "error", "canceled"]);
    return token === "success" || token === "error" || token === "canceled" ? token : null;
}
/**
 * A span status code: OpenTelemetry's number (0 unset, 1 ok, 2 error), as the engine writes it, or
 * its name (`STATUS_CODE_ERROR`, `Error`), as other OpenTelemetry JSON does: an invocation's Error
 * read as no code would conclude a run that failed without a node error a success.
 */
function normalizeStatusCode(value) {
    if (typeof value === "number")
        return Number.isSafeInteger(value) ? value : null;
    if (typeof value !== "string")
        return null;
    if (/^\d{1,9}$/.test(value))
        return Number(value);
    const token = fromProto(value, "STATUS_CODE_", ["unset", "ok", "error"]);
    return token === "error" ? 2 : token === "ok" ? 1 : token === "unset" ? 0 : null;
}
/** `v1.public.events.fusion.node.NodeProcessed` → `NodeProcessed`; legacy short tags pass through. */
function eventName(eventType) {
    const dot = eventType.lastIndexOf(".");
    return dot === -1 ? eventType : eventType.slice(dot + 1);
}

;// CONCATENATED MODULE: ./src/telemetry/read-plan.ts
// Which fields each kind of event reads (events.ts), and where a Parquet file keeps them. A JSONL
// record carries all of its attributes; the Parquet reader decodes only the columns named here. So an
// attribute that events.ts reads must be listed here too, or it would work from JSONL and silently be
// null from Parquet: test/telemetry/read-plan.test.ts runs toEvent, records what it reads, and fails
// on anything this plan does not provide.
//
// Parquet is not the JSONL data in columns (fusion-telemetry.md §5): NodeProcessed's last_phase sits in
// `phase`, a node's defined_at_* in code_line/code_column, and details, oneof members and many
// scalars inside the `json_payload` JSON text.
/** Envelope columns, read only for rows that passed the early filter. */
const ENVELOPE_COLUMNS = [
    "span_id",
    "parent_span_id",
    "start_time_unix_nano",
    "end_time_unix_nano",
    "time_unix_nano",
    "body",
    "status_code",
    "status_message",
];
/**
 * `attributes` children the events read (directly, or under their JSONL names after the renames
 * below). Everything else in the struct (content, content_hash, dev_name, query_id, …) is never
 * decoded. Names that are not columns in the engine's schema are listed too, so a file that does
 * carry them is read the same way as its JSONL.
 */
const ATTRIBUTE_COLUMNS = [
    "json_payload",
    "name",
    "phase",
    "unique_id",
    "materialization",
    "node_type",
    "node_outcome",
    "node_error_type",
    "node_skip_reason",
    "relative_path",
    "code_line",
    "code_column",
    "code",
    "query_outcome",
    "duration_ms",
    "rows_affected",
    // Not engine columns (json_payload carries them); read if a file has them as columns.
    "last_phase",
    "defined_at_line",
    "defined_at_col",
    "test_outcome",
    "failing_rows",
    "idle_time_ms",
    "in_selection",
    "node_count_total",
    "node_count_skipped",
    "node_count_error",
    "invocation_id",
    "raw_command",
    "version",
    "query_error_adapter_message",
];
const NODE_ATTRIBUTES = ATTRIBUTE_COLUMNS.filter((name) => !["code", "query_outcome", "query_error_adapter_message", "json_payload"].includes(name));
/** What each kind of row reads beyond the filter columns (record_type, trace_id, event_type, severity_text). */
const READ_PLAN = {
    node: {
        envelope: ["span_id", "start_time_unix_nano", "end_time_unix_nano", "status_code"],
        attributes: NODE_ATTRIBUTES,
        payload: "always",
        statusMessage: "on-error",
    },
    query: {
        envelope: ["parent_span_id", "start_time_unix_nano", "end_time_unix_nano", "status_code"],
        attributes: ["unique_id", "query_outcome", "query_error_adapter_message"],
        payload: "on-error",
        statusMessage: "on-error",
    },
    log: {
        envelope: ["span_id", "body"],
        attributes: ["unique_id", "phase", "code", "relative_path", "code_line", "code_column"],
        payload: "always",
        statusMessage: "on-error",
    },
    /** Phases, the invocation, the process: a handful of rows per file, read in full. */
    other: { envelope: ENVELOPE_COLUMNS, attributes: null, payload: "always", statusMessage: "always" },
    /**
     * A NodeEvaluated span end of a node that also has a NodeProcessed span end: the model uses only
     * its span (to join queries and logs) and node, and its times only where the NodeProcessed end
     * lacks the node's, which the model checks (telemetry/parquet.ts).
     */
    phaseOfProcessedNode: {
        envelope: ["span_id"],
        attributes: ["unique_id"],
        payload: "never",
        statusMessage: "never",
    },
};
/** Which plan a row reads, from its record type, event type and event name (`eventName(eventType)`). */
function planKindOf(recordType, eventType, event) {
    if (recordType === "LogRecord")
        return "log";
    if (event === "QueryExecuted")
        return "query";
    if (isNodeSpan(eventType) || event === "Node")
        return "node";
    return "other";
}
/** A NodeEvaluated or NodeProcessed span (full event type). */
function isNodeSpan(eventType) {
    return eventType.endsWith(".NodeEvaluated") || eventType.endsWith(".NodeProcessed");
}
/** Where parquet/payload.ts keeps a node_outcome_detail that is not an object, for events.ts to report. */
const PAYLOAD_DETAIL = "json_payload.node_outcome_detail";
/**
 * The attributes (JSONL names) each kind of event finds in its json_payload rather than in a column
 * (fusion-telemetry.md §5.5). A node's oneof detail arrives tagged (`{"NodeTestDetail": …}`) and is
 * lifted to its JSONL name (parquet/payload.ts).
 */
const PAYLOAD_FIELDS = {
    node: [
        "node_cache_detail",
        "node_test_detail",
        "node_freshness_outcome",
        "node_skip_upstream_detail",
        "node_evaluation_detail",
        "idle_time_ms",
        "in_selection",
        "state_decision_id",
        "source_name",
        PAYLOAD_DETAIL,
    ],
    query: ["sql", "query_description", "query_error_adapter_message"],
    log: ["expanded_relative_path", "expanded_line", "expanded_column"],
    other: [
        // PhaseExecuted
        "node_count_total",
        "node_count_skipped",
        "node_count_error",
        // Invocation
        "invocation_id",
        "raw_command",
        "eval_args",
        "process_info",
        "metrics",
        // Process
        "package",
        "version",
    ],
};
/**
 * Attributes events.ts reads that no Parquet row has, on purpose: the flattened spelling of the
 * simplified docs format (JSONL only), and NodeProcessed's `phase`, which Parquet holds as its
 * `last_phase` (the rename below).
 */
const JSONL_ONLY_ATTRIBUTES = {
    any: ["node_skip_upstream_detail.upstream_unique_id"],
    NodeProcessed: ["phase"],
};
/** Parquet attribute children whose JSONL name differs, per event. */
const NODE_RENAMES = [
    ["code_line", "defined_at_line"],
    ["code_column", "defined_at_col"],
    ["content_hash", "node_checksum"],
];
const PROCESSED_RENAMES = [...NODE_RENAMES, ["phase", "last_phase"]];
const QUERY_RENAMES = [["content_hash", "sql_hash"]];
function renamesFor(event) {
    if (event === "NodeProcessed")
        return PROCESSED_RENAMES;
    if (event === "NodeEvaluated")
        return NODE_RENAMES;
    if (event === "QueryExecuted")
        return QUERY_RENAMES;
    return [];
}
/** The JSONL name of a Parquet attributes child for this event. */
function jsonlName(event, child) {
    for (const [from, to] of renamesFor(event))
        if (from === child)
            return to;
    return child;
}

;// CONCATENATED MODULE: ./src/telemetry/events.ts
// Normalised records → the few typed events the model needs. This is the last place that knows
// wire spellings (proto enum names, oneof field names, string-encoded integers); `model/` consumes
// only these events. Records that no report needs (debug logs, call traces, assets) become null here,
// which is what keeps memory proportional to nodes rather than records.





/**
 * Whether a record can become an event, judged from three cheap envelope fields before anything else
 * is decoded. A superset of what `toEvent` keeps (node spans without a unique_id still pass), so a
 * decoder may drop every record for which this is false without changing the events.
 */
function isRelevant(eventType, recordType, severity) {
    const event = eventName(eventType);
    if (recordType === "LogRecord") {
        if (event !== "LogMessage" && event !== "Log")
            return false;
        const upper = severity.toUpperCase();
        return upper === "ERROR" || upper === "WARN" || upper === "WARNING";
    }
    switch (event) {
        case "NodeProcessed":
        case "NodeEvaluated":
        case "Node":
        case "PhaseExecuted":
        case "Phase":
        case "Invocation":
        case "Process":
            return true;
        case "QueryExecuted":
            return recordType === "SpanEnd";
        default:
            return false;
    }
}
function toEvent(record) {
    const event = eventName(record.eventType);
    const attrs = record.attributes;
    if (record.recordType === "LogRecord")
        return toLogEvent(record, event);
    const { traceId, startNs, endNs } = record;
    const ended = record.recordType === "SpanEnd";
    switch (event) {
        case "NodeProcessed":
        case "NodeEvaluated":
        case "Node":
            return nodeEvent(event === "NodeProcessed", traceId, record.spanId, ended, startNs, endNs, attrs);
        case "QueryExecuted":
            // Only the end carries the outcome and the wall time.
            if (!ended)
                return null;
            return queryEvent(traceId, record.parentSpanId, startNs, endNs, record.statusCode, record.statusMessage, attrs);
        case "PhaseExecuted":
        case "Phase":
            return {
                kind: "phase",
                traceId,
                spanId: record.spanId,
                ended,
                startNs,
                endNs,
                phase: normalizePhase(attrs.phase),
                // Counts of nodes (uint64 on the wire): a negative or fractional one is no count.
                nodeCountTotal: (0,telemetry_values/* toWholeNumber */.cy)(attrs.node_count_total, 0),
                nodeCountSkipped: (0,telemetry_values/* toWholeNumber */.cy)(attrs.node_count_skipped, 0),
                nodeCountError: (0,telemetry_values/* toWholeNumber */.cy)(attrs.node_count_error, 0),
            };
        case "Invocation": {
            const evalArgs = (0,telemetry_values/* isRecord */.u4)(attrs.eval_args) ? attrs.eval_args : {};
            const processInfo = (0,telemetry_values/* isRecord */.u4)(attrs.process_info) ? attrs.process_info : {};
            return {
                kind: "invocation",
                traceId,
                ended,
                startNs,
                endNs,
                statusCode: record.statusCode,
                statusMessage: record.statusMessage,
                invocationId: (0,telemetry_values/* toStr */.N7)(attrs.invocation_id),
                command: (0,telemetry_values/* toStr */.N7)(evalArgs.command),
                rawCommand: (0,telemetry_values/* toStr */.N7)(attrs.raw_command),
                target: (0,telemetry_values/* toStr */.N7)(evalArgs.target),
                version: (0,telemetry_values/* toStr */.N7)(processInfo.version),
            };
        }
        case "Process":
            return { kind: "process", traceId, version: (0,telemetry_values/* toStr */.N7)(attrs.version) };
        default:
            return null;
    }
}
/**
 * A node span's event (NodeProcessed when `processed`, else NodeEvaluated or the docs' Node) from
 * its attributes under their JSONL names; null without a unique_id. toEvent's, and the Parquet
 * reader's, which builds node events straight from its columns.
 */
function nodeEvent(processed, traceId, spanId, ended, startNs, endNs, attrs) {
    const facts = toNodeFacts(attrs, processed);
    if (!facts)
        return null;
    const span = processed ? "processed" : "evaluated";
    return { kind: "node", traceId, spanId, ended, startNs, endNs, span, facts };
}
/** A QueryExecuted span end's event (toEvent's, and the Parquet reader's straight from its columns). */
function queryEvent(traceId, parentSpanId, startNs, endNs, statusCode, statusMessage, attrs) {
    return {
        kind: "query",
        traceId,
        parentSpanId,
        startNs,
        endNs,
        uniqueId: (0,telemetry_values/* toStr */.N7)(attrs.unique_id),
        outcome: normalizeQueryOutcome(attrs.query_outcome),
        errorMessage: (0,telemetry_values/* toStr */.N7)(attrs.query_error_adapter_message) ?? (statusCode === 2 ? statusMessage : null),
    };
}
function toLogEvent(record, event) {
    // Only LogMessage carries engine errors and warnings; user `log()` calls and progress lines don't.
    if (event !== "LogMessage" && event !== "Log")
        return null;
    const severity = record.severity === "WARNING" ? "WARN" : record.severity;
    if (severity !== "ERROR" && severity !== "WARN")
        return null;
    const attrs = record.attributes;
    return {
        kind: "log",
        traceId: record.traceId,
        spanId: record.spanId,
        severity,
        text: record.body ?? "",
        uniqueId: (0,telemetry_values/* toStr */.N7)(attrs.unique_id),
        phase: normalizePhase(attrs.phase),
        code: (0,telemetry_values/* toWholeNumber */.cy)(attrs.code),
        path: (0,telemetry_values/* toFilePath */.dO)(attrs.relative_path),
        line: (0,telemetry_values/* toWholeNumber */.cy)(attrs.code_line, 1),
        column: (0,telemetry_values/* toWholeNumber */.cy)(attrs.code_column, 0),
    };
}
function toNodeFacts(attrs, processed) {
    const uniqueId = (0,telemetry_values/* toStr */.N7)(attrs.unique_id);
    if (!uniqueId)
        return null;
    const problems = [];
    const detail = (key) => {
        const value = attrs[key];
        if (value === undefined || value === null)
            return null;
        if ((0,telemetry_values/* isRecord */.u4)(value))
            return value;
        problems.push(`attributes.${key} is ${describeValue(value)}, not an object`);
        return null;
    };
    const testDetail = detail("node_test_detail");
    const freshnessDetail = detail("node_freshness_outcome");
    const upstreamDetail = detail("node_skip_upstream_detail");
    const cacheDetail = detail("node_cache_detail");
    const evaluationDetail = detail("node_evaluation_detail");
    // A Parquet payload whose node_outcome_detail is not an object (parquet/payload.ts keeps it here).
    if (attrs[PAYLOAD_DETAIL] !== undefined) {
        problems.push(`attributes.json_payload node_outcome_detail is ${describeValue(attrs[PAYLOAD_DETAIL])}, not an object`);
    }
    // The simplified docs format carries test_outcome as a direct attribute.
    const directTestOutcome = attrs.test_outcome;
    const test = testDetail
        ? toTest(testDetail, "attributes.node_test_detail.", problems)
        : directTestOutcome !== undefined
            ? toTest({ test_outcome: directTestOutcome, failing_rows: attrs.failing_rows }, "attributes.", problems)
            : null;
    const freshnessOutcome = freshnessDetail
        ? understood(normalizeFreshnessOutcome(freshnessDetail.node_freshness_outcome), freshnessDetail.node_freshness_outcome, "attributes.node_freshness_outcome.node_freshness_outcome", problems)
        : null;
    const ageSeconds = freshnessDetail
        ? understood((0,telemetry_values/* toNumber */.Ro)(freshnessDetail.age_seconds), freshnessDetail.age_seconds, "attributes.node_freshness_outcome.age_seconds", problems)
        : null;
    const upstreamId = upstreamDetail
        ? understood((0,telemetry_values/* toStr */.N7)(upstreamDetail.upstream_unique_id), upstreamDetail.upstream_unique_id, "attributes.node_skip_upstream_detail.upstream_unique_id", problems)
        : (0,telemetry_values/* toStr */.N7)(attrs["node_skip_upstream_detail.upstream_unique_id"]);
    // Shown as given (proto JSON may also spell an enum as its number); it decides no status.
    const rawCacheReason = cacheDetail?.node_cache_reason;
    const cacheReason = cacheDetail
        ? (understood(typeof rawCacheReason === "number" ? String(rawCacheReason) : (0,telemetry_values/* toStr */.N7)(rawCacheReason), rawCacheReason, "attributes.node_cache_detail.node_cache_reason", problems) ?? "NODE_CACHE_REASON_NO_CHANGES")
        : null;
    const warningOutcome = evaluationDetail
        ? understood(normalizeWarningOutcome(evaluationDetail.node_warning_outcome), evaluationDetail.node_warning_outcome, "attributes.node_evaluation_detail.node_warning_outcome", problems, "NODE_WARNING_OUTCOME_")
        : null;
    const skipReason = understood(normalizeSkipReason(attrs.node_skip_reason), attrs.node_skip_reason, "attributes.node_skip_reason", problems, "NODE_SKIP_REASON_");
    let inSelection = (0,telemetry_values/* toBool */.AF)(attrs.in_selection);
    if (inSelection === null && attrs.in_selection !== undefined && attrs.in_selection !== null) {
        problems.push(`attributes.in_selection is ${describeValue(attrs.in_selection)}, not true or false`);
        inSelection = true; // shown (as unknown) rather than silently left out of the report
    }
    const phase = processed ? (attrs.last_phase ?? attrs.phase) : attrs.phase;
    // An outcome this reader does not know is said, not shown as a node that did not finish.
    const outcome = understood(normalizeNodeOutcome(attrs.node_outcome), attrs.node_outcome, "attributes.node_outcome", problems, "NODE_OUTCOME_");
    return {
        uniqueId,
        name: (0,telemetry_values/* toStr */.N7)(attrs.name),
        nodeType: normalizeNodeType(attrs.node_type),
        materialization: normalizeMaterialization(attrs.materialization),
        phase: normalizePhase(phase),
        outcome,
        skipReason,
        errorType: normalizeErrorType(attrs.node_error_type),
        upstreamId,
        test,
        freshness: freshnessOutcome
            ? { outcome: freshnessOutcome, ...(ageSeconds !== null ? { ageSeconds } : {}) }
            : null,
        cacheReason,
        withWarnings: warningOutcome === "with_warnings",
        // uint64 milliseconds on the wire: a negative or fractional one is no time at all (absent, not -5 ms).
        durationMs: (0,telemetry_values/* toWholeNumber */.cy)(attrs.duration_ms, 0),
        idleMs: (0,telemetry_values/* toWholeNumber */.cy)(attrs.idle_time_ms, 0),
        // uint64 on the wire, and run_results.json's rows_affected a count: -5 or 1.5 rows is none.
        rowsAffected: (0,telemetry_values/* toWholeNumber */.cy)(attrs.rows_affected, 0),
        inSelection,
        path: (0,telemetry_values/* toFilePath */.dO)(attrs.relative_path),
        line: (0,telemetry_values/* toWholeNumber */.cy)(attrs.defined_at_line, 1),
        column: (0,telemetry_values/* toWholeNumber */.cy)(attrs.defined_at_col, 0),
        unreadable: problems.length > 0 ? problems.join("; ") : null,
    };
}
/**
 * A passed test with no failing rows and nothing else said: most of a build's tests. They share
 * this one (never changed), rather than each keeping an object of its own to the end of the run.
 */
const PASSED_TEST = Object.freeze({ outcome: "passed", failingRows: 0 });
function toTest(detail, prefix, problems) {
    const outcome = understood(normalizeTestOutcome(detail.test_outcome), detail.test_outcome, `${prefix}test_outcome`, problems);
    const failingRows = detail.failing_rows === undefined || detail.failing_rows === null
        ? 0
        : understood((0,telemetry_values/* toWholeNumber */.cy)(detail.failing_rows, 0), detail.failing_rows, `${prefix}failing_rows`, problems);
    const diffTable = detail.diff_table === undefined
        ? null
        : understood(typeof detail.diff_table === "string" ? detail.diff_table : null, detail.diff_table, `${prefix}diff_table`, problems);
    const storeFailures = detail.store_failures === undefined
        ? null
        : understood((0,telemetry_values/* toBool */.AF)(detail.store_failures), detail.store_failures, `${prefix}store_failures`, problems);
    if (!outcome)
        return null;
    if (outcome === "passed" && failingRows === 0 && !diffTable && storeFailures === null)
        return PASSED_TEST;
    return {
        outcome,
        failingRows: failingRows ?? 0,
        ...(diffTable ? { diffTable } : {}),
        ...(storeFailures !== null ? { storeFailures } : {}),
    };
}
/**
 * `normalized` when the wire value was understood; otherwise notes the field as unreadable and
 * gives null. Absent values and proto's "unspecified" (`<prefix>UNSPECIFIED`, `""`) are understood.
 */
function understood(normalized, raw, field, problems, prefix) {
    if (normalized !== null || raw === undefined || raw === null || raw === "")
        return normalized;
    if (prefix && (raw === `${prefix}UNSPECIFIED` || raw === 0))
        return null;
    problems.push(`${field} is ${describeValue(raw)}, which this reader does not understand`);
    return null;
}
/** A wire value for a message: JSON-ish, short, control characters shown as escapes. */
function describeValue(value) {
    let text;
    try {
        text = typeof value === "bigint" ? String(value) : (JSON.stringify(value) ?? String(value));
    }
    catch {
        text = String(value);
    }
    const shown = (0,controls/* showControls */.mz)(text.length > 80 ? `${text.slice(0, 79)}…` : text, "escape");
    return shown;
}
/**
 * Why a record's `trace_id` (that toTraceId turned down) is not one: the record has no invocation to
 * be put in. Both decoders say it so.
 */
function whyNotATraceId(value) {
    return value === undefined
        ? "the record has no trace_id"
        : `trace_id is ${describeValue(value)}, not a trace id (32 hex digits)`;
}
/**
 * The model's sink, for the decoders of one file (Parquet feeds it events; JSONL records, through
 * recordsToEvents): a node attribute that could not be understood is said with the file and the
 * line or row it was read from.
 */
function locatedEvents(sink, file, unit) {
    // `file:line` for JSONL, `file (row n)` for Parquet (as TelemetryInputError writes them).
    const name = (0,errors/* shownFileName */.jO)(file);
    const where = (position) => unit === "row" ? `${name} (row ${position})` : `${name}:${position}`;
    return {
        add(event, position) {
            if (event.kind === "node" && event.facts.unreadable) {
                event.facts.unreadable = `${where(position)}: ${event.facts.unreadable}`;
            }
            sink.add(event);
        },
        warn(message) {
            sink.warn(message);
        },
        warnAt(position, message) {
            sink.warn(`${where(position)}: ${message}`);
        },
        warnFile(message) {
            if (sink.warnFile)
                sink.warnFile(message);
            else
                sink.warn(message);
        },
        recordLeftOut() {
            sink.recordLeftOut?.();
        },
        ...(sink.undecidedPhaseNodes ? { undecidedPhaseNodes: () => sink.undecidedPhaseNodes() } : {}),
    };
}
/**
 * Records → events, for a decoder that produces records (JSONL). With `dropNodeStarts` the decoder
 * may leave out node span starts whose ends follow (the model uses a node's starts only while none
 * of its spans ended) and throws UnpairedStarts when they do not all: the caller then reads the
 * file again without it (pipeline/read-telemetry.ts). With `readWhole` the records of those
 * invocations are left out (RecordSink.readWhole).
 */
function recordsToEvents(sink, { dropNodeStarts = false, readWhole, } = {}) {
    return {
        relevantOnly: true,
        ...(readWhole ? { readWhole } : {}),
        ...(dropNodeStarts
            ? {
                recordLeftOut: () => sink.recordLeftOut?.(),
                phaseEnd: (end, origin) => sink.add({ kind: "phaseTimes", ...end, inPlaceOfFacts: true }, origin.position),
                ...(sink.undecidedPhaseNodes ? { undecidedPhaseNodes: () => sink.undecidedPhaseNodes() } : {}),
            }
            : {}),
        eventRead: (event, origin) => sink.add(event, origin.position),
        add(record, origin) {
            const event = toEvent(record);
            if (event)
                sink.add(event, origin.position);
            else {
                const problem = unnamedNodeEnd(record);
                if (problem)
                    sink.warnAt(origin.position, problem);
            }
        },
        warn(message) {
            sink.warn(message);
        },
    };
}
/**
 * Why a node span's end names no node (its unique_id missing, empty or not text), or null. Such an
 * end cannot decide its node: without this warning its start alone would read as a run that
 * stopped before the node finished. (Parquet's unique_id column holds text or nothing.)
 */
function unnamedNodeEnd(record) {
    if (record.recordType !== "SpanEnd")
        return null;
    const event = eventName(record.eventType);
    if (event !== "NodeProcessed" && event !== "NodeEvaluated" && event !== "Node")
        return null;
    const id = record.attributes.unique_id;
    if (typeof id === "string" && id !== "")
        return null;
    const what = id === undefined ? "has no attributes.unique_id" : `has attributes.unique_id ${describeValue(id)}`;
    return `a ${event} span end ${what}, so it names no node; the record was ignored`;
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-start-ledger.ts
// Node span starts, dropped unparsed. In the JSONL every node span is written twice, as a start and
// as an end that repeats the start's attributes; a third of a big build's bytes are starts, and the
// model uses a start only while its span has not ended (a crashed run's nodes: accumulate.ts,
// finish-invocation.ts). So the reader drops a start it can identify from its text, and keeps a
// ledger: every node span start, dropped or parsed, is entered by trace, span and kind, and
// every node span end the model would close it with takes it out again. An end must come after its
// start, and at the end of the file the ledger must be empty. When that is not so (a crashed run's
// starts, whose spans never ended), the reader throws UnpairedStarts and the file is read again with
// every line parsed (pipeline/read-telemetry.ts). So the report is the one a full parse gives: a
// finished run is read once, faster, a crashed one twice.
//
// The ledger is a count and two sums of 32-bit hashes, which an end subtracts from (empty exactly
// when starts and ends pair up, but for a 2^-64 chance), and two tallies of open starts by hash
// bucket, which an end must find non-empty (an end before its start passes unseen only when other
// open starts share both its buckets). Not told apart, all beyond what the engine writes: a span id
// that starts twice in one invocation before it ends; a span whose start and end name different
// nodes (hashing the node ids cost 3 % of the run); an end before its start whose buckets a
// crafted file has filled (the hashes are not secret); a start line that repeats a key, which is
// read by its first occurrence where JSON.parse keeps the last; and an engine-named start whose
// event type is not its name's, or that spells a key with `\u`. A file crafted so can say any
// outcome in plain records too; a dropped start never adds text to the report.
//
// A start is identified from its text in one of two ways. The engine's own line begins with
// record_type, trace_id and span_id and goes on with the span name the engine gives a node span
// (`Node evaluated (…)`, `Node processed (…)`), and ends with `}`: it is dropped as of the name's
// kind without a look at the rest (a search through each of a big build's 83,000 start lines cost
// ~3 % of the read). Any other start is identified only when its text makes that certain: its ids
// are lowercase hex, no backslash follows them (`\u` can spell a key), it names its event type
// before any object opens (so the key is the record's own), has a non-empty `"unique_id":"…"`
// after it, and ends with `}`. Either way the ledger, which enters the start by the characters of
// its head's ids and its kind, must be emptied by ends the model reads; a start whose ids are not as
// its end's, or whose end never comes, sends the file to be read again. Like the lines
// jsonl-skip.ts leaves unparsed, a dropped start is not checked to be valid JSON. The engine's own
// start line is told so from its bytes, before it is made a string (dropBytes: the reader never
// decodes it), when its ids are also lowercase hex: then its bytes are the characters its end's
// text or record holds, and hash alike; any other start line goes the way of the text.





/** The starts a file's reader dropped could not all be paired with ends: read it again, parsing every start. */
class UnpairedStarts extends errors/* ReadAgainInFull */.d8 {
    name = "UnpairedStarts";
}
/**
 * Buckets of the tallies that tell an end from one that comes before its start: 2 × 256 KiB of
 * 8-bit counts (2 × 1 MiB of 16-bit ones took the same time and 7 % more peak memory).
 */
const TALLY_BITS = 18;
const TALLY_MASK = (1 << TALLY_BITS) - 1;
class StartLedger {
    open = 0;
    sumA = 0;
    sumB = 0;
    /**
     * Starts not yet ended, counted in buckets by each hash: an end whose buckets are empty comes
     * before its start (the model would leave that span open), or has none. Two hashes, so that
     * another span's start in the same bucket hides that only once in thousands of spans.
     */
    tallyA = new Uint8Array(1 << TALLY_BITS);
    tallyB = new Uint8Array(1 << TALLY_BITS);
    /** The last trace id entered, and the hashes of it. */
    trace = "\u0000";
    traceA = 0;
    traceB = 0;
    /** The kind of node span `line` starts when it is dropped (counted as read, never parsed); else null. */
    drop(line) {
        const kind = nodeStartKind(line);
        if (kind !== null)
            this.enter(line, START_HEAD.traceAt, line, START_HEAD.spanIdAt, kind, 1);
        return kind;
    }
    /**
     * As `drop`, for the line in `bytes[start, end)` before it is made a string: only the engine's
     * own start line (namedStartBytes), whose ids are lowercase hex, so that they hash as the
     * characters of its end's do. Null means "make it a string and go on as with any line".
     */
    dropBytes(bytes, start, end) {
        const kind = namedStartBytes(bytes, start, end);
        if (kind !== null)
            this.enterBytes(bytes, start + START_HEAD.traceAt, start + START_HEAD.spanIdAt, kind, 1);
        return kind;
    }
    /**
     * A node span end of `kind` read from its bytes (jsonl-phase-ends.ts, jsonl-node-ends.ts), its
     * ids lowercase hex: taken out as a parsed one is.
     */
    endBytes(bytes, start, kind) {
        this.enterBytes(bytes, start + END_HEAD.traceAt, start + END_HEAD.spanIdAt, kind, -1);
    }
    /** `enter`, for ids of lowercase hex in `bytes` at `traceAt` and `spanAt`. */
    enterBytes(bytes, traceAt, spanAt, kind, sign) {
        if (!this.sameTraceBytes(bytes, traceAt))
            this.rememberTrace((0,byte_text/* latin1Text */.Ly)(bytes, traceAt, traceAt + 32), 0);
        this.hashKind(kind);
        hashBytes(bytes, spanAt, spanAt + 16);
        this.count(sign);
    }
    /** The trace id at `bytes[at]` is the last one entered (a file has a trace or a few). */
    sameTraceBytes(bytes, at) {
        return this.trace.length === 32 && bytesHoldText(bytes, at, this.trace);
    }
    /**
     * A parsed record: a node span start enters the ledger, a node span end takes one out. Gives the
     * kind of node span the record is of (null for any other record), for the reader's other uses.
     */
    settle(record) {
        if (record.recordType === "LogRecord")
            return null;
        const kind = nodeSpanKind(record.eventType);
        // The model opens and closes node spans only with records that name their node.
        if (kind === null || record.spanId === null || (0,telemetry_values/* toStr */.N7)(record.attributes.unique_id) === null)
            return kind;
        const { traceId, spanId } = record;
        // Ids the engine never writes, which no dropped start has: such spans are parsed start and end.
        if (traceId.length !== 32 || spanId.length !== 16)
            return kind;
        const sign = record.recordType === "SpanStart" ? 1 : -1;
        this.enter(traceId, 0, spanId, 0, kind, sign);
        return kind;
    }
    /** A phase span end read from its text (jsonl-phase-ends.ts): taken out as a parsed one is. */
    phaseEndRead(line) {
        this.enter(line, END_HEAD.traceAt, line, END_HEAD.spanIdAt, "evaluated", -1);
    }
    /** The file ended: every node span start must have had its end. */
    finish() {
        if (this.open !== 0 || this.sumA !== 0 || this.sumB !== 0) {
            throw new UnpairedStarts("node spans started that never ended (or ended without a start)");
        }
    }
    /** Enters (+1) or takes out (-1) a span by its ids (32 and 16 characters) and kind. */
    enter(trace, traceAt, span, spanAt, kind, sign) {
        if (!trace.startsWith(this.trace, traceAt))
            this.rememberTrace(trace, traceAt);
        this.hashKind(kind);
        hashRange(span, spanAt, spanAt + 16);
        this.count(sign);
    }
    /**
     * Makes the hashes of the trace id at `trace[at]` (32 characters) and keeps them, with the id, as
     * the last trace entered: a file has a trace or a few, so they are not made again per span.
     */
    rememberTrace(trace, at) {
        hashA = 0x811c9dc5;
        hashB = 0x9e3779b9;
        hashRange(trace, at, at + 32);
        this.trace = trace.slice(at, at + 32);
        this.traceA = hashA;
        this.traceB = hashB;
    }
    /** Starts a span's hashes (hashA, hashB): the last trace entered, then the span's kind. */
    hashKind(kind) {
        hashA = this.traceA;
        hashB = this.traceB;
        hashRange(kind, 0, kind.length);
    }
    /** Counts the span whose hashes were just made (hashA, hashB) in (+1) or out (-1). */
    count(sign) {
        const a = hashA;
        const b = hashB;
        const bucketA = a & TALLY_MASK;
        const bucketB = b & TALLY_MASK;
        if (sign === 1) {
            this.tallyA[bucketA]++;
            this.tallyB[bucketB]++;
        }
        else {
            if (this.tallyA[bucketA] === 0 || this.tallyB[bucketB] === 0) {
                throw new UnpairedStarts("a node span ends before it starts, or ends without a start");
            }
            this.tallyA[bucketA]--;
            this.tallyB[bucketB]--;
        }
        this.open += sign;
        this.sumA = (this.sumA + sign * a) | 0;
        this.sumB = (this.sumB + sign * b) | 0;
    }
}
// The two hashes being made (module state: enter runs for every node span record, and needs no
// object or closure for them).
let hashA = 0;
let hashB = 0;
/** FNV-1a and a Murmur-style mix over text[from, to), into hashA and hashB. */
function hashRange(text, from, to) {
    let a = hashA;
    let b = hashB;
    for (let i = from; i < to; i++) {
        const code = text.charCodeAt(i);
        a = Math.imul(a ^ code, 0x01000193);
        b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    hashA = a;
    hashB = b;
}
/** hashRange over bytes: the same hashes as over the characters of an ASCII text. */
function hashBytes(bytes, from, to) {
    let a = hashA;
    let b = hashB;
    for (let i = from; i < to; i++) {
        const code = bytes[i];
        a = Math.imul(a ^ code, 0x01000193);
        b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    hashA = a;
    hashB = b;
}
/** `NodeProcessed` or a phase span (`NodeEvaluated`, the docs' `Node`) by event type; else null. */
function nodeSpanKind(eventType) {
    return kindOfValue(eventType, 0, eventType.length);
}
/**
 * The kind of node span the event type in `text` from `start` to `end` is: what eventName and a
 * comparison would say, without slicing a string for every record.
 */
function kindOfValue(text, start, end) {
    if (isEvent(text, start, end, "NodeProcessed"))
        return "processed";
    return isEvent(text, start, end, "NodeEvaluated") || isEvent(text, start, end, "Node") ? "evaluated" : null;
}
/** The value ends with `.name`, or is `name`. */
function isEvent(text, start, end, name) {
    const at = end - name.length;
    return at >= start && text.startsWith(name, at) && (at === start || text.charCodeAt(at - 1) === 0x2e);
}
/** The kind of node span `line` starts, when its text identifies one (see the top of this file); else null. */
function nodeStartKind(line) {
    return namedStartKind(line) ?? shapedStartKind(line);
}
/**
 * The engine's own start line, told by its head and span name and taken to be of the name's kind,
 * without a look at the rest of the line (see the top of this file for what that leaves to the
 * ledger). Its ids need not be hex: ids the ends do not have leave the ledger unbalanced.
 */
function namedStartKind(line) {
    const at = START_HEAD.end;
    const kind = line.startsWith(EVALUATED_NAME, at)
        ? "evaluated"
        : line.startsWith(PROCESSED_NAME, at)
            ? "processed"
            : null;
    return kind !== null && START_HEAD.holdsIds(line) && line.charCodeAt(line.length - 1) === 0x7d
        ? kind
        : null;
}
/** namedStartKind over the line's bytes `bytes[start, end)`, its ids also lowercase hex (SpanHead.namesBytes). */
function namedStartBytes(bytes, start, end) {
    if (START_HEAD.namesBytes(bytes, start, end, EVALUATED_NAME_BYTES))
        return "evaluated";
    return START_HEAD.namesBytes(bytes, start, end, PROCESSED_NAME_BYTES) ? "processed" : null;
}
/** A start line in another layout: its event type found, and every doubt about it ruled out. */
function shapedStartKind(line) {
    if (!START_HEAD.begins(line))
        return null;
    const eventAt = line.indexOf(EVENT_TYPE_KEY, START_HEAD.end);
    if (eventAt === -1)
        return null;
    // No object opens before it, so it is the record's own event type, not a nested key.
    const brace = line.indexOf("{", START_HEAD.end);
    if (brace !== -1 && brace < eventAt)
        return null;
    const eventStart = eventAt + EVENT_TYPE_KEY.length;
    const kind = kindOfValue(line, eventStart, line.indexOf('"', eventStart));
    if (kind === null || !isObjectShaped(line))
        return null;
    // A node event names its node, as the ends the ledger pairs it with do (a start without one is
    // none, and is parsed).
    const uniqueAt = line.lastIndexOf(UNIQUE_ID_KEY);
    if (uniqueAt < eventAt || line.charCodeAt(uniqueAt + UNIQUE_ID_KEY.length) === 0x22)
        return null;
    return kind;
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-phase-ends.ts
// Phase span ends (NodeEvaluated), read for their times only. A node with a NodeProcessed span end
// is decided by that end alone; its phase spans add only their span id (to join the queries and
// logs run in them), node and times (model/finish-invocation.ts; the Parquet reader reads them so,
// telemetry/parquet.ts). Two thirds of a big build's node span ends are phase ends, so
// the JSONL reader takes those facts from such a line, as the model's `phaseTimes` event, instead
// of parsing it. At the end of the file every node so read must have had a NodeProcessed end in the
// same invocation, which the model counts (EventSink.undecidedPhaseNodes, as for Parquet); when one
// has not (a crashed run, a file before preview.72's NodeProcessed spans), the reader throws
// UnpairedStarts, and the file is read again with every line parsed (pipeline/read-telemetry.ts).
// The phase end also takes its start out of the start ledger (jsonl-start-ledger.ts), as a parsed
// one would.
//
// The engine's own phase end is read from its bytes, before it is made a string (phaseEndIdAt):
// its ids from its head, its node from the attributes' last key, which must be the node its span
// name holds, and not its times. Those are left to its node's NodeProcessed end, whose times and
// duration_ms the model uses in their place (the engine writes them on every one); a node whose
// NodeProcessed end lacks one of them counts as undecided too, and the file is read again. Not
// told apart, beyond what the engine writes (as for the starts the ledger drops): an engine-named
// phase end whose event type or attributes are not the name's, or whose object closing the line is
// not its attributes. Such a line is taken only when the next line begins right after it, in the
// same bytes (the last content line is parsed); any other phase end goes the way of the text.
//
// A line is read from its text only when the engine's layout makes it certain: it begins with
// record_type SpanEnd, trace_id and span_id (lowercase hex); has no backslash after them; its event
// type is NodeEvaluated (or the docs' Node), right after the span status (`null` or a flat object),
// with every object before the status (the links) closed again; start_time_unix_nano and
// end_time_unix_nano (digits) come before the status with no brace between; the attributes follow
// the event type and end the line with their last key, a non-empty unique_id without a control
// character, every object in them before it closed again; and the span name right after the head,
// if there is one, is not the engine's for a NodeProcessed or query span. Anything else is parsed.
// Not told apart, beyond what the engine writes: a repeated key (the occurrence nearest the status
// or the end is read), braces inside strings that hide an open object; and, as for the lines
// jsonl-skip.ts leaves unparsed, damage inside a line read so that keeps these shapes (it is not
// checked to be valid JSON). A phase end read so as the file's last content line is parsed instead
// (jsonl.ts holds it until the next line), so a cut last line is still reported.



const HEAD_END = END_HEAD.end;
const STATUS_KEY = '"status":';
const START_KEY = '"start_time_unix_nano":"';
const END_KEY = '"end_time_unix_nano":"';
const ATTRIBUTES_KEY = ',"attributes":{';
/** Up to this many invocations are looked up by comparing text, past it in a set. */
const FEW_INVOCATIONS = 8;
const UNIQUE_ID_KEY_BYTES = (0,byte_text/* asciiBytes */.Tg)(UNIQUE_ID_KEY);
/** Where a node id begins in the engine's phase span name, `Node evaluated (<id>)`, after the head. */
const NAMED_ID_AT = EVALUATED_NAME.length + 2;
/**
 * Where the node id begins in the engine's own phase span end `bytes[start, end)`, or -1: its
 * head and span name as the engine writes them (SpanHead.namesBytes), the line ending with the
 * attributes' last key, `"unique_id":"<id>"}}`, whose id is printable ASCII without a quote or
 * backslash and is the one the span name holds (`Node evaluated (<id>)`). The id ends 3 bytes
 * before `end`.
 */
function phaseEndIdAt(bytes, start, end) {
    if (bytes[end - 2] !== 0x7d || bytes[end - 3] !== 0x22)
        return -1;
    if (!END_HEAD.namesBytes(bytes, start, end, EVALUATED_NAME_BYTES))
        return -1;
    const idEnd = end - 3;
    const nameAt = start + END_HEAD.end;
    let at = idEnd;
    for (;;) {
        const code = bytes[--at];
        if (code === 0x22)
            break;
        if (code < 0x20 || code > 0x7e || code === 0x5c || at <= nameAt)
            return -1;
    }
    const idAt = at + 1;
    const length = idEnd - idAt;
    if (length === 0 || !bytesAt(bytes, idAt - UNIQUE_ID_KEY_BYTES.length, UNIQUE_ID_KEY_BYTES))
        return -1;
    // The span name: ` (`, the same id, `)"`.
    const namedAt = nameAt + NAMED_ID_AT;
    if (bytes[namedAt - 2] !== 0x20 || bytes[namedAt - 1] !== 0x28)
        return -1;
    if (bytes[namedAt + length] !== 0x29 || bytes[namedAt + length + 1] !== 0x22)
        return -1;
    return bytes.compare(bytes, idAt, idEnd, namedAt, namedAt + length) === 0 ? idAt : -1;
}
/** What a phase span end's text says of it, or null when that is not certain. */
function readPhaseEnd(line) {
    // A NodeProcessed end or a query's end, as the engine names them, is parsed: told by the name
    // after its head, before the rules below search the line (two fifths of the ends that come here).
    if (line.startsWith(PROCESSED_NAME, HEAD_END) || line.startsWith(QUERY_NAME, HEAD_END))
        return null;
    if (!END_HEAD.begins(line))
        return null;
    const eventAt = line.indexOf(EVENT_TYPE_KEY, HEAD_END);
    if (eventAt === -1)
        return null;
    // Right before the event type, the span's status (`null` or a flat object); every object before
    // that (the links) closed again, so both keys are the record's own.
    const statusAt = line.lastIndexOf(STATUS_KEY, eventAt);
    if (statusAt < HEAD_END || !isStatus(line, statusAt + STATUS_KEY.length, eventAt))
        return null;
    if (!isBalanced(line, HEAD_END, statusAt))
        return null;
    const eventStart = eventAt + EVENT_TYPE_KEY.length;
    const eventEnd = line.indexOf('"', eventStart);
    if (kindOfValue(line, eventStart, eventEnd) !== "evaluated")
        return null;
    // The times nearest the status, with no object between them and it: the record's own.
    const startNs = nanosAt(line, line.lastIndexOf(START_KEY, statusAt), START_KEY.length, statusAt);
    const endNs = nanosAt(line, line.lastIndexOf(END_KEY, statusAt), END_KEY.length, statusAt);
    if (startNs === null || endNs === null)
        return null;
    // The attributes right after the event type, and the node id their last key, as the engine
    // writes them: `"attributes":{…,"unique_id":"…"}}`, every object in them before it closed again.
    const attributesAt = eventEnd + 1;
    if (!line.startsWith(ATTRIBUTES_KEY, attributesAt) || !line.endsWith('"}}'))
        return null;
    const key = line.lastIndexOf(UNIQUE_ID_KEY);
    const uniqueAt = key + UNIQUE_ID_KEY.length;
    const uniqueEnd = line.length - 3;
    if (key < attributesAt || uniqueEnd <= uniqueAt || line.indexOf('"', uniqueAt) !== uniqueEnd)
        return null;
    // A raw control character makes the line no JSON: parsed, it is reported as such.
    for (let i = uniqueAt; i < uniqueEnd; i++)
        if (line.charCodeAt(i) < 0x20)
            return null;
    const inside = attributesAt + ATTRIBUTES_KEY.length;
    if (!isBalanced(line, inside, key))
        return null;
    return {
        traceId: line.slice(END_HEAD.traceAt, END_HEAD.traceAt + 32),
        spanId: line.slice(END_HEAD.spanIdAt, END_HEAD.spanIdAt + 16),
        uniqueId: line.slice(uniqueAt, uniqueEnd),
        startNs,
        endNs,
    };
}
/** `null,` or `{…},` with no object inside, from `at` to the event type's key at `eventAt`. */
function isStatus(line, at, eventAt) {
    if (line.charCodeAt(eventAt - 1) !== 0x2c)
        return false;
    if (eventAt - at === 5)
        return line.startsWith("null", at);
    if (line.charCodeAt(at) !== 0x7b || line.charCodeAt(eventAt - 2) !== 0x7d)
        return false;
    const close = line.indexOf("}", at);
    const open = line.indexOf("{", at + 1);
    return close === eventAt - 2 && (open === -1 || open > close);
}
function indexOrEnd(line, char, from) {
    const at = line.indexOf(char, from);
    return at === -1 ? line.length : at;
}
/** Every object opened in line[from, to) closes there, and none closed that opened before it. */
function isBalanced(line, from, to) {
    let depth = 0;
    let open = line.indexOf("{", from);
    let close = line.indexOf("}", from);
    for (;;) {
        const next = Math.min(open === -1 ? to : open, close === -1 ? to : close);
        if (next >= to)
            return depth === 0;
        if (next === open) {
            depth++;
            open = line.indexOf("{", next + 1);
        }
        else {
            if (--depth < 0)
                return false;
            close = line.indexOf("}", next + 1);
        }
    }
}
/**
 * The digits of a time value whose key is at `at`, as exact nanoseconds, when no object opens or
 * closes between it and `limit` (the status).
 */
function nanosAt(line, at, keyLength, limit) {
    if (at < HEAD_END)
        return null;
    const brace = Math.min(indexOrEnd(line, "{", at), indexOrEnd(line, "}", at));
    if (brace < limit)
        return null;
    const from = at + keyLength;
    let i = from;
    while (i < from + 20) {
        const code = line.charCodeAt(i);
        if (code < 0x30 || code > 0x39)
            break;
        i++;
    }
    if (i === from || line.charCodeAt(i) !== 0x22)
        return null;
    return BigInt(line.slice(from, i));
}
/**
 * The invocations with a NodeProcessed span start: only their phase ends are read so (a file
 * without NodeProcessed spans, ≤ preview.72, is decided by its phases, which are then parsed).
 */
class TracesWithProcessed {
    traces = [];
    /** The same, as a set once there are more than a few (a file of many invocations). */
    traceSet = null;
    /** A NodeProcessed span started in the invocation whose id is in `text` at `at`. */
    processedStart(text, at) {
        if (this.hasProcessed(text, at))
            return;
        const trace = copyOf(text.slice(at, at + 32));
        this.traces.push(trace);
        this.traceSet?.add(trace);
        if (!this.traceSet && this.traces.length > FEW_INVOCATIONS)
            this.traceSet = new Set(this.traces);
    }
    /**
     * The id of the invocation whose id is in `bytes` at `at`, when it has had a NodeProcessed span
     * start; else null.
     */
    processedTrace(bytes, at) {
        if (this.traceSet) {
            const trace = (0,byte_text/* latin1Text */.Ly)(bytes, at, at + 32);
            return this.traceSet.has(trace) ? trace : null;
        }
        for (const trace of this.traces)
            if (bytesHoldText(bytes, at, trace))
                return trace;
        return null;
    }
    /** Whether the invocation whose id is in `text` at `at` has had a NodeProcessed span start. */
    hasProcessed(text, at) {
        if (this.traceSet)
            return this.traceSet.has(text.slice(at, at + 32));
        for (const trace of this.traces)
            if (text.startsWith(trace, at))
                return true;
        return false;
    }
}
/** A new string equal to `text`, which has no quote or backslash (a trace id read from a head). */
function copyOf(text) {
    try {
        return JSON.parse(`"${text}"`);
    }
    catch {
        // A raw control character: the line is no JSON; read again, it is reported as such.
        throw new UnpairedStarts("a node span start holds a control character in its trace id");
    }
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-end-bytes.ts
// The envelope of a span end as the engine writes it, read from the line's bytes before it is made
// a string: `{"record_type":"SpanEnd","trace_id":"<32>","span_id":"<16>","span_name":"<name>",
// "parent_span_id":"<16>","links":null,"start_time_unix_nano":"<digits>","end_time_unix_nano":
// "<digits>","severity_number":<digits>,"severity_text":"<text>","status":<null or {"message":
// <null or text>,"code":<digits>}>,"event_type":"<type>","attributes":{`. What the JSONL reader's
// byte shortcuts for query and NodeProcessed span ends (jsonl-query-ends.ts, jsonl-node-ends.ts)
// stand on: every byte of the envelope is checked, ids lowercase hex, and each text in it printable
// ASCII without an escape, so that its bytes are its value.


const PARENT = (0,byte_text/* asciiBytes */.Tg)(',"parent_span_id":"');
const START = (0,byte_text/* asciiBytes */.Tg)('","links":null,"start_time_unix_nano":"');
const END = (0,byte_text/* asciiBytes */.Tg)('","end_time_unix_nano":"');
const SEVERITY_NUMBER = (0,byte_text/* asciiBytes */.Tg)('","severity_number":');
const SEVERITY_TEXT = (0,byte_text/* asciiBytes */.Tg)(',"severity_text":"');
const STATUS = (0,byte_text/* asciiBytes */.Tg)('","status":');
const STATUS_MESSAGE = (0,byte_text/* asciiBytes */.Tg)('{"message":');
const STATUS_CODE = (0,byte_text/* asciiBytes */.Tg)(',"code":');
const NULL = (0,byte_text/* asciiBytes */.Tg)("null");
const EVENT_TYPE = (0,byte_text/* asciiBytes */.Tg)(',"event_type":"');
const ATTRIBUTES = (0,byte_text/* asciiBytes */.Tg)('","attributes":{');
/** Where the span name's value begins, after the head: `"span_name":"`. */
const NAME_VALUE_AT = '"span_name":"'.length;
/**
 * The envelope of the span end `bytes[start, end)` whose span name begins with `name` (bytes of
 * `"span_name":"…`) and whose event type is `eventType` (bytes), or null when any byte of it is not
 * as the engine writes it (see the top of this file).
 */
function readEndEnvelope(bytes, start, end, name, eventType) {
    if (!END_HEAD.namesBytes(bytes, start, end, name))
        return null;
    const nameEnd = plainStringEnd(bytes, start + END_HEAD.end + NAME_VALUE_AT, end);
    if (nameEnd === -1 || !bytesAt(bytes, nameEnd + 1, PARENT))
        return null;
    const parentAt = nameEnd + 1 + PARENT.length;
    if (!isLowerHexBytes(bytes, parentAt, 16) || !bytesAt(bytes, parentAt + 16, START))
        return null;
    const startAt = parentAt + 16 + START.length;
    const startEnd = digitsEnd(bytes, startAt);
    if (startEnd === -1 || !bytesAt(bytes, startEnd, END))
        return null;
    const endAt = startEnd + END.length;
    const endEnd = digitsEnd(bytes, endAt);
    if (endEnd === -1 || !bytesAt(bytes, endEnd, SEVERITY_NUMBER))
        return null;
    const severityEnd = digitsEnd(bytes, endEnd + SEVERITY_NUMBER.length);
    if (severityEnd === -1 || !bytesAt(bytes, severityEnd, SEVERITY_TEXT))
        return null;
    const severityTextEnd = plainStringEnd(bytes, severityEnd + SEVERITY_TEXT.length, end);
    if (severityTextEnd === -1 || !bytesAt(bytes, severityTextEnd, STATUS))
        return null;
    let at = severityTextEnd + STATUS.length;
    let statusCode = null;
    let statusMessage = false;
    if (bytesAt(bytes, at, NULL)) {
        at += NULL.length;
    }
    else {
        if (!bytesAt(bytes, at, STATUS_MESSAGE))
            return null;
        at += STATUS_MESSAGE.length;
        if (bytesAt(bytes, at, NULL)) {
            at += NULL.length;
        }
        else {
            if (bytes[at] !== 0x22)
                return null;
            at = plainStringEnd(bytes, at + 1, end);
            if (at === -1)
                return null;
            at++;
            statusMessage = true;
        }
        if (!bytesAt(bytes, at, STATUS_CODE))
            return null;
        const codeAt = at + STATUS_CODE.length;
        const codeEnd = digitsEnd(bytes, codeAt);
        if (codeEnd === -1 || codeEnd - codeAt > 9 || bytes[codeEnd] !== 0x7d)
            return null;
        statusCode = Number((0,byte_text/* latin1Text */.Ly)(bytes, codeAt, codeEnd));
        at = codeEnd + 1;
    }
    if (!bytesAt(bytes, at, EVENT_TYPE) || !bytesAt(bytes, at + EVENT_TYPE.length, eventType))
        return null;
    const attributesKeyAt = at + EVENT_TYPE.length + eventType.length;
    if (!bytesAt(bytes, attributesKeyAt, ATTRIBUTES))
        return null;
    // The attributes' `{`, the key's last byte.
    const attributesAt = attributesKeyAt + ATTRIBUTES.length - 1;
    return {
        parentSpanId: (0,byte_text/* latin1Text */.Ly)(bytes, parentAt, parentAt + 16),
        startNs: BigInt((0,byte_text/* latin1Text */.Ly)(bytes, startAt, startEnd)),
        endNs: BigInt((0,byte_text/* latin1Text */.Ly)(bytes, endAt, endEnd)),
        statusCode,
        statusMessage,
        attributesAt,
    };
}
/**
 * Where the JSON string whose text begins at `at` closes (its escapes stepped over), or -1 (a raw
 * control character, or no close before `end`).
 */
function stringEnd(bytes, at, end) {
    for (let i = at; i < end; i++) {
        const code = bytes[i];
        if (code === 0x22)
            return i;
        if (code === 0x5c)
            i++;
        else if (code < 0x20)
            return -1;
    }
    return -1;
}
/** stringEnd for a string of printable ASCII without an escape; -1 for any other. */
function plainStringEnd(bytes, at, end) {
    for (let i = at; i < end; i++) {
        const code = bytes[i];
        if (code === 0x22)
            return i;
        if (code === 0x5c || code < 0x20 || code > 0x7e)
            return -1;
    }
    return -1;
}
/** Where 1–20 digits that begin at `at` end, or -1. */
function digitsEnd(bytes, at) {
    let i = at;
    while (i < at + 21 && bytes[i] >= 0x30 && bytes[i] <= 0x39)
        i++;
    return i === at || i === at + 21 ? -1 : i;
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-node-ends.ts
// NodeProcessed span ends, their envelope read from their bytes and only their attributes parsed.
// Every node a build runs ends with one (a tenth of a big build's lines, ~1 KB each), and the model
// needs its attributes whole (model/accumulate.ts, events.ts toNodeFacts); of the envelope it uses
// only the ids and the two times. So for the engine's own line — its envelope as the engine writes
// it (jsonl-end-bytes.ts), the span name `Node processed (…)`, the event type NodeProcessed — the
// JSONL reader reads the envelope from the bytes and hands `JSON.parse` the attributes alone, the
// object from `"attributes":` to the line's last `}`. The attributes are checked as JSON by that
// parse (anything after them in the line makes it fail, and the line is parsed whole instead), the
// envelope byte by byte, so the event is the one a parse of the whole line gives.



const NODE_PROCESSED = (0,byte_text/* asciiBytes */.Tg)("v1.public.events.fusion.node.NodeProcessed");
/**
 * The engine's own NodeProcessed span end `bytes[start, end)`, its envelope read from its bytes and
 * its attributes parsed, or null when its layout is not certain or its attributes are not one JSON
 * object that closes the line but for the record's `}`: then the whole line is parsed.
 */
function readProcessedEnd(bytes, start, end) {
    if (bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x7d)
        return null;
    const envelope = readEndEnvelope(bytes, start, end, PROCESSED_NAME_BYTES, NODE_PROCESSED);
    if (envelope === null)
        return null;
    let attributes;
    try {
        attributes = JSON.parse((0,byte_text/* utf8Text */.Hp)(bytes, envelope.attributesAt, end - 1));
    }
    catch {
        return null;
    }
    if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes))
        return null;
    return {
        startNs: envelope.startNs,
        endNs: envelope.endNs,
        attributes: attributes,
    };
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-query-ends.ts
// Query span ends (QueryExecuted), read from their bytes. A big build runs a query or more per
// node, and each end is a line of ~1 KB, most of it SQL, of which the model uses only the span it
// ran in, its times, its node and its outcome (model/accumulate.ts). So the JSONL reader reads the
// engine's own query end from its bytes, before it is made a string, into the model's `query`
// event, instead of parsing it.
//
// A line is read so only when it is the engine's layout throughout: its envelope as the engine
// writes it (jsonl-end-bytes.ts), with the span name `Query executed` (with or without its node), a
// status of success (`{"message":null,"code":1}`) and the event type QueryExecuted; then the
// attributes, which close the line, every one a string, a number, true, false or null, each string
// closed where JSON closes it (its escapes stepped over) without a raw control character. Of the
// attributes the model uses `query_outcome` and `unique_id`, which must then be printable ASCII
// without an escape (so that their text is their value); a line with `query_error_adapter_message`,
// or any other status, is parsed, as the model shows a failed query's message. Not told apart (as
// for the lines jsonl-skip.ts leaves unparsed): a skipped string's escapes and UTF-8 are not checked
// to be valid, nor a number's digits; a repeated key is read by its last occurrence, as JSON.parse
// reads it.




const QUERY_EXECUTED = (0,byte_text/* asciiBytes */.Tg)("v1.public.events.fusion.query.QueryExecuted");
const UNIQUE_ID = (0,byte_text/* asciiBytes */.Tg)("unique_id");
const QUERY_OUTCOME = (0,byte_text/* asciiBytes */.Tg)("query_outcome");
const ERROR_MESSAGE = (0,byte_text/* asciiBytes */.Tg)("query_error_adapter_message");
/**
 * The engine's own query span end `bytes[start, end)` as the model's event, or null when its layout
 * is not certain (see the top of this file). `traceId` gives the trace id's text at a place.
 */
function readQueryEnd(bytes, start, end, traceId) {
    const envelope = readEndEnvelope(bytes, start, end, QUERY_NAME_BYTES, QUERY_EXECUTED);
    if (envelope === null || envelope.statusCode !== 1 || envelope.statusMessage)
        return null;
    let at = envelope.attributesAt + 1;
    let uniqueId = null;
    let outcome = null;
    // `"key":value` pairs, separated by commas, up to the `}}` that ends the line.
    for (let first = true;; first = false) {
        if (bytes[at] === 0x7d)
            break;
        if (!first) {
            if (bytes[at] !== 0x2c)
                return null;
            at++;
        }
        if (bytes[at] !== 0x22)
            return null;
        const keyAt = at + 1;
        const keyEnd = plainStringEnd(bytes, keyAt, end);
        if (keyEnd === -1 || bytes[keyEnd + 1] !== 0x3a)
            return null;
        const valueAt = keyEnd + 2;
        if (isKey(bytes, keyAt, keyEnd, ERROR_MESSAGE))
            return null;
        const wanted = isKey(bytes, keyAt, keyEnd, UNIQUE_ID)
            ? "uniqueId"
            : isKey(bytes, keyAt, keyEnd, QUERY_OUTCOME)
                ? "outcome"
                : null;
        if (wanted !== null) {
            // A value the model uses: its text must be its value.
            if (bytes[valueAt] !== 0x22)
                return null;
            const valueEnd = plainStringEnd(bytes, valueAt + 1, end);
            if (valueEnd === -1)
                return null;
            const value = (0,byte_text/* latin1Text */.Ly)(bytes, valueAt + 1, valueEnd);
            if (wanted === "uniqueId")
                uniqueId = value === "" ? null : value;
            else
                outcome = value;
            at = valueEnd + 1;
        }
        else if (bytes[valueAt] === 0x22) {
            const valueEnd = stringEnd(bytes, valueAt + 1, end);
            if (valueEnd === -1)
                return null;
            at = valueEnd + 1;
        }
        else {
            at = scalarEnd(bytes, valueAt, end);
            if (at === -1)
                return null;
        }
    }
    // The attributes' `}` and the record's, ending the line.
    if (at + 2 !== end || bytes[at + 1] !== 0x7d)
        return null;
    return {
        kind: "query",
        traceId: traceId(bytes, start + END_HEAD.traceAt),
        parentSpanId: envelope.parentSpanId,
        startNs: envelope.startNs,
        endNs: envelope.endNs,
        uniqueId,
        outcome: normalizeQueryOutcome(outcome),
        errorMessage: null,
    };
}
/** Where a number, true, false or null that begins at `at` ends (at `,` or `}`), or -1. */
function scalarEnd(bytes, at, end) {
    let i = at;
    while (i < end) {
        const code = bytes[i];
        const scalar = (code >= 0x30 && code <= 0x39) ||
            (code >= 0x61 && code <= 0x7a) ||
            code === 0x2d ||
            code === 0x2b ||
            code === 0x2e ||
            code === 0x45;
        if (!scalar)
            break;
        i++;
    }
    return i > at && (bytes[i] === 0x2c || bytes[i] === 0x7d) ? i : -1;
}
function isKey(bytes, at, end, key) {
    return end - at === key.length && bytesAt(bytes, at, key);
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-lines.ts
// Bytes → lines, in time linear in the input whatever the line lengths: each byte is searched for a
// line end once, and a line that spans chunks is joined once, when its end arrives (never rebuilt
// per chunk). A line longer than the limit stops the read as soon as the limit is passed, without
// holding the rest. A chunk is not kept past `push`: its source may read into it again (a file's
// reused buffers, sources/file-chunks.ts), so the start of a line it ends with is copied. A line
// that lies whole in its chunk can be taken as bytes before it is made a string (`takeBytes`: the
// JSONL reader's node and query span starts and phase, query and NodeProcessed span ends, nearly
// all of a big build's bytes, are never decoded).


class LineTooLongError extends Error {
    line;
    limit;
    constructor(line, limit) {
        super(`line longer than ${limit / limits/* MIB */.D6} MiB`);
        this.line = line;
        this.limit = limit;
    }
}
class LineSplitter {
    maxLineBytes;
    onLine;
    takeBytes;
    /** Bytes searched for a line end so far: each input byte once. */
    scanned = 0;
    /** Bytes copied to keep and join lines that span chunks: each byte of such a line at most twice. */
    copied = 0;
    /** Lines handed on so far (blank ones too): the next line's number is this + 1. */
    lines = 0;
    /** Lines made strings (the rest were taken as bytes). */
    decoded = 0;
    parts = [];
    partBytes = 0;
    constructor(maxLineBytes, 
    /** A complete line, without its `\n`, and its 1-based number. */
    onLine, 
    /**
     * Offered a line that lies whole in one chunk, as `bytes[start, end)`, before it is made a
     * string: true takes it (onLine is not called for it). The bytes are the chunk's: not kept.
     */
    takeBytes) {
        this.maxLineBytes = maxLineBytes;
        this.onLine = onLine;
        this.takeBytes = takeBytes;
    }
    push(chunk) {
        let start = 0;
        for (;;) {
            const end = chunk.indexOf(10, start);
            if (end === -1)
                break;
            this.scanned += end + 1 - start;
            if (this.partBytes + end - start > this.maxLineBytes)
                throw this.tooLong();
            if (this.partBytes > 0) {
                this.parts.push(chunk.subarray(start, end));
                this.decoded++;
                this.onLine(this.join(), ++this.lines);
            }
            else if (!this.takeBytes?.(chunk, start, end)) {
                this.decoded++;
                this.onLine((0,byte_text/* utf8Text */.Hp)(chunk, start, end), ++this.lines);
            }
            else {
                this.lines++;
            }
            start = end + 1;
        }
        this.scanned += chunk.length - start;
        if (start < chunk.length) {
            this.partBytes += chunk.length - start;
            if (this.partBytes > this.maxLineBytes)
                throw this.tooLong();
            this.parts.push(Buffer.from(chunk.subarray(start)));
            this.copied += chunk.length - start;
        }
    }
    /** The input ended: its last line, if it had no line end. */
    end() {
        if (this.partBytes === 0)
            return;
        this.decoded++;
        this.onLine(this.join(), ++this.lines);
    }
    join() {
        const parts = this.parts;
        let joined = parts[0];
        if (parts.length > 1) {
            joined = Buffer.concat(parts);
            this.copied += joined.length;
        }
        this.parts = [];
        this.partBytes = 0;
        return joined.toString("utf8");
    }
    tooLong() {
        this.parts = [];
        this.partBytes = 0;
        return new LineTooLongError(this.lines + 1, this.maxLineBytes);
    }
}

;// CONCATENATED MODULE: ./src/telemetry/jsonl-sniff.ts
// What a file that is not JSON Lines is, in words a user can act on: dbt's own artifacts
// (run_results.json, manifest.json: whole-file JSON documents, often passed by mistake), a JSON
// document spread over lines, gzip-compressed Parquet, binary data. Untrusted bytes are never
// echoed: excerpts show control characters as escapes.


const TELEMETRY_HINT = "pass the Fusion telemetry instead: the JSONL the engine writes with --otel-file-name (in logs/) " +
    "or the Parquet it writes with --otel-parquet-file-name (in target/metadata/)";
/** dbt artifact schemas (`https://schemas.getdbt.com/dbt/run-results/v6.json`) → the file dbt writes. */
const DBT_ARTIFACTS = {
    "run-results": "run_results.json",
    manifest: "manifest.json",
    catalog: "catalog.json",
    sources: "sources.json",
    "semantic-manifest": "semantic_manifest.json",
};
const DBT_SCHEMA = /"dbt_schema_version"\s*:\s*"https?:\/\/schemas\.getdbt\.com\/dbt\/([a-z-]+)\/v(\d+)\.json"/;
/** A dbt artifact named by its `metadata.dbt_schema_version`, or null. */
function dbtArtifact(text) {
    const match = DBT_SCHEMA.exec(text);
    if (!match)
        return null;
    const file = DBT_ARTIFACTS[match[1]] ?? `a dbt ${match[1]} artifact`;
    return `this is dbt's ${file} (schema ${match[1]} v${match[2]}), not telemetry`;
}
/** Why a file whose first line is valid JSON but not a record is not telemetry, or null if nothing specific. */
function describeForeignJson(value, firstLine) {
    if ((0,telemetry_values/* isRecord */.u4)(value) && (0,telemetry_values/* isRecord */.u4)(value.metadata) && typeof value.metadata.dbt_schema_version === "string") {
        return `${dbtArtifact(firstLine.slice(0, 4096)) ?? "this is a dbt artifact, not telemetry"}: ${TELEMETRY_HINT}`;
    }
    if (Array.isArray(value)) {
        return `this is a JSON array, not JSON Lines (one telemetry record per line): ${TELEMETRY_HINT}`;
    }
    return null;
}
/** A first line that opens a pretty-printed JSON document: `{`, `[`, or `{"metadata": {`. */
const OPENS_DOCUMENT = /^\s*[[{]\s*(?:"[^"]*"\s*:\s*[[{]\s*)?$/;
/**
 * Whether a first line that is not JSON is worth reading on for (up to a few KiB) to say what the
 * file is; otherwise it is reported as invalid JSON right away.
 */
function isWorthSniffing(firstLine) {
    return OPENS_DOCUMENT.test(firstLine) || firstLine.startsWith("PAR1") || looksBinary(firstLine);
}
/**
 * What a file whose first content line is not JSON is instead, from the first lines of the file
 * (`head`, up to a few KiB); null when nothing says it is anything but JSON Lines with an invalid
 * line (describeInvalidLine says that, with the parser's complaint).
 */
function describeNotJson(head, 
/** The bytes were gzip-compressed (else they came as a stream: a pipe, `/dev/stdin`). */
gzip = false) {
    const first = head[0] ?? "";
    if (first.startsWith("PAR1")) {
        return gzip
            ? "this is gzip-compressed Parquet: decompress it first (gunzip), Parquet is read where it lies"
            : "this is Parquet from a pipe: Parquet is read where it lies (its index is at its end), so pass the file itself";
    }
    if (looksBinary(first))
        return `this is binary data, not JSON Lines (it starts with "${excerpt(first, 24)}"): ${TELEMETRY_HINT}`;
    const artifact = dbtArtifact(head.join("\n"));
    if (artifact)
        return `${artifact}: ${TELEMETRY_HINT}`;
    if (OPENS_DOCUMENT.test(first)) {
        return `this is a JSON document spread over several lines, not JSON Lines (one telemetry record per line): ${TELEMETRY_HINT}`;
    }
    return null;
}
/** Invalid JSON: the parser's complaint, escaped and short. */
function describeInvalidLine(parseError) {
    return `invalid JSON (${excerpt(parseError, 160)})`;
}
/** The advice after a damaged line; left out where the Parquet file is already what the report is read from. */
const USE_PARQUET = ", or read the run's Parquet file instead";
/** Invalid JSON on a line that other lines follow: a crash cuts only the last line, so the file was damaged. */
function describeDamagedLine(parseError) {
    return (`${describeInvalidLine(parseError)}; lines follow it, and a crash cuts only the last line, so the file was ` +
        `damaged after it was written: check that one dbt run wrote it and that it was copied whole${USE_PARQUET}`);
}
function looksBinary(text) {
    const sample = text.slice(0, 256);
    if (sample.length === 0)
        return false;
    let odd = 0;
    for (let i = 0; i < sample.length; i++) {
        const code = sample.charCodeAt(i);
        if ((code < 0x20 && code !== 0x09) || code === 0x7f || code === 0xfffd)
            odd++;
    }
    return odd / sample.length > 0.1;
}
/** At most `max` characters, controls shown as escapes, cut with an ellipsis. */
function excerpt(text, max) {
    const shown = (0,controls/* showControls */.mz)(text.length > max * 2 ? text.slice(0, max * 2) : text, "escape");
    return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

;// CONCATENATED MODULE: ./src/telemetry/record.ts
/** The record types every format carries; rows of any other type are not telemetry records. */
const RECORD_TYPES = new Set(["SpanStart", "SpanEnd", "LogRecord"]);
const EVENT = {
    invocation: "v1.public.events.fusion.invocation.Invocation",
    process: "v1.public.events.fusion.process.Process",
    phase: "v1.public.events.fusion.phase.PhaseExecuted",
    nodeProcessed: "v1.public.events.fusion.node.NodeProcessed",
    nodeEvaluated: "v1.public.events.fusion.node.NodeEvaluated",
    query: "v1.public.events.fusion.query.QueryExecuted",
    logMessage: "v1.public.events.fusion.log.LogMessage",
};

;// CONCATENATED MODULE: ./src/telemetry/jsonl.ts
















/** How much of the file's start is kept to tell what a file that is not JSON Lines is. */
const SNIFF_CHARS = 16 * 1024;
/**
 * Whether another line begins right after the line that ends at `end`, in the same bytes. A line is
 * taken from its bytes only then: the last content line is always parsed, and a line whose next
 * one lies in a later read may be that last one.
 */
function nextLineFollows(bytes, end) {
    return bytes[end + 1] === 0x7b; // {
}
/**
 * Decodes JSONL telemetry line by line from a byte stream and feeds each record to the sink.
 * Memory stays bounded by the longest line (at most MAX_JSONL_LINE_BYTES): records are never
 * collected. Gzip-compressed input is decompressed as it streams; a UTF-8 BOM is skipped.
 *
 * A last line that does not parse is a crashed run's half-written record: warned about, not fatal.
 * An invalid line anywhere else means the file is not what it claims to be: an error with file:line,
 * which says what the file is when it can tell (a dbt artifact, a JSON document, binary data).
 */
async function decodeJsonl(chunks, file, sink, stats = { scanned: 0, copied: 0 }) {
    let records = 0;
    let sawContent = false;
    /** Whether the bytes were gzip-compressed (inputBytes says so once it has seen them). */
    const format = { gzip: false };
    /** A line that did not parse; `head` is kept for the first content line, to say what the file is. */
    let pendingBad = null;
    let skippedForeign = 0;
    /** The first of them: where it is and why it is not a record. */
    let firstForeign = null;
    /** The first content line did not parse: the next lines are kept to say what the file is. */
    let sniff = null;
    /** What the first content line says the file is; not telemetry unless it is only invalid JSON. */
    const firstLineError = (head, reason, line) => {
        const what = describeNotJson(head, format.gzip);
        return new errors/* TelemetryInputError */.uB(file, what ?? describeInvalidLine(reason), { line }, what !== null);
    };
    const notJsonl = () => firstLineError(sniff.lines, sniff.reason, pendingBad.line);
    const invalidLine = (bad, linesFollow) => bad.head !== undefined
        ? firstLineError([bad.head], bad.reason, bad.line)
        : new errors/* TelemetryInputError */.uB(file, linesFollow ? describeDamagedLine(bad.reason) : describeInvalidLine(bad.reason), { line: bad.line });
    /**
     * A line left unparsed (jsonl-skip.ts) is held until the next content line: the last line of a
     * crashed run may be cut anywhere, also just after a `}`, so the last content line is always
     * parsed, and its truncation reported as before. (A node span start dropped as the last line
     * cannot have its end after it: the ledger fails, and the file is read again with it parsed.)
     */
    let held = null;
    /** Invocations read whole from another file, whose lines are left out (RecordSink.readWhole). */
    const readWhole = sink.readWhole?.traces.size ? sink.readWhole : null;
    /** Node span starts dropped unparsed, each to be closed by its end (jsonl-start-ledger.ts). */
    const starts = sink.recordLeftOut ? new StartLedger() : null;
    /**
     * The invocations whose phase ends are read from their text or bytes: each node so read must be
     * decided by a NodeProcessed end (holding its times, where a phase end's were not read), which
     * the sink counts when the file is read (undecidedPhaseNodes).
     */
    const withProcessed = starts && sink.phaseEnd && sink.undecidedPhaseNodes ? new TracesWithProcessed() : null;
    /** A phase end read from its text, held like `held`: the last content line is parsed instead. */
    let heldPhase = null;
    const handPhaseOn = ({ line, lineNo, end }) => {
        records++;
        starts.phaseEndRead(line);
        sink.phaseEnd(end, { file, position: lineNo, unit: "line" });
    };
    /** A content line other than the first has come: what the lines before it left is settled. */
    const settleBefore = () => {
        if (pendingBad)
            throw invalidLine(pendingBad, true);
        // The held line was not the last: a record no event comes of, counted and dropped.
        if (held) {
            records++;
            held = null;
        }
        // The phase end read from text was not the last line: handed on now, before this line's record.
        if (heldPhase) {
            handPhaseOn(heldPhase);
            heldPhase = null;
        }
    };
    /** A node span start the ledger took (jsonl-start-ledger.ts): counted as read, never parsed. */
    const leaveOutStart = () => {
        records++;
        sink.recordLeftOut();
    };
    /**
     * The engine's own node and query span starts and its phase, query and NodeProcessed span ends,
     * taken from the line's bytes: nearly all of a big build's bytes are such lines, and none of them
     * is made a string. Only past the first content line, and while no other file's invocations are
     * being left out (their lines are told apart as text).
     */
    const takeLineBytes = (bytes, start, end) => {
        if (!sawContent || sniff || readWhole)
            return false;
        return (takeNodeStart(bytes, start, end) ||
            takePhaseEnd(bytes, start, end) ||
            leaveOutQueryStart(bytes, start, end) ||
            takeQueryEnd(bytes, start, end) ||
            takeProcessedEnd(bytes, start, end));
    };
    /**
     * The trace id in `bytes` at `at`, as text: the last one a line taken from its bytes named, kept
     * (a file has a trace or a few).
     */
    let lastTrace = "";
    const traceText = (bytes, at) => {
        if (lastTrace.length !== 32 || !bytesHoldText(bytes, at, lastTrace))
            lastTrace = (0,byte_text/* latin1Text */.Ly)(bytes, at, at + 32);
        return lastTrace;
    };
    /** Where a line taken from its bytes was read: the splitter counts the line once it is taken. */
    const takenLine = () => ({ file, position: lines.lines + 1, unit: "line" });
    /**
     * The engine's own query span end, read from its bytes into the model's event
     * (jsonl-query-ends.ts).
     */
    const takeQueryEnd = (bytes, start, end) => {
        if (!sink.eventRead || !nextLineFollows(bytes, end))
            return false;
        const event = readQueryEnd(bytes, start, end, traceText);
        if (event === null)
            return false;
        settleBefore();
        records++;
        sink.eventRead(event, takenLine());
        return true;
    };
    /**
     * The engine's own NodeProcessed span end, its envelope read from its bytes and only its
     * attributes parsed (jsonl-node-ends.ts), into the model's event. One that names no node is parsed
     * whole, for the warning a parsed one gets.
     */
    const takeProcessedEnd = (bytes, start, end) => {
        if (!sink.eventRead || !nextLineFollows(bytes, end))
            return false;
        const read = readProcessedEnd(bytes, start, end);
        if (read === null)
            return false;
        const spanId = END_HEAD.spanIdText(bytes, start);
        const traceId = traceText(bytes, start + END_HEAD.traceAt);
        // Null when the attributes name no node.
        const event = nodeEvent(true, traceId, spanId, true, read.startNs, read.endNs, read.attributes);
        if (event === null)
            return false;
        settleBefore();
        // As a parsed end does (StartLedger.settle): it takes its start out of the ledger.
        starts?.endBytes(bytes, start, "processed");
        records++;
        sink.eventRead(event, takenLine());
        return true;
    };
    /**
     * The engine's own phase span end, read from its bytes for its ids and node (phaseEndIdAt), its
     * times left to its node's NodeProcessed end, which the sink checks has them
     * (undecidedPhaseNodes).
     */
    const takePhaseEnd = (bytes, start, end) => {
        if (!withProcessed || !nextLineFollows(bytes, end))
            return false;
        const idAt = phaseEndIdAt(bytes, start, end);
        if (idAt === -1)
            return false;
        const traceId = withProcessed.processedTrace(bytes, start + END_HEAD.traceAt);
        if (traceId === null)
            return false;
        settleBefore();
        records++;
        starts.endBytes(bytes, start, "evaluated");
        const phaseEnd = {
            traceId,
            spanId: END_HEAD.spanIdText(bytes, start),
            uniqueId: (0,byte_text/* latin1Text */.Ly)(bytes, idAt, end - 3),
            startNs: null,
            endNs: null,
            timesFromProcessed: true,
        };
        sink.phaseEnd(phaseEnd, takenLine());
        return true;
    };
    const takeNodeStart = (bytes, start, end) => {
        const dropped = starts?.dropBytes(bytes, start, end) ?? null;
        if (dropped === null)
            return false;
        settleBefore();
        if (dropped === "processed" && withProcessed) {
            withProcessed.processedStart(traceText(bytes, start + START_HEAD.traceAt), 0);
        }
        leaveOutStart();
        return true;
    };
    /**
     * A query span start, a record no report uses, counted and dropped as a line jsonl-skip.ts leaves
     * unparsed. Such a line is held as text until the next content line, as the last one is always
     * parsed.
     *
     * A start cut where its run was killed, with the next run's first record appended on its line,
     * looks the same from its head and last byte: read in full (no `starts`), the line is searched for
     * that record, and parsed (for the warning and the record) when it holds one. A file read with the
     * shortcuts is read again in full when that can be: the killed run never ended (an open node span,
     * jsonl-start-ledger.ts; else pipeline/read-telemetry.ts), so well-formed lines cost nothing more.
     */
    const leaveOutQueryStart = (bytes, start, end) => {
        if (!sink.relevantOnly || !nextLineFollows(bytes, end) || !isEngineQueryStart(bytes, start, end)) {
            return false;
        }
        if (!starts && holdsAppendedRecord(bytes, start, end))
            return false;
        settleBefore();
        records++;
        return true;
    };
    const handle = (raw, lineNo) => {
        let line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
        if (lineNo === 1 && line.charCodeAt(0) === 0xfeff)
            line = line.slice(1); // UTF-8 byte order mark
        if (sniff) {
            sniff.lines.push(line.slice(0, SNIFF_CHARS));
            sniff.chars += Math.min(line.length, SNIFF_CHARS);
            if (sniff.chars >= SNIFF_CHARS)
                throw notJsonl();
            return;
        }
        if (line.trim() === "")
            return;
        const first = !sawContent;
        sawContent = true;
        settleBefore();
        // A line of an invocation read whole from another file: counted, never parsed, and held as an
        // unusable line is (below), so that the last content line is still parsed.
        const whole = readWhole && !first ? traceOfRecordLine(line, readWhole.traces) : null;
        if (whole !== null) {
            readWhole.seen(whole);
            held = { line, lineNo };
            return;
        }
        if (!first && sink.relevantOnly && isUnusableRecordLine(line)) {
            held = { line, lineNo };
            return;
        }
        if (!first && withProcessed?.hasProcessed(line, END_HEAD.traceAt)) {
            const end = readPhaseEnd(line);
            if (end) {
                heldPhase = { line, lineNo, end };
                return;
            }
        }
        const dropped = first ? null : (starts?.drop(line) ?? null);
        if (dropped !== null) {
            if (dropped === "processed")
                withProcessed?.processedStart(line, START_HEAD.traceAt);
            leaveOutStart();
            return;
        }
        parseLine(line, lineNo, first);
    };
    const parseLine = (line, lineNo, first) => {
        let parsed;
        try {
            parsed = JSON.parse(line);
        }
        catch (error) {
            const appendedAt = appendedRecordAt(line);
            if (appendedAt !== -1) {
                sink.warn(`${file}:${lineNo}: a record cut off where its run stopped (killed or crashed while writing it), ` +
                    "with the next run's first record appended to it on the same line; the cut record was ignored");
                parseLine(line.slice(appendedAt), lineNo, first);
                return;
            }
            pendingBad = { line: lineNo, reason: error.message };
            if (first && isWorthSniffing(line)) {
                sniff = { lines: [line.slice(0, SNIFF_CHARS)], chars: 0, reason: pendingBad.reason };
            }
            else if (first) {
                pendingBad.head = line.slice(0, SNIFF_CHARS);
            }
            return;
        }
        const record = toRecord(parsed);
        const untraced = record ? null : unusableTraceOf(parsed);
        if (untraced) {
            // A record in all but its trace: no invocation to put it in, said where it is.
            sink.warn(`${file}:${lineNo}: ${untraced}; the record was ignored`);
            records++;
            return;
        }
        if (!record) {
            // Valid JSON that is not a telemetry record. Tolerated after the file proved to be telemetry
            // (another tool may append); at the very start it means this is not a telemetry file.
            if (records === 0 && skippedForeign === 0 && first) {
                throw new errors/* TelemetryInputError */.uB(file, describeForeignJson(parsed, line) ??
                    "not dbt Fusion telemetry: expected a JSON object with record_type, trace_id and event_type", { line: lineNo }, true);
            }
            skippedForeign++;
            firstForeign ??= { line: lineNo, why: whyNotARecord(parsed) };
            return;
        }
        // The first and last lines are parsed whatever they hold; their records too are left out.
        if (readWhole?.traces.has(record.traceId)) {
            readWhole.seen(record.traceId);
            records++;
            return;
        }
        const kind = starts?.settle(record) ?? null;
        if (withProcessed && kind === "processed" && record.recordType === "SpanStart") {
            withProcessed.processedStart(record.traceId, 0);
        }
        records++;
        sink.add(record, { file, position: lineNo, unit: "line" });
    };
    const lines = new LineSplitter(limits/* MAX_JSONL_LINE_BYTES */.LA, handle, takeLineBytes);
    /** Why gzip data ended early, when it did. */
    let gzipCut = null;
    try {
        for await (const chunk of inputBytes(chunks, format))
            lines.push(chunk);
        lines.end();
    }
    catch (error) {
        if (error instanceof LineTooLongError) {
            throw new errors/* TelemetryInputError */.uB(file, `${error.message}: a telemetry record is one line, so this is not telemetry or the file is damaged`, { line: error.line });
        }
        if (!(error instanceof GzipError))
            throw error;
        if (!error.truncated)
            throw new errors/* TelemetryInputError */.uB(file, error.message);
        gzipCut = error.message;
        sink.warn(`${file}: ${error.message}; the lines before that point were read`);
        // Where the data ends is the last line, cut as a crashed run's is: settled as one.
        lines.end();
    }
    finally {
        stats.scanned = lines.scanned;
        stats.copied = lines.copied;
        stats.decoded = lines.decoded;
    }
    // Cut inside its first record: the cut, not the half line it left, is what to say.
    if (gzipCut !== null && records === 0) {
        throw new errors/* TelemetryInputError */.uB(file, `${gzipCut} before the end of its first line: no telemetry record could be read`);
    }
    // The first line did not parse and fewer than SNIFF_CHARS followed it.
    if (sniff)
        throw notJsonl();
    // Narrowed to null by TypeScript, which does not see the closure assign it.
    const last = (held ?? heldPhase);
    if (last)
        parseLine(last.line, last.lineNo, false);
    starts?.finish();
    const undecided = withProcessed ? sink.undecidedPhaseNodes() : 0;
    if (undecided > 0)
        throw new UnpairedStarts(`${undecided} node(s) read from phase ends have no NodeProcessed end, or one without their times`);
    if (pendingBad) {
        const bad = pendingBad;
        // The file's only content line: not the half-written end of a run that wrote records before it.
        if (records === 0)
            throw invalidLine(bad, false);
        sink.warn(`${file}:${bad.line}: last line is truncated or not valid JSON (a crashed or interrupted run); it was ignored`);
    }
    if (!sawContent)
        throw new errors/* TelemetryInputError */.uB(file, "file is empty: no telemetry records");
    if (records === 0)
        throw new errors/* TelemetryInputError */.uB(file, "no telemetry records found");
    // Set in parseLine, which TypeScript does not follow.
    const foreign = firstForeign;
    if (foreign) {
        sink.warn(`${file}:${foreign.line}: ${skippedForeign} line(s) were JSON but not telemetry records and were ` +
            `ignored; the first, on this line, ${foreign.why}`);
    }
    return { records };
}
/** The trace id a record's text names first (in a cut record: if the cut left it). */
const TRACE_ID_TEXT = /"trace_id":"([^"]*)"/;
/**
 * Where the record of a run appended to the file begins, in a line that is not JSON, else -1. The
 * engine opens its JSONL for append, and a run killed while writing leaves its last record cut,
 * with no line break: the next run's first record then starts on the same line. Only a whole
 * record of another invocation than the cut one's counts; anything else is damage, as before.
 */
function appendedRecordAt(line) {
    const at = line.lastIndexOf(RECORD_HEAD);
    if (at <= 0)
        return -1;
    let appended;
    try {
        appended = toRecord(JSON.parse(line.slice(at)));
    }
    catch {
        return -1;
    }
    const cutTrace = TRACE_ID_TEXT.exec(line.slice(0, at))?.[1];
    if (appended === null || (cutTrace !== undefined && (0,telemetry_values/* toTraceId */.Mx)(cutTrace) === appended.traceId))
        return -1;
    return at;
}
/** An object with a record type and an event type: a telemetry record, if its trace id is one. */
function isRecordShaped(value) {
    return ((0,telemetry_values/* isRecord */.u4)(value) &&
        typeof value.record_type === "string" &&
        RECORD_TYPES.has(value.record_type) &&
        typeof value.event_type === "string");
}
/** Why a line's JSON (that toRecord turned down, with no trace id to blame) is not a record. */
function whyNotARecord(value) {
    if (!(0,telemetry_values/* isRecord */.u4)(value))
        return "is not a JSON object";
    const type = value.record_type;
    if (typeof type !== "string")
        return type === undefined ? "has no record_type" : "has a record_type that is not text";
    if (!RECORD_TYPES.has(type)) {
        return `has record_type ${describeValue(type)}, which is none of ${[...RECORD_TYPES].join(", ")}`;
    }
    return value.event_type === undefined ? "has no event_type" : "has an event_type that is not text";
}
/** One parsed JSONL object → normalised record; null when it is not a telemetry record. */
function toRecord(value) {
    if (!isRecordShaped(value))
        return null;
    const traceId = (0,telemetry_values/* toTraceId */.Mx)(value.trace_id);
    if (traceId === null)
        return null;
    const status = (0,telemetry_values/* isRecord */.u4)(value.status) ? value.status : null;
    const body = typeof value.body === "string" ? (0,telemetry_values/* stripAnsi */.aJ)(value.body) : null;
    return {
        recordType: value.record_type,
        traceId,
        spanId: (0,telemetry_values/* toSpanId */.Dr)(value.span_id),
        parentSpanId: (0,telemetry_values/* toSpanId */.Dr)(value.parent_span_id),
        spanName: (0,telemetry_values/* toStr */.N7)(value.span_name),
        eventType: value.event_type,
        startNs: (0,telemetry_values/* toNanos */.tb)(value.start_time_unix_nano),
        endNs: (0,telemetry_values/* toNanos */.tb)(value.end_time_unix_nano),
        timeNs: (0,telemetry_values/* toNanos */.tb)(value.time_unix_nano),
        severity: typeof value.severity_text === "string" ? value.severity_text.toUpperCase() : "",
        body,
        statusCode: status ? normalizeStatusCode(status.code) : null,
        statusMessage: status ? (0,telemetry_values/* toStr */.N7)(status.message) : null,
        attributes: (0,telemetry_values/* isRecord */.u4)(value.attributes) ? value.attributes : {},
    };
}
/**
 * Why an object that is a telemetry record by its record_type and event_type is not one by its
 * trace_id (missing, null, not 32 hex digits), else null: it would make an invocation of its own.
 */
function unusableTraceOf(value) {
    if (!isRecordShaped(value) || (0,telemetry_values/* toTraceId */.Mx)(value.trace_id) !== null)
        return null;
    return whyNotATraceId(value.trace_id);
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/errors.ts
// Errors raised while reading a Parquet file's pages, and how they reach the user.
/** Errors thrown while reading or decoding pages, as opposed to bugs (calling what is not a function). */
function isDecodeError(error) {
    return error instanceof Error && !(error instanceof TypeError && /is not a function/.test(error.message));
}
/** A page failed to decode while reading `row` (of the row group). */
class RowDecodeError extends Error {
    row;
    constructor(row, message) {
        super(message);
        this.row = row;
    }
    /** Errors from decoding get the row; bugs pass unchanged. */
    static wrap(error, row) {
        if (error instanceof RowDecodeError || !isDecodeError(error))
            return error;
        return new RowDecodeError(row, error.message);
    }
}
/**
 * What went wrong, in words for the user. A property error from inside hyparquet (`Cannot read
 * properties of undefined`) means a structure lacked a required field: say that, not the JavaScript.
 */
function describeCorruption(error) {
    if (error instanceof TypeError)
        return "a required field is missing or has the wrong type";
    if (error instanceof RangeError && /call stack/i.test(error.message))
        return "structures are nested too deeply";
    const message = error instanceof Error ? error.message : String(error);
    return message.replace(/^parquet /, "");
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/scratch.ts
/**
 * Buffers reused from one slice of rows to the next, so that reading a slice allocates records, not
 * buffers. Value arrays come back cleared: a value left from the previous slice must never be read
 * as this one's.
 */
class Scratch {
    arrays = new Map();
    intArrays = new Map();
    slots = new Int32Array(0);
    values(key, count) {
        let array = this.arrays.get(key);
        // Sized up front: writing at scattered indices into an empty array makes it a slow hash table.
        if (!array || array.length < count)
            this.arrays.set(key, (array = new Array(count)));
        return array.fill(undefined, 0, count);
    }
    /** Clears the first `count` entries of every value array, so that what they held can be freed. */
    clearValues(count) {
        for (const array of this.arrays.values())
            array.fill(undefined, 0, count);
    }
    /** An integer buffer of at least `count` entries (its contents are the caller's to set). */
    ints(key, count) {
        let array = this.intArrays.get(key);
        if (!array || array.length < count)
            this.intArrays.set(key, (array = new Int32Array(count)));
        return array;
    }
    /** 0, 1, 2, … (at least `count` of them). */
    identity(count) {
        if (this.slots.length < count) {
            this.slots = new Int32Array(count);
            for (let i = 0; i < count; i++)
                this.slots[i] = i;
        }
        return this.slots;
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/filter.ts
// The early filter of the Parquet reader: which rows are records, and which of those can become an
// event. It runs on every row of the file, so it works on dictionary indices (what the engine's
// low-cardinality envelope columns hold) and decides each distinct combination only once.




const UNDECIDED = -1;
const NOT_A_RECORD = 0;
const IRRELEVANT = 1;
const RELEVANT = 2;
const MAX_TABLE_CELLS = 1 << 20;
/** One per row group: dictionary indices belong to a column chunk. */
class RowFilter {
    cursors;
    relevance;
    /** Rows classified so far that are telemetry records (relevant or not). */
    records = 0;
    /** Decisions by (event, severity, record type) dictionary indices; see classifyByIds. */
    table;
    /** Index buffers reused from slice to slice (idsInto overwrites them). */
    scratch = new Scratch();
    constructor(cursors, relevance) {
        this.cursors = cursors;
        this.relevance = relevance;
    }
    /** 1 for each row of [from, to) that may become an event; counts the records among them. */
    classify(from, to) {
        const flags = new Uint8Array(to - from);
        if (!this.classifyByIds(from, to, flags)) {
            for (let row = from; row < to; row++)
                flags[row - from] = this.classifyRow(row);
        }
        return flags;
    }
    // A row is a record by its record_type and event_type, whatever its trace_id: one that is not a
    // trace id (null too) is left out with a warning when the row is read (RowReader), as in JSONL.
    classifyRow(row) {
        const { recordType, eventType, severity } = this.cursors;
        const type = recordType?.get(row);
        const event = eventType?.get(row);
        if (typeof type !== "string" || typeof event !== "string")
            return 0;
        if (!RECORD_TYPES.has(type))
            return 0;
        this.records++;
        const sev = severity?.get(row);
        return this.relevance.get(type, event, typeof sev === "string" ? sev : "") ? 1 : 0;
    }
    /** The same decision from dictionary indices; false when a page is not dictionary-encoded. */
    classifyByIds(from, to, flags) {
        const { recordType, eventType, severity } = this.cursors;
        if (!recordType || !eventType)
            return false;
        const n = to - from;
        const types = this.scratch.ints(0, n).subarray(0, n);
        const events = this.scratch.ints(2, n).subarray(0, n);
        const severities = this.scratch.ints(3, n).subarray(0, n).fill(-1);
        if (!recordType.idsInto(from, to, types) ||
            !eventType.idsInto(from, to, events) ||
            (severity && !severity.idsInto(from, to, severities))) {
            return false;
        }
        // The three dictionaries hold a handful to a few hundred entries: one table cell per combination.
        const typeCount = recordType.dictionarySize;
        const eventCount = eventType.dictionarySize;
        const severityCount = (severity?.dictionarySize ?? 0) + 1;
        const cells = typeCount * eventCount * severityCount;
        if (cells === 0 || cells > MAX_TABLE_CELLS)
            return false;
        if (!this.table || this.table.length !== cells)
            this.table = new Int8Array(cells).fill(UNDECIDED);
        const table = this.table;
        let records = 0;
        for (let i = 0; i < n; i++) {
            const type = types[i];
            const event = events[i];
            if (type < 0 || event < 0)
                continue;
            const sev = severities[i];
            let code;
            if (type < typeCount && event < eventCount && sev < severityCount - 1) {
                const cell = (event * severityCount + sev + 1) * typeCount + type;
                code = table[cell];
                if (code === UNDECIDED)
                    table[cell] = code = this.decide(type, event, sev);
            }
            else {
                code = this.decide(type, event, sev); // an index past the dictionary: decide() reports it
            }
            if (code !== NOT_A_RECORD)
                records++;
            if (code === RELEVANT)
                flags[i] = 1;
        }
        this.records += records;
        return true;
    }
    decide(typeId, eventId, severityId) {
        const type = this.cursors.recordType.dictionaryValue(typeId);
        const event = this.cursors.eventType.dictionaryValue(eventId);
        const sev = severityId < 0 ? "" : this.cursors.severity.dictionaryValue(severityId);
        if (typeof type !== "string" || typeof event !== "string" || !RECORD_TYPES.has(type))
            return NOT_A_RECORD;
        return this.relevance.get(type, event, typeof sev === "string" ? sev : "") ? RELEVANT : IRRELEVANT;
    }
}
/**
 * `isRelevant`, memoised: the three inputs are dictionary strings with a handful of values.
 *
 * Node span starts are dropped here. The engine writes the Parquet footer only when it shuts down,
 * so a readable file is a finished run whose every node span also has its end — which carries the
 * final attributes. Span starts only matter for telling unfinished nodes of a crashed run, and a
 * crashed run's Parquet cannot be read at all (JSONL keeps them). They are a third of the rows.
 */
class RelevanceCache {
    cache = new Map();
    get(recordType, eventType, severity) {
        let byEvent = this.cache.get(recordType);
        if (!byEvent)
            this.cache.set(recordType, (byEvent = new Map()));
        let bySeverity = byEvent.get(eventType);
        if (!bySeverity)
            byEvent.set(eventType, (bySeverity = new Map()));
        let relevant = bySeverity.get(severity);
        if (relevant === undefined) {
            relevant =
                isRelevant(eventType, recordType, severity) && !(recordType === "SpanStart" && isNodeSpan(eventType));
            bySeverity.set(severity, relevant);
        }
        return relevant;
    }
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/thrift.js
/**
 * @import {DataReader, ThriftObject, ThriftType} from '../src/types.js'
 */

// TCompactProtocol types
const STOP = 0
const TRUE = 1
const FALSE = 2
const BYTE = 3
const I16 = 4
const I32 = 5
const I64 = 6
const DOUBLE = 7
const BINARY = 8
const LIST = 9
const STRUCT = 12

/**
 * Parse TCompactProtocol
 *
 * @param {DataReader} reader
 * @returns {{ [key: `field_${number}`]: any }}
 */
function deserializeTCompactProtocol(reader) {
  /** @type {ThriftObject} */
  const value = {}
  let fid = 0

  while (true) {
    if (reader.offset >= reader.view.byteLength) throw new Error('thrift struct ended without STOP')
    // Parse each field based on its type and add to the result object
    const byte = reader.view.getUint8(reader.offset++)
    const type = byte & 0x0f
    if (type === STOP) break
    const delta = byte >> 4
    fid = delta ? fid + delta : readZigZag(reader)
    value[`field_${fid}`] = readElement(reader, type)
  }

  return value
}

/**
 * Read a single element based on its type
 *
 * @param {DataReader} reader
 * @param {number} type
 * @returns {ThriftType}
 */
function readElement(reader, type) {
  switch (type) {
  case TRUE:
    return true
  case FALSE:
    return false
  case BYTE:
    return reader.view.getInt8(reader.offset++)
  case I16:
  case I32:
    return readZigZag(reader)
  case I64:
    return readZigZagBigInt(reader)
  case DOUBLE: {
    const value = reader.view.getFloat64(reader.offset, true)
    reader.offset += 8
    return value
  }
  case BINARY: {
    const stringLength = readVarInt(reader)
    if (reader.offset + stringLength > reader.view.byteLength) {
      throw new Error(`thrift binary length ${stringLength} exceeds remaining ${reader.view.byteLength - reader.offset} bytes`)
    }
    const strBytes = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, stringLength)
    reader.offset += stringLength
    return strBytes
  }
  case LIST: {
    const byte = reader.view.getUint8(reader.offset++)
    const elemType = byte & 0x0f
    let listSize = byte >> 4
    if (listSize === 15) {
      listSize = readVarInt(reader)
    }
    const boolType = elemType === TRUE || elemType === FALSE
    const values = new Array(listSize)
    for (let i = 0; i < listSize; i++) {
      values[i] = boolType ? readElement(reader, BYTE) === 1 : readElement(reader, elemType)
    }
    return values
  }
  case STRUCT:
    // main function handles struct parsing
    return deserializeTCompactProtocol(reader)
  default:
    // MAP, SET, UUID not used by parquet
    throw new Error(`thrift unhandled type: ${type}`)
  }
}

/**
 * Read varint aka Unsigned LEB128.
 *
 * @param {DataReader} reader
 * @returns {number}
 */
function readVarInt(reader) {
  let result = 0
  let shift = 0
  while (true) {
    // Read groups of 7 low bits until high bit is 0
    const byte = reader.view.getUint8(reader.offset++)
    result |= (byte & 0x7f) << shift
    if (!(byte & 0x80)) {
      return result
    }
    shift += 7
  }
}

/**
 * Read a varint as a bigint.
 *
 * @param {DataReader} reader
 * @returns {bigint}
 */
function readVarBigInt(reader) {
  let result = 0n
  let shift = 0n
  while (true) {
    const byte = reader.view.getUint8(reader.offset++)
    result |= BigInt(byte & 0x7f) << shift
    if (!(byte & 0x80)) {
      return result
    }
    shift += 7n
  }
}

/**
 * Read a zigzag number.
 * Zigzag folds positive and negative numbers into the positive number space.
 *
 * @param {DataReader} reader
 * @returns {number}
 */
function readZigZag(reader) {
  const zigzag = readVarInt(reader)
  return zigzag >>> 1 ^ -(zigzag & 1)
}

/**
 * Read a zigzag bigint.
 *
 * @param {DataReader} reader
 * @returns {bigint}
 */
function readZigZagBigInt(reader) {
  const zigzag = readVarBigInt(reader)
  return zigzag >> 1n ^ -(zigzag & 1n)
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/delta.js
/**
 * @import {DataReader} from '../src/types.js'
 */



/**
 * @param {DataReader} reader
 * @param {number} count number of values to read
 * @param {Int32Array | BigInt64Array} output
 */
function deltaBinaryUnpack(reader, count, output) {
  if (output instanceof Int32Array) {
    deltaBinaryUnpackInt32(reader, count, output)
    return
  }
  const blockSize = readVarInt(reader)
  const miniblockPerBlock = readVarInt(reader)
  readVarInt(reader) // assert(=== count)
  let value = readZigZagBigInt(reader) // first value
  let outputIndex = 0
  output[outputIndex++] = value

  const valuesPerMiniblock = blockSize / miniblockPerBlock

  while (outputIndex < count) {
    // new block
    const minDelta = readZigZagBigInt(reader)
    const bitWidths = new Uint8Array(miniblockPerBlock)
    for (let i = 0; i < miniblockPerBlock; i++) {
      bitWidths[i] = reader.view.getUint8(reader.offset++)
    }

    for (let i = 0; i < miniblockPerBlock && outputIndex < count; i++) {
      // new miniblock
      const bitWidth = bitWidths[i]
      if (bitWidth) {
        // Miniblock data lengths are multiples of four bytes.
        let bitpackPos = 0
        let miniblockCount = valuesPerMiniblock
        const mask = (1n << BigInt(bitWidth)) - 1n
        while (miniblockCount && outputIndex < count) {
          let bits = BigInt(reader.view.getUint32(reader.offset, true) >>> bitpackPos) & mask // TODO: don't re-read value every time
          bitpackPos += bitWidth
          while (bitpackPos >= 32) {
            bitpackPos -= 32
            reader.offset += 4
            if (bitpackPos) {
              bits |= BigInt(reader.view.getUint32(reader.offset, true)) << BigInt(bitWidth - bitpackPos) & mask
            }
          }
          const delta = minDelta + bits
          value += delta
          output[outputIndex++] = value
          miniblockCount--
        }
        if (miniblockCount) {
          // consume leftover miniblock
          reader.offset += Math.ceil((miniblockCount * bitWidth + bitpackPos) / 8)
        }
      } else {
        for (let j = 0; j < valuesPerMiniblock && outputIndex < count; j++) {
          value += minDelta
          output[outputIndex++] = value
        }
      }
    }
  }
}

/**
 * Decode INT32 without BigInt arithmetic in the per-value loop.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @param {Int32Array} output
 */
function deltaBinaryUnpackInt32(reader, count, output) {
  const blockSize = readVarInt(reader)
  const miniblockPerBlock = readVarInt(reader)
  readVarInt(reader)
  let value = readZigZag(reader)
  let outputIndex = 0
  output[outputIndex++] = value
  const valuesPerMiniblock = blockSize / miniblockPerBlock
  const { view } = reader
  while (outputIndex < count) {
    const minDelta = readZigZagInt33(reader)
    const bitWidthsOffset = reader.offset
    let offset = bitWidthsOffset + miniblockPerBlock
    for (let i = 0; i < miniblockPerBlock && outputIndex < count; i++) {
      const bitWidth = view.getUint8(bitWidthsOffset + i)
      const end = offset + valuesPerMiniblock * bitWidth / 8
      let bitOffset = 0
      for (let j = 0; j < valuesPerMiniblock && outputIndex < count; j++) {
        let residual = 0
        let bitsRead = 0
        while (bitsRead < bitWidth) {
          const bitsToRead = Math.min(8 - bitOffset, bitWidth - bitsRead)
          // Residual bits at 32 and above vanish modulo 2^32.
          if (bitsRead < 32) {
            residual |= (view.getUint8(offset) >>> bitOffset & (1 << bitsToRead) - 1) << bitsRead
          }
          bitsRead += bitsToRead
          bitOffset += bitsToRead
          if (bitOffset === 8) {
            bitOffset = 0
            offset++
          }
        }
        // Parquet INT32 delta arithmetic wraps in two's complement.
        value = value + minDelta + residual | 0
        output[outputIndex++] = value
      }
      // Consume the entire padded miniblock, but not unused miniblock bodies.
      offset = end
    }
    reader.offset = offset
  }
}

/**
 * Read a zigzag varint modulo 2^32. INT32 deltas can need 33 bits, which
 * readZigZag truncates, but only the low 32 bits of the decoded value matter.
 * readVarInt keeps the low 32 zigzag bits of a 5-byte varint; bit 32 is bit 4
 * of the fifth byte. Reusing readVarInt keeps the caller's hot loop fast.
 *
 * @param {DataReader} reader
 * @returns {number}
 */
function readZigZagInt33(reader) {
  const start = reader.offset
  const low = readVarInt(reader)
  const high = reader.offset - start === 5 ? reader.view.getUint8(start + 4) >>> 4 & 1 : 0
  return (low >>> 1 | high << 31) ^ -(low & 1)
}

/**
 * @param {DataReader} reader
 * @param {number} count
 * @param {Uint8Array[]} output
 */
function deltaLengthByteArray(reader, count, output) {
  const lengths = new Int32Array(count)
  deltaBinaryUnpack(reader, count, lengths)
  for (let i = 0; i < count; i++) {
    output[i] = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, lengths[i])
    reader.offset += lengths[i]
  }
}

/**
 * @param {DataReader} reader
 * @param {number} count
 * @param {Uint8Array[]} output
 */
function deltaByteArray(reader, count, output) {
  const prefixData = new Int32Array(count)
  deltaBinaryUnpack(reader, count, prefixData)
  const suffixData = new Int32Array(count)
  deltaBinaryUnpack(reader, count, suffixData)

  for (let i = 0; i < count; i++) {
    const suffix = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, suffixData[i])
    if (prefixData[i]) {
      // copy from previous value
      output[i] = new Uint8Array(prefixData[i] + suffixData[i])
      output[i].set(output[i - 1].subarray(0, prefixData[i]))
      output[i].set(suffix, prefixData[i])
    } else {
      output[i] = suffix
    }
    reader.offset += suffixData[i]
  }
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/encoding.js
/**
 * @import {DataReader, DecodedArray, ParquetType} from '../src/types.js'
 */



/**
 * Read values from a run-length encoded/bit-packed hybrid encoding.
 *
 * If length is zero, then read int32 length at the start.
 *
 * @param {DataReader} reader
 * @param {number} width - bitwidth
 * @param {DecodedArray} output
 * @param {number} [length] - length of the encoded data
 */
function readRleBitPackedHybrid(reader, width, output, length) {
  if (length === undefined) {
    length = reader.view.getUint32(reader.offset, true)
    reader.offset += 4
  }
  const startOffset = reader.offset
  let seen = 0
  while (seen < output.length) {
    const header = readVarInt(reader)
    if (header & 1) {
      // bit-packed
      seen = readBitPacked(reader, header, width, output, seen)
    } else {
      // rle
      const count = header >>> 1
      readRle(reader, count, width, output, seen)
      seen += count
    }
  }
  reader.offset = startOffset + length // duckdb writes an empty block
}

/**
 * Run-length encoding: read value with bitWidth and repeat it count times.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @param {number} bitWidth
 * @param {DecodedArray} output
 * @param {number} seen
 */
function readRle(reader, count, bitWidth, output, seen) {
  const width = bitWidth + 7 >> 3
  let value = 0
  for (let i = 0; i < width; i++) {
    value |= reader.view.getUint8(reader.offset++) << (i << 3)
  }
  // assert(value < 1 << bitWidth)

  // repeat value count times
  for (let i = 0; i < count; i++) {
    output[seen + i] = value
  }
}

/**
 * Read a bit-packed run of the rle/bitpack hybrid.
 * Supports width > 8 (crossing bytes).
 *
 * @param {DataReader} reader
 * @param {number} header - bit-pack header
 * @param {number} bitWidth
 * @param {DecodedArray} output
 * @param {number} seen
 * @returns {number} total output values so far
 */
function readBitPacked(reader, header, bitWidth, output, seen) {
  let count = header >> 1 << 3 // values to read
  const mask = (1 << bitWidth) - 1

  let data = 0
  if (reader.offset < reader.view.byteLength) {
    data = reader.view.getUint8(reader.offset++)
  } else if (mask) {
    // sometimes out-of-bounds reads are masked out
    throw new Error(`parquet bitpack offset ${reader.offset} out of range`)
  }
  let left = 8
  let right = 0

  // read values
  while (count) {
    // if we have crossed a byte boundary, shift the data
    if (right > 8) {
      right -= 8
      left -= 8
      data >>>= 8
    } else if (left - right < bitWidth) {
      // if we don't have bitWidth number of bits to read, read next byte
      data |= reader.view.getUint8(reader.offset) << left
      reader.offset++
      left += 8
    } else {
      if (seen < output.length) {
        // emit value
        output[seen++] = data >> right & mask
      }
      count--
      right += bitWidth
    }
  }

  return seen
}

/**
 * @param {DataReader} reader
 * @param {number} count
 * @param {ParquetType} type
 * @param {number | undefined} typeLength
 * @returns {DecodedArray}
 */
function byteStreamSplit(reader, count, type, typeLength) {
  const width = byteWidth(type, typeLength)
  const bytes = new Uint8Array(count * width)
  for (let b = 0; b < width; b++) {
    for (let i = 0; i < count; i++) {
      bytes[i * width + b] = reader.view.getUint8(reader.offset++)
    }
  }
  // interpret bytes as typed array
  if (type === 'FLOAT') return new Float32Array(bytes.buffer)
  else if (type === 'DOUBLE') return new Float64Array(bytes.buffer)
  else if (type === 'INT32') return new Int32Array(bytes.buffer)
  else if (type === 'INT64') return new BigInt64Array(bytes.buffer)
  else if (type === 'FIXED_LEN_BYTE_ARRAY') {
    // split into arrays of typeLength
    const split = new Array(count)
    for (let i = 0; i < count; i++) {
      split[i] = bytes.subarray(i * width, (i + 1) * width)
    }
    return split
  }
  throw new Error(`parquet byte_stream_split unsupported type: ${type}`)
}

/**
 * @param {ParquetType} type
 * @param {number | undefined} typeLength
 * @returns {number}
 */
function byteWidth(type, typeLength) {
  switch (type) {
  case 'INT32':
  case 'FLOAT':
    return 4
  case 'INT64':
  case 'DOUBLE':
    return 8
  case 'FIXED_LEN_BYTE_ARRAY':
    if (!typeLength) throw new Error('parquet byteWidth missing type_length')
    return typeLength
  default:
    throw new Error(`parquet unsupported type: ${type}`)
  }
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/plain.js
/**
 * Read `count` values of the given type from the reader.view.
 *
 * @param {DataReader} reader - buffer to read data from
 * @param {ParquetType} type - parquet type of the data
 * @param {number} count - number of values to read
 * @param {number | undefined} fixedLength - length of each fixed length byte array
 * @returns {DecodedArray} array of values
 */
function plain_readPlain(reader, type, count, fixedLength) {
  if (count === 0) return []
  if (type === 'BOOLEAN') {
    return readPlainBoolean(reader, count)
  } else if (type === 'INT32') {
    return readPlainInt32(reader, count)
  } else if (type === 'INT64') {
    return readPlainInt64(reader, count)
  } else if (type === 'INT96') {
    return readPlainInt96(reader, count)
  } else if (type === 'FLOAT') {
    return readPlainFloat(reader, count)
  } else if (type === 'DOUBLE') {
    return readPlainDouble(reader, count)
  } else if (type === 'BYTE_ARRAY') {
    return readPlainByteArray(reader, count)
  } else if (type === 'FIXED_LEN_BYTE_ARRAY') {
    if (!fixedLength) throw new Error('parquet missing fixed length')
    return readPlainByteArrayFixed(reader, count, fixedLength)
  } else {
    throw new Error(`parquet unhandled type: ${type}`)
  }
}

/**
 * Read `count` boolean values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {boolean[]}
 */
function readPlainBoolean(reader, count) {
  const values = new Array(count)
  for (let i = 0; i < count; i++) {
    const byteOffset = reader.offset + (i / 8 | 0)
    const bitOffset = i % 8
    const byte = reader.view.getUint8(byteOffset)
    values[i] = (byte & 1 << bitOffset) !== 0
  }
  reader.offset += Math.ceil(count / 8)
  return values
}

/**
 * Read `count` int32 values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {Int32Array}
 */
function readPlainInt32(reader, count) {
  const values = (reader.view.byteOffset + reader.offset) % 4
    ? new Int32Array(align(reader.view.buffer, reader.view.byteOffset + reader.offset, count * 4))
    : new Int32Array(reader.view.buffer, reader.view.byteOffset + reader.offset, count)
  reader.offset += count * 4
  return values
}

/**
 * Read `count` int64 values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {BigInt64Array}
 */
function readPlainInt64(reader, count) {
  const values = (reader.view.byteOffset + reader.offset) % 8
    ? new BigInt64Array(align(reader.view.buffer, reader.view.byteOffset + reader.offset, count * 8))
    : new BigInt64Array(reader.view.buffer, reader.view.byteOffset + reader.offset, count)
  reader.offset += count * 8
  return values
}

/**
 * Read `count` int96 values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {bigint[]}
 */
function readPlainInt96(reader, count) {
  const values = new Array(count)
  for (let i = 0; i < count; i++) {
    const low = reader.view.getBigInt64(reader.offset + i * 12, true)
    const high = reader.view.getInt32(reader.offset + i * 12 + 8, true)
    values[i] = BigInt(high) << 64n | low
  }
  reader.offset += count * 12
  return values
}

/**
 * Read `count` float values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {Float32Array}
 */
function readPlainFloat(reader, count) {
  const values = (reader.view.byteOffset + reader.offset) % 4
    ? new Float32Array(align(reader.view.buffer, reader.view.byteOffset + reader.offset, count * 4))
    : new Float32Array(reader.view.buffer, reader.view.byteOffset + reader.offset, count)
  reader.offset += count * 4
  return values
}

/**
 * Read `count` double values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {Float64Array}
 */
function readPlainDouble(reader, count) {
  const values = (reader.view.byteOffset + reader.offset) % 8
    ? new Float64Array(align(reader.view.buffer, reader.view.byteOffset + reader.offset, count * 8))
    : new Float64Array(reader.view.buffer, reader.view.byteOffset + reader.offset, count)
  reader.offset += count * 8
  return values
}

/**
 * Read `count` byte array values.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @returns {Uint8Array[]}
 */
function readPlainByteArray(reader, count) {
  const values = new Array(count)
  for (let i = 0; i < count; i++) {
    const length = reader.view.getUint32(reader.offset, true)
    reader.offset += 4
    values[i] = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, length)
    reader.offset += length
  }
  return values
}

/**
 * Read a fixed length byte array.
 *
 * @param {DataReader} reader
 * @param {number} count
 * @param {number} fixedLength
 * @returns {Uint8Array[]}
 */
function readPlainByteArrayFixed(reader, count, fixedLength) {
  // assert(reader.view.byteLength - reader.offset >= count * fixedLength)
  const values = new Array(count)
  for (let i = 0; i < count; i++) {
    values[i] = new Uint8Array(reader.view.buffer, reader.view.byteOffset + reader.offset, fixedLength)
    reader.offset += fixedLength
  }
  return values
}

/**
 * Create a new buffer with the offset and size.
 *
 * @import {DataReader, DecodedArray, ParquetType} from '../src/types.js'
 * @param {ArrayBufferLike} buffer
 * @param {number} offset
 * @param {number} size
 * @returns {ArrayBuffer}
 */
function align(buffer, offset, size) {
  const aligned = new ArrayBuffer(size)
  new Uint8Array(aligned).set(new Uint8Array(buffer, offset, size))
  return aligned
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/schema.js
/**
 * Build a tree from the schema elements.
 *
 * @param {SchemaElement[]} schema
 * @param {number} rootIndex index of the root element
 * @param {string[]} path path to the element
 * @returns {SchemaTree} tree of schema elements
 */
function schemaTree(schema, rootIndex, path) {
  const element = schema[rootIndex]
  const children = []
  let count = 1

  // Read the specified number of children
  if (element.num_children) {
    while (children.length < element.num_children) {
      const childElement = schema[rootIndex + count]
      const child = schemaTree(schema, rootIndex + count, [...path, childElement.name])
      count += child.count
      children.push(child)
    }
  }

  return { count, element, children, path }
}

/**
 * Get schema elements from the root to the given element name.
 *
 * @param {SchemaElement[]} schema
 * @param {string[]} name path to the element
 * @returns {SchemaTree[]} list of schema elements
 */
function getSchemaPath(schema, name) {
  return getTreePath(schemaTree(schema, 0, []), name)
}

/**
 * Get schema tree nodes from the root of a prebuilt tree to the given element name.
 *
 * @param {SchemaTree} tree root of the schema tree
 * @param {string[]} name path to the element
 * @returns {SchemaTree[]} list of schema elements
 */
function getTreePath(tree, name) {
  const path = [tree]
  for (const part of name) {
    const child = tree.children.find(child => child.element.name === part)
    if (!child) throw new Error(`parquet schema element not found: ${name}`)
    path.push(child)
    tree = child
  }
  return path
}

/**
 * Get all physical (leaf) column names.
 *
 * @param {SchemaTree} schemaTree
 * @returns {string[]} list of physical column names
 */
function getPhysicalColumns(schemaTree) {
  /** @type {string[]} */
  const columns = []
  /** @param {SchemaTree} node */
  function traverse(node) {
    if (node.children.length) {
      for (const child of node.children) {
        traverse(child)
      }
    } else {
      columns.push(node.path.join('.'))
    }
  }
  traverse(schemaTree)
  return columns
}

/**
 * Get the max repetition level for a given schema path.
 *
 * @param {SchemaTree[]} schemaPath
 * @returns {number} max repetition level
 */
function getMaxRepetitionLevel(schemaPath) {
  let maxLevel = 0
  for (const { element } of schemaPath) {
    if (element.repetition_type === 'REPEATED') {
      maxLevel++
    }
  }
  return maxLevel
}

/**
 * Get the max definition level for a given schema path.
 *
 * @param {SchemaTree[]} schemaPath
 * @returns {number} max definition level
 */
function getMaxDefinitionLevel(schemaPath) {
  let maxLevel = 0
  for (const { element } of schemaPath.slice(1)) {
    if (element.repetition_type !== 'REQUIRED') {
      maxLevel++
    }
  }
  return maxLevel
}

/**
 * Check if a column is list-like.
 *
 * @param {SchemaTree} schema
 * @returns {boolean} true if list-like
 */
function isListLike(schema) {
  if (!schema) return false
  if (schema.element.converted_type !== 'LIST') return false
  if (schema.children.length > 1) return false

  const firstChild = schema.children[0]
  if (firstChild.children.length > 1) return false
  if (firstChild.element.repetition_type !== 'REPEATED') return false

  return true
}

/**
 * Check if a column is map-like.
 *
 * @param {SchemaTree} schema
 * @returns {boolean} true if map-like
 */
function isMapLike(schema) {
  if (!schema) return false
  if (schema.element.converted_type !== 'MAP') return false
  if (schema.children.length > 1) return false

  const firstChild = schema.children[0]
  if (firstChild.children.length !== 2) return false
  if (firstChild.element.repetition_type !== 'REPEATED') return false

  const keyChild = firstChild.children.find(child => child.element.name === 'key')
  if (keyChild?.element.repetition_type === 'REPEATED') return false

  const valueChild = firstChild.children.find(child => child.element.name === 'value')
  if (valueChild?.element.repetition_type === 'REPEATED') return false

  return true
}

/**
 * Returns true if a column is non-nested.
 *
 * @param {SchemaTree[]} schemaPath
 * @returns {boolean}
 */
function schema_isFlatColumn(schemaPath) {
  if (schemaPath.length !== 2) return false
  const [, column] = schemaPath
  if (column.element.repetition_type === 'REPEATED') return false
  if (column.children.length) return false
  return true
}

/**
 * @import {SchemaElement, SchemaTree} from '../src/types.js'
 */

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/snappy.js
/**
 * The MIT License (MIT)
 * Copyright (c) 2016 Zhipeng Jia
 * https://github.com/zhipeng-jia/snappyjs
 */

const WORD_MASK = [0, 0xff, 0xffff, 0xffffff, 0xffffffff]

/**
 * Copy bytes from one array to another
 *
 * @param {Uint8Array} fromArray source array
 * @param {number} fromPos source position
 * @param {Uint8Array} toArray destination array
 * @param {number} toPos destination position
 * @param {number} length number of bytes to copy
 */
function copyBytes(fromArray, fromPos, toArray, toPos, length) {
  for (let i = 0; i < length; i++) {
    toArray[toPos + i] = fromArray[fromPos + i]
  }
}

/**
 * Decompress snappy data.
 * Accepts an output buffer to avoid allocating a new buffer for each call.
 *
 * @param {Uint8Array} input compressed data
 * @param {Uint8Array} output output buffer
 */
function snappyUncompress(input, output) {
  const inputLength = input.byteLength
  const outputLength = output.byteLength
  let pos = 0
  let outPos = 0

  // skip preamble (contains uncompressed length as varint)
  while (pos < inputLength) {
    const c = input[pos]
    pos++
    if (c < 128) {
      break
    }
  }
  if (outputLength && pos >= inputLength) {
    throw new Error('invalid snappy length header')
  }

  while (pos < inputLength) {
    const c = input[pos]
    let len = 0
    pos++

    if (pos >= inputLength) {
      throw new Error('missing eof marker')
    }

    // There are two types of elements, literals and copies (back references)
    if ((c & 0x3) === 0) {
      // Literals are uncompressed data stored directly in the byte stream
      let len = (c >>> 2) + 1
      // Longer literal length is encoded in multiple bytes
      if (len > 60) {
        if (pos + 3 >= inputLength) {
          throw new Error('snappy error literal pos + 3 >= inputLength')
        }
        const lengthSize = len - 60 // length bytes - 1
        len = input[pos]
          + (input[pos + 1] << 8)
          + (input[pos + 2] << 16)
          + (input[pos + 3] << 24)
        len = (len & WORD_MASK[lengthSize]) + 1
        pos += lengthSize
      }
      if (pos + len > inputLength) {
        throw new Error('snappy error literal exceeds input length')
      }
      copyBytes(input, pos, output, outPos, len)
      pos += len
      outPos += len
    } else {
      // Copy elements
      let offset = 0 // offset back from current position to read
      switch (c & 0x3) {
      case 1:
        // Copy with 1-byte offset
        len = (c >>> 2 & 0x7) + 4
        offset = input[pos] + (c >>> 5 << 8)
        pos++
        break
      case 2:
        // Copy with 2-byte offset
        if (inputLength <= pos + 1) {
          throw new Error('snappy error end of input')
        }
        len = (c >>> 2) + 1
        offset = input[pos] + (input[pos + 1] << 8)
        pos += 2
        break
      case 3:
        // Copy with 4-byte offset
        if (inputLength <= pos + 3) {
          throw new Error('snappy error end of input')
        }
        len = (c >>> 2) + 1
        offset = input[pos]
          + (input[pos + 1] << 8)
          + (input[pos + 2] << 16)
          + (input[pos + 3] << 24)
        pos += 4
        break
      default:
        break
      }
      if (offset === 0 || isNaN(offset)) {
        throw new Error(`invalid offset ${offset} pos ${pos} inputLength ${inputLength}`)
      }
      if (offset > outPos) {
        throw new Error('cannot copy from before start of buffer')
      }
      copyBytes(output, outPos - offset, output, outPos, len)
      outPos += len
    }
  }

  if (outPos !== outputLength) throw new Error('premature end of input')
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/datapage.js
/**
 * @import {ColumnDecoder, CompressionCodec, Compressors, DataPage, DataPageHeader, DataPageHeaderV2, DataReader, DecodedArray, PageHeader, SchemaTree} from '../src/types.js'
 */







/**
 * Read a data page from uncompressed reader.
 *
 * @param {Uint8Array} bytes raw page data (should already be decompressed)
 * @param {DataPageHeader} daph data page header
 * @param {ColumnDecoder} columnDecoder
 * @returns {DataPage} definition levels, repetition levels, and array of values
 */
function datapage_readDataPage(bytes, daph, { type, element, schemaPath }) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const reader = { view, offset: 0 }
  /** @type {DecodedArray} */
  let dataPage

  // repetition and definition levels
  const repetitionLevels = readRepetitionLevels(reader, daph, schemaPath)
  // assert(!repetitionLevels.length || repetitionLevels.length === daph.num_values)
  const { definitionLevels, numNulls } = readDefinitionLevels(reader, daph, schemaPath)
  // assert(!definitionLevels.length || definitionLevels.length === daph.num_values)

  // read values based on encoding
  const nValues = daph.num_values - numNulls
  if (daph.encoding === 'PLAIN') {
    dataPage = plain_readPlain(reader, type, nValues, element.type_length)
  } else if (
    daph.encoding === 'PLAIN_DICTIONARY' ||
    daph.encoding === 'RLE_DICTIONARY' ||
    daph.encoding === 'RLE'
  ) {
    const bitWidth = type === 'BOOLEAN' ? 1 : view.getUint8(reader.offset++)
    if (bitWidth) {
      dataPage = new Array(nValues)
      if (type === 'BOOLEAN') {
        readRleBitPackedHybrid(reader, bitWidth, dataPage)
        dataPage = dataPage.map(x => !!x) // convert to boolean
      } else {
        // assert(daph.encoding.endsWith('_DICTIONARY'))
        readRleBitPackedHybrid(reader, bitWidth, dataPage, view.byteLength - reader.offset)
      }
    } else {
      dataPage = new Uint8Array(nValues) // nValue zeroes
    }
  } else if (daph.encoding === 'BYTE_STREAM_SPLIT') {
    dataPage = byteStreamSplit(reader, nValues, type, element.type_length)
  } else if (daph.encoding === 'DELTA_BINARY_PACKED') {
    const int32 = type === 'INT32'
    dataPage = int32 ? new Int32Array(nValues) : new BigInt64Array(nValues)
    deltaBinaryUnpack(reader, nValues, dataPage)
  } else if (daph.encoding === 'DELTA_LENGTH_BYTE_ARRAY') {
    dataPage = new Array(nValues)
    deltaLengthByteArray(reader, nValues, dataPage)
  } else if (daph.encoding === 'DELTA_BYTE_ARRAY') {
    dataPage = new Array(nValues)
    deltaByteArray(reader, nValues, dataPage)
  } else {
    throw new Error(`parquet unsupported encoding: ${daph.encoding}`)
  }

  return { definitionLevels, repetitionLevels, dataPage }
}

/**
 * @param {DataReader} reader data view for the page
 * @param {DataPageHeader} daph data page header
 * @param {SchemaTree[]} schemaPath
 * @returns {any[]} repetition levels and number of bytes read
 */
function readRepetitionLevels(reader, daph, schemaPath) {
  if (schemaPath.length > 1) {
    const maxRepetitionLevel = getMaxRepetitionLevel(schemaPath)
    if (maxRepetitionLevel) {
      const values = new Array(daph.num_values)
      readRleBitPackedHybrid(reader, bitWidth(maxRepetitionLevel), values)
      return values
    }
  }
  return []
}

/**
 * @param {DataReader} reader data view for the page
 * @param {DataPageHeader} daph data page header
 * @param {SchemaTree[]} schemaPath
 * @returns {{ definitionLevels: number[], numNulls: number }} definition levels
 */
function readDefinitionLevels(reader, daph, schemaPath) {
  const maxDefinitionLevel = getMaxDefinitionLevel(schemaPath)
  if (!maxDefinitionLevel) return { definitionLevels: [], numNulls: 0 }

  const definitionLevels = new Array(daph.num_values)
  readRleBitPackedHybrid(reader, bitWidth(maxDefinitionLevel), definitionLevels)

  // count nulls
  let numNulls = daph.num_values
  for (const def of definitionLevels) {
    if (def === maxDefinitionLevel) numNulls--
  }
  if (numNulls === 0) definitionLevels.length = 0

  return { definitionLevels, numNulls }
}

/**
 * @param {Uint8Array} compressedBytes
 * @param {number} uncompressed_page_size
 * @param {CompressionCodec} codec
 * @param {Compressors | undefined} compressors
 * @returns {Uint8Array}
 */
function datapage_decompressPage(compressedBytes, uncompressed_page_size, codec, compressors) {
  /** @type {Uint8Array} */
  let page
  const customDecompressor = compressors?.[codec]
  if (codec === 'UNCOMPRESSED') {
    page = compressedBytes
  } else if (customDecompressor) {
    page = customDecompressor(compressedBytes, uncompressed_page_size)
  } else if (codec === 'SNAPPY') {
    page = new Uint8Array(uncompressed_page_size)
    snappyUncompress(compressedBytes, page)
  } else {
    throw new Error(`parquet unsupported compression codec: ${codec}`)
  }
  if (page?.length !== uncompressed_page_size) {
    throw new Error(`parquet decompressed page length ${page?.length} does not match header ${uncompressed_page_size}`)
  }
  return page
}


/**
 * Read a data page from the given Uint8Array.
 *
 * @param {Uint8Array} compressedBytes raw page data
 * @param {PageHeader} ph page header
 * @param {ColumnDecoder} columnDecoder
 * @returns {DataPage} definition levels, repetition levels, and array of values
 */
function datapage_readDataPageV2(compressedBytes, ph, columnDecoder) {
  const view = new DataView(compressedBytes.buffer, compressedBytes.byteOffset, compressedBytes.byteLength)
  const reader = { view, offset: 0 }
  const { type, element, schemaPath, codec, compressors } = columnDecoder
  const daph2 = ph.data_page_header_v2
  if (!daph2) throw new Error('parquet data page header v2 is undefined')

  // repetition levels
  const repetitionLevels = readRepetitionLevelsV2(reader, daph2, schemaPath)
  reader.offset = daph2.repetition_levels_byte_length // readVarInt() => len for boolean v2?

  // definition levels
  const definitionLevels = readDefinitionLevelsV2(reader, daph2, schemaPath)
  // assert(reader.offset === daph2.repetition_levels_byte_length + daph2.definition_levels_byte_length)

  const uncompressedPageSize = ph.uncompressed_page_size - daph2.definition_levels_byte_length - daph2.repetition_levels_byte_length

  let page = compressedBytes.subarray(reader.offset)
  if (daph2.is_compressed !== false) {
    page = datapage_decompressPage(page, uncompressedPageSize, codec, compressors)
  }
  const pageView = new DataView(page.buffer, page.byteOffset, page.byteLength)
  const pageReader = { view: pageView, offset: 0 }

  // read values based on encoding
  /** @type {DecodedArray} */
  let dataPage
  const nValues = daph2.num_values - daph2.num_nulls
  if (daph2.encoding === 'PLAIN') {
    dataPage = plain_readPlain(pageReader, type, nValues, element.type_length)
  } else if (daph2.encoding === 'RLE') {
    // assert(type === 'BOOLEAN')
    dataPage = new Array(nValues)
    readRleBitPackedHybrid(pageReader, 1, dataPage)
    dataPage = dataPage.map(x => !!x)
  } else if (
    daph2.encoding === 'PLAIN_DICTIONARY' ||
    daph2.encoding === 'RLE_DICTIONARY'
  ) {
    const bitWidth = pageView.getUint8(pageReader.offset++)
    dataPage = new Array(nValues)
    readRleBitPackedHybrid(pageReader, bitWidth, dataPage, uncompressedPageSize - 1)
  } else if (daph2.encoding === 'DELTA_BINARY_PACKED') {
    const int32 = type === 'INT32'
    dataPage = int32 ? new Int32Array(nValues) : new BigInt64Array(nValues)
    deltaBinaryUnpack(pageReader, nValues, dataPage)
  } else if (daph2.encoding === 'DELTA_LENGTH_BYTE_ARRAY') {
    dataPage = new Array(nValues)
    deltaLengthByteArray(pageReader, nValues, dataPage)
  } else if (daph2.encoding === 'DELTA_BYTE_ARRAY') {
    dataPage = new Array(nValues)
    deltaByteArray(pageReader, nValues, dataPage)
  } else if (daph2.encoding === 'BYTE_STREAM_SPLIT') {
    dataPage = byteStreamSplit(pageReader, nValues, type, element.type_length)
  } else {
    throw new Error(`parquet unsupported encoding: ${daph2.encoding}`)
  }

  return { definitionLevels, repetitionLevels, dataPage }
}

/**
 * @param {DataReader} reader
 * @param {DataPageHeaderV2} daph2 data page header v2
 * @param {SchemaTree[]} schemaPath
 * @returns {any[]} repetition levels
 */
function readRepetitionLevelsV2(reader, daph2, schemaPath) {
  const maxRepetitionLevel = getMaxRepetitionLevel(schemaPath)
  if (!maxRepetitionLevel) return []

  const values = new Array(daph2.num_values)
  readRleBitPackedHybrid(reader, bitWidth(maxRepetitionLevel), values, daph2.repetition_levels_byte_length)
  return values
}

/**
 * @param {DataReader} reader
 * @param {DataPageHeaderV2} daph2 data page header v2
 * @param {SchemaTree[]} schemaPath
 * @returns {number[] | undefined} definition levels
 */
function readDefinitionLevelsV2(reader, daph2, schemaPath) {
  const maxDefinitionLevel = getMaxDefinitionLevel(schemaPath)
  if (maxDefinitionLevel) {
    // V2 we know the length
    const values = new Array(daph2.num_values)
    readRleBitPackedHybrid(reader, bitWidth(maxDefinitionLevel), values, daph2.definition_levels_byte_length)
    return values
  }
}

/**
 * Minimum bits needed to store value.
 *
 * @param {number} value
 * @returns {number}
 */
function bitWidth(value) {
  return 32 - Math.clz32(value)
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/wkb.js
/**
 * WKB (Well-Known Binary) decoder for geometry objects.
 *
 * @param {DataReader} reader
 * @returns {Geometry} geometry object
 */
function wkbToGeojson(reader) {
  const flags = getFlags(reader)

  if (flags.type === 1) { // Point
    return { type: 'Point', coordinates: readPosition(reader, flags) }
  } else if (flags.type === 2) { // LineString
    return { type: 'LineString', coordinates: readLine(reader, flags) }
  } else if (flags.type === 3) { // Polygon
    return { type: 'Polygon', coordinates: readPolygon(reader, flags) }
  } else if (flags.type === 4) { // MultiPoint
    const points = []
    for (let i = 0; i < flags.count; i++) {
      points.push(readPosition(reader, getFlags(reader)))
    }
    return { type: 'MultiPoint', coordinates: points }
  } else if (flags.type === 5) { // MultiLineString
    const lines = []
    for (let i = 0; i < flags.count; i++) {
      lines.push(readLine(reader, getFlags(reader)))
    }
    return { type: 'MultiLineString', coordinates: lines }
  } else if (flags.type === 6) { // MultiPolygon
    const polygons = []
    for (let i = 0; i < flags.count; i++) {
      polygons.push(readPolygon(reader, getFlags(reader)))
    }
    return { type: 'MultiPolygon', coordinates: polygons }
  } else if (flags.type === 7) { // GeometryCollection
    const geometries = []
    for (let i = 0; i < flags.count; i++) {
      geometries.push(wkbToGeojson(reader))
    }
    return { type: 'GeometryCollection', geometries }
  } else {
    throw new Error(`Unsupported geometry type: ${flags.type}`)
  }
}

/**
 * Extract ISO WKB flags and base geometry type.
 *
 * @param {DataReader} reader
 * @returns {WkbFlags}
 */
function getFlags(reader) {
  const { view } = reader
  const littleEndian = view.getUint8(reader.offset++) === 1
  const rawType = view.getUint32(reader.offset, littleEndian)
  reader.offset += 4

  const type = rawType % 1000
  const flags = Math.floor(rawType / 1000)

  let count = 0
  if (type > 1 && type <= 7) {
    count = view.getUint32(reader.offset, littleEndian)
    reader.offset += 4
  }

  // XY, XYZ, XYM, XYZM
  let dim = 2
  if (flags) dim++
  if (flags === 3) dim++

  return { littleEndian, type, dim, count }
}

/**
 * @param {DataReader} reader
 * @param {WkbFlags} flags
 * @returns {number[]}
 */
function readPosition(reader, flags) {
  const points = []
  for (let i = 0; i < flags.dim; i++) {
    const coord = reader.view.getFloat64(reader.offset, flags.littleEndian)
    reader.offset += 8
    points.push(coord)
  }
  return points
}

/**
 * @param {DataReader} reader
 * @param {WkbFlags} flags
 * @returns {number[][]}
 */
function readLine(reader, flags) {
  const points = []
  for (let i = 0; i < flags.count; i++) {
    points.push(readPosition(reader, flags))
  }
  return points
}

/**
 * @param {DataReader} reader
 * @param {WkbFlags} flags
 * @returns {number[][][]}
 */
function readPolygon(reader, flags) {
  const { view } = reader
  const rings = []
  for (let r = 0; r < flags.count; r++) {
    const count = view.getUint32(reader.offset, flags.littleEndian)
    reader.offset += 4
    rings.push(readLine(reader, { ...flags, count }))
  }
  return rings
}

/**
 * @typedef {object} WkbFlags
 * @property {boolean} littleEndian
 * @property {number} type
 * @property {number} dim
 * @property {number} count
 */

/**
 * @import {DataReader, Geometry} from '../src/types.js'
 */

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/convert.js


/**
 * @import {ColumnDecoder, DecodedArray, Encoding, ParquetParsers} from '../src/types.js'
 */

const decoder = new TextDecoder()

/**
 * Default type parsers when no custom ones are given
 * @type ParquetParsers
 */
const DEFAULT_PARSERS = {
  timestampFromMilliseconds(millis) {
    return new Date(Number(millis))
  },
  timestampFromMicroseconds(micros) {
    return new Date(Number(micros / 1000n))
  },
  timestampFromNanoseconds(nanos) {
    return new Date(Number(nanos / 1000000n))
  },
  dateFromDays(days) {
    return new Date(days * 86400000)
  },
  stringFromBytes(bytes) {
    return bytes && decoder.decode(bytes)
  },
  jsonFromBytes(bytes) {
    return bytes && JSON.parse(decoder.decode(bytes))
  },
  geometryFromBytes(bytes) {
    return bytes && wkbToGeojson({ view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 })
  },
  geographyFromBytes(bytes) {
    return bytes && wkbToGeojson({ view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 })
  },
  uuidFromBytes(bytes) {
    if (!bytes) return undefined
    const hex = Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('')
    return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20, 32)
  },
}

/**
 * Convert known types from primitive to rich, and dereference dictionary.
 *
 * @param {DecodedArray} data series of primitive types
 * @param {DecodedArray | undefined} dictionary
 * @param {Encoding} encoding
 * @param {ColumnDecoder} columnDecoder
 * @returns {DecodedArray} series of rich types
 */
function convert_convertWithDictionary(data, dictionary, encoding, columnDecoder) {
  if (dictionary && encoding.endsWith('_DICTIONARY')) {
    let output = data
    if (data instanceof Uint8Array && !(dictionary instanceof Uint8Array)) {
      // @ts-expect-error upgrade data to match dictionary type with fancy constructor
      output = new dictionary.constructor(data.length)
    }
    for (let i = 0; i < data.length; i++) {
      output[i] = dictionary[data[i]]
    }
    return output
  } else {
    return convert_convert(data, columnDecoder)
  }
}

/**
 * Convert known types from primitive to rich.
 *
 * @param {DecodedArray} data series of primitive types
 * @param {ColumnDecoder} columnDecoder
 * @returns {DecodedArray} series of rich types
 */
function convert_convert(data, columnDecoder) {
  const { element, parsers, utf8 = true, schemaPath } = columnDecoder
  const { type, converted_type: ctype, logical_type: ltype } = element
  const nullable = element.repetition_type !== 'REQUIRED'

  // Skip utf8 conversion for plain BYTE_ARRAY inside VARIANT
  const isVariant = schemaPath?.some(s => s.element.logical_type?.type === 'VARIANT')
  if (isVariant && type === 'BYTE_ARRAY' && ctype !== 'UTF8' && ltype?.type !== 'STRING') {
    return data
  }
  if (ctype === 'DECIMAL') {
    const scale = element.scale || 0
    const factor = 10 ** -scale
    const arr = new Array(data.length)
    for (let i = 0; i < arr.length; i++) {
      if (data[i] instanceof Uint8Array) {
        arr[i] = convert_parseDecimal(data[i]) * factor
      } else {
        arr[i] = Number(data[i]) * factor
      }
    }
    return arr
  }
  if (!ctype && type === 'INT96') {
    return Array.from(data).map(v => parsers.timestampFromNanoseconds(parseInt96Nanos(v)))
  }
  if (ctype === 'DATE') {
    return Array.from(data).map(v => parsers.dateFromDays(v))
  }
  if (ctype === 'TIMESTAMP_MILLIS') {
    return Array.from(data).map(v => parsers.timestampFromMilliseconds(v))
  }
  if (ctype === 'TIMESTAMP_MICROS') {
    return Array.from(data).map(v => parsers.timestampFromMicroseconds(v))
  }
  if (ctype === 'JSON') {
    return data.map(v => parsers.jsonFromBytes(v))
  }
  if (ctype === 'BSON') {
    throw new Error('parquet bson not supported')
  }
  if (ctype === 'INTERVAL') {
    throw new Error('parquet interval not supported')
  }
  if (ltype?.type === 'GEOMETRY') {
    return data.map(v => parsers.geometryFromBytes(v))
  }
  if (ltype?.type === 'GEOGRAPHY') {
    return data.map(v => parsers.geographyFromBytes(v))
  }
  if (ltype?.type === 'UUID') {
    return data.map(v => parsers.uuidFromBytes(v))
  }
  if (ctype === 'UTF8' || ltype?.type === 'STRING' || utf8 && type === 'BYTE_ARRAY') {
    return data.map(v => parsers.stringFromBytes(v))
  }
  if (ctype === 'UINT_64' || ltype?.type === 'INTEGER' && ltype.bitWidth === 64 && !ltype.isSigned) {
    if (data instanceof BigInt64Array) return new BigUint64Array(data.buffer, data.byteOffset, data.length)
    const arr = nullable ? new Array(data.length) : new BigUint64Array(data.length)
    for (let i = 0; i < arr.length; i++) arr[i] = data[i]
    return arr
  }
  if (ctype === 'UINT_32' || ltype?.type === 'INTEGER' && ltype.bitWidth === 32 && !ltype.isSigned) {
    if (data instanceof Int32Array) return new Uint32Array(data.buffer, data.byteOffset, data.length)
    const arr = nullable ? new Array(data.length) : new Uint32Array(data.length)
    for (let i = 0; i < arr.length; i++) {
      arr[i] = data[i] < 0 ? 4294967296 + data[i] : data[i]
    }
    return arr
  }
  if (ltype?.type === 'FLOAT16') {
    return Array.from(data).map(parseFloat16)
  }
  if (ltype?.type === 'TIMESTAMP') {
    const { unit } = ltype
    /** @type {ParquetParsers[keyof ParquetParsers]} */
    let parser = parsers.timestampFromMilliseconds
    if (unit === 'MICROS') parser = parsers.timestampFromMicroseconds
    if (unit === 'NANOS') parser = parsers.timestampFromNanoseconds
    const arr = new Array(data.length)
    for (let i = 0; i < arr.length; i++) {
      arr[i] = parser(data[i])
    }
    return arr
  }
  return data
}

/**
 * @param {Uint8Array} bytes
 * @returns {number}
 */
function convert_parseDecimal(bytes) {
  if (!bytes.length) return 0

  let value = 0n
  for (const byte of bytes) {
    value = value * 256n + BigInt(byte)
  }

  // handle signed
  const bits = bytes.length * 8
  if (value >= 2n ** BigInt(bits - 1)) {
    value -= 2n ** BigInt(bits)
  }

  return Number(value)
}

/**
 * Converts INT96 date format (hi 32bit days, lo 64bit nanos) to nanos since epoch
 * @param {bigint} value
 * @returns {bigint}
 */
function parseInt96Nanos(value) {
  const days = (value >> 64n) - 2440588n
  const nano = value & 0xffffffffffffffffn
  return days * 86400000000000n + nano
}

/**
 * @param {Uint8Array | undefined} bytes
 * @returns {number | undefined}
 */
function parseFloat16(bytes) {
  if (!bytes) return undefined
  const int16 = bytes[1] << 8 | bytes[0]
  const sign = int16 >> 15 ? -1 : 1
  const exp = int16 >> 10 & 0x1f
  const frac = int16 & 0x3ff
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024) // subnormals
  if (exp === 0x1f) return frac ? NaN : sign * Infinity
  return sign * 2 ** (exp - 15) * (1 + frac / 1024)
}

// EXTERNAL MODULE: ./node_modules/hysnappy/js/uncompress.js
var js_uncompress = __nccwpck_require__(7100);
;// CONCATENATED MODULE: ./node_modules/hyparquet/src/constants.js

/** @type {import('../src/types.d.ts').ParquetType[]} */
const ParquetTypes = [
  'BOOLEAN',
  'INT32',
  'INT64',
  'INT96', // deprecated
  'FLOAT',
  'DOUBLE',
  'BYTE_ARRAY',
  'FIXED_LEN_BYTE_ARRAY',
]

/** @type {import('../src/types.d.ts').Encoding[]} */
const Encodings = [
  'PLAIN',
  'GROUP_VAR_INT', // deprecated
  'PLAIN_DICTIONARY',
  'RLE',
  'BIT_PACKED', // deprecated
  'DELTA_BINARY_PACKED',
  'DELTA_LENGTH_BYTE_ARRAY',
  'DELTA_BYTE_ARRAY',
  'RLE_DICTIONARY',
  'BYTE_STREAM_SPLIT',
]

/** @type {import('../src/types.d.ts').FieldRepetitionType[]} */
const FieldRepetitionTypes = [
  'REQUIRED',
  'OPTIONAL',
  'REPEATED',
]

/** @type {import('../src/types.d.ts').ConvertedType[]} */
const ConvertedTypes = [
  'UTF8',
  'MAP',
  'MAP_KEY_VALUE',
  'LIST',
  'ENUM',
  'DECIMAL',
  'DATE',
  'TIME_MILLIS',
  'TIME_MICROS',
  'TIMESTAMP_MILLIS',
  'TIMESTAMP_MICROS',
  'UINT_8',
  'UINT_16',
  'UINT_32',
  'UINT_64',
  'INT_8',
  'INT_16',
  'INT_32',
  'INT_64',
  'JSON',
  'BSON',
  'INTERVAL',
]

/** @type {import('../src/types.d.ts').CompressionCodec[]} */
const CompressionCodecs = [
  'UNCOMPRESSED',
  'SNAPPY',
  'GZIP',
  'LZO',
  'BROTLI',
  'LZ4',
  'ZSTD',
  'LZ4_RAW',
]

/** @type {import('../src/types.d.ts').PageType[]} */
const PageTypes = [
  'DATA_PAGE',
  'INDEX_PAGE',
  'DICTIONARY_PAGE',
  'DATA_PAGE_V2',
]

/** @type {import('../src/types.d.ts').BoundaryOrder[]} */
const BoundaryOrders = (/* unused pure expression or super */ null && ([
  'UNORDERED',
  'ASCENDING',
  'DESCENDING',
]))

/** @type {import('../src/types.d.ts').EdgeInterpolationAlgorithm[]} */
const EdgeInterpolationAlgorithms = [
  'SPHERICAL',
  'VINCENTY',
  'THOMAS',
  'ANDOYER',
  'KARNEY',
]

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/geoparquet.js
/**
 * @param {SchemaElement[]} schema
 * @param {KeyValue[] | undefined} key_value_metadata
 * @returns {void}
 */
function markGeoColumns(schema, key_value_metadata) {
  // Prepare the list of GeoParquet columns
  /** @type {Map<string, LogicalType>} */
  const columns = new Map()
  const geo = key_value_metadata?.find(({ key }) => key === 'geo')?.value
  const decodedColumns = (geo && JSON.parse(geo)?.columns) ?? {}
  for (const [name, column] of Object.entries(decodedColumns)) {
    if (column.encoding !== 'WKB') continue

    const type = column.edges === 'spherical' ? 'GEOGRAPHY' : 'GEOMETRY'
    const id = column.crs?.id ?? column.crs?.ids?.[0]
    const crs = id ? `${id.authority}:${id.code.toString()}` : undefined
    // Note: we can't infer GEOGRAPHY's algorithm from GeoParquet
    columns.set(name, { type, crs })
  }

  // Mark schema elements with logical type
  // Only look at root-level columns of type BYTE_ARRAY without existing logical_type
  for (let i = 1; i < schema.length; i++) { // skip root
    const { logical_type, name, num_children, type } = schema[i]
    if (num_children) {
      i += num_children
      continue // skip the element and its children
    }
    if (type === 'BYTE_ARRAY' && !logical_type) {
      schema[i].logical_type = columns.get(name)
    }
  }
}

/**
 * @import {KeyValue, LogicalType, SchemaElement} from '../src/types.js'
 */

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/metadata.js






/**
 * @import {AsyncBuffer, FileMetaData, KeyValue, LogicalType, MetadataOptions, MinMaxType, ParquetParsers, SchemaElement, SchemaTree, Statistics, TimeUnit} from '../src/types.js'
 */

const defaultInitialFetchSize = (/* unused pure expression or super */ null && (1 << 19)) // 512kb

const metadata_decoder = new TextDecoder()
function decode(/** @type {Uint8Array} */ value) {
  return value && metadata_decoder.decode(value)
}

/**
 * Read parquet metadata from an async buffer.
 *
 * An AsyncBuffer is like an ArrayBuffer, but the slices are loaded
 * asynchronously, possibly over the network.
 *
 * You must provide the byteLength of the buffer, typically from a HEAD request.
 *
 * In theory, you could use suffix-range requests to fetch the end of the file,
 * and save a round trip. But in practice, this doesn't work because chrome
 * deems suffix-range requests as a not-safe-listed header, and will require
 * a pre-flight. So the byteLength is required.
 *
 * To make this efficient, we initially request the last 512kb of the file,
 * which is likely to contain the metadata. If the metadata length exceeds the
 * initial fetch, 512kb, we request the rest of the metadata from the AsyncBuffer.
 *
 * This ensures that we either make one 512kb initial request for the metadata,
 * or a second request for up to the metadata size.
 *
 * @param {AsyncBuffer} asyncBuffer parquet file contents
 * @param {MetadataOptions & { initialFetchSize?: number }} options initial fetch size in bytes (default 512kb)
 * @returns {Promise<FileMetaData>} parquet metadata object
 */
async function parquetMetadataAsync(asyncBuffer, { parsers, initialFetchSize = defaultInitialFetchSize, geoparquet = true } = {}) {
  if (!asyncBuffer || !(asyncBuffer.byteLength >= 0)) throw new Error('parquet expected AsyncBuffer')

  // fetch last bytes (footer) of the file
  const footerOffset = Math.max(0, asyncBuffer.byteLength - initialFetchSize)
  const footerBuffer = await asyncBuffer.slice(footerOffset, asyncBuffer.byteLength)

  // Check for parquet magic number "PAR1"
  const footerView = new DataView(footerBuffer)
  if (footerView.getUint32(footerBuffer.byteLength - 4, true) !== 0x31524150) {
    throw new Error('parquet file invalid (footer != PAR1)')
  }

  // Parquet files store metadata at the end of the file
  // Metadata length is 4 bytes before the last PAR1
  const metadataLength = footerView.getUint32(footerBuffer.byteLength - 8, true)
  if (metadataLength > asyncBuffer.byteLength - 8) {
    throw new Error(`parquet metadata length ${metadataLength} exceeds available buffer ${asyncBuffer.byteLength - 8}`)
  }

  // check if metadata size fits inside the initial fetch
  if (metadataLength + 8 > initialFetchSize) {
    // fetch the rest of the metadata
    const metadataOffset = asyncBuffer.byteLength - metadataLength - 8
    const metadataBuffer = await asyncBuffer.slice(metadataOffset, footerOffset)
    // combine initial fetch with the new slice
    const combinedBuffer = new ArrayBuffer(metadataLength + 8)
    const combinedView = new Uint8Array(combinedBuffer)
    combinedView.set(new Uint8Array(metadataBuffer))
    combinedView.set(new Uint8Array(footerBuffer), footerOffset - metadataOffset)
    return parquetMetadata(combinedBuffer, { parsers, geoparquet })
  } else {
    // parse metadata from the footer
    return parquetMetadata(footerBuffer, { parsers, geoparquet })
  }
}

/**
 * Read parquet metadata from a buffer synchronously.
 *
 * @param {ArrayBuffer | Uint8Array} arrayBuffer parquet file footer
 * @param {MetadataOptions} options metadata parsing options
 * @returns {FileMetaData} parquet metadata object
 */
function parquetMetadata(arrayBuffer, { parsers, geoparquet = true } = {}) {
  let view
  if (arrayBuffer instanceof ArrayBuffer) {
    view = new DataView(arrayBuffer)
  } else if (arrayBuffer instanceof Uint8Array) {
    view = new DataView(arrayBuffer.buffer, arrayBuffer.byteOffset, arrayBuffer.byteLength)
  } else {
    throw new Error('parquet expected ArrayBuffer or Uint8Array')
  }

  // Use default parsers if not given
  const allParsers = { ...DEFAULT_PARSERS, ...parsers }

  // Validate footer magic number "PAR1"
  if (view.byteLength < 8) {
    throw new Error('parquet file is too short')
  }
  if (view.getUint32(view.byteLength - 4, true) !== 0x31524150) {
    throw new Error('parquet file invalid (footer != PAR1)')
  }

  // Parquet files store metadata at the end of the file
  // Metadata length is 4 bytes before the last PAR1
  const metadataLengthOffset = view.byteLength - 8
  const metadataLength = view.getUint32(metadataLengthOffset, true)
  if (metadataLength > view.byteLength - 8) {
    // {metadata}, metadata_length, PAR1
    throw new Error(`parquet metadata length ${metadataLength} exceeds available buffer ${view.byteLength - 8}`)
  }

  const metadataOffset = metadataLengthOffset - metadataLength
  const reader = { view, offset: metadataOffset }
  const metadata = deserializeTCompactProtocol(reader)

  // Parse metadata from thrift data
  const version = metadata.field_1
  /** @type {SchemaElement[]} */
  const schema = metadata.field_2.map((/** @type {any} */ field) => ({
    type: ParquetTypes[field.field_1],
    type_length: field.field_2,
    repetition_type: FieldRepetitionTypes[field.field_3],
    name: decode(field.field_4),
    num_children: field.field_5,
    converted_type: ConvertedTypes[field.field_6],
    scale: field.field_7,
    precision: field.field_8,
    field_id: field.field_9,
    logical_type: logicalType(field.field_10),
  }))
  // schema element per column index
  const columnSchema = schema.filter(e => e.type)
  const num_rows = metadata.field_3
  const row_groups = metadata.field_4.map((/** @type {any} */ rowGroup) => ({
    columns: rowGroup.field_1.map((/** @type {any} */ column, /** @type {number} */ columnIndex) => ({
      file_path: decode(column.field_1),
      file_offset: column.field_2,
      meta_data: column.field_3 && {
        type: ParquetTypes[column.field_3.field_1],
        encodings: column.field_3.field_2?.map((/** @type {number} */ e) => Encodings[e]),
        path_in_schema: column.field_3.field_3.map(decode),
        codec: CompressionCodecs[column.field_3.field_4],
        num_values: column.field_3.field_5,
        total_uncompressed_size: column.field_3.field_6,
        total_compressed_size: column.field_3.field_7,
        key_value_metadata: column.field_3.field_8?.map((/** @type {any} */ kv) => ({
          key: decode(kv.field_1),
          value: decode(kv.field_2),
        })),
        data_page_offset: column.field_3.field_9,
        index_page_offset: column.field_3.field_10,
        dictionary_page_offset: column.field_3.field_11,
        statistics: convertStats(column.field_3.field_12, columnSchema[columnIndex], allParsers),
        encoding_stats: column.field_3.field_13?.map((/** @type {any} */ encodingStat) => ({
          page_type: PageTypes[encodingStat.field_1],
          encoding: Encodings[encodingStat.field_2],
          count: encodingStat.field_3,
        })),
        bloom_filter_offset: column.field_3.field_14,
        bloom_filter_length: column.field_3.field_15,
        size_statistics: column.field_3.field_16 && {
          unencoded_byte_array_data_bytes: column.field_3.field_16.field_1,
          repetition_level_histogram: column.field_3.field_16.field_2,
          definition_level_histogram: column.field_3.field_16.field_3,
        },
        geospatial_statistics: column.field_3.field_17 && {
          bbox: column.field_3.field_17.field_1 && {
            xmin: column.field_3.field_17.field_1.field_1,
            xmax: column.field_3.field_17.field_1.field_2,
            ymin: column.field_3.field_17.field_1.field_3,
            ymax: column.field_3.field_17.field_1.field_4,
            zmin: column.field_3.field_17.field_1.field_5,
            zmax: column.field_3.field_17.field_1.field_6,
            mmin: column.field_3.field_17.field_1.field_7,
            mmax: column.field_3.field_17.field_1.field_8,
          },
          geospatial_types: column.field_3.field_17.field_2,
        },
      },
      offset_index_offset: column.field_4,
      offset_index_length: column.field_5,
      column_index_offset: column.field_6,
      column_index_length: column.field_7,
      crypto_metadata: column.field_8,
      encrypted_column_metadata: column.field_9,
    })),
    total_byte_size: rowGroup.field_2,
    num_rows: rowGroup.field_3,
    sorting_columns: rowGroup.field_4?.map((/** @type {any} */ sortingColumn) => ({
      column_idx: sortingColumn.field_1,
      descending: sortingColumn.field_2,
      nulls_first: sortingColumn.field_3,
    })),
    file_offset: rowGroup.field_5,
    total_compressed_size: rowGroup.field_6,
    ordinal: rowGroup.field_7,
  }))
  /** @type {KeyValue[] | undefined} */
  const key_value_metadata = metadata.field_5?.map((/** @type {any} */ kv) => ({
    key: decode(kv.field_1),
    value: decode(kv.field_2),
  }))
  const created_by = decode(metadata.field_6)

  if (geoparquet) {
    markGeoColumns(schema, key_value_metadata)
  }

  return {
    version,
    schema,
    num_rows,
    row_groups,
    key_value_metadata,
    created_by,
    metadata_length: metadataLength,
  }
}

/**
 * Return a tree of schema elements from parquet metadata.
 *
 * @param {{schema: SchemaElement[]}} metadata parquet metadata object
 * @returns {SchemaTree} tree of schema elements
 */
function parquetSchema({ schema }) {
  return getSchemaPath(schema, [])[0]
}

/**
 * @param {any} logicalType
 * @returns {LogicalType | undefined}
 */
function logicalType(logicalType) {
  if (logicalType?.field_1) return { type: 'STRING' }
  if (logicalType?.field_2) return { type: 'MAP' }
  if (logicalType?.field_3) return { type: 'LIST' }
  if (logicalType?.field_4) return { type: 'ENUM' }
  if (logicalType?.field_5) return {
    type: 'DECIMAL',
    scale: logicalType.field_5.field_1,
    precision: logicalType.field_5.field_2,
  }
  if (logicalType?.field_6) return { type: 'DATE' }
  if (logicalType?.field_7) return {
    type: 'TIME',
    isAdjustedToUTC: logicalType.field_7.field_1,
    unit: timeUnit(logicalType.field_7.field_2),
  }
  if (logicalType?.field_8) return {
    type: 'TIMESTAMP',
    isAdjustedToUTC: logicalType.field_8.field_1,
    unit: timeUnit(logicalType.field_8.field_2),
  }
  if (logicalType?.field_10) return {
    type: 'INTEGER',
    bitWidth: logicalType.field_10.field_1,
    isSigned: logicalType.field_10.field_2,
  }
  if (logicalType?.field_11) return { type: 'NULL' }
  if (logicalType?.field_12) return { type: 'JSON' }
  if (logicalType?.field_13) return { type: 'BSON' }
  if (logicalType?.field_14) return { type: 'UUID' }
  if (logicalType?.field_15) return { type: 'FLOAT16' }
  if (logicalType?.field_16) return {
    type: 'VARIANT',
    specification_version: logicalType.field_16.field_1,
  }
  if (logicalType?.field_17) return {
    type: 'GEOMETRY',
    crs: decode(logicalType.field_17.field_1),
  }
  if (logicalType?.field_18) return {
    type: 'GEOGRAPHY',
    crs: decode(logicalType.field_18.field_1),
    algorithm: EdgeInterpolationAlgorithms[logicalType.field_18.field_2],
  }
  return logicalType
}

/**
 * @param {any} unit
 * @returns {TimeUnit}
 */
function timeUnit(unit) {
  if (unit.field_1) return 'MILLIS'
  if (unit.field_2) return 'MICROS'
  if (unit.field_3) return 'NANOS'
  throw new Error('parquet time unit required')
}

/**
 * Convert column statistics based on column type.
 *
 * @param {any} stats
 * @param {SchemaElement} schema
 * @param {ParquetParsers} parsers
 * @returns {Statistics}
 */
function convertStats(stats, schema, parsers) {
  return stats && {
    max: convertMetadata(stats.field_1, schema, parsers),
    min: convertMetadata(stats.field_2, schema, parsers),
    null_count: stats.field_3,
    distinct_count: stats.field_4,
    max_value: convertMetadata(stats.field_5, schema, parsers),
    min_value: convertMetadata(stats.field_6, schema, parsers),
    is_max_value_exact: stats.field_7,
    is_min_value_exact: stats.field_8,
  }
}

/**
 * @param {Uint8Array | undefined} value
 * @param {SchemaElement} schema
 * @param {ParquetParsers} parsers
 * @returns {MinMaxType | undefined}
 */
function convertMetadata(value, schema, parsers) {
  const { type, converted_type, logical_type } = schema
  if (value === undefined) return value
  if (type === 'BOOLEAN') return value[0] === 1
  if (type === 'BYTE_ARRAY') return parsers.stringFromBytes(value)
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength)
  if (type === 'FLOAT' && view.byteLength === 4) return view.getFloat32(0, true)
  if (type === 'DOUBLE' && view.byteLength === 8) return view.getFloat64(0, true)
  if (type === 'INT32' && converted_type === 'DECIMAL' && view.byteLength === 4) {
    return view.getInt32(0, true) * 10 ** -(schema.scale || 0)
  }
  if (type === 'INT64' && converted_type === 'DECIMAL' && view.byteLength === 8) {
    return Number(view.getBigInt64(0, true)) * 10 ** -(schema.scale || 0)
  }
  if (type === 'INT32' && converted_type === 'DATE') return parsers.dateFromDays(view.getInt32(0, true))
  if (type === 'INT64' && converted_type === 'TIMESTAMP_MILLIS') return parsers.timestampFromMilliseconds(view.getBigInt64(0, true))
  if (type === 'INT64' && converted_type === 'TIMESTAMP_MICROS') return parsers.timestampFromMicroseconds(view.getBigInt64(0, true))
  if (type === 'INT64' && logical_type?.type === 'TIMESTAMP' && logical_type?.unit === 'NANOS') return parsers.timestampFromNanoseconds(view.getBigInt64(0, true))
  if (type === 'INT64' && logical_type?.type === 'TIMESTAMP' && logical_type?.unit === 'MICROS') return parsers.timestampFromMicroseconds(view.getBigInt64(0, true))
  if (type === 'INT64' && logical_type?.type === 'TIMESTAMP') return parsers.timestampFromMilliseconds(view.getBigInt64(0, true))
  const unsigned = converted_type?.startsWith('UINT_') ||
    logical_type?.type === 'INTEGER' && !logical_type.isSigned
  if (type === 'INT32' && unsigned && view.byteLength === 4) return view.getUint32(0, true)
  if (type === 'INT64' && unsigned && view.byteLength === 8) return view.getBigUint64(0, true)
  if (type === 'INT32' && view.byteLength === 4) return view.getInt32(0, true)
  if (type === 'INT64' && view.byteLength === 8) return view.getBigInt64(0, true)
  if (converted_type === 'DECIMAL') return convert_parseDecimal(value) * 10 ** -(schema.scale || 0)
  if (logical_type?.type === 'FLOAT16') return parseFloat16(value)
  if (logical_type?.type === 'UUID') return parsers.uuidFromBytes(value)
  if (type === 'FIXED_LEN_BYTE_ARRAY') return value
  // assert(false)
  return value
}

;// CONCATENATED MODULE: ./node_modules/hyparquet/src/column.js
/**
 * @import {ColumnDecoder, DataReader, DecodedArray, PageHeader, PageResult, RowGroupSelect, Statistics, SubColumnData} from '../src/types.js'
 */









/**
 * Parse column data from a buffer.
 *
 * @param {DataReader} reader
 * @param {RowGroupSelect} rowGroupSelect row group selection
 * @param {ColumnDecoder} columnDecoder column decoder params
 * @param {(chunk: SubColumnData) => void} [onPage] callback for each page
 * @returns {{ data: DecodedArray[], skipped: number }}
 */
function readColumn(reader, { groupStart, selectStart, selectEnd }, columnDecoder, onPage) {
  const { pathInSchema, schemaPath } = columnDecoder
  const isFlat = isFlatColumn(schemaPath)
  /** @type {DecodedArray[]} */
  const chunks = []
  /** @type {DecodedArray | undefined} */
  let dictionary = undefined
  /** @type {DecodedArray | undefined} */
  let lastChunk = undefined
  let rowCount = 0
  let skipped = 0

  const emitLastChunk = onPage && (() => {
    lastChunk && onPage({
      pathInSchema,
      columnData: lastChunk,
      rowStart: groupStart + rowCount - lastChunk.length,
      rowEnd: groupStart + rowCount,
    })
  })

  while (isFlat ? rowCount < selectEnd : reader.offset < reader.view.byteLength - 1) {
    if (reader.offset >= reader.view.byteLength - 1) break // end of reader

    // read page header
    const header = parquetHeader(reader)
    if (header.type === 'DICTIONARY_PAGE') {
      const { data } = readPage(reader, header, columnDecoder, dictionary, undefined, 0)
      if (data) dictionary = convert(data, columnDecoder)
    } else {
      const lastChunkLength = lastChunk?.length || 0
      const result = readPage(reader, header, columnDecoder, dictionary, lastChunk, selectStart - rowCount)
      if (result.skipped) {
        // skipped page - just advance row count, don't add to chunks
        if (!chunks.length) {
          skipped += result.skipped
        }
        rowCount += result.skipped
      } else if (result.data && lastChunk === result.data) {
        // continued from previous page
        rowCount += result.data.length - lastChunkLength
      } else if (result.data && result.data.length) {
        emitLastChunk?.()
        chunks.push(result.data)
        rowCount += result.data.length
        lastChunk = result.data
      }
    }
  }
  emitLastChunk?.()

  return { data: chunks, skipped }
}

/**
 * Read a page (data or dictionary) from a buffer.
 *
 * @param {DataReader} reader
 * @param {PageHeader} header
 * @param {ColumnDecoder} columnDecoder
 * @param {DecodedArray | undefined} dictionary
 * @param {DecodedArray | undefined} previousChunk
 * @param {number} pageStart skip this many rows in the page
 * @returns {PageResult}
 */
function readPage(reader, header, columnDecoder, dictionary, previousChunk, pageStart) {
  const { type, element, schemaPath, codec, compressors } = columnDecoder
  // read compressed_page_size bytes
  const compressedBytes = new Uint8Array(
    reader.view.buffer, reader.view.byteOffset + reader.offset, header.compressed_page_size
  )
  reader.offset += header.compressed_page_size

  // parse page data by type
  if (header.type === 'DATA_PAGE') {
    const daph = header.data_page_header
    if (!daph) throw new Error('parquet data page header is undefined')

    // skip unnecessary non-nested pages
    if (pageStart > daph.num_values && isFlatColumn(schemaPath)) {
      return { skipped: daph.num_values }
    }

    const page = decompressPage(compressedBytes, Number(header.uncompressed_page_size), codec, compressors)
    const { definitionLevels, repetitionLevels, dataPage } = readDataPage(page, daph, columnDecoder)
    // assert(!daph.statistics?.null_count || daph.statistics.null_count === BigInt(daph.num_values - dataPage.length))

    // convert types, dereference dictionary, and assemble lists
    const values = convertWithDictionary(dataPage, dictionary, daph.encoding, columnDecoder)
    const output = Array.isArray(previousChunk) ? previousChunk : []
    const assembled = assembleLists(output, definitionLevels, repetitionLevels, values, schemaPath)
    return { skipped: 0, data: assembled }
  } else if (header.type === 'DATA_PAGE_V2') {
    const daph2 = header.data_page_header_v2
    if (!daph2) throw new Error('parquet data page header v2 is undefined')

    // skip unnecessary pages
    if (pageStart > daph2.num_rows) {
      return { skipped: daph2.num_rows }
    }

    const { definitionLevels, repetitionLevels, dataPage } =
      readDataPageV2(compressedBytes, header, columnDecoder)

    // convert types, dereference dictionary, and assemble lists
    const values = convertWithDictionary(dataPage, dictionary, daph2.encoding, columnDecoder)
    const output = Array.isArray(previousChunk) ? previousChunk : []
    const assembled = assembleLists(output, definitionLevels, repetitionLevels, values, schemaPath)
    return { skipped: 0, data: assembled }
  } else if (header.type === 'DICTIONARY_PAGE') {
    const diph = header.dictionary_page_header
    if (!diph) throw new Error('parquet dictionary page header is undefined')

    const page = decompressPage(
      compressedBytes, Number(header.uncompressed_page_size), codec, compressors
    )

    const reader = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 }
    const dictArray = readPlain(reader, type, diph.num_values, element.type_length)
    return { skipped: 0, data: dictArray }
  } else {
    throw new Error(`parquet unsupported page type: ${header.type}`)
  }
}

/**
 * Read a page header from a buffer, leaving the reader at the start of the page data.
 *
 * @param {DataReader} reader
 * @returns {PageHeader}
 */
function parquetHeader(reader) {
  const header = deserializeTCompactProtocol(reader)

  // Parse parquet header from thrift data
  const type = PageTypes[header.field_1]
  const uncompressed_page_size = header.field_2
  const compressed_page_size = header.field_3
  const crc = header.field_4
  const data_page_header = header.field_5 && {
    num_values: header.field_5.field_1,
    encoding: Encodings[header.field_5.field_2],
    definition_level_encoding: Encodings[header.field_5.field_3],
    repetition_level_encoding: Encodings[header.field_5.field_4],
    statistics: pageStatistics(header.field_5.field_5),
  }
  const index_page_header = header.field_6
  const dictionary_page_header = header.field_7 && {
    num_values: header.field_7.field_1,
    encoding: Encodings[header.field_7.field_2],
    is_sorted: header.field_7.field_3,
  }
  const data_page_header_v2 = header.field_8 && {
    num_values: header.field_8.field_1,
    num_nulls: header.field_8.field_2,
    num_rows: header.field_8.field_3,
    encoding: Encodings[header.field_8.field_4],
    definition_levels_byte_length: header.field_8.field_5,
    repetition_levels_byte_length: header.field_8.field_6,
    is_compressed: header.field_8.field_7 === undefined ? true : header.field_8.field_7, // default true
    statistics: pageStatistics(header.field_8.field_8),
  }

  return {
    type,
    uncompressed_page_size,
    compressed_page_size,
    crc,
    data_page_header,
    index_page_header,
    dictionary_page_header,
    data_page_header_v2,
  }
}

/**
 * @param {any} stats thrift Statistics struct
 * @returns {Statistics | undefined}
 */
function pageStatistics(stats) {
  return stats && {
    max: stats.field_1,
    min: stats.field_2,
    null_count: stats.field_3,
    distinct_count: stats.field_4,
    max_value: stats.field_5,
    min_value: stats.field_6,
    is_max_value_exact: stats.field_7,
    is_min_value_exact: stats.field_8,
  }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/hyparquet.ts
// The one module that imports hyparquet's internals (`hyparquet/src/*.js`). Those paths are exported,
// but they are not the package's documented API and no semver promise covers them (1.17.4 changed
// readDataPage's signature). So: hyparquet is pinned to an exact version in package.json, everything
// below is typed with hyparquet's own declarations (no casts), and
// test/telemetry/hyparquet-contract.test.ts runs each function on small known inputs, so an upgrade
// that changes one fails there, loudly, before any telemetry is misread.









/** A column's decoder settings, with the decompressors `decompressorsFor` chose for its file. */
function columnDecoder(meta, schemaPath, compressors) {
    return {
        type: meta.type,
        element: schemaPath[schemaPath.length - 1].element,
        schemaPath,
        codec: meta.codec,
        compressors,
        pathInSchema: meta.path_in_schema,
        // Not used by the page decoders (values are converted by value-convert.ts), but part of the type.
        parsers: DEFAULT_PARSERS,
    };
}
/**
 * Decompresses a Snappy page into `output`, which must be exactly the page's uncompressed size: a
 * stream that says another size is an error, so every byte of `output` is written.
 */
function snappyInto(input, output) {
    const said = snappyLength(input);
    if (said !== output.byteLength) {
        throw new Error(`parquet snappy page holds ${said ?? "an unreadable number of"} bytes where its header says ${output.byteLength}`);
    }
    (snappy ??= loadSnappy()).decompress(input, output);
}
/** The uncompressed length a Snappy stream starts with (a varint of at most 32 bits), or null. */
function snappyLength(input) {
    let length = 0;
    for (let i = 0; i < 5 && i < input.byteLength; i++) {
        const byte = input[i];
        length += (byte & 0x7f) * 2 ** (7 * i);
        if (byte < 0x80)
            return length <= 0xffffffff ? length : null;
    }
    return null;
}
let snappy;
/**
 * hysnappy's WebAssembly decompressor, called so that the page lands in `output`. hysnappy's own
 * function returns every page in a new buffer: fresh memory, faulted in page by page, which cost
 * several times the decompression itself (buffers.ts). Its instance is not exported, so it is caught
 * as hysnappy makes it. Should that ever fail (another hysnappy), its own function is used and the
 * page copied: the same bytes, slower.
 */
function loadSnappy() {
    const exports = catchInstance(js_uncompress/* snappyUncompressor */.o);
    if (!exports) {
        const uncompress = (0,js_uncompress/* snappyUncompressor */.o)();
        return {
            decompress: (input, output) => output.set(uncompress(input, output.byteLength)),
            inPlace: false,
        };
    }
    // Where hysnappy puts the input in its memory: below it, the module's own data and stack.
    const INPUT_AT = 68_000;
    const decompress = (input, output) => {
        const outputAt = INPUT_AT + input.byteLength;
        const needed = outputAt + output.byteLength;
        const { memory } = exports;
        if (memory.buffer.byteLength < needed)
            memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
        const heap = new Uint8Array(memory.buffer);
        heap.set(input, INPUT_AT);
        const result = exports.uncompress(INPUT_AT, input.byteLength, outputAt);
        if (result !== 0)
            throw new Error(`parquet snappy page is corrupt (hysnappy code ${result})`);
        output.set(heap.subarray(outputAt, needed));
    };
    return { decompress, inPlace: true };
}
/** The exports of the WebAssembly instance `make` creates, when they look like hysnappy's; else null. */
function catchInstance(make) {
    const wasm = globalThis.WebAssembly;
    const Instance = wasm.Instance;
    let made;
    wasm.Instance = new Proxy(Instance, {
        construct(target, args) {
            return (made = new target(...args));
        },
    });
    try {
        make();
    }
    finally {
        wasm.Instance = Instance;
    }
    const exports = made?.exports;
    return exports?.memory instanceof wasm.Memory && typeof exports.uncompress === "function"
        ? exports
        : null;
}
/** Snappy from hysnappy's WebAssembly (several times faster than hyparquet's own JavaScript), made on first use. */
let snappyOnly;
const SNAPPY_OR_NONE = new Set(["SNAPPY", "UNCOMPRESSED"]);
/**
 * The decompressors a file's column chunks need. The engine writes Snappy on every column; the other
 * codecs (gzip, Brotli, zstd, LZ4: hyparquet-compressors) take ~7 ms to load, so they are a chunk
 * loaded only for a file that names one. Uncompressed pages need none.
 */
async function decompressorsFor(metadata) {
    const plain = metadata.row_groups.every((group) => group.columns.every(({ meta_data }) => !meta_data || SNAPPY_OR_NONE.has(meta_data.codec)));
    if (plain)
        return (snappyOnly ??= { SNAPPY: (0,js_uncompress/* snappyUncompressor */.o)() });
    const { compressors } = await __nccwpck_require__.e(/* import() */ 418).then(__nccwpck_require__.bind(__nccwpck_require__, 3418));
    // A page of no bytes needs no codec. hyparquet-compressors 1.1.2 rejects the empty LZ4 block
    // ("lz4 offset out of range 0": a lone zero token, valid LZ4) that parquet-rs writes for one.
    const guarded = {};
    for (const [codec, decompress] of Object.entries(compressors)) {
        guarded[codec] = (input, length) => length === 0 ? new Uint8Array(0) : decompress(input, length);
    }
    return guarded;
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/footer.ts
// The Parquet footer: the file metadata at the end of the file, `<metadata> <length: u32 LE> PAR1`.
// Everything in it is a claim made by whoever wrote the file. Before hyparquet decodes it (into one
// JavaScript object per value), its length is checked against the file and a cap, and its values are
// counted without building them; after, the row counts and column chunk positions are checked
// against the file, since the readers size arrays and loops by them.




const MAGIC = "PAR1";
/** `PAR1` at the start, then at the end the footer length (4 bytes) and `PAR1` again. */
const FRAME_BYTES = 12;
/** The smallest footer: a FileMetaData struct has four required fields. */
const MIN_FOOTER_BYTES = 8;
const REQUIRED_COLUMNS = ["record_type", "trace_id", "event_type", "attributes"];
const TRUNCATED = "truncated Parquet file: the footer is missing (the engine writes it only at shutdown, so the run " +
    "probably crashed or was killed)";
/** Reads, checks and decodes the footer of a Parquet telemetry file; returns its metadata and schema. */
async function readFooter(file, name) {
    const size = file.byteLength;
    if (size === 0)
        throw new errors/* TelemetryInputError */.uB(name, "file is empty: no telemetry records");
    const first = new Uint8Array(await file.slice(0, Math.min(4, size)));
    if (first[0] === 0x1f && first[1] === 0x8b) {
        throw new errors/* TelemetryInputError */.uB(name, "this is gzip-compressed: decompress it first (gunzip); Parquet is read where it lies, not streamed");
    }
    const head = new TextDecoder().decode(first);
    if (head !== MAGIC)
        throw new errors/* TelemetryInputError */.uB(name, "not a Parquet file (missing PAR1 magic bytes)");
    // A Parquet file begun and cut off before its first page or footer (a run killed at its start).
    if (size < FRAME_BYTES)
        throw new errors/* TelemetryInputError */.uB(name, `${TRUNCATED}${errors/* USE_JSONL */.RG}`);
    const tail = new Uint8Array(await file.slice(size - 8, size));
    if (new TextDecoder().decode(tail.subarray(4)) !== MAGIC) {
        throw new errors/* TelemetryInputError */.uB(name, `${TRUNCATED}${errors/* USE_JSONL */.RG}`);
    }
    const corrupt = (problem) => new errors/* TelemetryInputError */.uB(name, `corrupt Parquet footer: ${problem}`);
    const length = new DataView(tail.buffer, tail.byteOffset, 4).getUint32(0, true);
    if (length < MIN_FOOTER_BYTES) {
        throw corrupt(`it claims a length of ${length} bytes, too small for file metadata`);
    }
    if (length > size - FRAME_BYTES) {
        throw corrupt(`it claims ${length} bytes but the file has only ${size - FRAME_BYTES} before it ` +
            "(the file is truncated or was not written as Parquet)");
    }
    if (length > limits/* MAX_PARQUET_FOOTER_BYTES */.qG) {
        throw corrupt(`it claims ${length} bytes, over the ${limits/* MAX_PARQUET_FOOTER_BYTES */.qG / limits/* MIB */.D6} MiB limit for file metadata ` +
            "(dbt's telemetry footers are a few KiB)");
    }
    const footer = new Uint8Array(await file.slice(size - 8 - length, size));
    let metadata;
    try {
        countThriftValues(footer, 0, length);
        metadata = parquetMetadata(footer);
    }
    catch (error) {
        throw corrupt(describeCorruption(error));
    }
    const problem = checkMetadata(metadata, size, size - 8 - length);
    if (problem)
        throw corrupt(problem);
    return { metadata, schema: checkColumns(metadata, name) };
}
/** A row count or position the readers would trust, checked against the file; null when all is well. */
function checkMetadata(metadata, fileSize, footerStart) {
    const maxRows = fileSize * limits/* MAX_PARQUET_ROWS_PER_BYTE */.fL;
    const rows = Number(metadata.num_rows);
    if (!Number.isSafeInteger(rows) || rows < 0 || rows > maxRows) {
        return `it claims ${String(metadata.num_rows)} rows in a file of ${fileSize} bytes`;
    }
    let groupRows = 0;
    for (const [g, group] of metadata.row_groups.entries()) {
        const n = Number(group.num_rows);
        groupRows += n;
        if (!Number.isSafeInteger(n) || n < 0 || groupRows > maxRows) {
            return `row group ${g + 1} claims ${String(group.num_rows)} rows in a file of ${fileSize} bytes`;
        }
        for (const chunk of group.columns) {
            const meta = chunk.meta_data;
            if (!meta)
                continue;
            const data = Number(meta.data_page_offset);
            const start = meta.dictionary_page_offset !== undefined
                ? Math.min(Number(meta.dictionary_page_offset), data)
                : data;
            const end = start + Number(meta.total_compressed_size);
            if (!(Number.isSafeInteger(start) &&
                start >= 4 &&
                Number.isSafeInteger(end) &&
                end >= start &&
                end <= footerStart)) {
                return `column ${meta.path_in_schema.join(".")} of row group ${g + 1} claims bytes ${start}–${end}, outside the file's data (4–${footerStart})`;
            }
        }
    }
    return null;
}
function checkColumns(metadata, name) {
    let columns;
    let schema;
    try {
        schema = parquetSchema(metadata);
        columns = schema.children.map((child) => child.element.name);
    }
    catch (error) {
        throw new errors/* TelemetryInputError */.uB(name, `corrupt Parquet schema: ${describeCorruption(error)}`);
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
    if (missing.length > 0) {
        throw new errors/* TelemetryInputError */.uB(name, `not dbt Fusion telemetry: Parquet column(s) ${missing.join(", ")} missing ` +
            `(found: ${columns.slice(0, 8).join(", ")}${columns.length > 8 ? ", …" : ""})`);
    }
    return schema;
}
// Thrift compact protocol type ids (what Parquet metadata is written in).
const footer_STOP = 0;
const footer_TRUE = 1;
const footer_FALSE = 2;
const footer_BYTE = 3;
const footer_I16 = 4;
const footer_I32 = 5;
const footer_I64 = 6;
const footer_DOUBLE = 7;
const footer_BINARY = 8;
const footer_LIST = 9;
const SET = 10;
const footer_STRUCT = 12;
const MAX_DEPTH = 32;
/**
 * Walks the thrift struct in `bytes[start, end)` without building it and throws when it holds more
 * than MAX_PARQUET_FOOTER_VALUES values, nests deeper than any Parquet structure, or runs past its end.
 */
function countThriftValues(bytes, start, end) {
    let offset = start;
    let values = 0;
    const byte = () => {
        if (offset >= end)
            throw new RangeError("parquet file metadata ends inside a value");
        return bytes[offset++];
    };
    const varint = () => {
        for (let i = 0; i < 10; i++)
            if ((byte() & 0x80) === 0)
                return;
        throw new RangeError("parquet file metadata holds a malformed number");
    };
    const uvarint = () => {
        let result = 0;
        for (let shift = 0; shift < 35; shift += 7) {
            const b = byte();
            result += (b & 0x7f) * 2 ** shift;
            if ((b & 0x80) === 0)
                return result;
        }
        throw new RangeError("parquet file metadata holds a malformed length");
    };
    const skip = (n) => {
        if (n > end - offset)
            throw new RangeError("parquet file metadata ends inside a value");
        offset += n;
    };
    const count = () => {
        if (++values > limits/* MAX_PARQUET_FOOTER_VALUES */.x5) {
            throw new RangeError(`parquet file metadata holds more than ${limits/* MAX_PARQUET_FOOTER_VALUES */.x5.toLocaleString("en-US")} values`);
        }
    };
    const value = (type, depth) => {
        count();
        switch (type) {
            case footer_TRUE:
            case footer_FALSE:
                return;
            case footer_BYTE:
                skip(1);
                return;
            case footer_I16:
            case footer_I32:
            case footer_I64:
                varint();
                return;
            case footer_DOUBLE:
                skip(8);
                return;
            case footer_BINARY:
                skip(uvarint());
                return;
            case footer_LIST:
            case SET: {
                const header = byte();
                const elementType = header & 0x0f;
                const size = header >> 4 === 15 ? uvarint() : header >> 4;
                for (let i = 0; i < size; i++) {
                    if (elementType === footer_TRUE || elementType === footer_FALSE) {
                        count();
                        skip(1);
                    }
                    else
                        value(elementType, depth + 1);
                }
                return;
            }
            case footer_STRUCT:
                struct(depth + 1);
                return;
            default:
                throw new RangeError(`parquet file metadata holds an unknown thrift type ${type}`);
        }
    };
    const struct = (depth) => {
        if (depth > MAX_DEPTH)
            throw new RangeError("parquet file metadata nests too deeply");
        for (;;) {
            const header = byte();
            const type = header & 0x0f;
            if (type === footer_STOP)
                return;
            if (header >> 4 === 0)
                varint(); // a field id given in full
            value(type, depth);
        }
    };
    struct(0);
    return values;
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/buffers.ts
// Buffers this reader allocates (the file's windows, decompressed pages and dictionaries) are given
// back as soon as nothing reads them any more, rather than at V8's next collection: until then they
// count in the peak RSS, and V8 collects them only when its heap grows. Values that leave a cursor
// never refer to them (strings and numbers are copies), so a cursor knows when its buffers are done.
//
// Decompressed pages are most of the bytes (~50 MB for a 20,000-node build, in pages of up to ~1.3
// MB; ~11 MB of them in use at once). Freed, a page's memory goes back to the system, and the next
// page's is taken from it afresh: every 4 KiB of it faulted in again, which cost more than the
// decompressing (docs/performance.md). So pages are decompressed into buffers kept in a pool, each
// the next power of two in size: pages of any size up to it can use it again, and the part of a
// buffer no page reached was never touched, so it takes no memory.
/** How many buffers of each size the pool keeps: more than a slice of rows ever holds at once. */
const POOLED_PER_SIZE = 32;
/** The smallest buffer made for a page: smaller pages share this size. */
const MIN_POOLED_BYTES = 64 * 1024;
/** Free buffers by size (a power of two, at least MIN_POOLED_BYTES). */
const pool = new Map();
/**
 * `size` bytes to decompress a page into: a view of a buffer given back earlier (its old contents
 * still there: the caller writes every byte it reads) or of a new one. Give it back with
 * `recycleBuffer(bytes.buffer)` when nothing reads it any more.
 */
function pageBuffer(size) {
    const capacity = Math.max(MIN_POOLED_BYTES, 2 ** Math.ceil(Math.log2(Math.max(size, 1))));
    const buffer = pool.get(capacity)?.pop() ?? new ArrayBuffer(capacity);
    return new Uint8Array(buffer, 0, size);
}
/**
 * Gives a page's buffer (from `pageBuffer`) back for the next page; one of another size, or past
 * what the pool keeps, is freed now. Nothing may read it afterwards.
 */
function recycleBuffer(buffer) {
    if (!buffer)
        return;
    const capacity = buffer.byteLength;
    const free = pool.get(capacity) ?? [];
    const pooled = capacity >= MIN_POOLED_BYTES && (capacity & (capacity - 1)) === 0;
    if (free.includes(buffer))
        return;
    if (!pooled || free.length >= POOLED_PER_SIZE)
        return freeBuffer(buffer);
    free.push(buffer);
    pool.set(capacity, free);
}
/**
 * Frees every buffer the pool keeps. Called when a file's decoding is done: the report made next
 * never uses them, and kept they are ~10–20 MB of the peak RSS (docs/performance.md).
 */
function emptyPool() {
    for (const free of pool.values())
        for (const buffer of free)
            freeBuffer(buffer);
    pool.clear();
}
/** How many buffers the pool keeps now. */
function pooledBuffers() {
    let count = 0;
    for (const free of pool.values())
        count += free.length;
    return count;
}
/**
 * Frees an ArrayBuffer's memory now (ArrayBuffer.prototype.transfer detaches it; Node ≥ 22). On
 * older Node the collector frees it later, as it would anyway.
 */
function freeBuffer(buffer) {
    // `transfer` is ES2024: not in this project's lib (Node 20 lacks it), so it is looked up.
    if (buffer && "transfer" in buffer && typeof buffer.transfer === "function")
        buffer.transfer(0);
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/rle.ts
// Parquet's RLE/bit-packed hybrid encoding (definition levels, dictionary indices).
//
// HybridStream reads forward value by value. Most report columns are set on one row in ten or fewer
// (node attributes on node spans only), so their pages are long runs of "null": skipping a run costs
// one step here, where decoding the page into arrays costs one step per row.
//
// A run header is a count the file claims: a 6-byte run can claim 2^31 values. hyparquet's decoder
// writes every value of a run, past the end of its output (a plain array then grows until memory
// runs out). So whole pages are decoded here (`readHybrid`, which never writes past its output),
// and a page handed to hyparquet's general decoder is checked first (`checkHybridRuns`).
class HybridStream {
    bytes;
    end;
    width;
    offset;
    /** Values left in the current run. */
    left = 0;
    /** The current run repeats `value` (RLE) or holds packed values from `bit` on. */
    packed = false;
    value = 0;
    bit = 0;
    valueBytes;
    constructor(bytes, start, end, width) {
        this.bytes = bytes;
        this.end = end;
        this.width = width;
        this.offset = start;
        this.valueBytes = (width + 7) >> 3;
    }
    /** The next value. */
    next() {
        // Runs may be empty (a writer may emit one); each header read moves on, so this ends.
        while (this.left === 0)
            this.startRun();
        this.left--;
        if (!this.packed)
            return this.value;
        const value = this.readPacked(this.bit);
        this.bit += this.width;
        return value;
    }
    /** Skips `count` values. */
    skip(count) {
        while (count > 0) {
            if (this.left === 0)
                this.startRun();
            const step = Math.min(count, this.left);
            if (this.packed)
                this.bit += step * this.width;
            this.left -= step;
            count -= step;
        }
    }
    /** Skips `count` values and says how many of them equal `target` (non-null rows, for levels). */
    countEqual(count, target) {
        let equal = 0;
        while (count > 0) {
            if (this.left === 0)
                this.startRun();
            const step = Math.min(count, this.left);
            if (!this.packed) {
                if (this.value === target)
                    equal += step;
            }
            else {
                equal += this.countPacked(step, target);
            }
            this.left -= step;
            count -= step;
        }
        return equal;
    }
    /** countEqual within a bit-packed run: whole bytes at a time when values do not straddle bytes. */
    countPacked(count, target) {
        const width = this.width;
        if (width === 1) {
            // Definition levels of a flat optional column: count the set bits of the range.
            const ones = countOnes(this.bytes, this.bit, count);
            this.bit += count;
            return target === 1 ? ones : target === 0 ? count - ones : 0;
        }
        let equal = 0;
        let i = 0;
        const perByte = width > 0 && width <= 8 && 8 % width === 0 ? 8 / width : 0;
        if (perByte > 0) {
            while (i < count && (this.bit & 7) !== 0) {
                if (this.readPacked(this.bit) === target)
                    equal++;
                this.bit += width;
                i++;
            }
            const table = byteCounts(width, target);
            const bytes = this.bytes;
            let at = this.bit >> 3;
            const wholeBytes = Math.floor((count - i) / perByte);
            for (const stop = at + wholeBytes; at < stop; at++)
                equal += table[bytes[at]];
            this.bit += wholeBytes * 8;
            i += wholeBytes * perByte;
        }
        for (; i < count; i++) {
            if (this.readPacked(this.bit) === target)
                equal++;
            this.bit += width;
        }
        return equal;
    }
    startRun() {
        const header = this.readVarint();
        if (header & 1) {
            // Bit-packed: (header >> 1) groups of 8 values.
            const groups = Math.floor(header / 2);
            this.packed = true;
            this.left = groups * 8;
            this.bit = this.offset * 8;
            this.offset += groups * this.width;
            if (this.offset > this.end)
                throw new RangeError("parquet bit-packed run extends past its data");
        }
        else {
            this.packed = false;
            this.left = header / 2;
            if (this.offset + this.valueBytes > this.end)
                throw new RangeError("parquet RLE run extends past its data");
            let value = 0;
            for (let i = 0; i < this.valueBytes; i++)
                value += this.bytes[this.offset + i] * 2 ** (8 * i);
            this.offset += this.valueBytes;
            this.value = value;
        }
    }
    readPacked(bit) {
        return readPacked(this.bytes, bit, this.width);
    }
    readVarint() {
        const header = readRunHeader(this.bytes, this.offset, this.end);
        this.offset = header.next;
        return header.value;
    }
}
/** The `width`-bit value packed at bit `bit` (LSB first). */
function readPacked(bytes, bit, width) {
    const at = bit >> 3;
    if (width <= 24 && at + 3 < bytes.length) {
        // Up to 24 bits starting anywhere in a byte fit in one 32-bit little-endian word.
        const word = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
        return (word >>> (bit & 7)) & ((1 << width) - 1);
    }
    let value = 0;
    let shift = 0;
    let remaining = width;
    while (remaining > 0) {
        const byte = bytes[bit >> 3] ?? 0;
        const inByte = bit & 7;
        const take = Math.min(8 - inByte, remaining);
        value += ((byte >> inByte) & ((1 << take) - 1)) * 2 ** shift;
        shift += take;
        bit += take;
        remaining -= take;
    }
    return value;
}
const runHeader = { value: 0, next: 0 };
/** A run header (ULEB128) at `offset`; reused result object (the decoders read millions). */
function readRunHeader(bytes, offset, end) {
    let result = 0;
    let shift = 0;
    for (;;) {
        if (offset >= end)
            throw new RangeError("parquet RLE data ends early");
        const byte = bytes[offset++];
        result += (byte & 0x7f) * 2 ** shift;
        if ((byte & 0x80) === 0)
            break;
        shift += 7;
        if (shift > 35)
            throw new RangeError("parquet RLE run header is malformed");
    }
    runHeader.value = result;
    runHeader.next = offset;
    return runHeader;
}
/**
 * Decodes the first `count` values of the hybrid stream in `bytes[start, end)` into `out`. Writes
 * exactly `count` values whatever the runs claim; throws a RangeError when the data ends first.
 */
function readHybrid(bytes, start, end, width, out, count) {
    if (width > 32)
        throw new RangeError(`parquet bit width ${width} is invalid`);
    const valueBytes = (width + 7) >> 3;
    const mask = width >= 32 ? -1 : (1 << width) - 1;
    let offset = start;
    let seen = 0;
    while (seen < count) {
        let header;
        if (offset < end && bytes[offset] < 0x80)
            header = bytes[offset++];
        else {
            const read = readRunHeader(bytes, offset, end);
            header = read.value;
            offset = read.next;
        }
        // Headers fit 35 bits: halve without 32-bit integer operators.
        const half = Math.floor(header / 2);
        if (half * 2 !== header) {
            const n = Math.min(count - seen, half * 8);
            // The values used must be in the data; padding after them may be cut off.
            if (offset + Math.ceil((n * width) / 8) > end) {
                throw new RangeError("parquet bit-packed run extends past its data");
            }
            if (width === 1 || width === 2 || width === 4 || width === 8) {
                // Whole values per byte (levels are 1 or 2 bits wide).
                let at = offset;
                const stop = seen + n;
                while (seen < stop) {
                    let byte = bytes[at++];
                    for (let shift = 0; shift < 8 && seen < stop; shift += width) {
                        out[seen++] = byte & mask;
                        byte >>>= width;
                    }
                }
            }
            else if (width <= 24) {
                // Bits LSB first; at most 24 + 7 of them are held at once, so they fit an int.
                let at = offset;
                let held = 0;
                let bits = 0;
                const stop = seen + n;
                while (seen < stop) {
                    if (bits < width) {
                        held |= bytes[at++] << bits;
                        bits += 8;
                        if (bits < width) {
                            held |= bytes[at++] << bits;
                            bits += 8;
                            if (bits < width) {
                                held |= bytes[at++] << bits;
                                bits += 8;
                            }
                        }
                    }
                    out[seen++] = held & mask;
                    held >>>= width;
                    bits -= width;
                }
            }
            else {
                let bit = offset * 8;
                for (let i = 0; i < n; i++, bit += width)
                    out[seen++] = readPacked(bytes, bit, width);
            }
            offset += half * width;
        }
        else {
            if (offset + valueBytes > end)
                throw new RangeError("parquet RLE run extends past its data");
            let value = valueBytes === 0 ? 0 : bytes[offset];
            for (let i = 1; i < valueBytes; i++)
                value += bytes[offset + i] * 2 ** (8 * i);
            offset += valueBytes;
            const stop = half < count - seen ? seen + half : count;
            if (stop - seen > 16) {
                out.fill(value, seen, stop);
                seen = stop;
            }
            else {
                while (seen < stop)
                    out[seen++] = value;
            }
        }
    }
}
/**
 * Checks that no RLE run in the hybrid stream `bytes[start, end)` claims more of the `count` values
 * than are left, before hyparquet's decoder (which would write them all) reads it.
 */
function checkHybridRuns(bytes, start, end, width, count) {
    const valueBytes = (width + 7) >> 3;
    let offset = start;
    let seen = 0;
    while (seen < count && offset < end) {
        const { value: header, next } = readRunHeader(bytes, offset, end);
        offset = next;
        if (header % 2 === 1) {
            const groups = (header - 1) / 2;
            seen += groups * 8;
            offset += groups * width;
        }
        else {
            const run = header / 2;
            if (run > count - seen) {
                throw new RangeError(`parquet RLE run of ${run} values exceeds the ${count - seen} left in its page`);
            }
            seen += run;
            offset += valueBytes;
        }
    }
}
/** Set bits per byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, byte) => {
    let n = 0;
    for (let b = byte; b > 0; b >>= 1)
        n += b & 1;
    return n;
});
/** Set bits among `count` bits of `bytes` from bit `bit` on (LSB first). */
function countOnes(bytes, bit, count) {
    let at = bit >> 3;
    const skip = bit & 7;
    let ones = 0;
    if (skip !== 0) {
        const take = Math.min(8 - skip, count);
        ones += POPCOUNT[(bytes[at++] >> skip) & ((1 << take) - 1)];
        count -= take;
    }
    for (; count >= 8; count -= 8)
        ones += POPCOUNT[bytes[at++]];
    if (count > 0)
        ones += POPCOUNT[bytes[at] & ((1 << count) - 1)];
    return ones;
}
const byteCountTables = new Map();
/** For each byte value: how many of the `width`-bit values packed in it equal `target`. */
function byteCounts(width, target) {
    const key = width * 256 + target;
    let table = byteCountTables.get(key);
    if (!table) {
        table = new Uint8Array(256);
        const mask = (1 << width) - 1;
        for (let byte = 0; byte < 256; byte++) {
            for (let shift = 0; shift < 8; shift += width)
                if (((byte >> shift) & mask) === target)
                    table[byte]++;
        }
        byteCountTables.set(key, table);
    }
    return table;
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/stream-page.ts

/**
 * One data page (v1) read forward: the definition levels and dictionary indices are streams
 * advanced to the row asked for, so rows skipped in long null runs cost nothing. Asking for an
 * earlier row restarts the streams (correct, just slower; the reader never does it).
 */
class StreamPage {
    bytes;
    maxDef;
    dictionary;
    width;
    levels;
    ids;
    /** Next row whose level is unread, and how many values the rows before it hold. */
    nextRow = 0;
    valuesBefore = 0;
    /** Indices consumed from `ids`. */
    idsRead = 0;
    lastRow = -1;
    lastIndex = -1;
    valuesStart = 0;
    view;
    constructor(bytes, maxDef, dictionary, width) {
        this.bytes = bytes;
        this.maxDef = maxDef;
        this.dictionary = dictionary;
        this.width = width;
        this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        this.restart();
    }
    /** The index among the page's values of row `offset` (relative to the page), or -1 for null. */
    valueIndex(offset) {
        if (offset === this.lastRow)
            return this.lastIndex;
        if (offset < this.nextRow)
            this.restart();
        let index;
        if (!this.levels) {
            index = offset;
        }
        else {
            this.valuesBefore += this.levels.countEqual(offset - this.nextRow, this.maxDef);
            index = this.levels.next() === this.maxDef ? this.valuesBefore++ : -1;
        }
        this.nextRow = offset + 1;
        this.lastRow = offset;
        this.lastIndex = index;
        return index;
    }
    /** The dictionary index of value `i` (values are asked for in increasing order). */
    id(i) {
        if (i < this.idsRead)
            this.restart(true);
        this.ids.skip(i - this.idsRead);
        this.idsRead = i + 1;
        return this.ids.next();
    }
    /** Value `i` of a PLAIN INT32/INT64 page. */
    fixed(i) {
        const at = this.valuesStart + i * this.width;
        if (at + this.width > this.bytes.byteLength)
            throw new RangeError("parquet value extends past its page");
        return this.width === 8 ? this.view.getBigInt64(at, true) : this.view.getInt32(at, true);
    }
    /** Positions the streams at the page's first row (or, with `idsOnly`, the indices only). */
    restart(idsOnly = false) {
        const bytes = this.bytes;
        let offset = 0;
        if (!idsOnly) {
            this.levels = null;
            if (this.maxDef > 0) {
                if (bytes.byteLength < 4)
                    throw new RangeError("parquet page is too short for its levels");
                const length = this.view.getUint32(0, true);
                offset = 4 + length;
                if (offset > bytes.byteLength)
                    throw new RangeError("parquet definition levels extend past their page");
                this.levels = new HybridStream(bytes, 4, offset, 32 - Math.clz32(this.maxDef));
            }
            this.valuesStart = offset;
            this.nextRow = 0;
            this.valuesBefore = 0;
            this.lastRow = -1;
        }
        this.ids = null;
        this.idsRead = 0;
        if (this.dictionary) {
            const start = this.valuesStart;
            const width = start < bytes.byteLength ? bytes[start] : 0;
            if (width > 32)
                throw new RangeError(`parquet dictionary index width ${width} is invalid`);
            this.ids = new HybridStream(bytes, start + 1, bytes.byteLength, width);
        }
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/page-decode.ts
// One data page → something a cursor can read values from. Data page v1 with PLAIN or dictionary
// encoding (what parquet-rs writes) takes the fast paths: levels and indices into typed arrays, or
// read as streams, strings left as bytes until read. Every other page takes hyparquet's general
// decoder, after its run-length data is checked (rle.ts: a run may claim more values than exist).




function newPageCounts() {
    return { generic: 0, ids: 0, bytes: 0, stream: 0 };
}
function decodePage(page, column) {
    return decodeStream(page, column) ?? decodeFast(page, column) ?? decodeGeneric(page, column);
}
/**
 * Frees the decompressed buffer of a page that is no longer read, at once (see buffers.ts): a page
 * of each column at a time, tens of MiB over a file.
 */
function freePage(decoded) {
    recycleBuffer(decoded?.owned);
}
function isDictionary(encoding) {
    return encoding === "RLE_DICTIONARY" || encoding === "PLAIN_DICTIONARY";
}
/**
 * Dictionary-encoded and fixed-width PLAIN pages (v1) of a column whose rows are read in order:
 * decompressed now, levels and indices decoded only as far as the rows asked for.
 */
function decodeStream(page, column) {
    const { header } = page;
    const daph = header.data_page_header;
    if (!column.sequential || header.type !== "DATA_PAGE" || !daph)
        return null;
    const dict = isDictionary(daph.encoding);
    const type = column.decoder.type;
    const width = type === "INT64" ? 8 : type === "INT32" ? 4 : 0;
    if (!dict && !(daph.encoding === "PLAIN" && width > 0))
        return null;
    const { bytes, owned } = decompress(page.bytes, header, column.decoder);
    return { kind: "stream", page: new StreamPage(bytes, column.maxDef, dict, width), owned };
}
/** Scratch space for definition levels, which are not needed once a page's index is built. */
let scratchLevels = new Uint8Array(1 << 15);
function levelBuffer(size) {
    if (scratchLevels.byteLength < size)
        scratchLevels = new Uint8Array(Math.max(size, scratchLevels.byteLength * 2));
    return scratchLevels.subarray(0, size);
}
/** Data page v1, PLAIN strings or dictionary-encoded: decoded whole into typed arrays. */
function decodeFast(page, column) {
    const { header } = page;
    const daph = header.data_page_header;
    if (header.type !== "DATA_PAGE" || !daph)
        return null;
    const dict = isDictionary(daph.encoding);
    if (!dict && !(daph.encoding === "PLAIN" && column.decoder.type === "BYTE_ARRAY"))
        return null;
    const { bytes, owned } = decompress(page.bytes, header, column.decoder);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const rows = page.rows;
    let offset = 0;
    let index;
    let count = rows;
    const maxDef = column.maxDef;
    if (maxDef > 0) {
        const length = view.getUint32(0, true);
        offset = 4 + length;
        if (offset > bytes.byteLength)
            throw new RangeError("parquet definition levels extend past their page");
        const levels = levelBuffer(rows);
        readHybrid(bytes, 4, offset, 32 - Math.clz32(maxDef), levels, rows);
        index = new Int32Array(rows);
        count = 0;
        for (let r = 0; r < rows; r++)
            index[r] = levels[r] === maxDef ? count++ : -1;
        if (count === rows)
            index = undefined;
    }
    if (dict) {
        const ids = new Int32Array(count);
        const width = count > 0 ? view.getUint8(offset++) : 0;
        if (width)
            readHybrid(bytes, offset, bytes.byteLength, width, ids, count);
        // The indices are copied out: the page's bytes are not needed any more.
        recycleBuffer(owned);
        return { kind: "ids", ids, index };
    }
    const starts = new Int32Array(count);
    const lengths = new Int32Array(count);
    for (let i = 0; i < count; i++) {
        const length = view.getUint32(offset, true);
        starts[i] = offset + 4;
        lengths[i] = length;
        offset += 4 + length;
        if (offset > bytes.byteLength)
            throw new Error("parquet byte array value extends past its page");
    }
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { kind: "bytes", text, starts, lengths, index, owned };
}
function decodeGeneric(page, column) {
    const { values, definitionLevels, encoding } = readGeneric(page, column);
    const dict = isDictionary(encoding);
    const maxDef = column.maxDef;
    if (!definitionLevels?.length || maxDef === 0)
        return { kind: "generic", values, dict };
    const index = new Int32Array(page.rows);
    let k = 0;
    for (let r = 0; r < page.rows; r++)
        index[r] = definitionLevels[r] === maxDef ? k++ : -1;
    return { kind: "generic", values, dict, index };
}
function readGeneric(page, column) {
    const { header, bytes } = page;
    const { decoder, maxDef } = column;
    const levelWidth = 32 - Math.clz32(maxDef);
    if (header.type === "DATA_PAGE_V2") {
        const daph = header.data_page_header_v2;
        if (!daph)
            throw new Error("parquet data page header v2 is undefined");
        const levelBytes = daph.repetition_levels_byte_length + daph.definition_levels_byte_length;
        if (!(levelBytes >= 0 && levelBytes <= bytes.byteLength)) {
            throw new RangeError("parquet page levels extend past their page");
        }
        // Flat columns have no repetition levels; definition levels follow them, uncompressed.
        if (maxDef > 0) {
            checkHybridRuns(bytes, daph.repetition_levels_byte_length, levelBytes, levelWidth, page.rows);
        }
        // The values are decompressed here, so that their runs can be checked before hyparquet reads them.
        let data = bytes.subarray(levelBytes);
        if (daph.is_compressed !== false) {
            data = datapage_decompressPage(data, header.uncompressed_page_size - levelBytes, decoder.codec, decoder.compressors);
        }
        checkValueRuns(data, 0, daph.encoding, decoder.type === "BOOLEAN", page.rows);
        const plain = new Uint8Array(levelBytes + data.byteLength);
        plain.set(bytes.subarray(0, levelBytes));
        plain.set(data, levelBytes);
        const decoded = datapage_readDataPageV2(plain, { ...header, data_page_header_v2: { ...daph, is_compressed: false } }, decoder);
        return { values: decoded.dataPage, definitionLevels: decoded.definitionLevels, encoding: daph.encoding };
    }
    const daph = header.data_page_header;
    if (!daph)
        throw new Error("parquet data page header is undefined");
    const raw = datapage_decompressPage(bytes, header.uncompressed_page_size, decoder.codec, decoder.compressors);
    let offset = 0;
    if (maxDef > 0) {
        if (raw.byteLength < 4)
            throw new RangeError("parquet page is too short for its levels");
        offset = 4 + new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
        checkHybridRuns(raw, 4, Math.min(offset, raw.byteLength), levelWidth, page.rows);
    }
    checkValueRuns(raw, offset, daph.encoding, decoder.type === "BOOLEAN", page.rows);
    const decoded = datapage_readDataPage(raw, daph, decoder);
    return { values: decoded.dataPage, definitionLevels: decoded.definitionLevels, encoding: daph.encoding };
}
/**
 * Checks the runs of a page's RLE-encoded values, as hyparquet reads them: booleans after a 4-byte
 * length, dictionary indices (and other RLE values) after a byte giving their width.
 */
function checkValueRuns(data, offset, encoding, boolean, rows) {
    if (!isDictionary(encoding) && encoding !== "RLE")
        return;
    if (encoding === "RLE" && boolean) {
        if (offset + 4 > data.byteLength)
            return;
        const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
        checkHybridRuns(data, offset + 4, Math.min(data.byteLength, offset + 4 + length), 1, rows);
        return;
    }
    if (offset >= data.byteLength)
        return;
    const width = data[offset];
    if (width > 32)
        throw new RangeError(`parquet dictionary index width ${width} is invalid`);
    checkHybridRuns(data, offset + 1, data.byteLength, width, rows);
}
/**
 * A page's bytes, uncompressed, and the buffer they were decompressed into (`owned`, given back to
 * the pool with the page: buffers.ts). An uncompressed page is a view of the file's window.
 */
function decompress(bytes, header, decoder) {
    const size = header.uncompressed_page_size;
    if (decoder.codec === "SNAPPY") {
        const out = pageBuffer(size);
        try {
            snappyInto(bytes, out);
        }
        catch (error) {
            recycleBuffer(out.buffer);
            throw error;
        }
        return { bytes: out, owned: out.buffer };
    }
    // Uncompressed (a view of the window, checked against its size), or another codec: the page owns
    // what the decompressor (hyparquet-compressors) returns only when it is a buffer made for it alone,
    // not a view of the window or of the decompressor's own memory.
    const out = datapage_decompressPage(bytes, size, decoder.codec, decoder.compressors);
    const buffer = out.buffer;
    const alone = buffer !== bytes.buffer &&
        buffer instanceof ArrayBuffer &&
        out.byteOffset === 0 &&
        out.byteLength === buffer.byteLength;
    return alone ? { bytes: out, owned: buffer } : { bytes: out };
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/column-bytes.ts
// The bytes of one column chunk, read in bounded windows (never the whole chunk, never the file),
// and cut into pages: each page header is read and checked, and its compressed bytes returned (a
// view of the window). A window is freed once no page cut from it is held (see buffers.ts).



/** Bytes fetched per read from a column chunk (more when one page is larger). */
const CHUNK_WINDOW_BYTES = 256 * 1024;
const HEADER_PROBE_BYTES = 64 * 1024;
class ColumnBytes {
    file;
    /** Absolute byte position of the next unread page header. */
    pos;
    end;
    window = new Uint8Array(0);
    windowStart = 0;
    /** Earlier windows, oldest first, until no page cut from them is held. */
    retired = [];
    constructor(file, meta) {
        this.file = file;
        const start = Number(meta.dictionary_page_offset ?? meta.data_page_offset);
        const dataStart = Number(meta.data_page_offset);
        this.pos = meta.dictionary_page_offset !== undefined && start < dataStart ? start : dataStart;
        this.end = this.pos + Number(meta.total_compressed_size);
    }
    get done() {
        return this.pos >= this.end;
    }
    /** The next page of the chunk (call while not `done`). */
    async nextPage() {
        const header = await this.readHeader();
        const size = header.compressed_page_size;
        checkPageSize("compressed", size);
        checkPageSize("uncompressed", header.uncompressed_page_size);
        const bytes = await this.take(size);
        return { header, bytes, window: this.window.buffer };
    }
    /**
     * Frees the earlier windows up to `oldest`, the window of the oldest page still held (all of
     * them when no page is held; the current window stays).
     */
    freeWindowsBefore(oldest) {
        while (this.retired.length > 0 && this.retired[0] !== oldest)
            freeBuffer(this.retired.shift());
    }
    /** Frees every window: the chunk is not read any more. */
    close() {
        this.freeWindowsBefore(undefined);
        freeBuffer(this.window.buffer);
        this.window = new Uint8Array(0);
    }
    async readHeader() {
        let probe = HEADER_PROBE_BYTES;
        for (;;) {
            await this.ensure(Math.min(probe, this.end - this.pos));
            const offset = this.pos - this.windowStart;
            const reader = {
                view: new DataView(this.window.buffer, this.window.byteOffset + offset, this.window.byteLength - offset),
                offset: 0,
            };
            try {
                const header = parquetHeader(reader);
                this.pos += reader.offset;
                return header;
            }
            catch (error) {
                // A header larger than the probe (long statistics): retry with more bytes, up to the chunk end.
                if (!(error instanceof RangeError) || this.pos + probe >= this.end)
                    throw error;
                probe *= 4;
            }
        }
    }
    async take(size) {
        if (this.pos + size > this.end)
            throw new Error("parquet page extends past its column chunk");
        await this.ensure(size);
        const offset = this.pos - this.windowStart;
        this.pos += size;
        return this.window.subarray(offset, offset + size);
    }
    /** Makes bytes [pos, pos + size) available in the window. */
    async ensure(size) {
        const offset = this.pos - this.windowStart;
        if (offset >= 0 && offset + size <= this.window.byteLength)
            return;
        const length = Math.min(this.end - this.pos, Math.max(size, CHUNK_WINDOW_BYTES));
        const buffer = await this.file.slice(this.pos, this.pos + length);
        if (buffer.byteLength < size)
            throw new Error("parquet column chunk is truncated");
        if (this.window.byteLength > 0)
            this.retired.push(this.window.buffer);
        this.window = new Uint8Array(buffer);
        this.windowStart = this.pos;
    }
}
/** A page size from a header is a claim: it must be a count, and one this reader will allocate. */
function checkPageSize(which, size) {
    if (!Number.isSafeInteger(size) || size < 0) {
        throw new Error(`parquet page header has an invalid ${which} size (${String(size)})`);
    }
    if (size > limits/* MAX_PARQUET_PAGE_BYTES */.kD) {
        throw new Error(`parquet page claims ${which} size of ${size} bytes, over the ${limits/* MAX_PARQUET_PAGE_BYTES */.kD / limits/* MIB */.D6} MiB limit`);
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/dictionary.ts
// A column chunk's dictionary page, decoded. Byte-array entries (names, ids, paths, payloads) are
// not cut into an object each up front (hyparquet's readPlain makes a Uint8Array per entry: 20,000
// of them for a big build's node names); their offsets are indexed and a string is decoded when its
// entry is read. Other types are read whole with readPlain.





/** Reads a dictionary page (PLAIN values), after checking they fit in the page's bytes. */
function readDictionaryPage(header, bytes, decoder) {
    const diph = header.dictionary_page_header;
    if (!diph)
        throw new Error("parquet dictionary page header is undefined");
    const decompressed = decompress(bytes, header, decoder);
    // An uncompressed page is a view of the file's window: copied, so the window can be freed.
    let page = decompressed.bytes;
    let owned = decompressed.owned;
    if (!owned) {
        const copy = page.slice();
        [page, owned] = [copy, copy.buffer];
    }
    const count = diph.num_values;
    const width = plainWidth(decoder);
    if (!Number.isSafeInteger(count) || count < 0 || count * width > page.byteLength) {
        throw new Error(`parquet dictionary page claims ${String(count)} values in ${page.byteLength} bytes`);
    }
    if (decoder.type === "BYTE_ARRAY")
        return byteArrayDictionary(page, count, owned);
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const values = plain_readPlain({ view, offset: 0 }, decoder.type, count, decoder.element.type_length);
    const dictionary = { size: count, entry: (id) => values[id], free: () => recycleBuffer(owned) };
    if (decoder.type === "INT64") {
        dictionary.spanId = (id) => (0,telemetry_values/* spanIdFromWords */.LV)(view.getUint32(id * 8 + 4, true), view.getUint32(id * 8, true));
    }
    return dictionary;
}
function byteArrayDictionary(page, count, owned) {
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const starts = new Int32Array(count);
    const ends = new Int32Array(count);
    let offset = 0;
    for (let i = 0; i < count; i++) {
        if (offset + 4 > page.byteLength)
            throw new Error("parquet dictionary value extends past its page");
        const length = view.getUint32(offset, true);
        starts[i] = offset + 4;
        offset += 4 + length;
        if (offset > page.byteLength)
            throw new Error("parquet dictionary value extends past its page");
        ends[i] = offset;
    }
    const text = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
    return {
        size: count,
        entry: (id) => (0,byte_text/* utf8Text */.Hp)(text, starts[id], ends[id]),
        free: () => recycleBuffer(owned),
    };
}
/** Fewest bytes one PLAIN value of the column takes (a string: its 4-byte length). */
function plainWidth(decoder) {
    switch (decoder.type) {
        case "BOOLEAN":
            return 1 / 8;
        case "INT64":
        case "DOUBLE":
            return 8;
        case "INT96":
            return 12;
        case "FIXED_LEN_BYTE_ARRAY":
            return decoder.element.type_length ?? 1;
        default:
            return 4;
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/value-convert.ts
const utf8 = new TextDecoder();
function kindOf(element) {
    const ctype = element.converted_type;
    const ltype = element.logical_type;
    if (element.type === "BYTE_ARRAY")
        return "string";
    if (element.type === "INT64") {
        if (ctype === "UINT_64" || (ltype?.type === "INTEGER" && ltype.bitWidth === 64 && !ltype.isSigned))
            return "u64";
        return "i64";
    }
    if (element.type === "INT32") {
        if (ctype === "UINT_32" || (ltype?.type === "INTEGER" && ltype.bitWidth === 32 && !ltype.isSigned))
            return "u32";
    }
    return "raw";
}
/** Nanoseconds per unit of an INT64 timestamp column (1 for nanoseconds and plain integers). */
function timestampScale(element) {
    const ltype = element.logical_type;
    if (element.converted_type === "TIMESTAMP_MILLIS")
        return 1000000n;
    if (element.converted_type === "TIMESTAMP_MICROS")
        return 1000n;
    if (ltype?.type === "TIMESTAMP") {
        if (ltype.unit === "MILLIS")
            return 1000000n;
        if (ltype.unit === "MICROS")
            return 1000n;
    }
    return 1n;
}
/** An INT64 column whose values are used as they are stored (unsigned or signed, no unit scaling). */
function isPlainInt64(element) {
    const kind = kindOf(element);
    return kind === "u64" || (kind === "i64" && timestampScale(element) === 1n);
}
/** The conversion of one column's raw values (hyparquet's readPlain output or fast-path numbers). */
function converterFor(element) {
    switch (kindOf(element)) {
        case "string":
            return (v) => (v instanceof Uint8Array ? utf8.decode(v) : v);
        case "u64":
            return (v) => (typeof v === "bigint" ? BigInt.asUintN(64, v) : v);
        case "i64": {
            const scale = timestampScale(element);
            return scale === 1n ? (v) => v : (v) => (typeof v === "bigint" ? v * scale : v);
        }
        case "u32":
            return (v) => (typeof v === "number" ? v >>> 0 : v);
        default:
            // Fixed-length byte arrays are views of the page: copied, so no value refers to a buffer the
            // cursor frees (buffers.ts).
            return (v) => (v instanceof Uint8Array ? v.slice() : v);
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/leaf-cursor.ts
// Page-level reading of single Parquet leaf columns, built on hyparquet's page decoders.
//
// hyparquet's row readers decode every column they are given, whole pages at a time, into rich
// values. The telemetry report needs 28 of 56 leaf columns and, of most of them, only the few rows
// that survive the early filter. A LeafCursor therefore:
//   * reads the column chunk's bytes in bounded windows (column-bytes.ts);
//   * keeps the compressed pages that overlap the current slice of rows, and decompresses and decodes
//     a page only when a row in it is asked for (page-decode.ts; pages without a relevant row are
//     never decoded);
//   * converts values one at a time on request (value-convert.ts): a string is decoded from its bytes
//     only when read, and a dictionary entry is decoded once and reused;
//   * for columns read in row order, decodes levels and dictionary indices only as far as the row
//     asked for (stream-page.ts), so long runs of nulls cost one step.
// Memory is bounded by the window size and the pages overlapping one slice, per column.









/**
 * Opens a cursor for each flat leaf column of a row group whose dotted path is wanted (a list
 * column, the span links, joins nothing the model needs).
 */
function openLeafCursors(context, chunks, wanted) {
    const paths = new Set(wanted);
    const byPath = new Map();
    for (const chunk of chunks) {
        const meta = chunk.meta_data;
        if (!meta)
            continue;
        const path = meta.path_in_schema.join(".");
        if (!paths.has(path))
            continue;
        let schemaPath;
        try {
            schemaPath = getTreePath(context.schema, meta.path_in_schema);
        }
        catch (error) {
            throw new errors/* TelemetryInputError */.uB(context.name, `corrupt Parquet schema: ${describeCorruption(error)}`);
        }
        const cursor = new LeafCursor(context, meta, schemaPath);
        if (!cursor.repeated)
            byPath.set(path, cursor);
    }
    return byPath;
}
/**
 * Reads one leaf column of one row group. Rows are asked for in increasing order: `prepare(end)`
 * fetches the (compressed) pages up to row `end`, `get(row)` returns one value, `release(row)`
 * drops the pages that end before `row`.
 */
class LeafCursor {
    context;
    repeated;
    maxDef;
    decoder;
    /** The column's dotted path, for messages. */
    path;
    convert;
    bytes;
    pages = [];
    dictionary;
    dictionaryCache = [];
    /** Rows covered by the pages read so far. */
    rowsRead = 0;
    /**
     * Rows are asked for in increasing order (and never by `idsInto`): pages are then decoded as a
     * stream, as far as the row asked for, instead of whole.
     */
    sequential = false;
    /**
     * Dictionary entries are converted once and kept. Not worth it for columns whose entries are each
     * read about once (span ids, times: one per span), where it only holds memory.
     */
    cacheValues = true;
    /**
     * Values become span ids (16 hex digits, as records hold them): converted once per dictionary
     * entry instead of once per row.
     */
    convertToSpanIds() {
        const convert = this.convert;
        this.convert = (value) => (0,telemetry_values/* toSpanId */.Dr)(convert(value));
        this.dictionaryCache = [];
        this.spanIdsFromBytes = isPlainInt64(this.decoder.element);
    }
    /** Dictionary entries become span ids straight from their bytes (see Dictionary.spanId). */
    spanIdsFromBytes = false;
    /** Rows covered by the pages prepared so far. */
    get preparedRows() {
        return this.rowsRead;
    }
    constructor(context, meta, schemaPath) {
        this.context = context;
        this.path = meta.path_in_schema.join(".");
        this.decoder = columnDecoder(meta, schemaPath, context.compressors);
        this.repeated = getMaxRepetitionLevel(schemaPath) > 0;
        this.maxDef = getMaxDefinitionLevel(schemaPath);
        this.convert = converterFor(this.decoder.element);
        this.bytes = new ColumnBytes(context.file, meta);
    }
    /** Fetches page headers and compressed page bytes until the pages cover rows [0, endRow). */
    async prepare(endRow) {
        while (this.rowsRead < endRow && !this.bytes.done) {
            const { header, bytes, window } = await this.bytes.nextPage();
            if (header.type === "DICTIONARY_PAGE") {
                // The format allows one, before the data pages. Another would change what the indices of
                // later pages mean, where the filter and the caches have decided by them already.
                if (this.dictionary || this.rowsRead > 0) {
                    const message = `column ${this.path} has a dictionary page after its first page`;
                    throw new RowDecodeError(this.rowsRead, message);
                }
                this.dictionary = readDictionaryPage(header, bytes, this.decoder);
                this.dictionaryCache = [];
                continue;
            }
            if (header.type !== "DATA_PAGE" && header.type !== "DATA_PAGE_V2")
                continue; // index pages
            const rows = this.pageRows(header);
            this.pages.push({ firstRow: this.rowsRead, rows, header, bytes, window });
            this.rowsRead += rows;
        }
    }
    /**
     * The rows a data page holds, as its header claims: a flat column has one value per row, and the
     * pages of a row group hold its rows, so no page may claim more than are left. (Decoders size
     * their arrays by it.)
     */
    pageRows(header) {
        const v2 = header.data_page_header_v2;
        const rows = v2 ? v2.num_rows : header.data_page_header?.num_values;
        const values = v2 ? v2.num_values : rows;
        const left = this.context.groupRows - this.rowsRead;
        if (!Number.isSafeInteger(rows) || rows < 0 || values !== rows || rows > left) {
            throw new Error(`parquet data page claims ${String(rows)} rows where its row group has ${left} left`);
        }
        return rows;
    }
    /** The value of a row (null when null). Rows must have been prepared and not released. */
    get(row) {
        const page = this.pageOf(row);
        if (!page)
            return null;
        const decoded = this.decoded(page);
        return this.valueAt(decoded, row - page.firstRow);
    }
    valueAt(decoded, offset) {
        if (decoded.kind === "stream")
            return this.streamValue(decoded.page, offset);
        const i = decoded.index ? decoded.index[offset] : offset;
        if (i < 0)
            return null;
        switch (decoded.kind) {
            case "ids":
                return this.fromDictionary(decoded.ids[i]);
            case "bytes": {
                const start = decoded.starts[i];
                return (0,byte_text/* utf8Text */.Hp)(decoded.text, start, start + decoded.lengths[i]);
            }
            default:
                return this.value(decoded, i);
        }
    }
    /**
     * The values of `rows` (ascending, each at least the last row asked for) into `out[slots[i]]`:
     * one pass over the pages instead of one lookup per value.
     */
    gather(rows, slots, count, out) {
        let i = 0;
        try {
            while (i < count) {
                const page = this.pageOf(rows[i]);
                if (!page) {
                    out[slots[i++]] = null;
                    continue;
                }
                const decoded = this.decoded(page);
                const first = page.firstRow;
                const stop = first + page.rows;
                if (decoded.kind === "stream") {
                    const stream = decoded.page;
                    for (; i < count && rows[i] < stop; i++) {
                        const v = stream.valueIndex(rows[i] - first);
                        out[slots[i]] =
                            v < 0
                                ? null
                                : stream.dictionary
                                    ? this.fromDictionary(stream.id(v))
                                    : this.convert(stream.fixed(v));
                    }
                }
                else {
                    for (; i < count && rows[i] < stop; i++)
                        out[slots[i]] = this.valueAt(decoded, rows[i] - first);
                }
            }
        }
        catch (error) {
            throw RowDecodeError.wrap(error, rows[Math.min(i, count - 1)]);
        }
    }
    /**
     * Dictionary indices of rows [start, end) into `out` (-1 for null), for filtering a whole range
     * with integer lookups instead of a string per row. False when a page in the range is not
     * dictionary-encoded (a writer's fallback to PLAIN): the caller then reads values with `get`.
     */
    idsInto(start, end, out) {
        try {
            return this.idsFrom(start, end, out, start);
        }
        catch (error) {
            throw RowDecodeError.wrap(error, start);
        }
    }
    idsFrom(row, end, out, start) {
        while (row < end) {
            const page = this.pageOf(row);
            if (!page) {
                out.fill(-1, row - start, end - start);
                return true;
            }
            const decoded = this.decoded(page);
            if (decoded.kind !== "ids")
                return false;
            const { ids, index } = decoded;
            const stop = Math.min(end, page.firstRow + page.rows);
            const first = page.firstRow;
            if (index) {
                for (; row < stop; row++) {
                    const i = index[row - first];
                    out[row - start] = i < 0 ? -1 : ids[i];
                }
            }
            else {
                out.set(ids.subarray(row - first, stop - first), row - start);
                row = stop;
            }
        }
        return true;
    }
    /** Entries in this column chunk's dictionary (0 before its dictionary page is read, or without one). */
    get dictionarySize() {
        return this.dictionary?.size ?? 0;
    }
    /** The value of dictionary entry `id` of this column chunk (as `get` would return it). */
    dictionaryValue(id) {
        return this.fromDictionary(id);
    }
    streamValue(page, offset) {
        const i = page.valueIndex(offset);
        if (i < 0)
            return null;
        if (page.dictionary)
            return this.fromDictionary(page.id(i));
        return this.convert(page.fixed(i));
    }
    decoded(page) {
        let decoded = page.decoded;
        if (!decoded) {
            decoded = page.decoded = decodePage(page, this);
            this.context.pageCounts[decoded.kind]++;
        }
        return decoded;
    }
    /** Drops pages that end at or before `row`, and frees their decompressed bytes. */
    release(row) {
        let drop = 0;
        while (drop < this.pages.length && this.pages[drop].firstRow + this.pages[drop].rows <= row) {
            freePage(this.pages[drop].decoded);
            drop++;
        }
        if (drop > 0) {
            this.pages.splice(0, drop);
            this.bytes.freeWindowsBefore(this.pages[0]?.window);
        }
        if (this.lastPage && this.lastPage.firstRow + this.lastPage.rows <= row)
            this.lastPage = undefined;
    }
    pageOf(row) {
        const last = this.lastPage;
        if (last && row >= last.firstRow && row < last.firstRow + last.rows)
            return last;
        for (const page of this.pages) {
            if (row < page.firstRow + page.rows) {
                if (row < page.firstRow)
                    return undefined;
                this.lastPage = page;
                return page;
            }
        }
        return undefined;
    }
    lastPage;
    value(decoded, i) {
        const raw = decoded.values[i];
        if (decoded.dict && typeof raw === "number")
            return this.fromDictionary(raw);
        return this.convert(raw);
    }
    fromDictionary(id) {
        let cached = this.dictionaryCache[id];
        if (cached === undefined) {
            if (!this.dictionary)
                throw new Error("parquet dictionary-encoded page without a dictionary page");
            if (id >= this.dictionary.size)
                throw new Error(`parquet dictionary index ${id} out of range`);
            const { spanId } = this.dictionary;
            cached = this.spanIdsFromBytes && spanId ? spanId(id) : this.convert(this.dictionary.entry(id));
            if (this.cacheValues) {
                // Sized at the first entry asked for: filled at scattered indices, an empty array becomes a
                // slow hash table; and a row group whose entries no row asks for allocates nothing.
                if (this.dictionaryCache.length === 0)
                    this.dictionaryCache = new Array(this.dictionary.size);
                this.dictionaryCache[id] = cached;
            }
        }
        return cached;
    }
    /** Frees the pages, dictionary and windows still held: the row group's column is done. */
    close() {
        for (const page of this.pages)
            freePage(page.decoded);
        this.pages = [];
        this.lastPage = undefined;
        this.dictionary?.free();
        this.dictionary = undefined;
        this.dictionaryCache = [];
        this.bytes.close();
    }
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/payload.ts
// A Parquet row's attributes → the JSONL attribute object, so the model sees one shape. The column
// values arrive under their JSONL names already (read-plan.ts renames as it reads); this merges the
// `json_payload` JSON text in, lifting a node's oneof detail from its Rust variant tag
// (`{"NodeTestDetail": …}`) to its JSONL field name (fusion-telemetry.md §5.5).


/** The Rust variant tags serde writes inside json_payload, and their JSONL field names. */
const ONEOF_TAGS = {
    NodeCacheDetail: "node_cache_detail",
    NodeTestDetail: "node_test_detail",
    NodeFreshnessOutcome: "node_freshness_outcome",
    NodeSkipUpstreamDetail: "node_skip_upstream_detail",
    NodeEvaluationDetail: "node_evaluation_detail",
};
/** The row's json_payload is not JSON: the row is skipped with a warning. */
class PayloadError extends Error {
}
/**
 * Merges the payload into `attributes` (whose keys are already JSONL names) and returns it. The
 * payload is untrusted JSON: its own `__proto__` key is never copied.
 */
function liftAttributes(event, attributes, jsonPayload) {
    const payload = parsePayload(jsonPayload);
    if (payload) {
        if (event === "NodeProcessed" || event === "NodeEvaluated")
            liftNodePayload(payload, attributes);
        else {
            for (const key in payload)
                if (key !== "__proto__")
                    attributes[key] = payload[key];
        }
    }
    return attributes;
}
function liftNodePayload(payload, out) {
    // Legacy NodeEvaluated (≤ preview.177): the bare oneof `{"NodeTestDetail":{...}}`.
    // NodeProcessed and newer NodeEvaluated: `{"node_outcome_detail":{...}, "idle_time_ms":.., ...}`.
    for (const key in payload) {
        if (key === "__proto__")
            continue;
        const value = payload[key];
        if (key === "node_outcome_detail") {
            // Not an object: kept for events.ts to report, never read as "no detail" (a pass).
            if ((0,telemetry_values/* isRecord */.u4)(value))
                liftOneof(value, out);
            else if (value !== null)
                out[PAYLOAD_DETAIL] = value;
        }
        else if (Object.hasOwn(ONEOF_TAGS, key)) {
            liftOneof({ [key]: value }, out);
        }
        else {
            out[key] = value;
        }
    }
}
function liftOneof(tagged, out) {
    for (const tag in tagged) {
        if (tag === "__proto__")
            continue;
        const inner = tagged[tag];
        const field = Object.hasOwn(ONEOF_TAGS, tag) ? ONEOF_TAGS[tag] : tag;
        // A detail that is not an object stays as it is: events.ts reports it (never read as `{}`, a pass).
        out[field] = inner;
    }
}
function parsePayload(value) {
    if (typeof value !== "string" || value === "" || value === "null")
        return null;
    let parsed;
    try {
        parsed = JSON.parse(value);
    }
    catch (error) {
        throw new PayloadError(`attributes.json_payload is not valid JSON (${error.message})`);
    }
    return (0,telemetry_values/* isRecord */.u4)(parsed) ? parsed : null;
}

;// CONCATENATED MODULE: ./src/telemetry/parquet/row-reader.ts
// Relevant Parquet rows → events, a batch of rows at a time and a column at a time: each leaf
// column is read in one pass over the rows that need it, and a row reads only the columns its kind
// of event uses (READ_PLAN in ../read-plan.ts). Node spans and queries — nearly every relevant row
// of a big build — become events straight from the column values (events.ts' nodeEvent and
// queryEvent); the few other rows become a record first, for toEvent. The events equal what toEvent
// makes of the whole-row reference's records (test/support/parquet-reference.ts), except that phase
// span ends become `phaseTimes` events where NodeProcessed ends decide the nodes (slimPhases;
// test/telemetry/parquet-stream.test.ts).








/** Read for every row: decide whether the row is a record and whether any event can come of it. */
const FILTER_COLUMNS = ["record_type", "trace_id", "event_type", "severity_text"];
/**
 * Trace ids as the record holds them (lower case, no dashes), computed and checked once per distinct
 * id; null for a value that is not one (toTraceId), as the JSONL reader reads it.
 */
class TraceIds {
    cache = new Map();
    get(raw) {
        let id = this.cache.get(raw);
        if (id === undefined) {
            id = (0,telemetry_values/* toTraceId */.Mx)(raw);
            if (this.cache.size < 1024)
                this.cache.set(raw, id);
        }
        return id;
    }
}
/** Reads the relevant rows of one row group. */
class RowReader {
    traceIds;
    filter;
    /** Envelope then attribute columns present in the file (undefined where absent). */
    columns;
    plans = new Map();
    scratch = new Scratch();
    payloadIndex;
    statusMessageIndex;
    statusCodeIndex;
    queryOutcomeIndex;
    uniqueIdIndex;
    /**
     * Phase span ends (NodeEvaluated) are read for their span and node only, as `phaseTimes` events
     * whose times are left to the NodeProcessed end: set when the file's nodes are decided by their
     * NodeProcessed span ends (parquet.ts).
     */
    slimPhases = false;
    constructor(context, chunks, traceIds = new TraceIds()) {
        this.traceIds = traceIds;
        const byPath = openLeafCursors(context, chunks, [
            ...FILTER_COLUMNS,
            ...ENVELOPE_COLUMNS,
            ...ATTRIBUTE_COLUMNS.map((child) => `attributes.${child}`),
        ]);
        this.filter = {
            recordType: byPath.get("record_type"),
            traceId: byPath.get("trace_id"),
            eventType: byPath.get("event_type"),
            severity: byPath.get("severity_text"),
        };
        byPath.get("span_id")?.convertToSpanIds();
        byPath.get("parent_span_id")?.convertToSpanIds();
        // One entry per span or log record, each read about once: caching them would only hold memory.
        for (const column of [
            "span_id",
            "parent_span_id",
            "start_time_unix_nano",
            "end_time_unix_nano",
            "time_unix_nano",
        ]) {
            const cursor = byPath.get(column);
            if (cursor)
                cursor.cacheValues = false;
        }
        this.columns = [
            ...ENVELOPE_COLUMNS.map((column) => byPath.get(column)),
            ...ATTRIBUTE_COLUMNS.map((child) => byPath.get(`attributes.${child}`)),
        ];
        this.payloadIndex = attributeIndex("json_payload");
        this.statusMessageIndex = ENVELOPE_COLUMNS.indexOf("status_message");
        this.statusCodeIndex = ENVELOPE_COLUMNS.indexOf("status_code");
        this.queryOutcomeIndex = attributeIndex("query_outcome");
        this.uniqueIdIndex = attributeIndex("unique_id");
    }
    /** The cursors other than the filter's. */
    get valueCursors() {
        return this.columns.filter((cursor) => cursor !== undefined);
    }
    /** Reads `rows[0..count)` (ascending, relevant) and hands each record to the sink. */
    read(rows, count, sink) {
        const { recordType, traceId, eventType, severity } = this.filter;
        // Rows are relevant only when record_type and event_type gave them a value; trace_id is a
        // required column (footer.ts), its value checked row by row below.
        if (count === 0 || !recordType || !traceId || !eventType)
            return;
        const all = this.scratch.identity(count);
        const types = this.scratch.values(TYPES, count);
        const traces = this.scratch.values(TRACES, count);
        const events = this.scratch.values(EVENTS, count);
        const severities = this.scratch.values(SEVERITIES, count);
        recordType.gather(rows, all, count, types);
        traceId.gather(rows, all, count, traces);
        eventType.gather(rows, all, count, events);
        severity?.gather(rows, all, count, severities);
        const plans = new Array(count);
        let plan;
        let rowPlan;
        for (let i = 0; i < count; i++) {
            // Dictionary values are the same string objects row after row: most rows reuse the last plan.
            if (!plan || plan.recordType !== types[i] || plan.eventType !== events[i]) {
                plan = this.planFor(types[i], events[i]);
                rowPlan = (this.slimPhases && plan.slim) || plan;
            }
            plans[i] = rowPlan;
        }
        // Every column in one pass over the rows whose plan reads it; then the conditional ones, which
        // depend on the status read in the first pass. A column no row reads keeps the empty array.
        const values = this.columns.map(() => NONE);
        this.gatherPlanned(rows, count, plans, values);
        const statusCodes = values[this.statusCodeIndex];
        const queryOutcomes = values[this.queryOutcomeIndex];
        const isError = (i) => (0,telemetry_values/* toNumber */.Ro)(statusCodes[i]) === 2 || (plans[i].isQuery && queryOutcomes[i] === "QUERY_OUTCOME_ERROR");
        this.gatherWhere(this.statusMessageIndex, rows, count, values, (i) => {
            const mode = plans[i].statusMessage;
            return mode === "always" || (mode === "on-error" && (0,telemetry_values/* toNumber */.Ro)(statusCodes[i]) === 2);
        });
        const envelope = (column) => values[ENVELOPE_COLUMNS.indexOf(column)];
        const spanIds = envelope("span_id");
        const parentIds = envelope("parent_span_id");
        const starts = envelope("start_time_unix_nano");
        const ends = envelope("end_time_unix_nano");
        const times = envelope("time_unix_nano");
        const bodies = envelope("body");
        const statusMessages = envelope("status_message");
        const uniqueIds = values[this.uniqueIdIndex];
        for (let i = 0; i < count; i++) {
            const plan = plans[i];
            const row = rows[i];
            const traceId = this.traceIds.get(traces[i]);
            if (traceId === null) {
                // A record in all but its trace: no invocation to put it in (the JSONL reader says the same).
                sink.skip(row, whyNotATraceId(traces[i]));
                continue;
            }
            if (plan.kind === "phaseOfProcessedNode") {
                const uniqueId = (0,telemetry_values/* toStr */.N7)(uniqueIds[i]);
                if (!uniqueId)
                    continue;
                const spanId = (0,telemetry_values/* toSpanId */.Dr)(spanIds[i]);
                const event = {
                    kind: "phaseTimes",
                    traceId,
                    spanId,
                    uniqueId,
                    startNs: null,
                    endNs: null,
                    timesFromProcessed: true,
                };
                sink.event(event, row);
                continue;
            }
            // Every attribute of the plan, null when unset (events read null as absent): copying the
            // plan's template gives one object shape per kind of row, which keeps building and reading
            // them fast. Two columns may share a JSONL name (phase and last_phase): the set one wins.
            const attributes = { ...plan.template };
            const planAttributes = plan.attributes;
            for (let k = 0; k < planAttributes.length; k++) {
                const { index, name } = planAttributes[k];
                const value = values[index][i];
                if (value !== undefined && value !== null && value !== "") {
                    attributes[name] = typeof value === "bigint" ? Number(value) : value;
                }
            }
            // The payload (JSON text, the largest value of a row) is read row by row, just before it is
            // parsed, rather than for the whole batch: so it is garbage at once, not kept with the batch
            // long enough for V8 to move it to the old generation.
            const mode = plan.payload;
            const payload = mode === "always" || (mode === "on-error" && isError(i)) ? this.payloadAt(row) : null;
            let lifted;
            try {
                lifted = liftAttributes(plan.event, attributes, payload);
            }
            catch (error) {
                if (!(error instanceof PayloadError))
                    throw error;
                sink.skip(row, error.message);
                continue;
            }
            const ended = plan.recordType === "SpanEnd";
            let event;
            if (plan.kind === "node") {
                const processed = plan.event === "NodeProcessed";
                const spanId = (0,telemetry_values/* toSpanId */.Dr)(spanIds[i]);
                event = nodeEvent(processed, traceId, spanId, ended, (0,telemetry_values/* toNanos */.tb)(starts[i]), (0,telemetry_values/* toNanos */.tb)(ends[i]), lifted);
            }
            else if (plan.kind === "query") {
                event = ended
                    ? queryEvent(traceId, (0,telemetry_values/* toSpanId */.Dr)(parentIds[i]), (0,telemetry_values/* toNanos */.tb)(starts[i]), (0,telemetry_values/* toNanos */.tb)(ends[i]), (0,telemetry_values/* toNumber */.Ro)(statusCodes[i]), (0,telemetry_values/* toStr */.N7)(statusMessages[i]), lifted)
                    : null;
            }
            else {
                const body = bodies[i];
                const sev = severities[i];
                event = toEvent({
                    recordType: plan.recordType,
                    traceId,
                    spanId: (0,telemetry_values/* toSpanId */.Dr)(spanIds[i]),
                    parentSpanId: (0,telemetry_values/* toSpanId */.Dr)(parentIds[i]),
                    spanName: null,
                    eventType: events[i],
                    startNs: (0,telemetry_values/* toNanos */.tb)(starts[i]),
                    endNs: (0,telemetry_values/* toNanos */.tb)(ends[i]),
                    timeNs: (0,telemetry_values/* toNanos */.tb)(times[i]),
                    severity: typeof sev === "string" ? sev.toUpperCase() : "",
                    body: typeof body === "string" ? (0,telemetry_values/* stripAnsi */.aJ)(body) : null,
                    statusCode: (0,telemetry_values/* toNumber */.Ro)(statusCodes[i]),
                    statusMessage: (0,telemetry_values/* toStr */.N7)(statusMessages[i]),
                    attributes: lifted,
                });
            }
            if (event)
                sink.event(event, row);
        }
        // The batch's values are dropped now, not when the next batch overwrites them (see above).
        this.scratch.clearValues(count);
    }
    payloadAt(row) {
        const cursor = this.columns[this.payloadIndex];
        try {
            return cursor ? cursor.get(row) : null;
        }
        catch (error) {
            throw RowDecodeError.wrap(error, row);
        }
    }
    /**
     * Each column the rows' plans read, for exactly those rows: the rows are sorted into per-column
     * lists in one pass over the rows and their plans' column lists.
     */
    gatherPlanned(rows, count, plans, values) {
        const columns = this.columns.length;
        const filled = this.scratch.ints(FILLED, columns).fill(0, 0, columns);
        const subRows = [];
        const slots = [];
        for (let c = 0; c < columns; c++) {
            subRows.push(this.scratch.ints(PER_COLUMN + 2 * c, count));
            slots.push(this.scratch.ints(PER_COLUMN + 2 * c + 1, count));
        }
        let plan;
        let reads = new Int32Array(0);
        for (let i = 0; i < count; i++) {
            if (plans[i] !== plan)
                reads = (plan = plans[i]).columns;
            const row = rows[i];
            for (let k = 0; k < reads.length; k++) {
                const c = reads[k];
                const n = filled[c];
                subRows[c][n] = row;
                slots[c][n] = i;
                filled[c] = n + 1;
            }
        }
        for (let c = 0; c < columns; c++) {
            const n = filled[c];
            const cursor = this.columns[c];
            if (n > 0 && cursor) {
                cursor.gather(subRows[c], slots[c], n, (values[c] = this.scratch.values(c, count)));
            }
        }
    }
    gatherWhere(column, rows, count, values, wanted) {
        const cursor = this.columns[column];
        if (!cursor)
            return;
        const subRows = this.scratch.ints(SUB_ROWS, count);
        const slots = this.scratch.ints(SUB_SLOTS, count);
        let n = 0;
        for (let i = 0; i < count; i++) {
            if (wanted(i)) {
                subRows[n] = rows[i];
                slots[n++] = i;
            }
        }
        if (n > 0)
            cursor.gather(subRows, slots, n, (values[column] = this.scratch.values(column, count)));
    }
    planFor(recordType, eventType) {
        let byEvent = this.plans.get(recordType);
        if (!byEvent)
            this.plans.set(recordType, (byEvent = new Map()));
        let plan = byEvent.get(eventType);
        if (plan)
            return plan;
        const event = eventName(eventType);
        const kind = planKindOf(recordType, eventType, event);
        plan = this.buildPlan(recordType, eventType, event, kind);
        if (kind === "node" && recordType === "SpanEnd" && event === "NodeEvaluated") {
            plan.slim = this.buildPlan(recordType, eventType, event, "phaseOfProcessedNode");
        }
        byEvent.set(eventType, plan);
        return plan;
    }
    buildPlan(recordType, eventType, event, kind) {
        const spec = READ_PLAN[kind];
        const reads = new Uint8Array(this.columns.length);
        for (const column of spec.envelope)
            reads[ENVELOPE_COLUMNS.indexOf(column)] = 1;
        const attributes = [];
        ATTRIBUTE_COLUMNS.forEach((child, k) => {
            const index = ENVELOPE_COLUMNS.length + k;
            if (child === "json_payload" || !this.columns[index])
                return;
            if (spec.attributes && !spec.attributes.includes(child))
                return;
            reads[index] = 1;
            attributes.push({ index, name: jsonlName(event, child) });
        });
        // The conditional columns are read in a second pass.
        reads[this.payloadIndex] = 0;
        reads[this.statusMessageIndex] = 0;
        return {
            recordType,
            eventType,
            event,
            kind,
            isQuery: kind === "query",
            reads,
            columns: Int32Array.from([...reads.keys()].filter((c) => reads[c] === 1 && this.columns[c] !== undefined)),
            attributes,
            template: rowTemplate(kind, attributes),
            payload: spec.payload,
            statusMessage: spec.statusMessage,
        };
    }
}
/**
 * The payload's fields are in the template (undefined until set, which reads as absent) so that
 * lifting them writes fields the object already has: adding fields to a copy made by spreading
 * (`{ ...template }`) allocated ~800 bytes a node row, 35 of the 143 MB a 20,000-node build made
 * (docs/performance.md). Only for the kinds whose events read attributes by name, never by listing
 * them (`other` rows are few and kept as they come).
 */
function rowTemplate(kind, attributes) {
    const payloadFields = kind === "node" || kind === "query" || kind === "log" ? PAYLOAD_FIELDS[kind] : [];
    return Object.fromEntries([
        ...payloadFields.map((name) => [name, undefined]),
        ...attributes.map(({ name }) => [name, null]),
    ]);
}
function attributeIndex(child) {
    return ENVELOPE_COLUMNS.length + ATTRIBUTE_COLUMNS.indexOf(child);
}
/** Read as `undefined` at every index: the values of a column no row of the batch reads. */
const NONE = Object.freeze([]);
/** Scratch keys of the filter columns' values (column indices are 0 and up). */
const TYPES = -1;
const TRACES = -2;
const EVENTS = -3;
const SEVERITIES = -4;
const SUB_ROWS = 0;
const SUB_SLOTS = 1;
const FILLED = 2;
/** Per-column row lists: keys PER_COLUMN + 2c and PER_COLUMN + 2c + 1. */
const PER_COLUMN = 16;

;// CONCATENATED MODULE: ./src/telemetry/parquet.ts









/** Rows handled per slice: bounds the pages held per column independently of the row-group size. */
const PARQUET_SLICE_ROWS = 8192;
/**
 * Relevant rows read into events at a time. What a batch makes (values, payload objects, events)
 * lives until the batch is done: kept to about V8's young generation (1 MiB, see young-generation.ts),
 * most of it dies there instead of being copied to the old generation first.
 */
const PARQUET_READ_BATCH_ROWS = 1024;
/**
 * Decodes a Parquet telemetry file slice by slice and feeds the events of its records to the sink. Takes a byte-range reader (AsyncBuffer) so local files, downloads and memory look the same.
 *
 * Only the leaf columns the report needs are read, in bounded windows. Four cheap dictionary columns
 * are decoded for every row; the rest only in pages holding a row that passed the early filter
 * (`isRelevant`), and only that row's values are converted. See docs/performance.md.
 */
async function decodeParquet(file, name, out, options = {}) {
    try {
        return await decodeRowGroups(file, name, out, options.phasesInFull === true);
    }
    finally {
        // The pool's buffers serve the next page; after the last one they would only hold memory.
        emptyPool();
    }
}
async function decodeRowGroups(file, name, out, phasesInFull) {
    const { metadata, schema } = await readFooter(file, name);
    const total = Number(metadata.num_rows);
    if (total === 0)
        throw new errors/* TelemetryInputError */.uB(name, "Parquet file has no rows: no telemetry records");
    let records = 0;
    let groupStart = 0;
    const relevance = new RelevanceCache();
    const pages = newPageCounts();
    const context = { file, name, schema, pageCounts: pages, compressors: await decompressorsFor(metadata) };
    // A node with a NodeProcessed span end is decided by it alone: its phase span ends are read for
    // their span and node only (their times left to the NodeProcessed end, which holds the node's), in
    // a row group whose event types name NodeProcessed, as long as the model can tell afterwards
    // whether every node so read was decided, with its times; if one was not, read again.
    const slimmable = !phasesInFull && out.undecidedPhaseNodes !== undefined;
    let slimmed = false;
    for (const group of metadata.row_groups) {
        const groupRows = Number(group.num_rows);
        const reader = new RowReader({ ...context, groupRows }, group.columns);
        const filters = Object.values(reader.filter).filter((cursor) => cursor !== undefined);
        const others = reader.valueCursors;
        const all = [...filters, ...others];
        const filter = new RowFilter(reader.filter, relevance);
        for (const cursor of others)
            cursor.sequential = true;
        const sink = {
            event: (event, row) => out.add(event, groupStart + row + 1),
            skip: (row, message) => out.warn(`${name} (row ${groupStart + row + 1}): ${message}; the row was ignored`),
        };
        const rows = new Int32Array(PARQUET_SLICE_ROWS);
        const fetchPages = (end) => {
            const fetched = Promise.all(all.map((cursor) => cursor.prepare(end)));
            // Awaited before use; if reading stops first (an error), its failure must not go unhandled.
            fetched.catch(() => undefined);
            return fetched;
        };
        let fetched = fetchPages(Math.min(PARQUET_SLICE_ROWS, groupRows));
        for (let start = 0; start < groupRows; start += PARQUET_SLICE_ROWS) {
            const end = Math.min(start + PARQUET_SLICE_ROWS, groupRows);
            try {
                await fetched;
                // The event types' dictionary is read with the first pages.
                if (start === 0 && slimmable && namesNodeProcessed(reader.filter.eventType)) {
                    reader.slimPhases = slimmed = true;
                }
                // The next slice's pages are read from the file while this slice is decoded.
                const next = Math.min(end + PARQUET_SLICE_ROWS, groupRows);
                fetched = next > end ? fetchPages(next) : Promise.resolve();
                const flags = filter.classify(start, end);
                let count = 0;
                for (let row = start; row < end; row++)
                    if (flags[row - start])
                        rows[count++] = row;
                for (let from = 0; from < count; from += PARQUET_READ_BATCH_ROWS) {
                    const batch = Math.min(PARQUET_READ_BATCH_ROWS, count - from);
                    reader.read(from === 0 ? rows : rows.subarray(from, from + batch), batch, sink);
                }
            }
            catch (error) {
                if (error instanceof errors/* TelemetryInputError */.uB || !isDecodeError(error))
                    throw error;
                const row = error instanceof RowDecodeError ? error.row : start;
                throw new errors/* TelemetryInputError */.uB(name, `corrupt Parquet data: ${describeCorruption(error)}`, {
                    row: groupStart + row + 1,
                });
            }
            for (const cursor of all)
                cursor.release(end);
        }
        for (const cursor of all)
            cursor.close();
        records += filter.records;
        groupStart += groupRows;
    }
    if (records === 0)
        throw new errors/* TelemetryInputError */.uB(name, "no telemetry records found");
    const undecided = slimmed ? out.undecidedPhaseNodes() : 0;
    if (undecided > 0) {
        throw new errors/* ReadAgainInFull */.d8(`${undecided} node(s) read from phase span ends have no NodeProcessed end`);
    }
    return { records, pages };
}
/**
 * Whether the column chunk's dictionary has a NodeProcessed event type (without a dictionary: no,
 * and its phase spans are read in full: the shortcut needs the answer before the first row).
 */
function namesNodeProcessed(eventType) {
    const size = eventType?.dictionarySize ?? 0;
    for (let id = 0; id < size; id++) {
        const value = eventType.dictionaryValue(id);
        if (typeof value === "string" && eventName(value) === "NodeProcessed")
            return true;
    }
    return false;
}

// EXTERNAL MODULE: ./src/text/count.ts
var count = __nccwpck_require__(896);
;// CONCATENATED MODULE: ./src/pipeline/read-telemetry.ts
// Telemetry files → one report: each file goes through its decoder (Parquet or JSONL) into the
// model's ReportBuilder. The one place that joins sources → telemetry → model.







/** Another tool's JSON Lines files named one by one in the warnings; past this, counted. */
const MAX_FOREIGN_FILES_NAMED = 10;
/**
 * Reads every file into one report. A Parquet file that cannot be read (a run that died before
 * writing the footer leaves one) is skipped with a warning when a JSONL file was read: the engine
 * writes each invocation to the JSONL as it goes and to the Parquet only at shutdown, and a file
 * without a footer has no readable invocation id to match, so the JSONL stands in for it. Another
 * Parquet file never does (the engine starts the Parquet file afresh for every invocation). Without
 * a readable JSONL file the unreadable Parquet stays an error.
 *
 * A JSONL file that cannot be read is skipped with a warning only where nothing it holds can be
 * missing from the report: its first record showed it is not telemetry at all (another tool's JSON
 * Lines in a searched folder) and another file was read; or every invocation it named is in a Parquet file that
 * was read (a line damaged after the run wrote it; the engine's Parquet holds the run's last
 * invocation whole, and a JSONL holds that one last). Otherwise it stays an error: skipping it would
 * leave out an invocation, whose failure the report would then not show.
 *
 * Parquet files are read first. An invocation a Parquet file holds to its end is the run's whole
 * invocation (the engine writes the Parquet footer at shutdown): its lines in a JSONL file are then
 * counted and left unparsed: the pair the Action's default globs name reads in little more than the
 * Parquet file's time.
 *
 * `failedSteps` are dbt platform steps that ended in Error without telemetry: each is reported as a
 * failed invocation of its own (model/failed-step.ts).
 */
async function readTelemetryReport(files, options, failedSteps = []) {
    const builder = new build_report/* ReportBuilder */.ex(options);
    for (const step of failedSteps)
        builder.addFailedStep(step);
    const unreadableParquet = [];
    const unreadableJsonl = [];
    /** Invocations (trace ids) held by the Parquet files that were read. */
    const inParquet = new Set();
    /** Of those, the ones held to their end: not read again from a JSONL file. */
    const readWhole = {
        traces: new Set(),
        seen: (traceId) => builder.lastFileAlsoHolds(traceId),
    };
    let lastJsonl = null;
    let lastParquet = null;
    const startFile = (file) => {
        const fileSink = builder.startFile({
            files: [file.name],
            format: file.format,
            ...(file.step ? { step: file.step } : {}),
        });
        return locatedEvents(fileSink, file.name, file.format === "parquet" ? "row" : "line");
    };
    /**
     * Reads a file into its `sink` with the decoder's shortcuts (`read(sink, true)`), and when the
     * decoder finds one did not hold (ReadAgainInFull) forgets what it gave and reads the file again
     * without them. Returns the sink of the read that counts.
     */
    const readWithShortcuts = async (file, sink, read) => {
        try {
            await read(sink, true);
            return sink;
        }
        catch (error) {
            if (!(error instanceof errors/* ReadAgainInFull */.d8))
                throw error;
            builder.discardLastFile();
            const again = startFile(file);
            await read(again, false);
            return again;
        }
    };
    // Stable: the files of each format keep their order.
    const parquetFirst = [
        ...files.filter((file) => file.format === "parquet"),
        ...files.filter((file) => file.format !== "parquet"),
    ];
    for (const file of parquetFirst) {
        let sink = startFile(file);
        try {
            if (file.format === "parquet") {
                const buffer = await file.openBuffer();
                try {
                    // Read again when phase span ends read as their times alone have a node no NodeProcessed
                    // end decided (a file that lost some, which the engine does not write): those ends in full.
                    sink = await readWithShortcuts(file, sink, (into, shortcuts) => decodeParquet(buffer, file.name, into, { phasesInFull: !shortcuts }));
                }
                finally {
                    await buffer.close?.();
                }
                lastParquet = { sink, name: file.name };
                for (const trace of builder.lastFileTraceIds())
                    inParquet.add(trace);
                for (const trace of builder.lastFileEndedTraceIds())
                    readWhole.traces.add(trace);
            }
            else {
                // A pipe cannot be read twice, and a crashed run's starts are needed: every line is parsed
                // the first time.
                const dropNodeStarts = file.rereadable === true && file.unfinished !== true;
                // Read again when node span records are needed after all (a crashed run's starts, phase ends
                // whose node no NodeProcessed end decided; or a file still being written, whose second read
                // then sees more of it): every line parsed.
                sink = await readWithShortcuts(file, sink, async (into, shortcuts) => {
                    await decodeJsonl(file.openStream(), file.name, recordsToEvents(into, shortcuts ? { dropNodeStarts, readWhole } : { readWhole }));
                    // A run killed mid-record with the next run appended on the same line: a query span start
                    // left out from its bytes would hide the record appended to it. Such a run never ended and
                    // another follows it; read in full, its file tells the two apart (jsonl.ts, leaveOutQueryStart).
                    if (shortcuts && dropNodeStarts && builder.lastFileHasUnendedBeforeAnother()) {
                        throw new errors/* ReadAgainInFull */.d8("an invocation before another has no end record");
                    }
                });
                lastJsonl = { sink, name: file.name };
            }
        }
        catch (error) {
            const named = builder.lastFileTraceIds();
            builder.discardLastFile();
            if (error instanceof errors/* TelemetryInputError */.uB) {
                if (file.format === "parquet")
                    unreadableParquet.push(error);
                else
                    unreadableJsonl.push({ error, named });
                continue;
            }
            throw error;
        }
    }
    /** The file the report is read from, which the skipped files' warnings go with. */
    const read = lastParquet ?? lastJsonl;
    let foreign = 0;
    for (const { error, named } of unreadableJsonl) {
        if (named.length === 0 && error.notTelemetry && read) {
            // A folder of another tool's logs is one warning per file up to a few, then counted.
            if (++foreign <= MAX_FOREIGN_FILES_NAMED) {
                read.sink.warnFile(`${error.message} — skipped: it is not telemetry (the report is read from ${(0,errors/* shownFileName */.jO)(read.name)})`);
            }
        }
        else if (named.length > 0 && lastParquet && named.every((trace) => inParquet.has(trace))) {
            const what = named.length === 1 ? "the invocation it holds is" : "the invocations it holds are";
            lastParquet.sink.warnFile(`${error.message.replace(USE_PARQUET, "")} — skipped: ${what} read from ${(0,errors/* shownFileName */.jO)(lastParquet.name)}`);
        }
        else {
            throw withUnreadableParquet(error, unreadableParquet);
        }
    }
    if (read && foreign > MAX_FOREIGN_FILES_NAMED) {
        read.sink.warnFile(`… and ${(0,count/* formatCount */.B)(foreign - MAX_FOREIGN_FILES_NAMED)} more JSON Lines files that are not telemetry were skipped ` +
            `(${(0,count/* formatCount */.B)(foreign)} in all)`);
    }
    if (unreadableParquet.length > 0) {
        if (!lastJsonl)
            throw unreadableParquet[0];
        for (const error of unreadableParquet) {
            const problem = error.message.replace(errors/* USE_JSONL */.RG, "");
            lastJsonl.sink.warnFile(`${problem} — skipped: this report is read from ${(0,errors/* shownFileName */.jO)(lastJsonl.name)}`);
        }
    }
    return builder.finish();
}
/**
 * The JSONL's error, which would advise the run's Parquet file, when the Parquet files given could
 * not be read either: then it says why they could not instead.
 */
function withUnreadableParquet(error, unreadableParquet) {
    if (unreadableParquet.length === 0)
        return error;
    const parquetProblems = unreadableParquet.map((parquet) => parquet.message.replace(errors/* USE_JSONL */.RG, ""));
    // The message is rewritten in place: the error keeps its class, file and position.
    error.message = `${error.message.replace(USE_PARQUET, "")}; the Parquet telemetry could not be read either: ${parquetProblems.join("; ")}`;
    return error;
}

;// CONCATENATED MODULE: ./src/pipeline/redact-report.ts
/**
 * The report with `redact` applied to every string in it. Nearly every string comes back as it
 * was, so only the objects and arrays on the way to a changed string are copied: a copy of a
 * 20,000-node report would double its memory for nothing. The report given is never changed.
 */
function redactReport(report, redact) {
    return redactValue(report, redact);
}
/** `value` itself when `redact` changes nothing in it, else a copy of it with the changes. */
function redactValue(value, redact) {
    if (typeof value === "string")
        return redact(value);
    if (value === null || typeof value !== "object")
        return value;
    if (Array.isArray(value)) {
        let copy = null;
        for (let i = 0; i < value.length; i++) {
            const item = value[i];
            const masked = redactValue(item, redact);
            if (masked !== item)
                (copy ??= value.slice())[i] = masked;
        }
        return copy ?? value;
    }
    let copy = null;
    const record = value;
    // for…in rather than Object.keys: a 20,000-node report has ~100,000 objects, and a key array (and,
    // in this recursive function, an iterator result per key) for each was 16 MB of garbage. The
    // report's objects are plain data: their enumerable properties are their own.
    for (const key in record) {
        const item = record[key];
        const masked = redactValue(item, redact);
        if (masked !== item)
            (copy ??= { ...record })[key] = masked;
    }
    return copy ?? value;
}

// EXTERNAL MODULE: ./src/pipeline/work-folders.ts
var work_folders = __nccwpck_require__(501);
;// CONCATENATED MODULE: ./src/pipeline/run.ts
// The pipeline both entries run, from a typed request: collect the telemetry (dbt platform, workflow
// artifact, local files), build the report, compare it with the base branch's report (a file or an
// artifact). It returns what the renderers and the report files need and throws typed errors
// (NoTelemetryError, BaselineError, TelemetryInputError …): what becomes of them is the entry's call.
// What only GitHub can do (fetch an artifact, find the base branch's run) comes in as functions.








async function runPipeline(request, services) {
    const work = workFolder(request.tempDir);
    try {
        const { files, failedSteps } = await collectTelemetry(request.telemetry, work.path, services);
        services.beforeReading?.(files);
        let report = await readTelemetryReport(files, { slowest: request.slowest, failOn: request.failOn, generatorVersion: request.generatorVersion }, failedSteps);
        if (request.baseline) {
            const settings = {
                regressionThresholdPercent: request.regressionThresholdPercent,
                ...(request.minRegressionMs !== undefined ? { minRegressionMs: request.minRegressionMs } : {}),
                failOn: request.failOn,
            };
            report = await withBaseline(report, request.baseline, settings, work.path, services);
        }
        if (services.redact)
            report = redactReport(report, services.redact);
        return { report, telemetryFiles: files.flatMap((file) => (file.path ? [file.path] : [])) };
    }
    finally {
        await work.remove();
    }
}
async function withBaseline(report, baseline, settings, workDir, services) {
    if ("file" in baseline) {
        const base = await readBaselineFile(baseline.file, baseline.display, baseline.checkout);
        return compareReports(report, base, baseline.display, settings);
    }
    const skip = (why) => {
        const failOn = settings.failOn === "new-errors" ? " and fail-on: new-errors acts like errors" : "";
        services.warning(`Baseline comparison skipped: ${why.replace(/\.$/, "")}. The report has no comparison${failOn}.`);
        return report;
    };
    const located = services.locateBaselineRun
        ? await services.locateBaselineRun()
        : { skip: `baseline-artifact '${baseline.artifact}' needs a github-token and GITHUB_REPOSITORY` };
    if ("skip" in located)
        return skip(located.skip);
    if (!services.artifacts)
        throw new Error("reading a workflow artifact needs the GitHub side");
    const lookup = await downloadBaselineReport({
        artifact: baseline.artifact,
        workflow: located.workflow,
        branch: located.branch,
        tempDir: await workDir(),
    }, { findRun: located.findRun, readArtifact: services.artifacts.readBaseline, log: services.log });
    if (!lookup.found)
        return skip(lookup.reason);
    return compareReports(report, lookup.report, lookup.source, settings);
}
/**
 * A temp folder made on first use (most runs download nothing) and removed with what is in it; also
 * when the CLI is interrupted (work-folders.ts).
 */
function workFolder(parent) {
    let made = null;
    const make = async () => {
        const folder = await (0,promises_.mkdtemp)(external_node_path_default().join(parent || external_node_os_default().tmpdir(), "fusion-report-"));
        (0,work_folders/* trackWorkFolder */.ZS)(folder);
        return folder;
    };
    return {
        path: () => (made ??= make()),
        remove: async () => {
            if (!made)
                return;
            const folder = await made;
            await (0,promises_.rm)(folder, { recursive: true, force: true });
            (0,work_folders/* untrackWorkFolder */._c)(folder);
        },
    };
}

// EXTERNAL MODULE: ./src/text/runner-commands.ts
var runner_commands = __nccwpck_require__(1312);
;// CONCATENATED MODULE: ./src/cli.ts
// The command line: the same pipeline as the Action, with files and stdout as the outputs. Exit
// codes: 0 ok, 1 the fail-on policy tripped, 2 unusable input or usage.







async function runCli(argv, rawIo) {
    // Every stderr line may quote a file name, a node name or a server's answer: secrets masked,
    // controls shown, and nothing a CI runner could read as a workflow command.
    const secrets = [rawIo.env.DBT_CLOUD_TOKEN ?? "", ...argvSecrets(argv)].filter(Boolean);
    const redact = createRedactor(secrets);
    const io = { ...rawIo, stderr: (text) => rawIo.stderr((0,runner_commands/* safeLogText */.H)(text, redact)) };
    const fail = (message) => {
        io.stderr(`fusion-report: ${message}\n`);
        return cli_report/* EXIT */.d.unusable;
    };
    let options;
    try {
        const parsed = parseCliArgs(argv, io.env, io.stdoutIsTty ?? false);
        if (parsed === "help" || parsed === "version") {
            io.stdout(`${parsed === "help" ? USAGE : VERSION}\n`);
            return cli_report/* EXIT */.d.ok;
        }
        options = parsed;
    }
    catch (error) {
        return fail(`${error.message}\n${HELP_HINT}`);
    }
    for (const warning of options.warnings)
        io.stderr(`fusion-report: warning: ${warning}\n`);
    if (options.failOn === "new-errors" && !options.baseline) {
        io.stderr("fusion-report: warning: --fail-on new-errors needs --baseline (a base-branch JSON report); " +
            "without one it acts like --fail-on errors\n");
    }
    let result;
    try {
        result = await runPipeline(cliRequest(options, io), {
            ...cliServices(io),
            // The report is masked by value (and token shape) only: its messages are the build's own words.
            redact: createRedactor(secrets, { credentials: false }),
        });
    }
    catch (error) {
        return fail(error.message);
    }
    try {
        return await (0,cli_report/* writeAndPrint */.O)(result, options, io);
    }
    catch (error) {
        // Exit code 1 means "the policy tripped": whatever nobody expected must not look like that.
        return fail(`stopped unexpectedly: ${error.message}`);
    }
}


/***/ }),

/***/ 782:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $_: () => (/* binding */ compareWithBaseline),
/* harmony export */   Qp: () => (/* binding */ applyBaseline),
/* harmony export */   Vo: () => (/* binding */ RUN_RESULTS_MARK),
/* harmony export */   Xz: () => (/* binding */ parseBaselineReport),
/* harmony export */   s$: () => (/* binding */ BaselineError)
/* harmony export */ });
/* unused harmony export DEFAULT_MIN_REGRESSION_MS */
/* harmony import */ var _conclusion_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5718);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9723);
/* harmony import */ var _status_table_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6606);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(440);
// Compares this run with a report of the base branch: which failures the pull request introduced,
// which it fixed, which were already there, and which nodes got markedly slower. Pure: the caller
// reads the baseline file and passes its text (parseBaselineReport) or a parsed Report.




const DEFAULT_MIN_REGRESSION_MS = 1_000;
// A baseline is untrusted and may come from a newer version: a status this one does not know counts
// as a node that did not run.
const ran = (status) => (0,_status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .statusRow */ .jf)(status)?.ran ?? "no";
/** A failure counts as fixed only when the node ran and did not fail; a skip proves nothing. */
const ranClean = (status) => ran(status) === "clean" || ran(status) === "warned";
const ranWithoutWarning = (status) => ran(status) === "clean";
/**
 * Times compare only between two runs of the node that went to their end: a failed test ran its
 * query through, an error stopped part way (after 50 ms, fixed to take its 5 s, is no slowdown).
 */
const ranToTheEnd = (status) => ran(status) !== "no" && status !== "error";
const ranToTheEndBoth = (now, before) => ranToTheEnd(now) && ranToTheEnd(before);
class BaselineError extends Error {
    name = "BaselineError";
}
/**
 * The base branch's JSON report (schema/report.schema.json), checked just enough that the comparison
 * cannot misread it. `name` (the file or artifact) is used in every error message.
 */
function parseBaselineReport(text, name) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new BaselineError(`baseline ${name}: not valid JSON (${error.message}); pass the JSON report written by fusion-report (json-report input or --json)`);
    }
    const problem = shapeProblem(value);
    if (problem) {
        throw new BaselineError(`baseline ${name}: ${problem}; pass the JSON report written by fusion-report (json-report input or --json)`);
    }
    return value;
}
/**
 * The key fusion-report puts in `metadata.env` of the run_results.json it writes. dbt's v6 schema
 * allows no extra `metadata` keys but any string in `env`, so the file stays valid, and a later run
 * (or a baseline read by mistake) can tell its own file from the one dbt wrote.
 */
const RUN_RESULTS_MARK = "FUSION_REPORT_VERSION";
function shapeProblem(value) {
    if (!isObject(value))
        return "not a JSON object";
    if (!("schemaVersion" in value)) {
        // dbt's own run_results.json is the file most often passed by mistake.
        const schema = isObject(value.metadata) ? value.metadata.dbt_schema_version : undefined;
        const artifact = typeof schema === "string" ? /\/dbt\/([a-z-]+)\/v\d+\.json$/.exec(schema)?.[1] : undefined;
        // The run_results.json fusion-report writes carries its mark in metadata.env (report-files.ts).
        const env = isObject(value.metadata) ? value.metadata.env : undefined;
        const ours = isObject(env) && RUN_RESULTS_MARK in env;
        if (artifact && ours)
            return `this is the dbt ${artifact} artifact fusion-report wrote (--run-results), not its JSON report (--json)`;
        if (artifact)
            return `this is a dbt ${artifact} artifact (dbt's own file), not a fusion-report JSON report`;
        return "no schemaVersion (is this a fusion-report JSON report?)";
    }
    if (value.schemaVersion !== 1) {
        return `schemaVersion ${JSON.stringify(value.schemaVersion)} is not supported (expected 1)`;
    }
    if (!Array.isArray(value.invocations))
        return "invocations is not an array";
    // Every field the comparison copies into this run's report is text where the renderers expect it.
    if (value.conclusion !== undefined && typeof value.conclusion !== "string")
        return "conclusion is not a string";
    if (value.generator !== undefined &&
        !(isObject(value.generator) && optionalText(value.generator.version))) {
        return "generator.version is not a string";
    }
    for (const [i, inv] of value.invocations.entries()) {
        if (!isObject(inv) || !Array.isArray(inv.nodes))
            return `invocations[${i}].nodes is not an array`;
        if (typeof inv.invocationId !== "string")
            return `invocations[${i}].invocationId is not a string`;
        if (!optionalText(inv.startedAt))
            return `invocations[${i}].startedAt is not a string or null`;
        for (const [j, node] of inv.nodes.entries()) {
            const where = `invocations[${i}].nodes[${j}]`;
            if (!isObject(node))
                return `${where} is not an object`;
            if (typeof node.uniqueId !== "string")
                return `${where}.uniqueId is not a string`;
            if (typeof node.status !== "string")
                return `${where}.status is not a string`;
            if (!optionalText(node.name))
                return `${where}.name is not a string or null`;
            if (typeof node.resourceType !== "string")
                return `${where}.resourceType is not a string`;
            if (typeof node.inSelection !== "boolean")
                return `${where}.inSelection is not a boolean`;
            if (!isObject(node.timing))
                return `${where}.timing is not an object`;
            const ms = node.timing.processingMs;
            if (ms !== null && !(typeof ms === "number" && Number.isFinite(ms) && ms >= 0))
                return `${where}.timing.processingMs is not a number ≥ 0 or null`;
        }
    }
    return null;
}
function optionalText(value) {
    return value === undefined || value === null || typeof value === "string";
}
function isObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
function compareWithBaseline(current, baseline, opts) {
    const minRegressionMs = opts.minRegressionMs ?? DEFAULT_MIN_REGRESSION_MS;
    const now = selectedNodes(current);
    const before = selectedNodes(baseline);
    const failures = [];
    const warnings = [];
    const regressions = [];
    const added = [];
    const removed = [];
    let compared = 0;
    const changes = [];
    for (const [id, node] of now) {
        const old = before.get(id);
        if (!old) {
            added.push(presence(node));
            continue;
        }
        compared++;
        const failure = label((0,_status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .isFailure */ .N6)(node.status), (0,_status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .isFailure */ .N6)(old.status), ranClean(node.status));
        if (failure)
            failures.push(change(node, old, failure));
        const warning = label(node.status === "warn", old.status === "warn", ranWithoutWarning(node.status));
        if (warning)
            warnings.push(change(node, old, warning));
        // Times compare only between two runs of the node that went to their end: a skipped or reused
        // node's few milliseconds, or an error's, are no baseline for one that ran.
        if (!ranToTheEndBoth(node.status, old.status))
            continue;
        const percent = percentChange(old.timing.processingMs, node.timing.processingMs);
        if (percent !== null)
            changes.push(percent);
        const regression = regressionOf(node, old, opts.regressionThresholdPercent, minRegressionMs);
        if (regression)
            regressions.push(regression);
    }
    for (const [id, node] of before)
        if (!now.has(id))
            removed.push(presence(node));
    failures.sort(byLabelThenId);
    warnings.sort(byLabelThenId);
    regressions.sort((a, b) => b.deltaMs - a.deltaMs || compareText(a.uniqueId, b.uniqueId));
    added.sort((a, b) => compareText(a.uniqueId, b.uniqueId));
    removed.sort((a, b) => compareText(a.uniqueId, b.uniqueId));
    const count = (list, l) => list.filter((c) => c.label === l).length;
    return {
        baseline: {
            ...(opts.source ? { source: opts.source } : {}),
            generatorVersion: baseline.generator?.version ?? null,
            invocationIds: baseline.invocations.map((inv) => inv.invocationId),
            startedAt: baseline.invocations[0]?.startedAt ?? null,
            // Conclusion is a closed list of the report; any other baseline value (hand-edited) is left out.
            conclusion: knownConclusion(baseline.conclusion),
        },
        regressionThresholdPercent: opts.regressionThresholdPercent,
        minRegressionMs,
        ...(changes.length > 0 ? { timingChange: quartiles(changes) } : {}),
        counts: {
            compared,
            newFailures: count(failures, "new"),
            fixedFailures: count(failures, "fixed"),
            stillFailing: count(failures, "still-failing"),
            newWarnings: count(warnings, "new"),
            fixedWarnings: count(warnings, "fixed"),
            stillWarning: count(warnings, "still-failing"),
            regressions: regressions.length,
            added: added.length,
            addedFailing: added.filter((a) => (0,_status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .isFailure */ .N6)(a.status)).length,
            removed: removed.length,
        },
        failures,
        warnings,
        regressions,
        added,
        removed,
    };
}
/**
 * The report with the comparison attached and the conclusion decided again (fail-on: new-errors
 * only means something once a baseline is known).
 */
function applyBaseline(report, comparison, failOn) {
    const verdict = (0,_conclusion_js__WEBPACK_IMPORTED_MODULE_0__/* .decideConclusion */ .w)(report.invocations, report.counts, failOn, comparison);
    return {
        ...report,
        baseline: comparison,
        conclusion: verdict.conclusion,
        conclusionReason: verdict.reason,
    };
}
/**
 * Selected nodes by unique id, each with its latest result (retries.ts latestResults), in this run and
 * in the baseline alike: after `dbt build || dbt retry` the retry's result where it ran the node again,
 * status and time (the build's error stopped part way, so only the retry's time is a whole run).
 * Two builds in one report: the later one's result.
 */
function selectedNodes(report) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .latestResults */ .qQ)(report.invocations, (node) => node.inSelection);
}
function label(isNow, wasBefore, clearedNow) {
    if (isNow)
        return wasBefore ? "still-failing" : "new";
    if (wasBefore && clearedNow)
        return "fixed";
    return null;
}
function change(node, old, l) {
    return {
        uniqueId: node.uniqueId,
        name: node.name,
        resourceType: node.resourceType,
        label: l,
        status: node.status,
        baselineStatus: old.status,
        message: l === "fixed" ? null : node.message,
    };
}
function knownConclusion(value) {
    return _types_js__WEBPACK_IMPORTED_MODULE_3__/* .CONCLUSIONS */ .F.includes(value) ? value : null;
}
function presence(node) {
    return { uniqueId: node.uniqueId, name: node.name, resourceType: node.resourceType, status: node.status };
}
function regressionOf(node, old, thresholdPercent, minMs) {
    const beforeMs = old.timing.processingMs;
    const afterMs = node.timing.processingMs;
    if (beforeMs === null || afterMs === null || beforeMs <= 0)
        return null;
    const deltaMs = afterMs - beforeMs;
    const percent = percentChange(beforeMs, afterMs);
    if (percent === null || deltaMs < minMs || percent <= thresholdPercent)
        return null;
    return {
        uniqueId: node.uniqueId,
        name: node.name,
        resourceType: node.resourceType,
        beforeMs,
        afterMs,
        deltaMs,
        percent: Math.round(percent * 10) / 10,
    };
}
/** null when there is no ratio to give: a time missing, or a base of 0 (or so near it that the ratio overflows). */
function percentChange(beforeMs, afterMs) {
    if (beforeMs === null || afterMs === null || beforeMs <= 0)
        return null;
    const percent = ((afterMs - beforeMs) / beforeMs) * 100;
    return Number.isFinite(percent) ? percent : null;
}
function quartiles(changes) {
    const sorted = Float64Array.from(changes).sort();
    const at = (q) => {
        const position = (sorted.length - 1) * q;
        const low = Math.floor(position);
        const high = Math.min(sorted.length - 1, low + 1);
        const value = sorted[low] + (sorted[high] - sorted[low]) * (position - low);
        return Math.round(value * 10) / 10;
    };
    return { nodes: sorted.length, p25Percent: at(0.25), medianPercent: at(0.5), p75Percent: at(0.75) };
}
const LABEL_ORDER = { new: 0, "still-failing": 1, fixed: 2 };
function byLabelThenId(a, b) {
    return LABEL_ORDER[a.label] - LABEL_ORDER[b.label] || compareText(a.uniqueId, b.uniqueId);
}
function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}


/***/ }),

/***/ 3812:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  ex: () => (/* binding */ ReportBuilder),
  er: () => (/* binding */ readerWarningsOf)
});

// UNUSED EXPORTS: REPORT_LIMITS, ReportLimitError

// EXTERNAL MODULE: ./src/telemetry/errors.ts
var errors = __nccwpck_require__(7964);
// EXTERNAL MODULE: ./src/text/count.ts
var count = __nccwpck_require__(896);
;// CONCATENATED MODULE: ./src/text/detached.ts
// A string V8 may hold as a view of a larger one (a slice of 13 characters or more is kept as its
// parent and a range): kept as a key or a field, it keeps that parent alive. The JSONL reader
// slices ids out of lines it never parses; what the model keeps of them is copied first.
/** A string equal to `text` that is no view of another (any text, lone surrogates included). */
function detached(text) {
    return JSON.parse(JSON.stringify(text));
}

// EXTERNAL MODULE: ./src/telemetry/limits.ts
var limits = __nccwpck_require__(9311);
;// CONCATENATED MODULE: ./src/model/accumulate.ts

/** Error/warning lines kept per node, and characters per line: enough to explain, bounded in memory. */
const MAX_LOGS_PER_NODE = 10;
const MAX_LOG_CHARS = 8_000;
const MAX_RUN_LOGS = 50;
function newInvocationState(traceId) {
    return {
        traceId,
        invocationId: null,
        command: null,
        rawCommand: null,
        target: null,
        version: null,
        startNs: null,
        endNs: null,
        ended: false,
        moreEnds: 0,
        statusCode: null,
        statusMessage: null,
        phases: new Map(),
        nodes: new Map(),
        openNodeSpans: new Map(),
        endedBeforeStart: new Set(),
        sawNodeStart: false,
        extras: new Map(),
        runLogs: [],
    };
}
function accumulate(state, event) {
    switch (event.kind) {
        case "process":
            state.version ??= event.version;
            return;
        case "invocation":
            state.invocationId = event.invocationId ?? state.invocationId;
            state.command = event.command ?? state.command;
            state.rawCommand = event.rawCommand ?? state.rawCommand;
            state.target = event.target ?? state.target;
            state.version = event.version ?? state.version;
            state.startNs = event.startNs ?? state.startNs;
            if (event.ended) {
                // The same end read again (a file given twice, a line repeated) is one invocation still.
                if (state.ended && event.endNs !== state.endNs)
                    state.moreEnds++;
                state.ended = true;
                state.endNs = event.endNs;
                state.statusCode = event.statusCode;
                state.statusMessage = event.statusMessage;
            }
            return;
        case "phase": {
            const key = event.spanId ?? `${event.phase}`;
            const phase = state.phases.get(key) ?? {
                phase: event.phase,
                startNs: null,
                endNs: null,
                nodeCountTotal: null,
                nodeCountSkipped: null,
                nodeCountError: null,
            };
            phase.phase = event.phase ?? phase.phase;
            phase.startNs = event.startNs ?? phase.startNs;
            if (event.ended) {
                phase.endNs = event.endNs;
                phase.nodeCountTotal = event.nodeCountTotal;
                phase.nodeCountSkipped = event.nodeCountSkipped;
                phase.nodeCountError = event.nodeCountError;
            }
            state.phases.set(key, phase);
            return;
        }
        case "node":
        case "phaseTimes":
            accumulateNode(state, event);
            return;
        case "query": {
            const errorMessage = event.outcome === "error" ? event.errorMessage : null;
            // A query that names a node already seen joins that node whatever its span (joinExtras): most
            // of a build's queries, each of which would otherwise keep an entry by span until the end.
            // A failed one keeps its place among its node's spans, whose first error message is shown.
            const node = event.uniqueId && !errorMessage ? state.nodes.get(event.uniqueId) : undefined;
            if (node)
                return countQuery(node, event);
            const extras = extrasFor(state, event.parentSpanId, event.uniqueId);
            countQuery(extras, event);
            if (errorMessage) {
                const errors = (extras.queryErrors ??= []);
                if (errors.length < MAX_LOGS_PER_NODE)
                    errors.push(clip(errorMessage));
            }
            return;
        }
        case "log": {
            const line = {
                severity: event.severity,
                text: clip(event.text.trim()),
                ...(event.code !== null ? { code: event.code } : {}),
                ...(event.phase ? { phase: event.phase } : {}),
                ...(event.path
                    ? {
                        location: {
                            path: event.path,
                            ...(event.line ? { line: event.line } : {}),
                            ...(event.column !== null && event.line ? { column: event.column + 1 } : {}),
                        },
                    }
                    : {}),
            };
            if (!event.uniqueId && !event.spanId) {
                if (state.runLogs.length < MAX_RUN_LOGS)
                    state.runLogs.push(line);
                return;
            }
            const logs = (extrasFor(state, event.spanId, event.uniqueId).logs ??= []);
            if (logs.length < MAX_LOGS_PER_NODE)
                logs.push(line);
            return;
        }
    }
}
function accumulateNode(state, event) {
    const facts = event.kind === "node" ? event.facts : null;
    const uniqueId = event.kind === "node" ? event.facts.uniqueId : event.uniqueId;
    let node = state.nodes.get(uniqueId);
    if (!node) {
        // An id read from a JSONL line's text is a view of the line: the node keeps a copy of its own.
        const own = event.kind === "phaseTimes" && event.inPlaceOfFacts ? detached(uniqueId) : uniqueId;
        node = {
            uniqueId: own,
            processed: null,
            processedStartNs: null,
            processedEndNs: null,
            started: null,
            processedStarted: false,
            openSpans: 0,
            phaseCount: 0,
            phasesStartNs: null,
            phasesEndNs: null,
            phasesMs: null,
            evaluations: null,
            timesAlone: false,
            timesFromProcessed: false,
            queryNs: 0,
            queryCount: 0,
            queryLongestNs: 0,
        };
        state.nodes.set(own, node);
    }
    // The facts the node keeps hold the node's own copy of its id, so that the one their record
    // brought (a second string of it for every node) is garbage at once, not copied to the end.
    if (facts)
        facts.uniqueId = node.uniqueId;
    const ended = event.kind === "phaseTimes" || event.ended;
    // Joins queries and logs that name no node to the node span they ran in. A span's children come
    // before its end, so at the end only a span that has some needs to say whose it is; a start
    // (JSONL) records it among the open spans until then, for a span that never ends. The node's own
    // copy of its id is what is kept: from JSONL every record brings a fresh string of it.
    if (!ended) {
        node.started ??= facts;
        if (event.kind === "node" && event.span === "processed")
            node.processedStarted = true;
        state.sawNodeStart = true;
        // This span's end came first: it is closed.
        if (event.spanId && state.endedBeforeStart.delete(event.spanId))
            return;
        node.openSpans++;
        if (event.spanId)
            state.openNodeSpans.set(event.spanId, node.uniqueId);
        return;
    }
    if (event.spanId) {
        const extras = state.extras.get(event.spanId);
        if (extras)
            extras.spanNode = node.uniqueId;
    }
    // Files without SpanStart rows never opened the span; don't count below zero.
    if (event.spanId && state.openNodeSpans.size > 0 && state.openNodeSpans.delete(event.spanId)) {
        node.openSpans--;
    }
    else if (event.spanId && state.sawNodeStart) {
        state.endedBeforeStart.add(event.spanId);
    }
    if (event.kind === "node" && event.span === "processed") {
        // A later run given the same invocation id (one trace) that did not select the node did not run
        // it again: the result of the run that did stands.
        if (node.processed?.inSelection === true && event.facts.inSelection !== true)
            return;
        node.processed = event.facts;
        node.processedStartNs = event.startNs;
        node.processedEndNs = event.endNs;
        node.evaluations = null;
        return;
    }
    addPhase(node, event.startNs, event.endNs);
    if (event.kind === "phaseTimes") {
        node.timesAlone = true;
        if (event.timesFromProcessed)
            node.timesFromProcessed = true;
    }
    if (facts && !node.processed)
        (node.evaluations ??= []).push({ facts, startNs: event.startNs });
}
/**
 * Whether a node whose phase ends were read as times alone (`phaseTimes`) got what that left to its
 * NodeProcessed end: the end itself, and, where a phase end's times were not read, the node's times
 * and duration on it.
 */
function keepsPhasePromise(node) {
    if (node.processed === null)
        return false;
    if (!node.timesFromProcessed)
        return true;
    return node.processed.durationMs !== null && node.processedStartNs !== null && node.processedEndNs !== null;
}
function countQuery(into, query) {
    if (query.startNs !== null && query.endNs !== null && query.endNs > query.startNs) {
        const ns = Number(query.endNs - query.startNs);
        into.queryNs += ns;
        if (ns > into.queryLongestNs)
            into.queryLongestNs = ns;
    }
    into.queryCount++;
}
/** Folds an ended phase span's times into its node. */
function addPhase(node, startNs, endNs) {
    node.phaseCount++;
    if (startNs !== null && (node.phasesStartNs === null || startNs < node.phasesStartNs)) {
        node.phasesStartNs = startNs;
    }
    if (endNs !== null && (node.phasesEndNs === null || endNs > node.phasesEndNs))
        node.phasesEndNs = endNs;
    // duration_ms is defined as the sum of the phases' wall times, each truncated to milliseconds.
    if (startNs !== null && endNs !== null)
        node.phasesMs = (node.phasesMs ?? 0) + wholeMs(endNs - startNs);
}
/** Nanoseconds → whole milliseconds, truncated (BigInt division only past 2^53 ns, 104 days). */
function wholeMs(ns) {
    const value = Number(ns);
    return Math.abs(value) <= Number.MAX_SAFE_INTEGER ? Math.trunc(value / 1e6) : Number(ns / 1000000n);
}
function extrasFor(state, spanId, uniqueId) {
    // Keyed by span: a span's queries and logs nearly always name the same node. The rare other node
    // in the same span gets a composite key (kept apart, joined the same way later).
    let key = spanId ?? "";
    let extras = state.extras.get(key);
    if (extras && extras.uniqueId !== uniqueId) {
        key = `${key}\u0000${uniqueId ?? ""}`;
        extras = state.extras.get(key);
    }
    if (!extras) {
        extras = {
            spanId,
            uniqueId,
            queryNs: 0,
            queryCount: 0,
            queryLongestNs: 0,
            queryErrors: null,
            logs: null,
            spanNode: null,
        };
        state.extras.set(key, extras);
    }
    return extras;
}
function clip(text) {
    return text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}… (truncated)` : text;
}

// EXTERNAL MODULE: ./src/model/conclusion.ts
var conclusion = __nccwpck_require__(5718);
// EXTERNAL MODULE: ./src/model/counts.ts
var counts = __nccwpck_require__(4325);
;// CONCATENATED MODULE: ./src/model/slowest.ts
function pickSlowest(nodes, limit) {
    return {
        byProcessing: slowest_top(nodes, (timing) => timing.processingMs, limit),
        byLifetime: slowest_top(nodes, (timing) => timing.lifetimeMs, limit),
        byIdle: slowest_top(nodes, (timing) => timing.idleMs, limit),
        byWarehouse: slowest_top(nodes, (timing) => timing.warehouseMs, limit),
    };
}
function slowest_top(nodes, measure, limit) {
    if (limit <= 0)
        return [];
    // The `limit` first in order (slowest, then unique_id), kept sorted as nodes stream past: no sort
    // of every node, and each node's value is read once.
    const best = [];
    const values = [];
    /** Whether a node of `value` and `id` comes before best[i]. */
    const before = (value, id, i) => value > values[i] || (value === values[i] && id < best[i].uniqueId);
    // An index loop: for…of over 20,000 nodes, four times, made an iterator result per node.
    for (let n = 0; n < nodes.length; n++) {
        const node = nodes[n];
        const value = measure(node.timing) ?? 0;
        if (value <= 0)
            continue;
        const id = node.uniqueId;
        if (best.length === limit && !before(value, id, limit - 1))
            continue;
        let lo = 0;
        let hi = best.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (before(value, id, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        best.splice(lo, 0, node);
        values.splice(lo, 0, value);
        if (best.length > limit) {
            best.pop();
            values.pop();
        }
    }
    return best.map(toSlowNode);
}
function toSlowNode(node) {
    return {
        uniqueId: node.uniqueId,
        name: node.name,
        resourceType: node.resourceType,
        status: node.status,
        processingMs: node.timing.processingMs,
        lifetimeMs: node.timing.lifetimeMs,
        idleMs: node.timing.idleMs,
        warehouseMs: node.timing.warehouseMs,
    };
}

;// CONCATENATED MODULE: ./src/model/failed-step.ts
// A dbt platform step that ended in Error and wrote no telemetry (a failed clone, profile or
// `dbt deps`, or a dbt command that died before its Parquet footer): the telemetry cannot tell the
// report it failed, so the step becomes an invocation of its own, failed with no node to blame. The
// conclusion then counts it like a local build that crashed, and the step gets its section.
//
// A step that ended in Error and did write telemetry, which shows no failure (the step failed after
// dbt finished, or for a reason the telemetry does not record), is its invocation, failed the same
// way: the platform's word is not overruled by a green-looking file.


function buildFailedStep(step) {
    const where = step.url ? `its log is on the dbt platform (${step.url})` : "its log is on the dbt platform";
    const wrote = step.footerless
        ? "wrote no complete Fusion telemetry (its file ends without the Parquet footer: it stopped while writing " +
            "it, or the download was cut short, which a re-run would retry)"
        : step.wroteTelemetry
            ? "its telemetry holds no dbt invocation"
            : "wrote no Fusion telemetry";
    const text = (step.cancelled
        ? `Step ${step.index} was cancelled (status ${step.status}) and ${wrote}, so this ` +
            `report cannot show what ran in it or whether it would have passed; ${where}.`
        : `Step ${step.index} ended with status ${step.status} and ${wrote}, so this report ` +
            `cannot show what failed in it; ${where}.`) +
        (step.logTail ? `\nThe end of its log:\n${step.logTail}` : "");
    const id = `dbt-platform-run-${step.runId}-step-${step.index}`;
    return {
        invocationId: id,
        traceId: id,
        command: step.command,
        rawCommand: step.command,
        dbtVersion: null,
        target: null,
        startedAt: step.startedAt,
        completedAt: step.completedAt,
        durationMs: durationOf(step.startedAt, step.completedAt),
        state: step.cancelled ? "incomplete" : "complete",
        statusMessage: step.status,
        failed: true,
        source: {
            files: [],
            format: "parquet",
            step: { index: step.index, name: step.name, runId: step.runId, ...(step.url ? { url: step.url } : {}) },
        },
        phases: [],
        nodes: [],
        counts: (0,counts/* emptyCounts */.W1)(),
        skipChains: [],
        runErrors: [{ severity: "ERROR", text }],
        slowest: pickSlowest([], 0),
        readerWarnings: [],
    };
}
/**
 * The invocation of a step that ended in Error, as its telemetry file gave it, failed by the step's
 * status, said in its run errors. For a step none of whose invocations `failsByItsTelemetry`: one
 * whose telemetry explains the Error is left as it is (build-report.ts).
 */
function failedDespiteTelemetry(inv, step) {
    const where = step.url ? `its log is on the dbt platform (${step.url})` : "its log is on the dbt platform";
    const text = `Step ${step.index} ended with status ${step.status} on the dbt platform, but its telemetry shows no ` +
        `failure (the step failed after dbt finished, or for a reason the telemetry does not record), so this ` +
        `report counts it as failed; ${where}.` +
        (step.logTail ? `\nThe end of its log:\n${step.logTail}` : "");
    return { ...inv, failed: true, runErrors: [{ severity: "ERROR", text }] };
}
/** Node errors, failed tests, an error status or a run error: the telemetry says it failed. */
function failsByItsTelemetry(inv) {
    return inv.failed || inv.runErrors.length > 0 || inv.counts.error + inv.counts.fail > 0;
}
function durationOf(startedAt, completedAt) {
    if (!startedAt || !completedAt)
        return null;
    const ms = Date.parse(completedAt) - Date.parse(startedAt);
    return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

// EXTERNAL MODULE: ./src/telemetry/values.ts
var values = __nccwpck_require__(7593);
// EXTERNAL MODULE: ./src/model/implausible-times.ts
var implausible_times = __nccwpck_require__(7971);
;// CONCATENATED MODULE: ./src/model/skip-chains.ts
/**
 * Groups upstream skips under the node that caused them. The engine names the immediate cause
 * (sometimes the root itself); following `skippedBecauseOf` through skipped nodes reaches the root.
 */
function buildSkipChains(nodes) {
    // Only upstream skips are followed, so only they are looked up by id (a map of every node of a
    // 20,000-node build was most of this function's time); a root's status is found in one pass after.
    const skippedById = new Map();
    for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i];
        if (node.status === "skipped" && node.skippedBecauseOf)
            skippedById.set(node.uniqueId, node);
    }
    if (skippedById.size === 0)
        return [];
    // Each node's root and depth, found once: a node's walk stops at a node already resolved, so a
    // chain 10,000 deep is walked once, not once per node on it (which took minutes).
    const resolved = new Map();
    const path = [];
    const onPath = new Set();
    skippedById.forEach((start) => {
        if (resolved.has(start.uniqueId))
            return;
        let node = start;
        let root;
        let depth;
        for (;;) {
            path.push(node);
            onPath.add(node.uniqueId);
            const cause = node.skippedBecauseOf;
            const known = resolved.get(cause);
            if (known) {
                ({ root, depth } = known);
                break;
            }
            const upstream = skippedById.get(cause);
            // A cause that is no upstream skip is the root; so is one met again (a cycle, in hostile data).
            if (!upstream || onPath.has(cause)) {
                root = cause;
                depth = 0;
                break;
            }
            node = upstream;
        }
        for (let i = path.length - 1; i >= 0; i--)
            resolved.set(path[i].uniqueId, { root, depth: ++depth });
        path.length = 0;
        onPath.clear();
    });
    const chains = new Map();
    skippedById.forEach((node) => {
        const { root, depth } = resolved.get(node.uniqueId);
        let chain = chains.get(root);
        if (!chain) {
            chain = { rootId: root, rootStatus: "missing", skipped: [] };
            chains.set(root, chain);
        }
        chain.skipped.push({ uniqueId: node.uniqueId, via: node.skippedBecauseOf, depth });
    });
    // Where each root is among the nodes (the first node of its id), and its status.
    const position = new Map();
    for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i];
        const chain = chains.get(node.uniqueId);
        if (chain && !position.has(node.uniqueId)) {
            position.set(node.uniqueId, i);
            chain.rootStatus = node.status;
        }
    }
    const result = [...chains.values()];
    for (const chain of result) {
        chain.skipped.sort((a, b) => a.depth - b.depth || compare(a.uniqueId, b.uniqueId));
    }
    // Largest blast radius first: that is the failure to fix first. Of equal ones, the root listed
    // first among the nodes (where the errors are listed in the same order), then by id.
    if (result.length < 2)
        return result;
    const at = (id) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
    return result.sort((a, b) => b.skipped.length - a.skipped.length || at(a.rootId) - at(b.rootId) || compare(a.rootId, b.rootId));
}
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./src/model/status.ts
/**
 * The one status per node, following the engine's documented mapping (fusion-telemetry.md §9):
 * a test that ran and found rows is `fail` (node outcome SUCCESS + test outcome FAILED); a test
 * that could not run is `error`. Cached, no-op, phase-disabled/-skipped and canceled stay distinct.
 */
function decideStatus(facts) {
    switch (facts.outcome) {
        case "error":
            return "error";
        case "canceled":
            return "canceled";
        case "skipped":
            switch (facts.skipReason) {
                case "cached":
                    return "reused";
                case "no_op":
                    return "no-op";
                case "phase_disabled":
                    return "phase-disabled";
                case "phase_skipped":
                    return "phase-skipped";
                default:
                    return "skipped";
            }
        case "success":
            if (facts.test?.outcome === "failed")
                return "fail";
            if (facts.test?.outcome === "warned")
                return "warn";
            if (facts.freshness && facts.freshness.outcome !== "pass") {
                return facts.freshness.outcome === "error" ? "error" : facts.freshness.outcome;
            }
            // A test dbt State reused reports SUCCESS with skip reason CACHED (fusion-telemetry.md §10):
            // reused, as a cached skip is, and never `success`, which is no test's status.
            if (facts.skipReason === "cached")
                return "reused";
            return facts.test || facts.freshness ? "pass" : "success";
        default:
            return "unknown";
    }
}
const RESOURCE_TYPES = new Set([
    "model",
    "seed",
    "snapshot",
    "source",
    "test",
    "unit_test",
    "function",
    "analysis",
    "operation",
    "exposure",
    "metric",
    "saved_query",
    "semantic_model",
    "macro",
    "doc",
]);
/**
 * The engine's node types named otherwise than dbt Core's resource types: a docs block is
 * NODE_TYPE_DOCS_MACRO to the engine and `doc` to dbt Core (its unique_id is `doc.<package>.<name>`).
 */
const CORE_NAME = { docs_macro: "doc" };
/**
 * From the engine's node_type, in dbt Core's words; else (none, or one this reader does not know)
 * the unique_id's first segment (`model.shop.orders`).
 */
function resourceTypeOf(nodeType, uniqueId) {
    const named = nodeType !== null && Object.hasOwn(CORE_NAME, nodeType) ? CORE_NAME[nodeType] : nodeType;
    if (named && RESOURCE_TYPES.has(named))
        return named;
    const segment = firstSegment(uniqueId);
    return RESOURCE_TYPES.has(segment) ? segment : "unknown";
}
/** The package packageOf named last: a build's nodes nearly all share one or two. */
let lastPackage = "";
/**
 * The id's package segment. The same string as for the node before when the package is the same,
 * so a 20,000-node report keeps one copy of it, not one per node.
 */
function packageOf(uniqueId) {
    const dot = uniqueId.indexOf(".");
    if (dot < 0)
        return null;
    const next = uniqueId.indexOf(".", dot + 1);
    const end = next < 0 ? uniqueId.length : next;
    if (end - dot - 1 !== lastPackage.length || !uniqueId.startsWith(lastPackage, dot + 1)) {
        lastPackage = uniqueId.slice(dot + 1, end);
    }
    return lastPackage;
}
/** The first dot-separated segment, without splitting the whole id (it runs per node). */
function firstSegment(uniqueId) {
    const dot = uniqueId.indexOf(".");
    return dot < 0 ? uniqueId : uniqueId.slice(0, dot);
}

// EXTERNAL MODULE: ./src/model/status-table.ts
var status_table = __nccwpck_require__(6606);
;// CONCATENATED MODULE: ./src/model/finish-invocation.ts







/** Turns one invocation's accumulated state into its result: one result per selected node. */
function finishInvocation(state, options) {
    const extrasByNode = joinExtras(state);
    const nodes = [];
    const unreadable = [];
    const latestNs = (0,implausible_times/* latestRealNs */.bR)();
    const { span, problem: spanProblem } = (0,implausible_times/* usableInvocationSpan */.L_)(state.startNs, state.endNs, latestNs);
    const implausible = new implausible_times/* ImplausibleTimes */.gL(span, latestNs);
    const failed = state.statusCode === 2 || !state.ended;
    // The errors of nodes the report leaves out (not selected): in a failed run they may be all that
    // says why (a model outside `--select` that does not compile stops the whole run).
    const leftOutLogs = [];
    // forEach, not for…of: this runs once, unoptimised, where for…of makes an iterator result per node.
    state.nodes.forEach((node) => {
        const extras = extrasByNode.get(node.uniqueId) ?? NO_EXTRAS;
        const result = finishNode(node, extras, unreadable, implausible);
        if (result)
            nodes.push(result);
        else if (failed)
            for (const entry of extras)
                if (entry.logs)
                    leftOutLogs.push(...entry.logs);
    });
    nodes.sort(byStartThenId);
    const runErrors = [
        ...state.runLogs,
        ...(extrasByNode.get("") ?? []).flatMap((extras) => extras.logs ?? []),
        ...leftOutLogs,
    ].filter((line) => line.severity === "ERROR");
    const skipChains = buildSkipChains(nodes);
    const roots = new Map();
    for (const chain of skipChains)
        for (const skipped of chain.skipped)
            roots.set(skipped.uniqueId, chain.rootId);
    for (const node of nodes)
        node.skipRoot = roots.get(node.uniqueId) ?? null;
    const readerWarnings = [...options.readerWarnings, ...unreadable];
    if (spanProblem)
        readerWarnings.push(spanProblem);
    const timesWarning = implausible.warning();
    if (timesWarning)
        readerWarnings.push(timesWarning);
    if (state.moreEnds > 0) {
        readerWarnings.push(`trace ${state.traceId} holds ${state.moreEnds + 1} invocations' ends: runs given the same ` +
            "invocation id were appended to one file; their nodes are shown as one invocation, a node run again " +
            "with its last result");
    }
    if (!state.ended) {
        readerWarnings.push("the invocation has no end record: the run crashed, was killed or is still running; results are partial");
    }
    return {
        invocationId: state.invocationId ?? formatUuid(state.traceId),
        traceId: state.traceId,
        command: state.command,
        rawCommand: state.rawCommand,
        dbtVersion: state.version,
        target: state.target,
        startedAt: (0,values/* nanosToIso */.u9)(state.startNs),
        completedAt: (0,values/* nanosToIso */.u9)(state.endNs),
        durationMs: implausible.invocationMs,
        state: state.ended ? "complete" : "incomplete",
        statusMessage: state.statusMessage,
        failed,
        source: options.source,
        phases: finishPhases(state, implausible),
        nodes,
        counts: (0,counts/* countStatuses */.ip)(nodes),
        skipChains,
        runErrors,
        slowest: pickSlowest(nodes, options.slowest),
        readerWarnings,
    };
}
const NO_EXTRAS = [];
/** The logs of a node that logged nothing (most of them): one list for all, never changed. */
const NO_LOGS = Object.freeze([]);
/** The phases kept of a node decided by its NodeProcessed span (most of them): none. */
const NO_EVALUATIONS = Object.freeze([]);
function finishNode(node, extras, unreadable, implausible) {
    const evaluations = node.evaluations ? byStart(node.evaluations) : NO_EVALUATIONS;
    // A node whose phases were read for their times only (their NodeProcessed span, which decides
    // such a node, was unreadable) is still reported, from what is known: its id.
    const facts = node.processed ??
        deriveFromEvaluations(evaluations) ??
        node.started ??
        (node.phaseCount > 0 ? bareFacts(node.uniqueId) : null);
    if (!facts)
        return null;
    // in_selection exists only on NodeProcessed; files without it (≤ preview.72) report every node.
    const inSelection = node.processed ? node.processed.inSelection === true : true;
    if (!inSelection)
        return null;
    // Decided by NodeProcessed when there is one; otherwise by its phases, all of which must have ended.
    const finished = node.processed !== null || (!node.processedStarted && node.phaseCount > 0 && node.openSpans === 0);
    // An attribute the reader could not understand makes the node unknown, never a default (a
    // malformed test outcome is not a pass), unless what it did understand is a failure already: an
    // error outcome beside a skip reason of a newer engine, a failed test of unreadable row count.
    const status = finished ? statusDespite(facts) : "unknown";
    if (finished && facts.unreadable)
        unreadable.push(`${facts.unreadable}; ${node.uniqueId} is shown as ${status}`);
    // Ended, but with no outcome at all (proto JSON leaves out UNSPECIFIED): unknown, and said why.
    else if (finished && facts.outcome === null)
        unreadable.push(`no span end of ${node.uniqueId} has a node_outcome; it is shown as unknown`);
    let logs = NO_LOGS;
    let firstQueryError;
    let queryNs = node.queryNs;
    let queryCount = node.queryCount;
    let longestQueryNs = node.queryLongestNs;
    for (let i = 0; i < extras.length; i++) {
        const entry = extras[i];
        if (entry.logs)
            logs = logs.length === 0 ? entry.logs : [...logs, ...entry.logs];
        firstQueryError ??= entry.queryErrors?.[0];
        queryNs += entry.queryNs;
        queryCount += entry.queryCount;
        if (entry.queryLongestNs > longestQueryNs)
            longestQueryNs = entry.queryLongestNs;
    }
    const errorLog = logs.find((line) => line.severity === "ERROR");
    let message = errorLog?.text ?? firstQueryError ?? null;
    if (!finished)
        message = status_table/* NEVER_FINISHED_MESSAGE */.wl;
    const startNs = node.processedStartNs ?? node.phasesStartNs;
    const endNs = node.processedEndNs ?? node.phasesEndNs;
    // A node with a NodeProcessed span is decided by it alone (the engine's summary of the node); its
    // phase spans then add only their times, where the summary lacks them. The readers rely on this:
    // such phase spans are read for their span and node alone, and the file is read again where the
    // summary lacks them (keepsPhasePromise; telemetry/parquet.ts, jsonl-phase-ends.ts).
    const { lifetimeMs, processingMs, idleMs, warehouseNs } = implausible.check(node.uniqueId, {
        startNs,
        endNs,
        lifetimeMs: startNs !== null && endNs !== null ? Number((endNs - startNs) / 1000n) / 1_000 : null,
        processingMs: facts.durationMs ?? node.phasesMs,
        idleMs: node.processed ? node.processed.idleMs : sumIdle(evaluations),
        warehouseNs: queryNs,
        longestQueryNs,
    });
    const name = facts.name ?? node.uniqueId.split(".").slice(2).join(".");
    return {
        uniqueId: node.uniqueId,
        name,
        resourceType: resourceTypeOf(facts.nodeType, node.uniqueId),
        packageName: packageOf(node.uniqueId),
        materialization: facts.materialization,
        outcome: facts.outcome ?? "unspecified",
        skipReason: facts.skipReason,
        status,
        errorType: facts.outcome === "error" ? (facts.errorType ?? null) : null,
        message,
        logs,
        test: facts.test ?? null,
        freshness: facts.freshness ?? null,
        skippedBecauseOf: facts.skipReason === "upstream" ? facts.upstreamId : null,
        skipRoot: null,
        lastPhase: facts.phase,
        inSelection,
        rowsAffected: facts.rowsAffected,
        timing: {
            processingMs,
            lifetimeMs,
            idleMs,
            // Whole microseconds, in milliseconds (integer arithmetic: exact).
            warehouseMs: (warehouseNs - (warehouseNs % 1_000)) / 1_000 / 1_000,
            queryCount,
            startedAt: (0,values/* nanosToIso */.u9)(startNs),
            completedAt: (0,values/* nanosToIso */.u9)(endNs),
        },
        location: locationOf(node, evaluations),
    };
}
/** The node's status from what the reader understood: an unreadable attribute makes it unknown, unless that is a failure. */
function statusDespite(facts) {
    const status = decideStatus(facts);
    return !facts.unreadable || status_table/* STATUS */.XQ[status].failure ? status : "unknown";
}
/**
 * Files without NodeProcessed (≤ preview.72): the node's result is its phases folded in order, where
 * a later phase-skipped/phase-disabled never overwrites an earlier outcome (the engine's own rule).
 */
function deriveFromEvaluations(evaluations) {
    return evaluations.reduce((previous, { facts }) => {
        if (!previous)
            return facts;
        if (previous.outcome === "error")
            return previous;
        if (facts.skipReason === "phase_skipped" || facts.skipReason === "phase_disabled")
            return previous;
        return {
            ...facts,
            test: facts.test ?? previous.test,
            unreadable: facts.unreadable ?? previous.unreadable,
        };
    }, null);
}
/** What a node's phases say when only their times were read: its id, nothing else known. */
function bareFacts(uniqueId) {
    return {
        uniqueId,
        name: null,
        nodeType: null,
        materialization: null,
        phase: null,
        outcome: null,
        skipReason: null,
        errorType: null,
        upstreamId: null,
        test: null,
        freshness: null,
        cacheReason: null,
        withWarnings: false,
        durationMs: null,
        idleMs: null,
        rowsAffected: null,
        inSelection: null,
        path: null,
        line: null,
        column: null,
        unreadable: null,
    };
}
function locationOf(node, evaluations) {
    // NodeProcessed carries the definition location; newer NodeEvaluated spans point at compiled files.
    const isSource = (f) => !!f?.path && !f.path.startsWith("target/");
    if (node.processed)
        return isSource(node.processed) ? finish_invocation_location(node.processed) : null;
    let facts;
    for (let i = 0; !facts && i < evaluations.length; i++) {
        const candidate = evaluations[i].facts;
        if (isSource(candidate))
            facts = candidate;
    }
    // A start only for a node none of whose spans ended: the JSONL reader drops the start of a span
    // that ended (jsonl-start-ledger.ts), and Parquet has no starts.
    if (!facts && node.phaseCount === 0 && isSource(node.started))
        facts = node.started;
    return facts ? finish_invocation_location(facts) : null;
}
function finish_invocation_location(facts) {
    // Written out rather than spread from optional parts: this runs per node, and each spread made a
    // temporary object (~3 MB of garbage on a 20,000-node build).
    if (!facts.line)
        return { path: facts.path };
    if (facts.column === null)
        return { path: facts.path, line: facts.line };
    return { path: facts.path, line: facts.line, column: facts.column + 1 };
}
function joinExtras(state) {
    const byNode = new Map();
    state.extras.forEach((extras) => {
        // The node whose span this is: as the span's end said (on the span's own entry), else, for a
        // span that never ended, its start.
        const fromSpan = extras.spanId
            ? (state.extras.get(extras.spanId)?.spanNode ?? state.openNodeSpans.get(extras.spanId))
            : undefined;
        const fromId = extras.uniqueId && state.nodes.has(extras.uniqueId) ? extras.uniqueId : undefined;
        const key = fromId ?? fromSpan ?? "";
        const list = byNode.get(key);
        if (list)
            list.push(extras);
        else
            byNode.set(key, [extras]);
    });
    return byNode;
}
function finishPhases(state, implausible) {
    return [...state.phases.values()]
        .sort((a, b) => compareNs(a.startNs, b.startNs))
        .map((phase) => ({
        phase: phase.phase ?? "unknown",
        // Not -4 s for an end before the start, nor 56 years for a start never set.
        durationMs: implausible.phaseMs(phase.startNs, phase.endNs),
        nodeCountTotal: phase.nodeCountTotal,
        nodeCountSkipped: phase.nodeCountSkipped,
        nodeCountError: phase.nodeCountError,
    }));
}
function sumIdle(evaluations) {
    const values = evaluations.map((e) => e.facts.idleMs).filter((v) => v !== null);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
}
/**
 * A node's phases (a handful) in start order, stable. Insertion sort: Array.prototype.sort allocates
 * work space on every call, which for tens of thousands of nodes is most of the result's garbage.
 */
function byStart(evaluations) {
    const sorted = [...evaluations];
    for (let i = 1; i < sorted.length; i++) {
        const item = sorted[i];
        let j = i - 1;
        while (j >= 0 && compareNs(sorted[j].startNs, item.startNs) > 0) {
            sorted[j + 1] = sorted[j];
            j--;
        }
        sorted[j + 1] = item;
    }
    return sorted;
}
function compareNs(a, b) {
    if (a === b)
        return 0;
    if (a === null)
        return 1;
    if (b === null)
        return -1;
    return a < b ? -1 : 1;
}
function byStartThenId(a, b) {
    const sa = a.timing.startedAt ?? "\uffff";
    const sb = b.timing.startedAt ?? "\uffff";
    return sa < sb ? -1 : sa > sb ? 1 : a.uniqueId < b.uniqueId ? -1 : a.uniqueId > b.uniqueId ? 1 : 0;
}
function formatUuid(hex) {
    if (!/^[0-9a-f]{32}$/.test(hex))
        return hex;
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// EXTERNAL MODULE: ./src/model/retries.ts
var retries = __nccwpck_require__(9723);
;// CONCATENATED MODULE: ./src/model/build-report.ts










/** Warnings listed per file: a file with a warning on every record says so in a hundred lines and a count. */
const MAX_FILE_WARNINGS = 100;
const REPORT_LIMITS = {
    nodes: limits/* MAX_REPORT_NODES */.GL,
    spans: limits/* MAX_REPORT_SPANS */.u1,
    invocations: limits/* MAX_REPORT_INVOCATIONS */.O0,
};
/** What each count is, and what a real build has of it (for the error). */
const HELD_WHAT = {
    nodes: { what: "nodes", real: "the biggest dbt projects have tens of thousands" },
    spans: {
        what: "spans (node phases, phases, spans with queries or logs)",
        real: "a dbt build has about ten per node",
    },
    invocations: {
        what: "invocations (trace ids)",
        real: "a build has one per dbt command",
    },
};
/** A file would take the report past one of its limits (telemetry/limits.ts). */
class ReportLimitError extends Error {
    file;
    what;
    limit;
    name = "ReportLimitError";
    constructor(file, what, limit) {
        super(`${file}: more than ${limit.toLocaleString("en-US")} ${HELD_WHAT[what].what} in one report, the ` +
            `most fusion-report reads (${HELD_WHAT[what].real}): this is not dbt telemetry as the engine writes it`);
        this.file = file;
        this.what = what;
        this.limit = limit;
    }
}
/**
 * Collects events file by file (each file may hold several invocations, told apart by trace id)
 * and builds the report. The same invocation read from two files (Parquet and JSONL of one run) is
 * reported once: the more complete copy wins, and one read whole is not read again (lastFileAlsoHolds).
 */
class ReportBuilder {
    options;
    files = [];
    failedSteps = [];
    held = { nodes: 0, spans: 0, invocations: 0 };
    limits;
    constructor(options) {
        this.options = options;
        this.limits = { ...REPORT_LIMITS, ...options.limits };
    }
    /**
     * A sink for one input file's events. It counts what the report holds, over all its files, and
     * throws ReportLimitError past a limit, before a file of millions of tiny records fills memory.
     */
    startFile(source) {
        const file = {
            source,
            traces: new Map(),
            warnings: [],
            unlisted: 0,
            fileWarnings: [],
            held: { nodes: 0, spans: 0, invocations: 0 },
            alsoHolds: new Set(),
        };
        this.files.push(file);
        const { held: total, limits } = this;
        const count = (what, added) => {
            file.held[what] += added;
            total[what] += added;
            if (total[what] > limits[what]) {
                throw new ReportLimitError(source.files[0] ?? "telemetry", what, limits[what]);
            }
        };
        return {
            add(event) {
                let state = file.traces.get(event.traceId);
                if (!state) {
                    count("invocations", 1);
                    // The id may be a slice of a JSONL line (phase ends read from their text): kept, it is copied.
                    state = newInvocationState(detached(event.traceId));
                    file.traces.set(state.traceId, state);
                }
                if (event.kind === "process" || event.kind === "invocation")
                    return accumulate(state, event);
                const nodes = state.nodes.size;
                const open = state.openNodeSpans.size;
                const others = state.phases.size + state.extras.size;
                accumulate(state, event);
                if (state.nodes.size > nodes)
                    count("nodes", state.nodes.size - nodes);
                // What grew: an open span closed again is not given back, so that a start counts the same
                // whether it was read or left out by the reader (recordLeftOut).
                const added = Math.max(0, state.openNodeSpans.size - open) +
                    Math.max(0, state.phases.size + state.extras.size - others) +
                    (keptEvaluation(state, event) ? 1 : 0);
                if (added > 0)
                    count("spans", added);
            },
            warn(message) {
                if (file.warnings.length < MAX_FILE_WARNINGS)
                    file.warnings.push(message);
                else
                    file.unlisted++;
            },
            warnFile(message) {
                file.fileWarnings.push(message);
            },
            recordLeftOut() {
                count("spans", 1);
            },
            undecidedPhaseNodes() {
                let undecided = 0;
                for (const state of file.traces.values()) {
                    state.nodes.forEach((node) => {
                        if (node.timesAlone && !keepsPhasePromise(node))
                            undecided++;
                    });
                }
                return undecided;
            },
        };
    }
    /**
     * A dbt platform step that ended in Error (failed-step.ts): without telemetry, its own failed
     * invocation; with it (`wroteTelemetry`), the invocations read from its file fail by its status.
     */
    addFailedStep(step) {
        this.failedSteps.push(step);
    }
    /** The invocations (trace ids) the last file started so far: what a file that failed part way named. */
    lastFileTraceIds() {
        const file = this.files.at(-1);
        return file ? [...file.traces.keys(), ...file.alsoHolds] : [];
    }
    /** The invocations the last file holds to their end record. */
    lastFileEndedTraceIds() {
        const file = this.files.at(-1);
        return file ? [...file.traces.values()].filter((state) => state.ended).map((state) => state.traceId) : [];
    }
    /**
     * Whether an invocation of the last file other than the last one in it has no end record: a run
     * killed (or still running) before another run was appended to the file.
     */
    lastFileHasUnendedBeforeAnother() {
        const states = [...(this.files.at(-1)?.traces.values() ?? [])];
        return states.slice(0, -1).some((state) => !state.ended);
    }
    /**
     * The last file holds this invocation too, which was read whole from an earlier file: its records
     * were left out, and the invocation names both files.
     */
    lastFileAlsoHolds(traceId) {
        this.files.at(-1)?.alsoHolds.add(traceId);
    }
    /** Forget a file whose reading failed, so partial data never reaches a report. */
    discardLastFile() {
        const file = this.files.pop();
        if (file)
            for (const what of Object.keys(this.held))
                this.held[what] -= file.held[what];
    }
    /**
     * The invocations, those of a step that ended in Error failed by it unless their telemetry already
     * fails the step, and an invocation of its own for each such step that gave none.
     */
    withFailedSteps(invocations) {
        const stepOf = new Map();
        for (const inv of invocations) {
            const from = inv.source.step;
            const step = from &&
                this.failedSteps.find((failed) => failed.wroteTelemetry && failed.runId === from.runId && failed.index === from.index);
            if (step)
                stepOf.set(inv, step);
        }
        /** Steps whose Error the telemetry of one of their invocations explains. */
        const explained = new Set([...stepOf].filter(([inv]) => failsByItsTelemetry(inv)).map(([, step]) => step));
        const claimed = new Set(stepOf.values());
        return invocations
            .map((inv) => {
            const step = stepOf.get(inv);
            return step && !explained.has(step) ? failedDespiteTelemetry(inv, step) : inv;
        })
            .concat(this.failedSteps.filter((step) => !claimed.has(step)).map(buildFailedStep));
    }
    finish() {
        const chosen = new Map();
        for (const file of this.files) {
            for (const state of file.traces.values()) {
                // A trace with only a Process span (no invocation, phase or node) is noise, not a run.
                if (state.nodes.size === 0 && state.invocationId === null && state.phases.size === 0)
                    continue;
                const existing = chosen.get(state.traceId);
                if (!existing) {
                    chosen.set(state.traceId, { state, file, files: [...file.source.files] });
                }
                else {
                    existing.files.push(...file.source.files);
                    if (isBetter(state, existing.state)) {
                        existing.state = state;
                        existing.file = file;
                    }
                }
            }
            for (const traceId of file.alsoHolds)
                chosen.get(traceId)?.files.push(...file.source.files);
        }
        // A file no invocation was made from keeps its warnings too (a truncated last line, gzip data that
        // ends early): with each invocation it was read for, else with the report, never dropped.
        const madeFrom = new Set([...chosen.values()].map((entry) => entry.file));
        const orphaned = [];
        const alsoWarned = new Map();
        for (const file of this.files) {
            const warnings = warningsOf(file);
            if (madeFrom.has(file) || warnings.length === 0)
                continue;
            const readFor = [...chosen.values()].filter((entry) => file.source.files.some((name) => entry.files.includes(name)));
            if (readFor.length === 0)
                orphaned.push(...warnings);
            for (const entry of readFor)
                alsoWarned.set(entry.file, [...(alsoWarned.get(entry.file) ?? []), ...warnings]);
        }
        const finished = [...chosen.values()].map(({ state, file, files }) => finishInvocation(state, {
            source: { ...file.source, files: unique(files) },
            slowest: this.options.slowest,
            readerWarnings: [...warningsOf(file), ...(alsoWarned.get(file) ?? [])],
        }));
        const invocations = (0,retries/* linkRetries */.LH)(inReportOrder(this.withFailedSteps(finished)));
        const counts = (0,retries/* latestCounts */.Ue)(invocations);
        const verdict = (0,conclusion/* decideConclusion */.w)(invocations, counts, this.options.failOn);
        const flaky = (0,retries/* passedOnRetry */.oc)(invocations);
        return {
            schemaVersion: 1,
            generator: { name: "fusion-report", version: this.options.generatorVersion },
            invocations,
            counts,
            conclusion: verdict.conclusion,
            conclusionReason: verdict.reason,
            ...(orphaned.length > 0 ? { readerWarnings: unique(orphaned) } : {}),
            ...(flaky.length > 0 ? { passedOnRetry: flaky } : {}),
        };
    }
}
/** A file's warnings as an invocation lists them: whole files first, then the first hundred, then a count. */
function warningsOf(file) {
    return [
        ...file.fileWarnings,
        ...file.warnings,
        ...(file.unlisted > 0
            ? [
                `… and ${(0,count/* formatCount */.B)(file.unlisted)} more warnings about ${shownName(file.source.files[0])}, not listed`,
            ]
            : []),
    ];
}
/**
 * An ended phase span whose facts its node keeps (accumulate.ts: until a NodeProcessed span end
 * decides the node), or a JSONL phase end read as its times in their place, counted alike.
 * Counted when kept, not given back when dropped: a real node has a few phases.
 */
function keptEvaluation(state, event) {
    const evaluation = (event.kind === "node" && event.ended && event.span === "evaluated") ||
        (event.kind === "phaseTimes" && event.inPlaceOfFacts === true);
    if (!evaluation)
        return false;
    const uniqueId = event.kind === "node" ? event.facts.uniqueId : event.uniqueId;
    return state.nodes.get(uniqueId)?.processed === null;
}
function isBetter(candidate, current) {
    if (candidate.ended !== current.ended)
        return candidate.ended;
    return candidate.nodes.size > current.nodes.size;
}
/**
 * The invocations by dbt platform step, else by start. One with no start time the report can use
 * (none read, or one never set: 1970) stays where it was read, right after the invocation read before
 * it: `dbt build || dbt retry` appends the retry to the build's JSONL, and a retry sorted first would
 * retry nothing (retries.ts links a retry to the invocation before it).
 */
function inReportOrder(invocations) {
    const keys = new Map();
    let before = { start: "", traceId: "" };
    invocations.forEach((inv, read) => {
        // None, or not a real time (implausible-times.ts), counts as none.
        const start = (0,implausible_times/* realTime */.M9)(inv.startedAt);
        if (start !== null)
            before = { start, traceId: inv.traceId };
        // One with a start of its own comes before those placed after it.
        keys.set(inv, { ...before, read: start !== null ? -1 : read });
    });
    return invocations.sort((a, b) => {
        const [x, y] = [keys.get(a), keys.get(b)];
        return (compareSteps(a, b) ?? (build_report_compare(x.start, y.start) || build_report_compare(x.traceId, y.traceId) || x.read - y.read));
    });
}
/** Steps of one dbt platform run go in step order: a failed step's times come from the platform, not telemetry. */
function compareSteps(a, b) {
    const [x, y] = [a.source.step, b.source.step];
    if (!x || !y || x.runId !== y.runId || x.index === y.index)
        return undefined;
    return x.index - y.index;
}
function unique(values) {
    return [...new Set(values)];
}
function build_report_compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
/** A file's name on one line, as every other reader warning shows it (a name may hold a line break). */
function shownName(file) {
    return file === undefined ? "this file" : (0,errors/* shownFileName */.jO)(file);
}
/**
 * Every reader warning of the report once, in order: a file's warnings go with each invocation it
 * holds, and a log says each once.
 */
function readerWarningsOf(report) {
    return [
        ...new Set([
            ...(report.readerWarnings ?? []),
            ...report.invocations.flatMap((inv) => inv.readerWarnings),
        ]),
    ];
}


/***/ }),

/***/ 5718:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ decideConclusion)
/* harmony export */ });
/* harmony import */ var _text_count_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(896);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9723);


/**
 * `errors`: any node error or failed test, or an invocation that failed/crashed without a node to
 * blame; else canceled nodes and nodes of unknown outcome make it neutral. `warnings`: also warned
 * tests. `never`: problems make the check neutral, never failing.
 * `new-errors` with a baseline comparison: fails only on failures the change brought (new failures,
 * failing nodes the baseline did not run, an invocation failure with no node to blame, an invocation
 * that did not finish); failures already on the base branch make it neutral. Without a baseline it
 * behaves like `errors`.
 * `counts` are each node's latest result (retries.ts): a node that failed, then passed on `dbt retry`
 * passes, and an invocation failure a later retry finished cleanly is no failure; a crashed retry is.
 */
function decideConclusion(invocations, counts, failOn, baseline) {
    const problems = [];
    if (counts.error > 0)
        problems.push(plural(counts.error, "node error", "node errors"));
    if (counts.fail > 0)
        problems.push(plural(counts.fail, "failed test", "failed tests"));
    // A failed invocation with no node to blame (a compile error) still fails. One that ended after
    // canceling nodes is explained by them (a canceled node is never a failure). One that never ended
    // crashed, whatever its nodes did on the way: what it did not run is not known to pass, and no
    // node error, old or new, explains it.
    // One a later `dbt retry` finished cleanly is not a failure of the job (`dbt build || dbt retry`).
    const finished = (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .finishedByRetries */ .MN)(invocations);
    const failedRuns = invocations.filter((inv) => inv.state === "incomplete" ||
        ((inv.failed || inv.runErrors.length > 0) &&
            inv.counts.error + inv.counts.fail === 0 &&
            inv.counts.canceled === 0));
    const runFailures = failedRuns.filter((inv) => !finished.has(inv));
    const finishedRuns = failedRuns.filter((inv) => finished.has(inv));
    const finishedCrashes = finishedRuns.filter((inv) => inv.state === "incomplete").length;
    const finishedFailures = finishedRuns.length - finishedCrashes;
    const unexplained = new Set(runFailures);
    if (runFailures.length > 0) {
        const crashed = runFailures.some((inv) => inv.state === "incomplete");
        // On the dbt platform each invocation is a job step: the headline names the steps.
        const steps = runFailures.map((inv) => inv.source.step?.index);
        problems.push(crashed
            ? "an invocation did not finish"
            : steps.every((index) => index !== undefined)
                ? `${stepsNamed(steps)} failed without a node error`
                : "an invocation failed without a node error");
    }
    const warnings = counts.warn > 0 ? [plural(counts.warn, "warning", "warnings")] : [];
    // Neither failures nor passes: canceled nodes, and nodes whose outcome is unknown. A node whose
    // end the reader could not understand (an outcome of a newer engine, a damaged file) is not known
    // to have passed, so it makes the check neutral, never green. The unfinished nodes of a run that
    // did not finish are already explained by it, unless a retry finished the run: then those it did
    // not run again are not known to pass.
    const unfinished = invocations.reduce((sum, inv) => sum +
        (inv.state === "incomplete" && unexplained.has(inv)
            ? inv.nodes.filter((node) => node.status === "unknown" && node.supersededBy === undefined).length
            : 0), 0);
    const unknown = counts.unknown - unfinished;
    const unsettled = [
        counts.canceled > 0 ? plural(counts.canceled, "node canceled", "nodes canceled") : "",
        unknown > 0 ? plural(unknown, "node with an unknown outcome", "nodes with an unknown outcome") : "",
    ].filter(Boolean);
    const retried = (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .passedOnRetry */ .oc)(invocations).length;
    const afterRetry = [
        retried > 0 ? `${plural(retried, "node", "nodes")} failed, then passed on dbt retry` : "",
        finishedFailures > 0
            ? `dbt retry finished ${plural(finishedFailures, "invocation that failed without a node error", "invocations that failed without a node error")}`
            : "",
        finishedCrashes > 0
            ? `dbt retry finished ${plural(finishedCrashes, "invocation that did not finish", "invocations that did not finish")}`
            : "",
    ].filter(Boolean);
    const succeeded = counts.total === 0
        ? "no nodes ran"
        : `all nodes succeeded${afterRetry.length > 0 ? ` (${afterRetry.join("; ")})` : ""}`;
    if (failOn === "new-errors" && baseline) {
        const b = baseline.counts;
        // A node failing now that did not fail on the base branch is a new failure, whether the base
        // branch ran it or not: the comparison's tally counts it the same way.
        const newFailures = b.newFailures + b.addedFailing;
        const introduced = [
            newFailures > 0 ? plural(newFailures, "new failure", "new failures") : "",
            runFailures.length > 0 ? problems[problems.length - 1] : "",
        ].filter(Boolean);
        if (introduced.length > 0) {
            return { conclusion: "failure", reason: `${join(introduced)} compared with the base branch` };
        }
        if (problems.length > 0) {
            return { conclusion: "neutral", reason: `${join(problems)}, none new compared with the base branch` };
        }
    }
    if (failOn === "never") {
        const all = [...problems, ...unsettled, ...warnings];
        return all.length > 0
            ? { conclusion: "neutral", reason: `${join(all)} (fail-on: never)` }
            : { conclusion: "success", reason: succeeded };
    }
    const blocking = failOn === "warnings" ? [...problems, ...warnings] : problems;
    if (blocking.length > 0)
        return { conclusion: "failure", reason: join(blocking) };
    if (unsettled.length > 0)
        return { conclusion: "neutral", reason: join([...unsettled, ...warnings]) };
    if (warnings.length > 0)
        return { conclusion: "success", reason: `${join(warnings)}, no errors` };
    return { conclusion: "success", reason: succeeded };
}
/** "step 3", "steps 3 and 5", "steps 2, 3 and 5". */
function stepsNamed(indexes) {
    const sorted = [...new Set(indexes)].sort((a, b) => a - b).map(String);
    if (sorted.length === 1)
        return `step ${sorted[0]}`;
    return `steps ${sorted.slice(0, -1).join(", ")} and ${sorted.at(-1)}`;
}
function plural(n, one, many) {
    return `${(0,_text_count_js__WEBPACK_IMPORTED_MODULE_1__/* .formatCount */ .B)(n)} ${n === 1 ? one : many}`;
}
function join(parts) {
    return parts.join(", ");
}


/***/ }),

/***/ 4325:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   W1: () => (/* binding */ emptyCounts),
/* harmony export */   c5: () => (/* binding */ addCounts),
/* harmony export */   ip: () => (/* binding */ countStatuses)
/* harmony export */ });
/* harmony import */ var _status_table_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6606);

/** Every count at zero: `total`, then one key per status in the table's order (the JSON report's order). */
function emptyCounts() {
    const counts = { total: 0 };
    for (const row of Object.values(_status_table_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS */ .XQ))
        counts[row.countKey] = 0;
    return counts;
}
function countStatuses(nodes) {
    const counts = emptyCounts();
    // An index loop: run once per report, for…of is not optimised and makes an iterator result per node.
    for (let i = 0; i < nodes.length; i++) {
        counts.total++;
        counts[_status_table_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS */ .XQ[nodes[i].status].countKey]++;
    }
    return counts;
}
function addCounts(a, b) {
    const sum = emptyCounts();
    for (const key of Object.keys(sum))
        sum[key] = a[key] + b[key];
    return sum;
}


/***/ }),

/***/ 7971:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L_: () => (/* binding */ usableInvocationSpan),
/* harmony export */   M9: () => (/* binding */ realTime),
/* harmony export */   bR: () => (/* binding */ latestRealNs),
/* harmony export */   gL: () => (/* binding */ ImplausibleTimes)
/* harmony export */ });
/* unused harmony exports EARLIEST_REAL_MS, MAX_CLOCK_SKEW_MS */
/* harmony import */ var _text_count_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(896);
/* harmony import */ var _text_duration_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9495);
/* harmony import */ var _telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7593);
// A node's times that its invocation cannot hold: a span that ends before it starts or lies outside
// the invocation's, a processing or idle time longer than the whole run, a query longer than it. An
// engine that leaves a start unset (0, i.e. 1970) or a damaged file would otherwise put a node
// "running" for 56 years at the top of the slowest lists and into the timing comparison. Such a
// duration is shown as unknown, such a query is not counted in the warehouse time, and the
// invocation's warnings say which nodes and why, once. The invocation's own span is checked first
// (usableInvocationSpan): a start never set would otherwise make the run 56 years long and hold anything,
// and an end in year 9999 (no time is later than the report read from it) make it last millennia.



/**
 * How far a node's times may run past its invocation's: its spans lie inside the invocation's and
 * durations are whole milliseconds, so a second is far more than rounding needs.
 */
const SLACK_NS = 1000000000n;
const SLACK_MS = 1_000;
/**
 * 2020-01-01T00:00:00Z. The Fusion engine (2025) wrote no telemetry before it: an earlier time is an
 * unset one (0, which OpenTelemetry reads as "unknown", or a damaged file).
 */
const EARLIEST_NS = 1577836800000000000n;
/** EARLIEST_NS in milliseconds, for times read back from a report (stale-telemetry.ts). */
const EARLIEST_REAL_MS = Number(EARLIEST_NS / 1000000n);
/**
 * How far two clocks are taken to differ at most: the engine's and this one's (a dbt platform run read
 * on a CI runner) by far less than a day. A time later than that past the report (year 9999) is no
 * real one, a damaged file; a GitHub answer's Date further off is no clock (github/run-clock.ts).
 */
const MAX_CLOCK_SKEW_MS = 86_400_000;
const CLOCK_SKEW_NS = BigInt(MAX_CLOCK_SKEW_MS) * 1000000n;
/**
 * An ISO time read back from a report, when it is a real one: not before 2020 (never set, 1970) and not
 * past the clock's skew ahead of `nowMs` (year 9999). null for any other, and for none.
 */
function realTime(iso, nowMs = Date.now()) {
    const ms = iso === null ? NaN : Date.parse(iso);
    return ms >= EARLIEST_REAL_MS && ms <= nowMs + MAX_CLOCK_SKEW_MS ? iso : null;
}
/** The latest time telemetry read now can hold. */
function latestRealNs(nowMs = Date.now()) {
    return BigInt(Math.floor(nowMs)) * 1000000n + CLOCK_SKEW_NS;
}
/** Nodes named in the warning; the rest are counted. */
const NAMED = 3;
/**
 * The invocation's span as far as it can be right (a start before 2020, a time after `latestNs` or
 * an end before the start bounds nothing), and what was wrong with it, for its warnings.
 */
function usableInvocationSpan(startNs, endNs, latestNs = latestRealNs()) {
    if (startNs !== null && (startNs < EARLIEST_NS || startNs > latestNs)) {
        return {
            span: { startNs: null, endNs: endNs !== null && endNs > latestNs ? null : endNs },
            problem: `the invocation's start (${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(startNs)}) is not a real time (never set, or a damaged file): its duration is shown as unknown`,
        };
    }
    if (endNs !== null && endNs > latestNs) {
        return {
            span: { startNs, endNs: null },
            problem: `the invocation's end (${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(endNs)}) is not a real time (later than this report, a damaged file): its duration is shown as unknown`,
        };
    }
    if (startNs !== null && endNs !== null && endNs < startNs) {
        return {
            span: { startNs, endNs: null },
            problem: `the invocation's end (${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(endNs)}) is before its start (${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(startNs)}): its duration is shown as unknown`,
        };
    }
    return { span: { startNs, endNs }, problem: null };
}
/** Collects the nodes whose times were left out, for one warning per invocation. */
class ImplausibleTimes {
    invocation;
    latestNs;
    found = [];
    /** The invocation's duration, when both ends of its span are known. */
    invocationMs;
    /** The longest a node's duration can be: the invocation's, else from its start to `latestNs`. */
    longestMs;
    constructor(invocation, latestNs = latestRealNs()) {
        this.invocation = invocation;
        this.latestNs = latestNs;
        const { startNs, endNs } = invocation;
        this.invocationMs =
            startNs !== null && endNs !== null && endNs >= startNs ? Number((endNs - startNs) / 1000000n) : null;
        this.longestMs =
            this.invocationMs ??
                (startNs !== null && latestNs >= startNs ? Number((latestNs - startNs) / 1000000n) : null);
    }
    /** The durations, each one the invocation cannot hold replaced by null (and noted). */
    check(uniqueId, durations) {
        const { startNs, endNs, longestQueryNs } = durations;
        const reasons = [];
        let { lifetimeMs, processingMs, idleMs, warehouseNs } = durations;
        if (lifetimeMs !== null && !this.holdsSpan(startNs, endNs)) {
            reasons.push(`lifetime: its span runs from ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(startNs)} to ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(endNs)}`);
            lifetimeMs = null;
        }
        if (processingMs !== null && !this.holdsDuration(processingMs)) {
            reasons.push(`processing time ${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(processingMs)}`);
            processingMs = null;
        }
        if (idleMs !== null && !this.holdsDuration(idleMs)) {
            reasons.push(`idle time ${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(idleMs)}`);
            idleMs = null;
        }
        // The longest query alone: two such queries in one node are beyond what is worth a rule.
        if (!this.holdsDuration(longestQueryNs / 1_000_000)) {
            reasons.push(`warehouse time: a query of ${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(longestQueryNs / 1_000_000)}`);
            warehouseNs -= longestQueryNs;
        }
        if (reasons.length === 0)
            return durations;
        this.found.push(`${uniqueId} (${reasons.join(", ")})`);
        return { startNs, endNs, lifetimeMs, processingMs, idleMs, warehouseNs, longestQueryNs };
    }
    /**
     * A phase's duration in whole milliseconds, or null when its span is not known or the invocation
     * cannot hold it (a phase is the invocation's child, as a node's span is).
     */
    phaseMs(startNs, endNs) {
        if (startNs === null || endNs === null || !this.holdsSpan(startNs, endNs))
            return null;
        return Number((endNs - startNs) / 1000000n);
    }
    /** The warning for the invocation, or null when every node's durations fit it. */
    warning() {
        const count = this.found.length;
        if (count === 0)
            return null;
        const { startNs, endNs } = this.invocation;
        const ran = this.invocationMs !== null
            ? `the invocation ran ${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(this.invocationMs)}, from ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(startNs)} to ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(endNs)}`
            : startNs !== null
                ? `the invocation started at ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(startNs)}`
                : endNs !== null
                    ? `the invocation ended at ${(0,_telemetry_values_js__WEBPACK_IMPORTED_MODULE_0__/* .nanosToIso */ .u9)(endNs)}`
                    : "the invocation's own times are unknown";
        const named = this.found.slice(0, NAMED).join("; ");
        const more = count > NAMED ? `; and ${(0,_text_count_js__WEBPACK_IMPORTED_MODULE_2__/* .formatCount */ .B)(count - NAMED)} more` : "";
        const nodes = count === 1 ? "1 node has times" : `${(0,_text_count_js__WEBPACK_IMPORTED_MODULE_2__/* .formatCount */ .B)(count)} nodes have times`;
        const which = count === 1 ? "this node" : "these nodes";
        return (`${nodes} its invocation cannot hold (${ran}), left out of the report: ${named}${more}. Such a ` +
            "duration is shown as unknown and such a query is not counted, so neither reaches the slowest lists or " +
            `the timing comparison. The telemetry's times for ${which} cannot be right (an unset start time, or a ` +
            "damaged file)");
    }
    holdsSpan(startNs, endNs) {
        if (endNs < startNs || startNs < EARLIEST_NS || endNs > this.latestNs)
            return false;
        const { startNs: from, endNs: to } = this.invocation;
        if (from !== null && startNs < from - SLACK_NS)
            return false;
        return to === null || endNs <= to + SLACK_NS;
    }
    holdsDuration(ms) {
        return ms >= 0 && (this.longestMs === null || ms <= this.longestMs + SLACK_MS);
    }
}


/***/ }),

/***/ 9723:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   LH: () => (/* binding */ linkRetries),
/* harmony export */   MN: () => (/* binding */ finishedByRetries),
/* harmony export */   Ue: () => (/* binding */ latestCounts),
/* harmony export */   oc: () => (/* binding */ passedOnRetry),
/* harmony export */   qQ: () => (/* binding */ latestResults)
/* harmony export */ });
/* unused harmony export isRetry */
/* harmony import */ var _text_dbt_command_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3681);
/* harmony import */ var _counts_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(4325);
/* harmony import */ var _status_table_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6606);
// `dbt build || dbt retry` leaves both invocations in one report (the engine appends to its JSONL,
// one logs/ folder holds both). A retry re-runs what the invocation before it did not finish well
// (docs.getdbt.com/reference/commands/retry), so the report's verdict follows each node's latest
// result, while each invocation keeps its own results as they were.



/**
 * Whether the invocation is a `dbt retry`: its eval_args command, else the command as typed. A
 * dbt platform step that wrote no telemetry has only the step's command line in both
 * (failed-step.ts). Global flags may come first: `dbt --debug retry` is a retry (dbt-command.ts).
 */
function isRetry(inv) {
    return (0,_text_dbt_command_js__WEBPACK_IMPORTED_MODULE_0__/* .dbtCommandOf */ .H)(inv.command ?? inv.rawCommand ?? "") === "retry";
}
/**
 * The invocations in report order with each retry's `retryOf` (the latest earlier invocation) and
 * each earlier result a retry ran again marked `supersededBy` the retry. Invocations that are not
 * retries are left as they are: two `dbt build`s both count.
 */
function linkRetries(invocations) {
    const linked = [];
    /**
     * Where each node's latest result is, in the chain of the last invocation and its retries: made by
     * the chain's first retry, as most reports hold none (a map of a big build's every node for nothing).
     */
    let latest = null;
    for (const inv of invocations) {
        const at = linked.length;
        if (at === 0 || !isRetry(inv)) {
            linked.push(inv);
            latest = null;
            continue;
        }
        latest ??= new Map(linked[at - 1].nodes.map((node) => [node.uniqueId, at - 1]));
        // Indexed, not searched back through the chain: a file of thousands of retries stays linear.
        const superseded = new Map();
        for (const node of inv.nodes) {
            if (!ranAgain(inv, node))
                continue;
            const earlier = latest.get(node.uniqueId);
            if (earlier !== undefined)
                superseded.set(earlier, (superseded.get(earlier) ?? new Set()).add(node.uniqueId));
            latest.set(node.uniqueId, at);
        }
        for (const [index, ids] of superseded) {
            const earlier = linked[index];
            linked[index] = {
                ...earlier,
                nodes: earlier.nodes.map((node) => ids.has(node.uniqueId) && node.supersededBy === undefined
                    ? { ...node, supersededBy: inv.invocationId }
                    : node),
            };
        }
        linked.push({ ...inv, retryOf: linked[at - 1].invocationId });
    }
    return linked;
}
/**
 * A node result of the retry that replaces the earlier one: a selected node it decided. One a
 * crashed retry never finished says nothing about the node.
 */
function ranAgain(retry, node) {
    return node.inSelection && !(retry.state === "incomplete" && node.status === "unknown");
}
/**
 * Each node's latest result by unique id, in report order, for the outputs that hold one result a node
 * (run_results.json, the baseline comparison). A result a retry ran again (`supersededBy`) gives way
 * to the retry's, and a node a crashed retry never finished keeps its earlier result, as the counts
 * do; a later invocation that is not a retry replaces an earlier result, as a later dbt command would.
 * Read from `supersededBy`, not from order alone, so a baseline report holding a retry is read the
 * same way. `include` picks the results looked at (a baseline compares selected nodes only).
 */
function latestResults(invocations, include = () => true) {
    const latest = new Map();
    for (const inv of invocations) {
        for (const node of inv.nodes) {
            if (!include(node))
                continue;
            const earlier = latest.get(node.uniqueId);
            if (earlier === undefined || replaces(inv, node, earlier))
                latest.set(node.uniqueId, node);
        }
    }
    return latest;
}
function replaces(inv, node, earlier) {
    // History never replaces a latest result, though any result replaces history.
    if (earlier.supersededBy !== undefined)
        return true;
    if (node.supersededBy !== undefined)
        return false;
    return inv.retryOf === undefined || ranAgain(inv, node);
}
/**
 * The report's counts: each node's latest result (latestResults), in each chain of an invocation and
 * the retries after it. An invocation no retry follows is a chain of one, whose counts are added as
 * they are, with no pass over a big build's nodes.
 */
function latestCounts(invocations) {
    let sum = (0,_counts_js__WEBPACK_IMPORTED_MODULE_1__/* .emptyCounts */ .W1)();
    for (let start = 0; start < invocations.length;) {
        let end = start + 1;
        while (invocations[end]?.retryOf !== undefined)
            end++;
        const chain = invocations.slice(start, end);
        sum = (0,_counts_js__WEBPACK_IMPORTED_MODULE_1__/* .addCounts */ .c5)(sum, end - start === 1 ? chain[0].counts : (0,_counts_js__WEBPACK_IMPORTED_MODULE_1__/* .countStatuses */ .ip)([...latestResults(chain).values()]));
        start = end;
    }
    return sum;
}
/**
 * Nodes whose latest result, in a retry, passed after a failure (error or failed test) it
 * superseded: once each, with the last failure, in report order.
 */
function passedOnRetry(invocations) {
    /** The last failure of each node a retry ran again, until its latest result is met. */
    const failed = new Map();
    const passed = [];
    // Most reports hold no retry: no pass over their nodes.
    if (!invocations.some((inv) => inv.retryOf !== undefined))
        return passed;
    for (const inv of invocations) {
        for (const node of inv.nodes) {
            if (node.supersededBy !== undefined) {
                if (_status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS */ .XQ[node.status].failure)
                    failed.set(node.uniqueId, node.status);
                continue;
            }
            const failedStatus = failed.get(node.uniqueId);
            failed.delete(node.uniqueId);
            if (failedStatus === undefined || inv.retryOf === undefined || !ranWell(node))
                continue;
            passed.push({
                uniqueId: node.uniqueId,
                name: node.name,
                resourceType: node.resourceType,
                failedStatus,
                status: node.status,
                passedIn: inv.invocationId,
            });
        }
    }
    return passed;
}
/** Passed: ran to the end without an error or a failed test (a warning passes too). */
function ranWell(node) {
    const ran = _status_table_js__WEBPACK_IMPORTED_MODULE_2__/* .STATUS */ .XQ[node.status].ran;
    return ran === "clean" || ran === "warned";
}
/**
 * The invocations whose failure a later `dbt retry` finished (an invocation failure with no node to
 * blame, a crash): the last retry of the chain after it ended well, with no run error, after running
 * nodes. A retry that ran nothing shows nothing finished, and a crashed retry stays a failure
 * whatever follows it: what it was running is not known.
 */
function finishedByRetries(invocations) {
    const finished = new Set();
    /** The last of the retries right after the invocation at hand (walking back, so it stays linear). */
    let lastRetry = null;
    for (let at = invocations.length - 1; at >= 0; at--) {
        const inv = invocations[at];
        const crashedRetry = inv.state === "incomplete" && inv.retryOf !== undefined;
        if (lastRetry !== null && endedWell(lastRetry) && !crashedRetry)
            finished.add(inv);
        if (inv.retryOf === undefined)
            lastRetry = null;
        else
            lastRetry ??= inv;
    }
    return finished;
}
function endedWell(retry) {
    return (retry.state === "complete" &&
        !retry.failed &&
        retry.runErrors.length === 0 &&
        retry.nodes.some((node) => node.inSelection));
}


/***/ }),

/***/ 6606:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Bi: () => (/* binding */ headlineCounts),
/* harmony export */   N0: () => (/* binding */ outcomeNotUnderstood),
/* harmony export */   N6: () => (/* binding */ isFailure),
/* harmony export */   XQ: () => (/* binding */ STATUS),
/* harmony export */   je: () => (/* binding */ notCompletedReason),
/* harmony export */   jf: () => (/* binding */ statusRow),
/* harmony export */   ji: () => (/* binding */ HEADLINE_CELLS),
/* harmony export */   nQ: () => (/* binding */ junitSkipMessage),
/* harmony export */   nw: () => (/* binding */ notCompletedHeading),
/* harmony export */   tM: () => (/* binding */ anyOutcomeNotUnderstood),
/* harmony export */   wl: () => (/* binding */ NEVER_FINISHED_MESSAGE),
/* harmony export */   yl: () => (/* binding */ headlineWords)
/* harmony export */ });
/* unused harmony exports STEP_COUNT_OUTPUTS, stepOutputCounts */
/** The headline counts, in the order they are shown: "✅ 42 passed · ❌ 1 error · …". */
const HEADLINE_CELLS = [
    { key: "passed", icon: "✅", one: "passed", many: "passed", alwaysShown: true },
    { key: "errors", icon: "❌", one: "error", many: "errors", alwaysShown: false },
    { key: "failedTests", icon: "❌", one: "failed test", many: "failed tests", alwaysShown: false },
    { key: "warned", icon: "⚠️", one: "warned", many: "warned", alwaysShown: false },
    { key: "skipped", icon: "⏭️", one: "skipped", many: "skipped", alwaysShown: false },
    { key: "reused", icon: "♻️", one: "reused", many: "reused", alwaysShown: false },
    { key: "noOp", icon: "➖", one: "no-op or disabled", many: "no-op or disabled", alwaysShown: false },
    { key: "canceled", icon: "🚫", one: "canceled", many: "canceled", alwaysShown: false },
    { key: "unfinished", icon: "❔", one: "unfinished", many: "unfinished", alwaysShown: false },
];
/** The Action's count outputs (action.yml `outputs`). */
const STEP_COUNT_OUTPUTS = (/* unused pure expression or super */ null && (["errors", "failed-tests", "warned-tests", "skipped", "passed"]));
const STATUS = {
    success: {
        icon: "✅",
        label: "success",
        countKey: "success",
        failure: false,
        ran: "clean",
        junit: "passed",
        junitSkipMessage: null,
        runResults: "success",
        annotation: null,
        headline: "passed",
        stepOutput: "passed",
        notCompleted: null,
    },
    error: {
        icon: "❌",
        label: "error",
        countKey: "error",
        failure: true,
        ran: "failed",
        junit: "error",
        junitSkipMessage: null,
        runResults: "error",
        annotation: "failure",
        headline: "errors",
        stepOutput: "errors",
        notCompleted: null,
    },
    skipped: {
        icon: "⏭️",
        label: "skipped",
        countKey: "skipped",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "skipped",
        runResults: "skipped",
        annotation: null,
        headline: "skipped",
        stepOutput: "skipped",
        notCompleted: null,
    },
    pass: {
        icon: "✅",
        label: "pass",
        countKey: "pass",
        failure: false,
        ran: "clean",
        junit: "passed",
        junitSkipMessage: null,
        runResults: "pass",
        annotation: null,
        headline: "passed",
        stepOutput: "passed",
        notCompleted: null,
    },
    warn: {
        icon: "⚠️",
        label: "warn",
        countKey: "warn",
        failure: false,
        ran: "warned",
        junit: "passed",
        junitSkipMessage: null,
        runResults: "warn",
        annotation: "warning",
        headline: "warned",
        stepOutput: "warned-tests",
        notCompleted: null,
    },
    fail: {
        icon: "❌",
        label: "fail",
        countKey: "fail",
        failure: true,
        ran: "failed",
        junit: "failure",
        junitSkipMessage: null,
        runResults: "fail",
        annotation: "failure",
        headline: "failedTests",
        stepOutput: "failed-tests",
        notCompleted: null,
    },
    reused: {
        icon: "♻️",
        label: "reused",
        countKey: "reused",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "reused: unchanged since the last build, not run again",
        runResults: "reused",
        annotation: null,
        headline: "reused",
        stepOutput: null,
        notCompleted: null,
    },
    "no-op": {
        icon: "➖",
        label: "no-op",
        countKey: "noOp",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "no-op: nothing to run",
        runResults: "no-op",
        annotation: null,
        headline: "noOp",
        stepOutput: null,
        notCompleted: null,
    },
    "phase-disabled": {
        icon: "➖",
        label: "phase-disabled",
        countKey: "phaseDisabled",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "phase disabled",
        runResults: "skipped",
        annotation: null,
        headline: "noOp",
        stepOutput: null,
        notCompleted: null,
    },
    "phase-skipped": {
        icon: "⏭️",
        label: "phase-skipped",
        countKey: "phaseSkipped",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "phase skipped",
        runResults: "skipped",
        annotation: null,
        headline: "skipped",
        stepOutput: "skipped",
        notCompleted: "skipped: an earlier phase did not succeed",
    },
    canceled: {
        icon: "🚫",
        label: "canceled",
        countKey: "canceled",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "canceled",
        runResults: "skipped",
        annotation: null,
        headline: "canceled",
        stepOutput: null,
        notCompleted: "canceled",
    },
    // A node of a crashed run; one that finished with an outcome not understood is told apart
    // (outcomeNotUnderstood) wherever these words are shown.
    unknown: {
        icon: "❔",
        label: "unknown",
        countKey: "unknown",
        failure: false,
        ran: "no",
        junit: "skipped",
        junitSkipMessage: "did not finish",
        // A node that never finished (crashed run) has no v6 equivalent: dbt would call it an error.
        runResults: "error",
        annotation: null,
        headline: "unfinished",
        stepOutput: null,
        notCompleted: "did not finish",
    },
};
/** The message of a node whose spans never ended (a crashed or cut-off run): its status is unknown. */
const NEVER_FINISHED_MESSAGE = "the node started but never finished (the run was interrupted)";
/** What is said of a node that finished with an outcome the reader did not understand. */
const OUTCOME_UNKNOWN = "outcome unknown";
/**
 * A node of unknown status that did finish: its spans ended, with an outcome (or a detail of it)
 * the reader did not understand. Not one that "did not finish", as a node of a crashed run is.
 */
function outcomeNotUnderstood(node) {
    return node.status === "unknown" && node.message !== NEVER_FINISHED_MESSAGE;
}
/** Why the node is listed under "not run to completion" (STATUS's `notCompleted`, told apart). */
function notCompletedReason(node) {
    return outcomeNotUnderstood(node) ? OUTCOME_UNKNOWN : (statusRow(node.status)?.notCompleted ?? null);
}
/**
 * The heading of the nodes listed with a notCompletedReason, named by what they are: a node of
 * unknown outcome finished, so "not run to completion" alone would be untrue of it.
 */
function notCompletedHeading(nodes) {
    const unknown = nodes.filter(outcomeNotUnderstood).length;
    if (unknown === 0)
        return "Not run to completion";
    return unknown === nodes.length ? "Outcome unknown" : "Not run to completion or outcome unknown";
}
/** The `<skipped message>` of a node reported as skipped (STATUS's `junitSkipMessage`, told apart). */
function junitSkipMessage(node) {
    return outcomeNotUnderstood(node) ? OUTCOME_UNKNOWN : (statusRow(node.status)?.junitSkipMessage ?? null);
}
/** The headline's ❔ cell: "unfinished" only when none of its nodes finished, else "unknown". */
function headlineWords(cell, anyOutcomeNotUnderstood) {
    return cell.key === "unfinished" && anyOutcomeNotUnderstood ? { one: "unknown", many: "unknown" } : cell;
}
/** Whether any of these invocations' nodes finished with an outcome not understood (headlineWords). */
function anyOutcomeNotUnderstood(invocations) {
    return invocations.some((inv) => inv.counts.unknown > 0 && inv.nodes.some(outcomeNotUnderstood));
}
/** In the order of `NodeStatus`, which is also the order of the counts in the JSON report. */
const STATUSES = Object.keys(STATUS);
/** The row of a status, or null for a value that is not one (a hostile or newer baseline report). */
function statusRow(status) {
    return Object.hasOwn(STATUS, status) ? STATUS[status] : null;
}
function isFailure(status) {
    return statusRow(status)?.failure ?? false;
}
/** Counts summed per headline cell. */
function headlineCounts(counts) {
    const cells = Object.fromEntries(HEADLINE_CELLS.map((cell) => [cell.key, 0]));
    for (const status of STATUSES)
        cells[STATUS[status].headline] += counts[STATUS[status].countKey];
    return cells;
}
/** Counts summed per Action count output. */
function stepOutputCounts(counts) {
    const out = Object.fromEntries(STEP_COUNT_OUTPUTS.map((name) => [name, 0]));
    for (const status of STATUSES) {
        const output = STATUS[status].stepOutput;
        if (output)
            out[output] += counts[STATUS[status].countKey];
    }
    return out;
}


/***/ }),

/***/ 440:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ CONCLUSIONS),
/* harmony export */   Q: () => (/* binding */ FAIL_ON_VALUES)
/* harmony export */ });
// The result model: plain data, serialised as-is into the JSON report (schema/report.schema.json).
// Field names are part of the report's public contract: add, never rename.
/** A closed list of the JSON report: a new conclusion would bump schemaVersion. */
const CONCLUSIONS = ["success", "failure", "neutral"];
/** When the step fails (`fail-on`, `--fail-on`), in the order the help lists them. */
const FAIL_ON_VALUES = ["errors", "warnings", "never", "new-errors"];


/***/ }),

/***/ 7502:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   gx: () => (/* binding */ fitOptimisingCompiler)
/* harmony export */ });
/* unused harmony exports SHORT_READ_BYTES, JSONL_BYTES_PER_PARQUET_BYTE, SAME_RUN_JSONL_PER_PARQUET_BYTE, SAME_RUN_JSONL_DISCOUNT, isShortRead, maglevRuns */
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8877);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_v8__WEBPACK_IMPORTED_MODULE_0__);
// V8 runs a hot function as bytecode first, soon as Maglev's quickly made machine code, and later as
// TurboFan's: optimised further, compiled on a background thread, and thrown away whenever what it
// assumed stops holding. That pays back over a long run. Reading a 20,834-node build takes about half
// a second, and there TurboFan cost more than it gave: without it the main thread's profile samples
// fell from 606 to 516 ms (the collector's among them 123 → 79 ms), the wall time to 0.83–0.90× and
// the CPU time by a quarter, on Parquet files of 1,000 to 20,834 nodes and of 1M trace-level records.
// Past a second or so of reading it pays for itself again (a 100,000-node Parquet file 1.04×, a
// 50,000-node JSONL file 1.12× without it). So both entries leave TurboFan off when the files to read
// are small enough for a short read, and change nothing otherwise (see docs/performance.md). Only
// where Maglev runs: without either compiler (Node 20's V8 has Maglev off) the same read takes 1.76×.

/** A read of at most this many Parquet bytes (about 40,000 nodes) is short. */
const SHORT_READ_BYTES = 24 * 1024 * 1024;
/**
 * JSONL takes ~18 times the bytes of the same build's Parquet and about twice as long to read, and
 * gains less: the 5,000-node build's 50 MiB read in 0.90× without TurboFan, the 20,834-node build's
 * 208 MiB in the same time (1.015×, CPU 0.87×), the 50,000-node build's 498 MiB in 1.12×. So its
 * bytes count an eighth, which puts the line just under 208 MiB.
 */
const JSONL_BYTES_PER_PARQUET_BYTE = 8;
/**
 * A JSONL file beside Parquet files is nearly always the same run's (dbt writes both when given both
 * flags, as the README's workflow does), and the reader checks the lines of an invocation a Parquet
 * file holds to its end without parsing them: when this was set (twenty-third session) the
 * 20,834-node build's two files read in 1.47–1.77× its Parquet file's time, its JSONL alone in
 * 1.65–1.91× (1.35–1.48× since the twenty-fifth), and without TurboFan the two in 0.937× the
 * time. So JSONL bytes up to this many times the Parquet bytes (the same build's JSONL is ~18
 * times its Parquet) count SAME_RUN_JSONL_DISCOUNT times less again; past that they are another
 * run's, which is read in full.
 */
const SAME_RUN_JSONL_PER_PARQUET_BYTE = 24;
const SAME_RUN_JSONL_DISCOUNT = 3;
/** Whether reading these files is short: every size known, and together at most SHORT_READ_BYTES' worth. */
function isShortRead(files) {
    let parquetBytes = 0;
    let jsonlBytes = 0;
    for (const file of files) {
        // A pipe (standard input) may hold any amount, and a compressed file ten times its size.
        if (file.bytes === undefined)
            return false;
        if (file.format === "parquet")
            parquetBytes += file.bytes;
        else
            jsonlBytes += file.bytes;
    }
    const sameRun = Math.min(jsonlBytes, parquetBytes * SAME_RUN_JSONL_PER_PARQUET_BYTE);
    const cost = parquetBytes +
        sameRun / (JSONL_BYTES_PER_PARQUET_BYTE * SAME_RUN_JSONL_DISCOUNT) +
        (jsonlBytes - sameRun) / JSONL_BYTES_PER_PARQUET_BYTE;
    return cost <= SHORT_READ_BYTES;
}
/**
 * Whether Maglev compiles hot code here: on by default from V8 12 (Node 22) on x64 and arm64, and
 * not turned off, or either compiler set, on node's command line (then it is the user's choice).
 */
function maglevRuns(v8Version = process.versions.v8, arch = process.arch, execArgv = process.execArgv) {
    const major = Number(v8Version.split(".")[0]);
    return (major >= 12 &&
        (arch === "x64" || arch === "arm64") &&
        !execArgv.some((arg) => /maglev|turbofan|jitless|max-opt|--(no-)?opt\b/.test(arg)));
}
/** Turns TurboFan off for the rest of the process when reading `files` is short and Maglev runs. */
function fitOptimisingCompiler(files) {
    if (isShortRead(files) && maglevRuns())
        (0,node_v8__WEBPACK_IMPORTED_MODULE_0__.setFlagsFromString)("--no-turbofan");
}


/***/ }),

/***/ 501:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   PN: () => (/* binding */ removeOpenWorkFolders),
/* harmony export */   ZS: () => (/* binding */ trackWorkFolder),
/* harmony export */   _c: () => (/* binding */ untrackWorkFolder)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
// The temp folders runs are using (downloads from the dbt platform or an artifact), so a CLI stopped
// by Ctrl-C or a kill can remove them: a `finally` never runs when a signal ends the process.

const open = new Set();
function trackWorkFolder(folder) {
    open.add(folder);
}
function untrackWorkFolder(folder) {
    open.delete(folder);
}
/**
 * Removes every folder still in use, synchronously (from a signal handler, just before exit). Best
 * effort: a folder that cannot be removed must not stop the exit with a stack trace.
 */
function removeOpenWorkFolders() {
    for (const folder of open) {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(folder, { recursive: true, force: true });
        }
        catch {
            // Left behind; the process ends anyway.
        }
    }
    open.clear();
}


/***/ }),

/***/ 469:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  d$: () => (/* binding */ changedFirst),
  c2: () => (/* binding */ errorGroupsByImpact),
  jo: () => (/* binding */ groupSameWarnings),
  MI: () => (/* binding */ heldDownstream),
  Rk: () => (/* binding */ inChangedFileOf)
});

// UNUSED EXPORTS: erroredByImpact, groupSameErrors, sameErrorKey, sameWarningKey

;// CONCATENATED MODULE: ./src/text/whole-word.ts
// A word replaced only where it stands as a whole word: not preceded or followed by a letter, a
// digit (any script) or `_`. What `text.replace(/(?<![\p{L}\p{N}_])WORD(?![\p{L}\p{N}_])/gu, by)`
// does, without compiling a Unicode regular expression per word (a millisecond each, once per
// errored node of a build: a build where hundreds of nodes errored spent most of its error list
// compiling them).
const WORD_CHARACTER = /^[\p{L}\p{N}_]$/u;
/** `text` with every whole-word occurrence of `word` (not empty) replaced by `by`, left to right. */
function replaceWholeWord(text, word, by) {
    let out = "";
    let from = 0;
    const step = nextCandidate(word);
    for (let at = text.indexOf(word); at !== -1;) {
        const end = at + word.length;
        if (!insidePair(text, at) &&
            !insidePair(text, end) &&
            !isWordCharacter(codePointBefore(text, at)) &&
            !isWordCharacter(text.codePointAt(end))) {
            out += text.slice(from, at) + by;
            from = end;
            at = text.indexOf(word, end);
        }
        else {
            at = text.indexOf(word, at + step);
        }
    }
    return from === 0 ? text : out + text.slice(from);
}
/**
 * How far past an occurrence of `word` the next one that may be whole can start: one that starts
 * inside it follows a character of `word`, so only after a character that is no word character.
 * Trying every position instead cost a message the length of the name per position: "aaa…" named
 * `aaa…` (an 8,000-character message, a 4,000-character name) took 30 ms per errored node.
 */
function nextCandidate(word) {
    for (let k = 1; k < word.length; k++) {
        if (!insidePair(word, k) && !isWordCharacter(codePointBefore(word, k)))
            return k;
    }
    return word.length;
}
/** Whether `i` falls between the two halves of a surrogate pair (a Unicode pattern never matches there). */
function insidePair(text, i) {
    return (i > 0 &&
        i < text.length &&
        (text.charCodeAt(i) & 0xfc00) === 0xdc00 &&
        (text.charCodeAt(i - 1) & 0xfc00) === 0xd800);
}
function codePointBefore(text, i) {
    if (i === 0)
        return undefined;
    const low = text.charCodeAt(i - 1);
    if ((low & 0xfc00) === 0xdc00 && i >= 2 && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800) {
        return text.codePointAt(i - 2);
    }
    return low;
}
function isWordCharacter(codePoint) {
    if (codePoint === undefined)
        return false;
    // ASCII without the regular expression: nearly every character a message has next to a name.
    if (codePoint < 0x80) {
        return ((codePoint >= 0x30 && codePoint <= 0x39) ||
            (codePoint >= 0x41 && codePoint <= 0x5a) ||
            (codePoint >= 0x61 && codePoint <= 0x7a) ||
            codePoint === 0x5f);
    }
    return WORD_CHARACTER.test(String.fromCodePoint(codePoint));
}

;// CONCATENATED MODULE: ./src/render/errors-by-impact.ts

function inChangedFileOf(links) {
    const inChangedFile = links?.inChangedFile;
    return inChangedFile ? (node) => inChangedFile(node.location, node.packageName) : undefined;
}
function erroredByImpact(inv, inChangedFile) {
    const held = heldDownstream(inv);
    // Array.prototype.sort is stable: equal keys stay in run order.
    return changedFirst(inv.nodes.filter((node) => node.status === "error").sort((a, b) => held(b) - held(a)), inChangedFile);
}
/**
 * The errors in groups of the same error (groupSameErrors), the groups in erroredByImpact's order
 * with each group weighed whole: the nodes it kept from being built, its errors and the nodes
 * skipped downstream of them. A warehouse outage that failed 600 models comes before a typo that
 * failed one (where it stood behind it when only its first error was weighed). A group with an
 * error in a changed file still comes first; of one error, the weight orders as erroredByImpact.
 */
function errorGroupsByImpact(inv, inChangedFile) {
    const held = heldDownstream(inv);
    const weighed = groupSameErrors(erroredByImpact(inv, inChangedFile)).map((group) => ({
        group,
        // erroredByImpact put the changed ones first, so a group with one in a changed file leads with it.
        changed: inChangedFile !== undefined && inChangedFile(group[0]),
        notBuilt: group.reduce((sum, node) => sum + 1 + held(node), 0),
    }));
    // Stable: equal weights keep the order of their first errors.
    weighed.sort((a, b) => Number(b.changed) - Number(a.changed) || b.notBuilt - a.notBuilt);
    return weighed.map(({ group }) => group);
}
/**
 * How many nodes were skipped downstream of a node (those of the skip chain it is the root of): what
 * every list that ranks errors weighs them by (the report's, the terminal's, the annotations).
 */
function heldDownstream(inv) {
    const skipped = new Map(inv.skipChains.map((chain) => [chain.rootId, chain.skipped.length]));
    return (node) => skipped.get(node.uniqueId) ?? 0;
}
/** The nodes in changed files first, each part in the order given. */
function changedFirst(nodes, inChangedFile) {
    if (!inChangedFile)
        return nodes;
    const changed = nodes.map(inChangedFile);
    return [...nodes.filter((_, i) => changed[i]), ...nodes.filter((_, i) => !changed[i])];
}
/**
 * Errors in groups of the same error, each group where its first error stands: a build where one
 * missing table fails 300 models says so once, then names the other 299. Two errors are the same
 * when their messages are equal once each node's own unique id, file and name (as a whole word)
 * are taken out (the engine writes them into the message) and their error types agree. An error
 * without a message, or whose message is only its own name, stands alone.
 */
function groupSameErrors(errors) {
    return groupSame(errors, (node) => sameErrorKey(node));
}
/**
 * Warning lines in groups of the same warning, as groupSameErrors groups errors: a dbt upgrade that
 * deprecates a config warns on 500 nodes, each message naming its own node and file, and the build's
 * few other warnings were listed after the first hundred of them (or not at all). Two warnings are
 * the same when their codes agree and their messages do once each node's own id, files and name are
 * taken out (sameWarningKey).
 */
function groupSameWarnings(lines) {
    return groupSame(lines, ({ node, log }) => sameWarningKey(node, log));
}
/** `items` in groups of one key, each group where its first item stands; an item whose key is null stands alone. */
function groupSame(items, keyOf) {
    const groups = [];
    const byKey = new Map();
    for (const item of items) {
        const key = keyOf(item);
        const group = key === null ? undefined : byKey.get(key);
        if (group) {
            group.push(item);
            continue;
        }
        const fresh = [item];
        groups.push(fresh);
        if (key !== null)
            byKey.set(key, fresh);
    }
    return groups;
}
/**
 * What a node's error shares with the same error in other nodes (groupSameErrors), or null for one
 * that stands alone. The text is the node's message, or an ERROR line logged for it.
 */
function sameErrorKey(node, message = node.message) {
    const text = withoutOwnNames(node, message);
    return text === null ? null : `${node.errorType ?? ""}\u0001${text}`;
}
/**
 * What a WARN line shares with the same warning of other nodes (groupSameWarnings), or null for one
 * that stands alone. The file the line points at is the node's own too: a deprecation names the YAML
 * file it found the old key in, not the model's SQL. Told apart from every error's key.
 */
function sameWarningKey(node, log) {
    const text = withoutOwnNames(node, log.text, log.location?.path);
    return text === null ? null : `WARN\u0001${log.code ?? ""}\u0001${text}`;
}
/**
 * The message with the node's own unique id, files and name taken out, or null when nothing two
 * nodes could share is left.
 */
function withoutOwnNames(node, message, logFile) {
    if (!message)
        return null;
    let text = message;
    // Longest first: the unique id holds the name, and a path may too. The name only as a whole word
    // (a model `int` keeps the `int` of "internal"). The file both as the report spells it and as dbt
    // on Windows writes it into the message (`models\orders.sql`).
    const files = [node.location?.path, logFile].filter((file) => file !== undefined);
    const own = [node.uniqueId, ...files.flatMap((file) => [file, file.replaceAll("/", "\\")])];
    for (const part of own) {
        if (part.length >= 3)
            text = text.split(part).join(OWN);
    }
    if (node.name.length >= 3)
        text = replaceWholeWord(text, node.name, OWN);
    // A message that was nothing but the node's own name says nothing two nodes could share.
    if (!/[\p{L}\p{N}]/u.test(text))
        return null;
    return text;
}
/** What stands for the node's own id, file or name in a message. */
const OWN = "\u0000";


/***/ }),

/***/ 7789:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   DV: () => (/* binding */ codeBlock),
/* harmony export */   Kb: () => (/* binding */ excerpt),
/* harmony export */   Vh: () => (/* binding */ linkDestination),
/* harmony export */   X1: () => (/* binding */ escapeText),
/* harmony export */   ZD: () => (/* binding */ escapeHtml),
/* harmony export */   aY: () => (/* binding */ code),
/* harmony export */   dR: () => (/* binding */ generatedBlock),
/* harmony export */   p0: () => (/* binding */ MAX_INLINE_CHARS),
/* harmony export */   wh: () => (/* binding */ plainText)
/* harmony export */ });
/* harmony import */ var _text_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7453);
/* harmony import */ var _text_truncate_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3377);
// Everything that comes from telemetry (node names, SQL error text, file paths) is untrusted: it must
// not inject Markdown or HTML, ping people, link anywhere, write our hidden comment marker, or break
// out of a code span or block. Every helper here treats all line terminators alike (LINE_BREAKS) and
// shows control characters and bidi overrides as visible escapes (showControls).


const ZWSP = "\u200b";
// What GitHub turns into a link or a notification in text: `@user`, `#123`, `GH-123`, bare
// `scheme://` URLs and `www.` hosts (GFM autolink literals; an email needs an `@`, broken by the
// first rule). A zero-width space after the trigger leaves the text readable and inert.
const MENTION = /@(?=[A-Za-z0-9_-])/g;
// Not the `#` of an entity we wrote (`&#124;`).
const ISSUE_REF = /(?<!&)#(?=\d)/g;
const GH_REF = /(GH-)(?=\d)/gi;
const URL_SCHEME = /:\/\//g;
const WWW = /(www)(?=\.)/gi;
const MAY_LINK = /[@#:]|gh-|www\./i;
// A commit SHA (7 to 40 hex characters standing alone, `a...b` too) links to the commit, one pushed
// to a fork included. Only runs with a letter and a digit: numbers and words stay whole, and a
// unique_id's hash (`….d12f0947c8`) follows a dot. A zero-width space every 6 characters leaves no
// piece long enough to link.
const SHA = String.raw `(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}(?![\w-])`;
const SHA_LIKE = new RegExp(String.raw `(?<![\w./-])${SHA}`, "gi");
const SIX = /[0-9a-f]{6}(?=[0-9a-f])/gi;
/**
 * Stops `@user` / `@org/team` from notifying anyone, and `#123`, `GH-1`, URLs, `www.` hosts and
 * commit SHAs from linking.
 */
function neutralizeLinks(text) {
    const shas = text.replace(SHA_LIKE, (sha) => sha.replace(SIX, `$&${ZWSP}`));
    if (!MAY_LINK.test(shas))
        return shas;
    return shas
        .replace(MENTION, `@${ZWSP}`)
        .replace(ISSUE_REF, `#${ZWSP}`)
        .replace(GH_REF, `$1${ZWSP}`)
        .replace(URL_SCHEME, `:${ZWSP}//`)
        .replace(WWW, `$1${ZWSP}`);
}
/**
 * `<!--` and `-->` broken apart, so no untrusted text can open or close an HTML comment or spell our
 * sticky marker (`<!-- fusion-report:… -->`): the marker is found by searching the raw Markdown,
 * where a code span or block is no protection.
 */
function breakHtmlComments(text) {
    if (!text.includes("--"))
        return text;
    return text.replace(/<!--/g, `<!-${ZWSP}-`).replace(/--(!?)>/g, `-${ZWSP}-$1>`);
}
/**
 * Untrusted text for an output that is not Markdown but may end up in some (annotation titles and
 * messages, JUnit): controls shown as escapes, line breaks normalised or flattened, no HTML comment.
 */
function plainText(text, lineBreaks) {
    return breakHtmlComments((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(text, lineBreaks));
}
/**
 * The longest untrusted text shown inline (a name, an id, a command, a message's mention), in
 * UTF-16 units; longer is cut with an ellipsis. A line of 100 KB would not fit the comment whole, and
 * one value should not crowd out the report around it; the JSON report keeps every value whole.
 */
const MAX_INLINE_CHARS = 1_000;
const clip = (text) => (0,_text_truncate_js__WEBPACK_IMPORTED_MODULE_1__/* .truncateChars */ .UT)(text, MAX_INLINE_CHARS);
// Names and paths are nearly always made of these: then only `_` needs escaping, and nothing can
// link (a report can name 20,000 nodes, several times over).
const PLAIN = /^[\w./-]*$/;
// In such a text a SHA can only stand alone at its start (SHA_LIKE).
const LINKABLE = new RegExp(String.raw `gh-\d|www\.|^${SHA}`, "i");
/** Plain text inside Markdown: every character that could start inline syntax or HTML is escaped. */
function escapeText(untrusted) {
    const text = clip(untrusted);
    if (PLAIN.test(text) && !LINKABLE.test(text))
        return text.includes("_") ? text.replace(/_/g, "\\_") : text;
    let escaped = (0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(text, "space")
        .replace(/&/g, "&amp;")
        // GitHub renders `$…$` as math and ignores a backslash before `$`; an entity is a plain `$`.
        .replace(/\$/g, "&#36;")
        .replace(/[\\`*_[\]|~]/g, (ch) => `\\${ch}`)
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;");
    // Block syntax only matters at the start of a line: headings, lists, quotes, numbered lists.
    escaped = escaped.replace(/^(\s*)([#+-])(?=\s|#)/, "$1\\$2").replace(/^(\s*\d+)([.)])(?=\s)/, "$1\\$2");
    return neutralizeLinks(escaped);
}
/** Inline code that survives backticks in the value; safe in table cells too. */
function code(untrusted) {
    const text = clip(untrusted);
    // Node names nearly always need none of this: skip the scans (a report can list 20,000 nodes).
    if (/^[\w./:-]+$/.test(text))
        return `\`${text}\``;
    const clean = breakHtmlComments((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(text, "space").replace(/\|/g, "¦"));
    let longest = 0;
    for (const run of clean.matchAll(/`+/g))
        longest = Math.max(longest, run[0].length);
    const fence = "`".repeat(longest + 1);
    const pad = clean.startsWith("`") || clean.endsWith("`") || clean === "" ? " " : "";
    return `${fence}${pad}${neutralizeMentions(clean)}${pad}${fence}`;
}
/** Code spans never autolink, but GitHub's mention filter is kept away from them too. */
function neutralizeMentions(text) {
    return text.includes("@") || text.includes("#")
        ? text.replace(MENTION, `@${ZWSP}`).replace(ISSUE_REF, `#${ZWSP}`)
        : text;
}
/** A fenced block whose fence is longer than any backtick run inside, so the text cannot close it. */
function codeBlock(text, language = "text") {
    return fence(breakHtmlComments((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(text, "keep")), language);
}
/**
 * A fenced block of text we generated, such as a Mermaid diagram whose labels are already encoded
 * (its `-->` arrows must stay as they are).
 */
function generatedBlock(text, language) {
    return fence(text, language);
}
function fence(clean, language) {
    let longest = 2;
    for (const run of clean.matchAll(/`+/g))
        longest = Math.max(longest, run[0].length);
    const backticks = "`".repeat(longest + 1);
    return `${backticks}${language}\n${clean}\n${backticks}`;
}
/**
 * Text for an HTML attribute or element (a <summary>, a name's `title`), entity-escaped. `|` too:
 * in a table row it would end the cell, even inside an attribute. And what could start a link, an
 * image, a code span or math (`[`, `]`, backticks, `$`), so that text which ever stood outside its
 * tag would still be text.
 */
function escapeHtml(untrusted) {
    const text = clip(untrusted);
    if (PLAIN.test(text) && !LINKABLE.test(text))
        return text;
    return neutralizeLinks((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(text, "space")
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/\|/g, "&#124;")
        .replace(/\[/g, "&#91;")
        .replace(/\]/g, "&#93;")
        .replace(/`/g, "&#96;")
        .replace(/\$/g, "&#36;"));
}
/**
 * A URL we built (a file at the PR head, a run), made safe as a Markdown link destination: anything
 * that could end the destination or the line early is percent-encoded.
 */
function linkDestination(url) {
    return url.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/g, (ch) => [...new TextEncoder().encode(ch)]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
        .join(""));
}
/**
 * The first lines and characters of a long message, saying how much was cut. Runs of identical
 * lines (engine backtraces repeat frames) are collapsed first. Every kind of line break counts.
 */
function excerpt(text, maxLines, maxChars) {
    const lines = collapseRepeats((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .splitLines */ .uz)(text.trimEnd()));
    let kept = lines.slice(0, maxLines).join("\n");
    let cut = lines.length > maxLines;
    if (kept.length > maxChars) {
        kept = kept.slice(0, maxChars);
        cut = true;
    }
    if (!cut)
        return kept;
    const rest = lines.length - Math.min(lines.length, maxLines);
    return `${kept}\n… (${rest > 0 ? `${rest} more line${rest === 1 ? "" : "s"}` : "truncated"})`;
}
function collapseRepeats(lines) {
    const out = [];
    for (let i = 0; i < lines.length;) {
        const body = stripFrameNumber(lines[i]);
        let j = i + 1;
        while (j < lines.length && stripFrameNumber(lines[j]) === body)
            j++;
        out.push(lines[i]);
        if (j - i > 2)
            out.push(`  … (${j - i - 1} similar lines)`);
        else if (j - i === 2)
            out.push(lines[i + 1]);
        i = j;
    }
    return out;
}
/** `  12: __mh_execute_header` and `  13: __mh_execute_header` are the same frame. */
function stripFrameNumber(line) {
    return line.replace(/^\s*\d+:\s*/, "");
}


/***/ }),

/***/ 1509:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   B4: () => (/* reexport safe */ _text_count_js__WEBPACK_IMPORTED_MODULE_2__.B),
/* harmony export */   Bs: () => (/* binding */ RUN_AGAIN),
/* harmony export */   CT: () => (/* binding */ freshnessFact),
/* harmony export */   CW: () => (/* binding */ formatDelta),
/* harmony export */   Fd: () => (/* binding */ warningsCount),
/* harmony export */   Hm: () => (/* binding */ statusWord),
/* harmony export */   I8: () => (/* binding */ statusIcon),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   M1: () => (/* binding */ isUncausedSkip),
/* harmony export */   Sw: () => (/* binding */ PASSED_ON_RETRY_SHOWN),
/* harmony export */   Ub: () => (/* binding */ DIFF_EXCERPT),
/* harmony export */   a3: () => (/* reexport safe */ _text_duration_js__WEBPACK_IMPORTED_MODULE_3__.a),
/* harmony export */   aI: () => (/* binding */ UNCAUSED_SKIPS),
/* harmony export */   bP: () => (/* binding */ resourceLabel),
/* harmony export */   ck: () => (/* binding */ unnamedSameErrors),
/* harmony export */   ig: () => (/* binding */ leftOut),
/* harmony export */   l9: () => (/* binding */ formatPercent),
/* harmony export */   oz: () => (/* binding */ skipHeading),
/* harmony export */   qS: () => (/* binding */ statusText)
/* harmony export */ });
/* harmony import */ var _model_status_table_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6606);
/* harmony import */ var _text_count_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(896);
/* harmony import */ var _text_duration_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9495);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7789);





/** A slowdown: `+1m06s`. */
function formatDelta(ms) {
    return ms < 0 ? (0,_text_duration_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(ms) : `+${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(ms)}`;
}
/** A growth in percent: `+350%`, `+52.4%` (one decimal below 100 %, where the threshold usually is). */
function formatPercent(percent) {
    const sign = percent < 0 ? "-" : "+";
    const size = Math.abs(percent);
    return `${sign}${size >= 100 ? Math.round(size) : Number(size.toFixed(1))}%`;
}
/** The status's icon; ❔ for a value that is not a status (a hostile or newer baseline report). */
function statusIcon(status) {
    return (0,_model_status_table_js__WEBPACK_IMPORTED_MODULE_0__/* .statusRow */ .jf)(status)?.icon ?? "❔";
}
/** The status's word; a value that is not a status is shown escaped. */
function statusWord(status) {
    return (0,_model_status_table_js__WEBPACK_IMPORTED_MODULE_0__/* .statusRow */ .jf)(status)?.label ?? (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(status);
}
/**
 * A skipped node whose skip names no upstream node (a skip reason without its upstream id, or no
 * reason): in no skip chain, so the skip section lists it in a group of its own.
 */
function isUncausedSkip(node) {
    return node.status === "skipped" && !node.skippedBecauseOf;
}
/**
 * How much of a unit test's diff the Markdown and the terminal show: more than an error's excerpt, as
 * a diff is read row by row.
 */
const DIFF_EXCERPT = { lines: 60, chars: 6000 };
/** Names listed of the nodes that passed on `dbt retry`, in the Markdown and the terminal: the rest are in the full report. */
const PASSED_ON_RETRY_SHOWN = 20;
/**
 * The mark of a result a `dbt retry` ran again (`supersededBy`): history, whose status the headline
 * counts by the retry's result instead. Beside every such result a section lists, so that an error a
 * retry fixed is never shown as if it stood.
 */
const RUN_AGAIN = { markdown: "🔁 run again by `dbt retry`", text: "run again by dbt retry" };
/**
 * The nodes of the same error (or warning) as one shown whose names a list left out, for its note
 * ("… and 3 more errors and 689 more nodes with the errors above"): told apart from errors not shown
 * at all, which the note would otherwise make them read as. Null when none was left out.
 */
function unnamedSameErrors(count, what = "errors") {
    return count > 0 ? `${plural(count, "more node")} with the ${what} above` : null;
}
/** The group of skipped nodes whose cause the engine did not name. */
const UNCAUSED_SKIPS = "cause not given";
/** The skip section's heading: not all skips are said to be upstream ones when some give no cause. */
function skipHeading(anyUncaused) {
    return anyUncaused ? "Skipped" : "Skipped because of an upstream problem";
}
/** "✅ success": icon and word. */
function statusText(status) {
    return `${statusIcon(status)} ${statusWord(status)}`;
}
const RESOURCE_LABEL = {
    model: "model",
    seed: "seed",
    snapshot: "snapshot",
    source: "source",
    test: "test",
    unit_test: "unit test",
    function: "function",
    analysis: "analysis",
    operation: "operation",
    exposure: "exposure",
    metric: "metric",
    saved_query: "saved query",
    semantic_model: "semantic model",
    macro: "macro",
    doc: "doc",
    unknown: "node",
};
/** "unit test"; a type that is not one (a hostile or newer baseline report) is called "node". */
function resourceLabel(type) {
    return Object.hasOwn(RESOURCE_LABEL, type) ? RESOURCE_LABEL[type] : "node";
}
/** `1 node`, `3,300 nodes`. */
function plural(n, one, many = `${one}s`) {
    return `${(0,_text_count_js__WEBPACK_IMPORTED_MODULE_2__/* .formatCount */ .B)(n)} ${n === 1 ? one : many}`;
}
/** "3 more errors", what a list's closing note says it left out; null when none was left out. */
function leftOut(left, noun) {
    return left > 0 ? plural(left, `more ${noun}`) : null;
}
/**
 * The Warnings section's count. The headline counts warned nodes only; when WARN log lines are listed
 * too, both are named, so "Warnings (188)" never sits under "167 warned" unexplained.
 */
function warningsCount(warnedNodes, warningLines) {
    if (warnedNodes === 0 || warningLines === 0)
        return (0,_text_count_js__WEBPACK_IMPORTED_MODULE_2__/* .formatCount */ .B)(warnedNodes + warningLines);
    return `${plural(warnedNodes, "node")} warned, ${plural(warningLines, "warning line")}`;
}
/** `freshness warn (age 1d01h)`: a source's freshness outcome and, when the engine gave it, its age. */
function freshnessFact(outcome, ageSeconds) {
    return `freshness ${outcome}${ageSeconds !== undefined ? ` (age ${(0,_text_duration_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a)(ageSeconds * 1000)})` : ""}`;
}


/***/ }),

/***/ 7215:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Fm: () => (/* binding */ sharedValue),
/* harmony export */   Nl: () => (/* binding */ commandOf),
/* harmony export */   Sv: () => (/* binding */ startTime),
/* harmony export */   TA: () => (/* binding */ sharedFacts)
/* harmony export */ });
/* harmony import */ var _model_implausible_times_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7971);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(1509);
// What tells invocations apart, for every renderer: the command that ran, when it started, and the
// facts all of them share (said once in the headline instead of under each).


/** The command as typed (`dbt build --select orders`), else `dbt <command>`; null when unknown. */
function commandOf(inv) {
    return inv.rawCommand ?? (inv.command ? `dbt ${inv.command}` : null);
}
/** The value every invocation of the report has alike, or null when they differ or it is unknown. */
function sharedValue(report, value) {
    const [first, ...rest] = report.invocations;
    if (!first)
        return null;
    const shared = value(first);
    return shared !== null && rest.every((inv) => value(inv) === shared) ? shared : null;
}
/**
 * When the invocation started, for its heading: `2026-02-26 02:33 UTC` from the engine's ISO time,
 * anything else through `show` (escaped). A start never set (1970), one later than the report can be
 * (year 9999) or none is "start unknown", as the model treats it (implausible-times.ts); the JSON
 * report keeps the time as the telemetry gave it.
 */
function startTime(inv, show) {
    const iso = (0,_model_implausible_times_js__WEBPACK_IMPORTED_MODULE_0__/* .realTime */ .M9)(inv.startedAt);
    if (iso === null)
        return "start unknown";
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
    return match ? `${match[1]} ${match[2]} UTC` : show(iso);
}
/**
 * Facts every invocation shares, said once in the headline when there are several: how many, the
 * dbt versions, the target when all have the same, the time in all. `text` and `code` show untrusted
 * text in the renderer's own way (escaped Markdown and a code span, or inert terminal text).
 */
function sharedFacts(report, show) {
    const invocations = report.invocations;
    if (invocations.length === 0)
        return [];
    const versions = [
        ...new Set(invocations.map((inv) => inv.dbtVersion).filter((v) => v !== null)),
    ];
    const target = sharedValue(report, (inv) => inv.target);
    const total = invocations.reduce((sum, inv) => sum + (inv.durationMs ?? 0), 0);
    return [
        (0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(invocations.length, "invocation"),
        versions.length > 0 ? `dbt ${versions.map(show.text).join(", ")}` : null,
        target ? `target ${show.code(target)}` : null,
        `${(0,_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(total)} in all`,
    ].filter((fact) => fact !== null);
}


/***/ }),

/***/ 7525:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  vn: () => (/* binding */ JOB_SUMMARY_BUDGET_BYTES),
  DM: () => (/* binding */ excerptBlock),
  DJ: () => (/* binding */ fitMarkdown),
  OS: () => (/* binding */ more),
  Is: () => (/* binding */ wholeMarkdownPieces)
});

// UNUSED EXPORTS: CHECK_CODE_WIDTH, COMMENT_CODE_WIDTH, allNodesBytesAtLeast, byteLength, errorBytesAtLeast, renderMarkdown, renderUnusable, reportMemo, truncateMarkdown

// EXTERNAL MODULE: ./src/model/status-table.ts
var status_table = __nccwpck_require__(6606);
// EXTERNAL MODULE: ./src/text/truncate.ts
var truncate = __nccwpck_require__(3377);
// EXTERNAL MODULE: ./src/text/wrap-lines.ts
var wrap_lines = __nccwpck_require__(1625);
;// CONCATENATED MODULE: ./src/text/trim-runs.ts
// A run of one character cut from the end (or the start) of a text. `text.replace(/\n+$/, "")` looks
// the same but is quadratic on a long run that is not at the end: the regex is tried from every
// position in the run, and each try scans to the run's end before it finds no end of text there
// (200,000 blank lines before a last line: seconds). This looks at each character once.
/** `text` without the run of `char` (one UTF-16 unit: "\n", ".", "/") at its end. */
function trimTrailing(text, char) {
    const code = char.charCodeAt(0);
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === code)
        end--;
    return end === text.length ? text : text.slice(0, end);
}
/** `text` without the run of `char` at its start. */
function trimLeading(text, char) {
    const code = char.charCodeAt(0);
    let start = 0;
    while (start < text.length && text.charCodeAt(start) === code)
        start++;
    return start === 0 ? text : text.slice(start);
}

;// CONCATENATED MODULE: ./src/render/cut-markdown.ts
// Cutting Markdown to a byte limit without breaking what follows. A cut in the middle of a code
// fence or a <details> would swallow the note that says the report was cut (and, in a comment, the
// hidden marker after it); a cut in the middle of a line leaves half a table row or half a word.
// So: cut at a blank line (between blocks) when one is near, else at a line end (inside a line only in
// a code block); close the fence and the <details> our Markdown left open; then the note, after a
// blank line, which also ends a table.


/**
 * `markdown` if it fits in `maxBytes` of UTF-8; else its head, closed, and `note(leftOut)`, all of
 * it within `maxBytes`. The note is its own paragraph (give it without leading blank lines).
 */
function cutMarkdown(markdown, maxBytes, note) {
    const total = Buffer.byteLength(markdown, "utf8");
    if (total <= maxBytes)
        return markdown;
    // What closes the head and the note are only known once it is cut: start from an estimate and
    // cut shorter until everything fits (once or twice).
    let budget = maxBytes - Buffer.byteLength(note({ lines: countLines(markdown), bytes: total }), "utf8") - 64;
    for (let attempt = 0; attempt < 8 && budget > 0; attempt++) {
        const text = cutAt(markdown, budget, note);
        const over = Buffer.byteLength(text, "utf8") - maxBytes;
        if (over <= 0)
            return text;
        budget -= over + 64;
    }
    // A note longer than the limit is the caller's bug; still never over the limit.
    return (0,truncate/* truncateBytes */.QY)(`${note({ lines: countLines(markdown), bytes: total })}\n`, maxBytes, "");
}
function cutAt(markdown, budget, note) {
    let head = (0,truncate/* truncateBytes */.QY)(markdown, budget, "");
    head = trimTrailing(head.slice(0, boundary(head)), "\n");
    const open = openBlocks(head);
    let closed = head;
    if (open.fence)
        closed += `\n${open.fence}`;
    // Innermost first, each at its own indentation: one in a list item is closed within that item.
    for (const indent of open.details.reverse())
        closed += `\n\n${indent}</details>`;
    const rest = markdown.slice(head.length);
    const left = { lines: countLines(rest), bytes: Buffer.byteLength(rest, "utf8") };
    return `${closed === "" ? "" : `${closed}\n\n`}${note(left)}\n`;
}
/** "the last 1,234 lines (56 KiB)", for a note. */
function describeLeftOut(left) {
    const size = left.bytes >= 1024 * 1024
        ? `${(left.bytes / (1024 * 1024)).toFixed(1)} MiB`
        : `${Math.max(1, Math.round(left.bytes / 1024)).toLocaleString("en-US")} KiB`;
    const lines = left.lines === 1 ? "line" : `${left.lines.toLocaleString("en-US")} lines`;
    return `the last ${lines} (${size})`;
}
/**
 * Where to cut `head`: after its last blank line (between blocks) when that keeps most of it, else
 * after its last line end. Inside a line only when the line is most of the text (one long line) and
 * sits in a code block, where it is literal: anywhere else a cut could leave a code span or an HTML
 * tag open, and the escaped telemetry after it would be read as live Markdown (links, images). Such a
 * line is left out whole.
 */
function boundary(head) {
    const blank = head.lastIndexOf("\n\n");
    if (blank > head.length * 0.75)
        return blank + 1;
    const lineStart = head.lastIndexOf("\n") + 1;
    if (lineStart > head.length * 0.5)
        return lineStart;
    return openBlocks(head.slice(0, lineStart)).fence ? head.length : lineStart;
}
function countLines(text) {
    const trimmed = trimTrailing(trimLeading(text, "\n"), "\n");
    if (trimmed === "")
        return 0;
    let lines = 1;
    for (let i = trimmed.indexOf("\n"); i >= 0; i = trimmed.indexOf("\n", i + 1))
        lines++;
    return lines;
}
/**
 * The code fence and the <details> our Markdown leaves open at its end (each by its indentation,
 * outermost first). Ours are the lines that start with `<details>` or are `</details>`, at the top
 * level or indented in a list item (a skip group's fold); the same text inside a code block (a
 * hostile message) or a table cell does not count, and telemetry outside them is escaped.
 */
function openBlocks(markdown) {
    let fence = null;
    const details = [];
    for (const line of markdown.split("\n")) {
        if (fence) {
            if (line.startsWith(fence) && /^`+$/.test(line.trimEnd()))
                fence = null;
            continue;
        }
        const opening = /^(`{3,})/.exec(line);
        const folding = opening ? null : /^( *)<details>/.exec(line);
        if (opening)
            fence = opening[1];
        else if (folding)
            details.push(folding[1]);
        else if (/^ *<\/details>$/.test(line))
            details.pop();
    }
    return { fence, details };
}

// EXTERNAL MODULE: ./src/render/escape.ts
var render_escape = __nccwpck_require__(7789);
// EXTERNAL MODULE: ./src/render/errors-by-impact.ts + 1 modules
var errors_by_impact = __nccwpck_require__(469);
// EXTERNAL MODULE: ./src/render/format.ts
var format = __nccwpck_require__(1509);
// EXTERNAL MODULE: ./src/render/invocations.ts
var invocations = __nccwpck_require__(7215);
// EXTERNAL MODULE: ./src/render/names.ts
var names = __nccwpck_require__(5968);
// EXTERNAL MODULE: ./src/render/table.ts
var render_table = __nccwpck_require__(900);
;// CONCATENATED MODULE: ./src/render/markdown.ts
// The Markdown report: one renderer for the job summary, the PR comment, the check run and the
// CLI's Markdown (`--markdown FILE`, `--format markdown`), differing only in their size budget and
// width. The terminal's plain text is render/terminal.ts. When the full report does not fit,
// detail is dropped in a fixed priority (the rest → slowest → warnings → skip roots → failed tests →
// errors) and every section says how much it left out and where the full list is.
//
// Laid out for a pull request's width (780–900 px; the Checks tab is narrower): compact durations,
// at most five columns in a table, one readable name per node (its unique id in the tooltip), and
// code excerpts wrapped to the given width.










/**
 * Characters of monospace text across a view, measured with GitHub's CSS: a comment in a pull
 * request's timeline at 780 px holds about 96, the Checks tab's summary about 80.
 */
const COMMENT_CODE_WIDTH = 96;
const CHECK_CODE_WIDTH = 80;
/**
 * The report's budget in a job summary: the runner drops a step summary over 1 MiB whole, and the
 * Action cuts its summary at 1,000,000 bytes as the last guard (github/summary.ts), 1,000 above this.
 * The CLI fits its Markdown on stdout to it too when that goes to $GITHUB_STEP_SUMMARY.
 */
const JOB_SUMMARY_BUDGET_BYTES = 999_000;
/** A list limit that is no limit. */
const UNLIMITED = 1e9;
const LEVELS = [
    {
        errors: UNLIMITED,
        excerptLines: 20,
        excerptChars: 3000,
        failedTests: UNLIMITED,
        diffTables: true,
        chains: UNLIMITED,
        chainNodes: 100,
        warnings: UNLIMITED,
        slowest: UNLIMITED,
        rest: true,
    },
    {
        errors: UNLIMITED,
        excerptLines: 20,
        excerptChars: 3000,
        failedTests: UNLIMITED,
        diffTables: true,
        chains: UNLIMITED,
        chainNodes: 100,
        warnings: UNLIMITED,
        slowest: UNLIMITED,
        rest: false,
    },
    {
        errors: UNLIMITED,
        excerptLines: 15,
        excerptChars: 2000,
        failedTests: UNLIMITED,
        diffTables: true,
        chains: UNLIMITED,
        chainNodes: 20,
        warnings: 100,
        slowest: 5,
        rest: false,
    },
    {
        errors: 100,
        excerptLines: 12,
        excerptChars: 1200,
        failedTests: 200,
        diffTables: false,
        chains: 50,
        chainNodes: 10,
        warnings: 20,
        slowest: 5,
        rest: false,
    },
    {
        errors: 50,
        excerptLines: 8,
        excerptChars: 600,
        failedTests: 100,
        diffTables: false,
        chains: 20,
        chainNodes: 5,
        warnings: 10,
        slowest: 3,
        rest: false,
    },
    {
        errors: 20,
        excerptLines: 4,
        excerptChars: 300,
        failedTests: 30,
        diffTables: false,
        chains: 10,
        chainNodes: 0,
        warnings: 5,
        slowest: 0,
        rest: false,
    },
    {
        errors: 10,
        excerptLines: 2,
        excerptChars: 160,
        failedTests: 10,
        diffTables: false,
        chains: 5,
        chainNodes: 0,
        warnings: 0,
        slowest: 0,
        rest: false,
    },
];
function renderMarkdown(report, options) {
    return fitMarkdown(report, options).markdown;
}
/**
 * The whole report (no size budget: every detail) in pieces that join to what renderMarkdown gives
 * with an unlimited budget. For writing it to a file: the table of every node of a 20,000-node build
 * is megabytes, written a row at a time instead of first held as one string.
 */
function* wholeMarkdownPieces(report, options) {
    const whole = { ...options, maxBytes: Number.MAX_SAFE_INTEGER };
    const memo = reportMemo(report, options.links, { once: true });
    yield* piecesAtLevel(report, whole, fitContext(whole, memo), 0);
}
/**
 * The report at the most detail that fits. `memo`: what renderings of this report for the same
 * links share (reportMemo), when there are several.
 */
function fitMarkdown(report, options, memo = reportMemo(report, options.links)) {
    const context = fitContext(options, memo);
    const { needed, errorsAtLeast, allNodesAtLeast } = memo.bounds();
    // A UTF-16 unit is at most 3 UTF-8 bytes: a file's unlimited budget needs no count.
    const fits = (text) => text.length * 3 <= options.maxBytes || byteLength(text) <= options.maxBytes;
    for (let level = 0; level < LEVELS.length; level++) {
        // A level whose error lines alone cannot fit is not rendered (a build where thousands of nodes
        // errored was rendered in full three times per channel before the first level that fits).
        if (errorsAtLeast(LEVELS[level].errors) > options.maxBytes)
            continue;
        // Nor one whose table of every node alone cannot (a comment's budget on a build of thousands).
        if (LEVELS[level].rest && allNodesAtLeast > options.maxBytes)
            continue;
        const text = renderAtLevel(report, options, context, level);
        if (!fits(text))
            continue;
        if (level === 0)
            return { markdown: text, complete: true, whole: wholeLists(LEVELS[0], needed) };
        // The level below did not fit, and may have missed by much less than the step between the two:
        // longer lists, at this level's detail, are tried in between (four renderings at most). The
        // search is on the square of the way, as a list the level below shows whole may be 20 times as
        // long as this level's limit; the whole way is tried first.
        let best = { markdown: text, detail: LEVELS[level] };
        let [lo, hi] = [0, 1];
        for (let step = 0; step < 4; step++) {
            // The whole way first (the level below's lists at this level's detail), then halves.
            const t = step === 0 ? 1 : (lo + hi) / 2;
            const detail = between(LEVELS[level], LEVELS[level - 1], t * t, needed);
            if (detail === null)
                break;
            const longer = errorsAtLeast(detail.errors) > options.maxBytes
                ? null
                : renderAtLevel(report, options, context, level, detail);
            if (longer !== null && fits(longer)) {
                best = { markdown: longer, detail };
                if (step === 0)
                    break;
                lo = t;
            }
            else {
                hi = t;
            }
        }
        return { markdown: best.markdown, complete: false, whole: wholeLists(best.detail, needed) };
    }
    const markdown = truncateMarkdown(renderAtLevel(report, options, context, LEVELS.length - 1), options.maxBytes, options.fullReportHint);
    return { markdown, complete: false, whole: new Set() };
}
/**
 * What every rendering of one report for these links shares; `once` when only one rendering at one
 * level is made (its node labels are then not kept).
 */
function reportMemo(report, links, { once = false } = {}) {
    const inChangedFile = (0,errors_by_impact/* inChangedFileOf */.Rk)(links);
    // Every rendering shows the same errors in the same order: sorted and grouped once, not per level.
    const errors = new Map();
    const lists = new Map();
    let bounds;
    return {
        names: new names/* NodeNames */.p(namedNodes(report), { remember: !once }),
        inChangedFile,
        errorsOf(inv) {
            let found = errors.get(inv);
            if (!found) {
                const groups = (0,errors_by_impact/* errorGroupsByImpact */.c2)(inv, inChangedFile);
                const count = groups.reduce((sum, group) => sum + group.length, 0);
                errors.set(inv, (found = { groups, count }));
            }
            return found;
        },
        listsOf(inv) {
            let found = lists.get(inv);
            if (!found)
                lists.set(inv, (found = invocationLists(inv, inChangedFile)));
            return found;
        },
        bounds() {
            return (bounds ??= {
                needed: listLengths(report),
                errorsAtLeast: errorBytesAtLeast(report),
                allNodesAtLeast: allNodesBytesAtLeast(report),
            });
        },
    };
}
/** One pass over an invocation's nodes for the lists its sections show. */
function invocationLists(inv, inChangedFile) {
    const byId = new Map();
    const failed = [];
    const warned = [];
    const warningLines = [];
    const notCompleted = [];
    const uncausedSkips = [];
    for (const node of inv.nodes) {
        byId.set(node.uniqueId, node);
        if ((0,format/* isUncausedSkip */.M1)(node))
            uncausedSkips.push(node);
        if (node.status === "fail")
            failed.push(node);
        else if (node.status === "warn")
            warned.push(node);
        if (status_table/* STATUS */.XQ[node.status].notCompleted !== null)
            notCompleted.push(node);
        for (const log of node.logs)
            if (log.severity === "WARN")
                warningLines.push({ node, log });
    }
    return {
        byId,
        chainsByRoot: new Map(inv.skipChains.map((chain) => [chain.rootId, chain])),
        failed: (0,errors_by_impact/* changedFirst */.d$)(failed, inChangedFile),
        warned,
        warningLines,
        warningGroups: (0,errors_by_impact/* groupSameWarnings */.jo)(warningLines),
        notCompleted,
        uncausedSkips,
    };
}
/** A fitMarkdown call's context: the report's memo with the call's options. */
function fitContext(options, memo) {
    return {
        ...memo,
        fullReportHint: options.fullReportHint,
        ...(options.listHint ? { listHint: options.listHint } : {}),
        ...(options.codeWidth ? { codeWidth: options.codeWidth } : {}),
        ...(options.links ? { links: options.links } : {}),
    };
}
const LISTS = ["errors", "failedTests", "chains", "warnings"];
/** How long each list limit must be to show a list whole, in every invocation. */
function listLengths(report) {
    const needed = { errors: 0, failedTests: 0, chains: 0, warnings: 0 };
    for (const inv of report.invocations) {
        let errors = inv.runErrors.length;
        let failed = 0;
        let warnedTests = 0;
        let freshness = 0;
        let warningLines = 0;
        let notCompleted = 0;
        let uncausedSkips = 0;
        for (const node of inv.nodes) {
            if ((0,format/* isUncausedSkip */.M1)(node))
                uncausedSkips = 1;
            if (node.status === "error")
                errors++;
            else if (node.status === "fail")
                failed++;
            else if (node.status === "warn" && node.test)
                warnedTests++;
            else if (node.status === "warn")
                freshness++;
            if (status_table/* STATUS */.XQ[node.status].notCompleted !== null)
                notCompleted++;
            for (const log of node.logs)
                if (log.severity === "WARN")
                    warningLines++;
        }
        needed.errors = Math.max(needed.errors, errors);
        needed.failedTests = Math.max(needed.failedTests, failed);
        // The skips that name no cause are one group more.
        needed.chains = Math.max(needed.chains, inv.skipChains.length + uncausedSkips);
        // The warnings limit applies to each kind renderWarnings and renderNotCompleted list.
        needed.warnings = Math.max(needed.warnings, warnedTests, freshness, warningLines, notCompleted);
    }
    return needed;
}
/**
 * `lower`'s detail with its list limits `t` of the way to `upper`'s (no further than the lists are
 * long); null when no list would grow.
 */
function between(lower, upper, t, needed) {
    const detail = { ...lower };
    let grows = false;
    for (const list of LISTS) {
        const target = Math.min(upper[list], needed[list]);
        if (target <= lower[list])
            continue;
        // At least one more: a list one over the limit would otherwise round back to it.
        detail[list] = Math.max(lower[list] + 1, Math.round(lower[list] + t * (target - lower[list])));
        grows = true;
    }
    return grows ? detail : null;
}
/** The lists a rendering at this detail shows whole. */
function wholeLists(detail, needed) {
    return new Set(LISTS.filter((list) => detail[list] >= Math.min(UNLIMITED, needed[list])));
}
/** The nodes the report names, run by run (the baseline's own nodes as one more run). */
function* namedNodes(report) {
    for (const inv of report.invocations)
        yield inv.nodes;
    const b = report.baseline;
    if (b)
        yield b.removed;
}
/** A node label's markup, `<code title="">` and `</code>`, besides the id and text within it. */
const LABEL_MARKUP_BYTES = '<code title="">'.length + "</code>".length;
/**
 * A lower bound of the bytes the errors section takes when it names up to `shown` errors per
 * invocation: each named error holds `**<code title="UNIQUE_ID">…</code>**` (renderErrors), or,
 * among the same errors, `<code title="UNIQUE_ID">…</code>` (its markup besides the id at least).
 * Which errors are named depends on how they group, so the shortest ids are counted.
 */
function errorBytesAtLeast(report) {
    const perInvocation = report.invocations.map((inv) => inv.nodes
        .filter((node) => node.status === "error")
        .map((node) => node.uniqueId.length + LABEL_MARKUP_BYTES)
        .sort((a, b) => a - b));
    return (shown) => {
        let bytes = 0;
        for (const lengths of perInvocation) {
            for (let i = 0; i < Math.min(shown, lengths.length); i++)
                bytes += lengths[i];
        }
        return bytes;
    };
}
/**
 * A lower bound of the bytes the tables of every node take (Detail.rest): each row holds the node's
 * label, `<code title="UNIQUE_ID">…</code>` (the id cut at MAX_INLINE_CHARS, shown with escapes
 * that only lengthen it), and the row's markup, `\n| ` and ` |` after each of its cells.
 */
function allNodesBytesAtLeast(report) {
    const idAtLeast = render_escape/* MAX_INLINE_CHARS */.p0 - 2;
    const rowMarkup = "\n| ".length + " |".length * ALL_NODES_COLUMNS.length;
    let bytes = 0;
    for (const inv of report.invocations) {
        for (const node of inv.nodes)
            bytes += Math.min(node.uniqueId.length, idAtLeast) + rowMarkup + LABEL_MARKUP_BYTES;
    }
    return bytes;
}
/** The report at a level (which the extra sections follow) and, by default, that level's detail. */
function renderAtLevel(report, options, context, level, detail = LEVELS[level]) {
    return [...piecesAtLevel(report, options, context, level, detail)].join("");
}
/** The parts that are not empty, `separator` between them. */
function* joinParts(parts, separator) {
    let first = true;
    for (const part of parts) {
        if (part === "")
            continue;
        if (!first)
            yield separator;
        first = false;
        if (typeof part === "string")
            yield part;
        else
            yield* part.pieces();
    }
}
/** The parts as one part: text when each is, else pieces ("" when every part is). */
function joinedPart(parts, separator) {
    if (parts.every((part) => typeof part === "string"))
        return parts.filter(Boolean).join(separator);
    return parts.some((part) => part !== "") ? { pieces: () => joinParts(parts, separator) } : "";
}
/** renderAtLevel's text in pieces. */
function* piecesAtLevel(report, options, context, level, detail = LEVELS[level]) {
    const parts = [renderHeadline(report, options)];
    for (const extra of options.extras ?? []) {
        const block = extra.render(level, context);
        if (block)
            parts.push(block);
    }
    // About files no invocation was read from (each invocation shows those about its own).
    if (report.readerWarnings?.length)
        parts.push(quotedWarnings(report.readerWarnings));
    if (report.passedOnRetry?.length)
        parts.push(renderPassedOnRetry(report.passedOnRetry, context));
    const many = report.invocations.length > 1;
    // Once for the report: asked of every invocation, it read all of them each time (a file of 10,000
    // invocations took two minutes to fit into a comment).
    const shared = many ? sharedWithAll(report) : null;
    report.invocations.forEach((invocation, i) => {
        parts.push(renderInvocation(invocation, detail, context, shared ? { index: i + 1, shared } : null));
    });
    if (report.invocations.length === 0)
        parts.push("_No dbt invocation was found in the telemetry._");
    if (level > 0) {
        parts.push(`<sub>Some detail was left out to fit this view; the complete report is in ${options.fullReportHint}.</sub>`);
    }
    yield* joinParts(parts, "\n\n");
    yield "\n";
}
function renderHeadline(report, options) {
    const icon = report.conclusion === "failure" ? "❌" : report.conclusion === "neutral" ? "⚠️" : "✅";
    const lines = [
        `## ${icon} ${(0,render_escape/* escapeText */.X1)(options.title)}: ${(0,render_escape/* escapeText */.X1)(report.conclusionReason)}`,
        countLine(report.counts, "**", (0,status_table/* anyOutcomeNotUnderstood */.tM)(report.invocations)),
    ];
    const facts = report.invocations.length === 1
        ? invocationFacts(report.invocations[0])
        : (0,invocations/* sharedFacts */.TA)(report, { text: render_escape/* escapeText */.X1, code: render_escape/* code */.aY });
    if (options.links?.runUrl)
        facts.push(`[workflow run](${(0,render_escape/* linkDestination */.Vh)(options.links.runUrl)})`);
    if (facts.length > 0)
        lines.push(`<sub>${facts.join(" · ")}</sub>`);
    return lines.join("\n\n");
}
/**
 * "**48 nodes:** ✅ 42 passed · ❌ 1 error · ⏭️ 4 skipped", each count kept on one line.
 * `outcomesNotUnderstood`: some unknown nodes finished (headlineWords).
 */
function countLine(counts, strong, outcomesNotUnderstood) {
    const cells = (0,status_table/* headlineCounts */.Bi)(counts);
    const items = status_table/* HEADLINE_CELLS */.ji.filter((cell) => cell.alwaysShown || cells[cell.key] > 0).map((cell) => {
        const { one, many } = (0,status_table/* headlineWords */.yl)(cell, outcomesNotUnderstood);
        return countItem(cell.icon, cells[cell.key], one, many);
    });
    const total = `${(0,format/* formatCount */.B4)(counts.total)} ${counts.total === 1 ? "node" : "nodes"}`;
    return `${strong}${total}:${strong} ${items.join(" · ")}`;
}
function countItem(icon, n, one, many) {
    return `${icon}&nbsp;${(0,format/* formatCount */.B4)(n)}&nbsp;${(n === 1 ? one : many).replace(/ /g, "&nbsp;")}`;
}
/** Command, version, target, duration, state and id of one invocation. */
function invocationFacts(inv, shared = { version: false, target: false }) {
    const facts = [
        shared.version ? null : inv.dbtVersion ? `dbt ${(0,render_escape/* escapeText */.X1)(inv.dbtVersion)}` : null,
        shared.target ? null : inv.target ? `target ${(0,render_escape/* code */.aY)(inv.target)}` : null,
        inv.durationMs !== null ? (0,format/* formatDuration */.a3)(inv.durationMs) : null,
        inv.state === "incomplete" ? "**did not finish**" : null,
        inv.statusMessage ? (0,render_escape/* escapeText */.X1)(inv.statusMessage) : null,
        `invocation ${(0,render_escape/* code */.aY)(inv.invocationId)}`,
    ];
    const command = (0,invocations/* commandOf */.Nl)(inv);
    const list = [command ? (0,render_escape/* code */.aY)(command) : null, ...facts].filter((fact) => fact !== null);
    const step = inv.source.step;
    if (step?.url)
        list.push(`[run ${(0,render_escape/* escapeText */.X1)(String(step.runId))}](${(0,render_escape/* linkDestination */.Vh)(step.url)})`);
    return list;
}
/**
 * Warnings about single lines or rows shown before the rest of them are folded: a value a newer
 * engine writes on every node gives one warning per node (the reader lists a hundred per file), which
 * pushed the errors out of sight. Warnings about a whole file or run are always shown.
 */
const RECORD_WARNINGS_SHOWN = 3;
/** `logs/dbt.jsonl:84: …` or `run.parquet (row 12): …`: a warning about one record of a file. */
const ABOUT_ONE_RECORD = /^.*?(?::\d+| \(row \d+\)): /;
/** Flaky nodes are worth seeing: they passed this time, and the headline counts them as passes. */
function renderPassedOnRetry(passed, context) {
    const names = passed.slice(0, format/* PASSED_ON_RETRY_SHOWN */.Sw).map((node) => context.names.label(node));
    const left = more(passed.length, format/* PASSED_ON_RETRY_SHOWN */.Sw, "node", context);
    return (`🔁 **${(0,format/* plural */.LS)(passed.length, "node")} failed, then passed on \`dbt retry\`:** ${names.join(", ")}` +
        (left ? `\n\n${left}` : ""));
}
function quotedWarnings(warnings) {
    const quote = (list) => list.map((w) => `> ⚠️ ${(0,render_escape/* escapeText */.X1)(w)}`).join("\n>\n");
    const aboutRecord = warnings.map((w) => ABOUT_ONE_RECORD.test(w));
    // Folding one would take more room than showing it.
    if (aboutRecord.filter(Boolean).length <= RECORD_WARNINGS_SHOWN + 1)
        return quote(warnings);
    const before = [];
    const folded = [];
    const after = [];
    let seen = 0;
    warnings.forEach((warning, i) => {
        const fold = aboutRecord[i] === true && ++seen > RECORD_WARNINGS_SHOWN;
        (fold ? folded : folded.length > 0 ? after : before).push(warning);
    });
    const fold = `<details><summary>⚠️ ${(0,format/* plural */.LS)(folded.length, "more warning")} about single lines or rows</summary>\n\n${quote(folded)}\n\n</details>`;
    return [quote(before), fold, quote(after)].filter(Boolean).join("\n\n");
}
function renderInvocation(inv, detail, context, position) {
    const parts = [];
    if (position) {
        parts.push(`### ${invocationIcon(inv)} ${invocationTitle(inv, position)}`);
        parts.push(`${countLine(inv.counts, "", (0,status_table/* anyOutcomeNotUnderstood */.tM)([inv]))}\n\n<sub>${invocationFacts(inv, position.shared).slice(1).join(" · ")}</sub>`);
    }
    else if (inv.source.step) {
        parts.push(`### ${invocationTitle(inv, null)}`);
    }
    if (inv.readerWarnings.length > 0)
        parts.push(quotedWarnings(inv.readerWarnings));
    const { byId, chainsByRoot, uncausedSkips } = context.listsOf(inv);
    parts.push(renderErrors(inv, detail, context, chainsByRoot));
    parts.push(renderFailedTests(inv, detail, context));
    parts.push(renderSkipChains(inv.skipChains, uncausedSkips, byId, detail, context));
    parts.push(renderWarnings(inv, detail, context));
    parts.push(renderNotCompleted(inv, detail, context));
    // With several invocations the timings of each are there when wanted, not in the way.
    const slowest = renderSlowest(inv, detail, context);
    parts.push(position && slowest
        ? `<details><summary>🐢 Slowest nodes</summary>\n\n${slowest.replace(/^#### .*\n\n/, "")}\n\n</details>`
        : slowest);
    if (detail.rest)
        parts.push(allNodesPart(inv, context));
    return joinedPart(parts, "\n\n");
}
/** ❌ when the invocation failed, ⚠️ with warnings, 🚫 when nodes were canceled, else ✅. */
function invocationIcon(inv) {
    const c = inv.counts;
    if (c.error + c.fail > 0 || inv.failed || inv.state === "incomplete" || inv.runErrors.length > 0)
        return "❌";
    if (c.warn > 0)
        return "⚠️";
    if (c.canceled > 0)
        return "🚫";
    return "✅";
}
function sharedWithAll(report) {
    return {
        version: (0,invocations/* sharedValue */.Fm)(report, (inv) => inv.dbtVersion) !== null,
        target: (0,invocations/* sharedValue */.Fm)(report, (inv) => inv.target) !== null,
    };
}
/**
 * What tells invocations apart: the step, or the number, the command (with its selector), the
 * target when they differ, and the start time.
 */
function invocationTitle(inv, position) {
    const step = inv.source.step;
    const started = (0,invocations/* startTime */.Sv)(inv, render_escape/* escapeText */.X1);
    if (step)
        return `Step ${step.index}: ${(0,render_escape/* escapeText */.X1)(step.name)} · ${started}`;
    const command = (0,invocations/* commandOf */.Nl)(inv) ?? "dbt";
    const target = position && !position.shared.target && inv.target ? `target ${(0,render_escape/* code */.aY)(inv.target)}` : null;
    return [`${position?.index ?? 1}. ${(0,render_escape/* code */.aY)(command)}`, target, started].filter(Boolean).join(" · ");
}
function renderErrors(inv, detail, context, chainsByRoot) {
    const { inChangedFile } = context;
    const errors = context.errorsOf(inv);
    const total = errors.count + inv.runErrors.length;
    if (total === 0)
        return "";
    const lines = [`#### ❌ Errors (${(0,format/* formatCount */.B4)(total)})`];
    // Every distinct error first, then the names of the same errors as far as the limit goes.
    const groups = errors.groups.slice(0, detail.errors);
    let spare = detail.errors - groups.length;
    let shown = 0;
    // The same errors of a group shown that are not named: said apart from errors not shown at all.
    let unnamedSame = 0;
    for (const [node, ...same] of groups) {
        if (!node)
            continue;
        shown++;
        const facts = [
            inChangedFile?.(node) ? "✏️ in a file this pull request changes" : null,
            (0,format/* resourceLabel */.bP)(node.resourceType),
            node.errorType ? `${node.errorType} error` : null,
            node.freshness ? (0,format/* freshnessFact */.CT)(node.freshness.outcome, node.freshness.ageSeconds) : null,
            node.lastPhase ? `in ${phaseName(node.lastPhase)} phase` : null,
            locationLink(node.location, node.packageName, context),
        ].filter(Boolean);
        const downstream = chainsByRoot.get(node.uniqueId)?.skipped.length ?? 0;
        if (downstream > 0)
            facts.push(`⏭️ ${(0,format/* plural */.LS)(downstream, "node")} skipped downstream`);
        // History: the headline counts its result in the retry instead.
        if (node.supersededBy !== undefined)
            facts.push(format/* RUN_AGAIN */.Bs.markdown);
        lines.push(`**${context.names.label(node)}** · ${facts.join(" · ")}`);
        const text = node.message ?? (node.freshness ? null : "The engine reported an error but no message.");
        if (text)
            lines.push(excerptBlock(text, detail.excerptLines, detail.excerptChars, context));
        if (same.length > 0) {
            const named = same.slice(0, spare);
            spare -= named.length;
            shown += named.length;
            const unnamed = same.length - named.length;
            unnamedSame += unnamed;
            const held = same.reduce((n, other) => n + (chainsByRoot.get(other.uniqueId)?.skipped.length ?? 0), 0);
            lines.push([
                `The same error in ${(0,format/* plural */.LS)(same.length, "more node")}`,
                named.length > 0
                    ? `, each naming itself: ${named.map((o) => context.names.label(o)).join(", ")}`
                    : " (not named here)",
                named.length > 0 && unnamed > 0 ? ` and ${(0,format/* formatCount */.B4)(unnamed)} more` : "",
                held > 0 ? ` · ⏭️ ${(0,format/* plural */.LS)(held, "node")} skipped downstream of them` : "",
            ].join(""));
        }
    }
    const sameLeft = (0,format/* unnamedSameErrors */.ck)(unnamedSame) ?? undefined;
    lines.push(more(errors.count - unnamedSame, shown, "error", context, "errors", sameLeft));
    for (const log of inv.runErrors.slice(0, Math.max(0, detail.errors - errors.count))) {
        const where = log.location ? ` · ${locationLink(log.location, null, context)}` : "";
        lines.push(`**Run error**${log.code ? ` (code ${log.code})` : ""}${where}`);
        lines.push(excerptBlock(log.text, detail.excerptLines, detail.excerptChars, context));
    }
    lines.push(more(inv.runErrors.length, Math.max(0, detail.errors - errors.count), "run error", context, "errors"));
    return lines.filter(Boolean).join("\n\n");
}
/** A message's first lines in a code block, wrapped to the view's width. */
function excerptBlock(text, maxLines, maxChars, context) {
    const short = (0,render_escape/* excerpt */.Kb)(text, maxLines, maxChars);
    return (0,render_escape/* codeBlock */.DV)(context.codeWidth ? (0,wrap_lines/* wrapLines */.M)(short, context.codeWidth) : short);
}
function renderFailedTests(inv, detail, context) {
    const { failed } = context.listsOf(inv);
    if (failed.length === 0)
        return "";
    const lines = [
        `#### ❌ Failed tests (${(0,format/* formatCount */.B4)(failed.length)})`,
        testTable(failed.slice(0, detail.failedTests), context),
    ];
    if (detail.diffTables) {
        for (const node of failed.slice(0, detail.failedTests)) {
            if (!node.test?.diffTable)
                continue;
            lines.push(`<details><summary>Diff for ${context.names.htmlLabel(node)}</summary>\n\n${excerptBlock(node.test.diffTable, format/* DIFF_EXCERPT */.Ub.lines, format/* DIFF_EXCERPT */.Ub.chars, context)}\n\n</details>`);
        }
    }
    lines.push(more(failed.length, detail.failedTests, "failed test", context, "failedTests"));
    return lines.filter(Boolean).join("\n\n");
}
function testTable(tests, context) {
    return (0,render_table/* renderTable */.bo)([
        { heading: "Test" },
        { heading: "Type" },
        { heading: "Failing rows", numeric: true },
        { heading: "Defined at" },
    ], tests.map((n) => [
        context.names.label(n) + runAgain(n),
        (0,render_table/* nowrap */.Ot)((0,format/* resourceLabel */.bP)(n.resourceType)),
        String(n.test?.failingRows ?? "–"),
        locationLink(n.location, n.packageName, context) ?? "–",
    ]));
}
/**
 * Every skipped node under its cause: the skip chains, largest first, then the skips whose cause the
 * engine did not name (uncausedSkips), as one group more within the same limits.
 */
function renderSkipChains(chains, uncaused, nodes, detail, context) {
    if (chains.length === 0 && uncaused.length === 0)
        return "";
    const skipped = chains.reduce((sum, chain) => sum + chain.skipped.length, uncaused.length);
    const lines = [`#### ⏭️ ${(0,format/* skipHeading */.oz)(uncaused.length > 0)} (${(0,format/* plural */.LS)(skipped, "node")})`];
    const label = (uniqueId) => context.names.label(nodes.get(uniqueId) ?? { uniqueId, name: uniqueId });
    const items = [];
    for (const chain of chains.slice(0, detail.chains)) {
        const root = nodes.get(chain.rootId);
        const rootStatus = root ? (0,format/* statusText */.qS)(root.status) + runAgain(root) : "not in this run";
        const shown = chain.skipped.slice(0, detail.chainNodes).map((entry) => {
            const via = entry.via !== chain.rootId ? ` (via ${label(entry.via)})` : "";
            return `${label(entry.uniqueId)}${via}${runAgain(nodes.get(entry.uniqueId))}`;
        });
        pushSkipGroup(items, `${label(chain.rootId)} (${rootStatus})`, chain.skipped.length, shown, detail, context);
    }
    // The group without a cause comes last, so it is left out only when chains are too.
    const uncausedShown = uncaused.length > 0 && chains.length < detail.chains;
    if (uncausedShown) {
        const shown = uncaused
            .slice(0, detail.chainNodes)
            .map((node) => context.names.label(node) + runAgain(node));
        pushSkipGroup(items, `_${format/* UNCAUSED_SKIPS */.aI}_`, uncaused.length, shown, detail, context);
    }
    lines.push(items.join("\n"));
    const uncausedLeft = uncaused.length > 0 && !uncausedShown
        ? `${(0,format/* plural */.LS)(uncaused.length, "skipped node")} whose cause was not given`
        : undefined;
    lines.push(more(chains.length, detail.chains, "root cause", context, "chains", uncausedLeft));
    return lines.filter(Boolean).join("\n\n");
}
/**
 * A group longer than SKIP_GROUP_WHOLE shows its first SKIP_GROUP_INLINE nodes and folds the rest
 * (up to the level's chainNodes) into a <details>: a root source that failed skips 15,000 nodes, and
 * a hundred lines of them buried the sections below. A shorter group is listed whole, as a fold that
 * hid one or two names would save no lines. The nodes come nearest first (buildSkipChains sorts them
 * by depth), so those in sight are ones the cause skipped itself, not a test five models down.
 */
const SKIP_GROUP_WHOLE = 10;
const SKIP_GROUP_INLINE = 5;
/**
 * A skip group's list items, added to `items`: its cause, then the first of its skipped nodes, those
 * folded after them, and how many more and where they are (no rendering lists more than a hundred of
 * a group).
 */
function pushSkipGroup(items, cause, skipped, shown, detail, context) {
    items.push(`- ${cause} → ${(0,format/* plural */.LS)(skipped, "node")} skipped`);
    const inline = skipped > SKIP_GROUP_WHOLE ? shown.slice(0, SKIP_GROUP_INLINE) : shown;
    for (const node of inline)
        items.push(`  - ${node}`);
    const folded = shown.slice(inline.length);
    // The fold is a block of the cause's list item (indented as its nested list), after that list: a
    // <details> needs blank lines around the Markdown inside it, and in a nested item of its own those
    // would space out every node above it (a loose list); here they only space out the groups (each
    // cause becomes a paragraph) when one of them is folded.
    if (folded.length > 0) {
        items.push(`\n  <details><summary>${(0,format/* plural */.LS)(skipped - inline.length, "more skipped node")}</summary>\n`);
        for (const node of folded)
            items.push(`  - ${node}`);
    }
    if (skipped > detail.chainNodes && detail.chainNodes > 0) {
        items.push(`  - ${more(skipped, detail.chainNodes, "skipped node", context)}`);
    }
    if (folded.length > 0)
        items.push("\n  </details>");
}
function renderWarnings(inv, detail, context) {
    const { warned, warningLines: logged } = context.listsOf(inv);
    if (warned.length + logged.length === 0)
        return "";
    const lines = [`#### ⚠️ Warnings (${(0,format/* warningsCount */.Fd)(warned.length, logged.length)})`];
    const tests = warned.filter((n) => n.test);
    const fresh = warned.filter((n) => !n.test);
    if (tests.length > 0)
        lines.push(testTable(tests.slice(0, detail.warnings), context));
    lines.push(more(tests.length, detail.warnings, "warned test", context, "warnings"));
    const other = [];
    for (const node of fresh.slice(0, detail.warnings)) {
        // Said as an error is: what it is, the freshness and its age, where it is defined.
        const facts = [
            (0,format/* resourceLabel */.bP)(node.resourceType),
            node.freshness ? (0,format/* freshnessFact */.CT)("warn", node.freshness.ageSeconds) : null,
            locationLink(node.location, node.packageName, context),
        ].filter(Boolean);
        other.push(`- ${context.names.label(node)} · ${facts.join(" · ")}`);
    }
    let shown = other.length;
    // As the errors: every distinct warning first, then the names of the same ones as far as the limit goes.
    const groups = context.listsOf(inv).warningGroups.slice(0, detail.warnings);
    let spare = detail.warnings - groups.length;
    let unnamedSame = 0;
    for (const [first, ...same] of groups) {
        if (!first)
            continue;
        shown++;
        other.push(`- ${context.names.label(first.node)}: ${(0,render_escape/* escapeText */.X1)((0,truncate/* firstLine */.TM)(first.log.text, 300))}`);
        if (same.length === 0)
            continue;
        const named = same.slice(0, spare).map(({ node }) => context.names.label(node));
        spare -= named.length;
        shown += named.length;
        unnamedSame += same.length - named.length;
        other.push(...sameWarningItems(same.length, named));
    }
    if (other.length > 0)
        lines.push(other.join("\n"));
    // Up to the limit of each kind: freshness warnings and warning lines.
    const sameLeft = (0,format/* unnamedSameErrors */.ck)(unnamedSame, "warnings") ?? undefined;
    lines.push(more(fresh.length + logged.length - unnamedSame, shown, "warning", context, "warnings", sameLeft));
    return lines.filter(Boolean).join("\n\n");
}
/**
 * The nested item under a warning that others share: how many and their names, the first few in sight
 * and the rest folded, as a skip group's are (SKIP_GROUP_WHOLE), so that 500 nodes warned of one
 * deprecation read as one item and the build's other warnings stay in sight.
 */
function sameWarningItems(same, named) {
    const unnamed = same - named.length;
    const andMore = unnamed > 0 ? ` and ${(0,format/* formatCount */.B4)(unnamed)} more` : "";
    const head = `  - The same warning in ${(0,format/* plural */.LS)(same, "more node")}`;
    if (named.length === 0)
        return [`${head} (not named here)`];
    if (same <= SKIP_GROUP_WHOLE)
        return [`${head}, each naming itself: ${named.join(", ")}${andMore}`];
    const inline = named.slice(0, SKIP_GROUP_INLINE);
    const folded = named.slice(inline.length);
    const items = [
        `${head}, each naming itself: ${inline.join(", ")} and ${(0,format/* formatCount */.B4)(same - inline.length)} more`,
    ];
    // A block of the warning's item after its nested list, as a skip group's fold (pushSkipGroup).
    if (folded.length > 0) {
        items.push(`\n  <details><summary>${(0,format/* plural */.LS)(same - inline.length, "more node")} with this warning</summary>\n`, `  ${folded.join(", ")}${andMore}`, "\n  </details>");
    }
    return items;
}
/**
 * Canceled, phase-skipped and unfinished nodes: not failures, but the reader should know they did not
 * run. Nodes of unknown outcome finished, but what came of them is as little known: listed here too.
 */
function renderNotCompleted(inv, detail, context) {
    const nodes = context.listsOf(inv).notCompleted;
    if (nodes.length === 0)
        return "";
    const items = nodes
        .slice(0, detail.warnings)
        .map((n) => `- ${(0,format/* statusIcon */.I8)(n.status)} ${context.names.label(n)} · ${(0,format/* resourceLabel */.bP)(n.resourceType)} · ${(0,status_table/* notCompletedReason */.je)(n)}`);
    return [
        `#### ${nodes.every(status_table/* outcomeNotUnderstood */.N0) ? status_table/* STATUS */.XQ.unknown.icon : "🚫"} ${(0,status_table/* notCompletedHeading */.nw)(nodes)} (${(0,format/* formatCount */.B4)(nodes.length)})`,
        items.join("\n"),
        more(nodes.length, detail.warnings, "node", context, "warnings"),
    ]
        .filter(Boolean)
        .join("\n\n");
}
const IDLE_SHOWN = 5;
function renderSlowest(inv, detail, context) {
    const rows = inv.slowest.byProcessing.slice(0, detail.slowest);
    if (rows.length === 0)
        return "";
    const { byId } = context.listsOf(inv);
    const table = (0,render_table/* renderTable */.bo)([
        { heading: "Node" },
        { heading: "Type" },
        { heading: "Processing", numeric: true },
        { heading: "Warehouse", numeric: true },
        { heading: "Lifetime", numeric: true },
    ], rows.map((n) => [
        `${(0,format/* statusIcon */.I8)(n.status)} ${context.names.label(n)}${runAgain(byId.get(n.uniqueId))}`,
        (0,render_table/* nowrap */.Ot)((0,format/* resourceLabel */.bP)(n.resourceType)),
        (0,format/* formatDuration */.a3)(n.processingMs),
        (0,format/* formatDuration */.a3)(n.warehouseMs),
        (0,format/* formatDuration */.a3)(n.lifetimeMs),
    ]));
    const parts = [`#### 🐢 Slowest nodes`, table];
    // Connection waits (engines from preview.178 on) are their own ranking: the longest few, in one line.
    const idle = inv.slowest.byIdle.slice(0, Math.min(IDLE_SHOWN, detail.slowest));
    if (idle.length > 0) {
        parts.push(`Longest waits for a warehouse connection: ${idle
            .map((n) => `${context.names.label(n)}&nbsp;${(0,format/* formatDuration */.a3)(n.idleMs)}`)
            .join(" · ")}`);
    }
    parts.push("<sub>Processing: time the engine worked on the node. Warehouse: time in queries. Lifetime: first phase start to last phase end, including waiting for upstream nodes.</sub>");
    return parts.join("\n\n");
}
/** The table of every node, folded: a row at a time (a big build's is megabytes). */
function allNodesPart(inv, context) {
    return inv.nodes.length === 0 ? "" : { pieces: () => allNodesPieces(inv, context) };
}
const ALL_NODES_COLUMNS = [
    { heading: "Node" },
    { heading: "Type" },
    { heading: "Status" },
    { heading: "Processing", numeric: true },
    { heading: "Warehouse", numeric: true },
];
function* allNodesPieces(inv, context) {
    // A handful of types and statuses, thousands of rows.
    const typeCell = cellPerValue((type) => (0,render_table/* nowrap */.Ot)((0,format/* resourceLabel */.bP)(type)));
    const statusCell = cellPerValue((status) => (0,render_table/* nowrap */.Ot)((0,format/* statusText */.qS)(status)));
    yield `<details><summary>All ${(0,format/* plural */.LS)(inv.nodes.length, "node")}</summary>\n\n`;
    yield* (0,render_table/* tableLines */.oW)(ALL_NODES_COLUMNS, (function* rows() {
        for (const n of inv.nodes) {
            yield [
                context.names.label(n),
                typeCell(n.resourceType),
                statusCell(n.status) + runAgain(n),
                (0,format/* formatDuration */.a3)(n.timing.processingMs),
                (0,format/* formatDuration */.a3)(n.timing.warehouseMs),
            ];
        }
    })());
    yield "\n\n</details>";
}
/** The mark after a result a `dbt retry` ran again, else nothing. */
function runAgain(node) {
    return node?.supersededBy === undefined ? "" : ` · ${format/* RUN_AGAIN */.Bs.markdown}`;
}
/** `cell`, made once per distinct value. */
function cellPerValue(cell) {
    const made = new Map();
    return (value) => {
        let text = made.get(value);
        if (text === undefined)
            made.set(value, (text = cell(value)));
        return text;
    };
}
function locationLink(location, packageName, context) {
    if (!location)
        return null;
    const label = `<code>${(0,names/* breakable */.m)(location.line ? `${location.path}:${location.line}` : location.path)}</code>`;
    const url = context.links?.fileUrl(location, packageName);
    return url ? `[${label}](${(0,render_escape/* linkDestination */.Vh)(url)})` : label;
}
/** The engine's phase names (`freshness_analysis`) as they are; anything else escaped. */
function phaseName(phase) {
    return /^[a-z]+(_[a-z]+)*$/.test(phase) ? phase : (0,render_escape/* escapeText */.X1)(phase);
}
/**
 * "… and 3 more errors, listed in the JSON report." (nothing when nothing was left out). `alsoLeft`
 * names something else left out of the same list, which is no `noun` ("3 skipped nodes whose cause
 * was not given").
 */
function more(total, shown, noun, context, list, alsoLeft) {
    const left = total - Math.min(total, shown);
    const where = (list && context.listHint?.(list)) || context.fullReportHint;
    const what = [(0,format/* leftOut */.ig)(left, noun), alsoLeft].filter(Boolean).join(" and ");
    return what ? `_… and ${what}, listed in ${where}._` : "";
}
/**
 * The summary left when no report could be made (no telemetry, an unreadable file or baseline). The
 * error may quote a file's name or content, so it is shown in a code block.
 */
function renderUnusable(title, what, severity, message) {
    return `## ${severity === "warning" ? "⚠️" : "❌"} ${escapeText(title)}: ${escapeText(what)}\n\n${codeBlock(message)}\n`;
}
function byteLength(text) {
    return Buffer.byteLength(text, "utf8");
}
/**
 * Last resort when even the leanest rendering is too long: cut between blocks, close an open code
 * fence and <details>, and say how much was left out and where the rest is.
 */
function truncateMarkdown(text, maxBytes, fullReportHint) {
    return cutMarkdown(text, maxBytes, (left) => `_The report was cut to fit, leaving out ${describeLeftOut(left)}; the complete report is in ${fullReportHint}._`);
}


/***/ }),

/***/ 5968:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   m: () => (/* binding */ breakable),
/* harmony export */   p: () => (/* binding */ NodeNames)
/* harmony export */ });
/* harmony import */ var _text_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7453);
/* harmony import */ var _escape_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7789);
// One readable name per node, shown the same way in every section: the node's name in code style,
// with its full unique id as the tooltip (`title`), and break opportunities (<wbr>) in long names
// so a table cell can wrap instead of running off the comment's right edge. Characters that draw
// nothing are shown as escapes, so two nodes never look alike (text/controls.ts).


/** Longer text gets a break opportunity after a `_ . / -` that ends a run of at least UNBROKEN_MIN
 * characters, and at least every UNBROKEN_MAX characters. */
const UNBROKEN_MAX = 24;
const UNBROKEN_MIN = 10;
class NodeNames {
    /** Names that two different nodes of one run share; those nodes are called by their unique id instead. */
    shared = new Set();
    /**
     * Labels made so far, by unique id: every detail level of every view names the same nodes again.
     * Absent for one rendering at one level, which names most nodes once: kept, 20,000 labels would
     * outlive the collector's young generation and be copied for nothing.
     */
    labels;
    /**
     * `runs`: the nodes of each invocation (and of the baseline). A name is ambiguous only within a
     * run: the same test in two engine versions has two unique ids (the hash differs) and one name.
     * `remember`: whether labels are kept for the renderings after the first.
     */
    constructor(runs, { remember = true } = {}) {
        this.labels = remember ? new Map() : undefined;
        for (const nodes of runs) {
            const owner = new Map();
            for (const { uniqueId, name } of nodes) {
                const first = owner.get(name);
                if (first === undefined)
                    owner.set(name, uniqueId);
                else if (first !== uniqueId)
                    this.shared.add(name);
            }
        }
    }
    /** How many labels are kept for later renderings. */
    get labelsKept() {
        return this.labels?.size ?? 0;
    }
    /** The name a reader sees: the node's name, or its unique id (without the type) when the name is ambiguous. */
    readable(node) {
        if (!node.name)
            return node.uniqueId;
        if (!this.shared.has(node.name))
            return node.name;
        const dot = node.uniqueId.indexOf(".");
        return dot > 0 ? node.uniqueId.slice(dot + 1) : node.uniqueId;
    }
    /** `<code title="model.shop.orders">orders</code>`, as Markdown (text, lists, table cells). */
    label(node) {
        if (!this.labels)
            return this.code(node, _escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1);
        const made = this.labels.get(node.uniqueId);
        if (made?.name === node.name)
            return made.label;
        const label = this.code(node, _escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1);
        if (!made)
            this.labels.set(node.uniqueId, { name: node.name, label });
        return label;
    }
    /** The same inside an HTML block (a <summary>), where Markdown escapes would show as written. */
    htmlLabel(node) {
        return this.code(node, _escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD);
    }
    /** The readable name in code style, the unique id as its tooltip, both with invisible characters shown. */
    code(node, escape) {
        const title = (0,_escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeHtml */ .ZD)((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showInvisible */ .jQ)(node.uniqueId));
        return `<code title="${title}">${breakable((0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showInvisible */ .jQ)(this.readable(node)), escape)}</code>`;
    }
}
/**
 * Escaped text (for inline Markdown or HTML content) with a <wbr> after each separator when the
 * text is long, and every UNBROKEN_MAX characters within a run that has none. Short text stays as
 * it is. The breaks go into the escaped text, never inside an escape (`\_`) or an entity (`&lt;`).
 */
function breakable(text, escape = _escape_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1) {
    const escaped = escape(text);
    if (text.length <= UNBROKEN_MAX)
        return escaped;
    // Copied a run at a time (a report can name 20,000 nodes): `from` is where the current run starts.
    let out = "";
    let from = 0;
    let run = 0;
    for (let i = 0; i < escaped.length;) {
        const end = unitEnd(escaped, i);
        run++;
        const separator = run >= UNBROKEN_MIN && end - i <= 2 && isSeparator(escaped.charCodeAt(end - 1));
        i = end;
        if ((separator || run >= UNBROKEN_MAX) && i < escaped.length) {
            out += `${escaped.slice(from, i)}<wbr>`;
            from = i;
            run = 0;
        }
    }
    return out + escaped.slice(from);
}
/**
 * Where the displayed character at `i` of escaped text ends: `\_`, `&amp;`, or a code point with the
 * combining marks that follow it (a Thai vowel, a decomposed accent), which a break must not leave
 * at the start of the next line.
 */
function unitEnd(text, i) {
    const code = text.charCodeAt(i);
    if (code === 0x5c /* \ */ && i + 1 < text.length)
        return i + 2;
    if (code === 0x26 /* & */) {
        const end = text.indexOf(";", i);
        if (end > i && end - i <= 6)
            return end + 1;
    }
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    return (0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .combiningMarksEnd */ .gk)(text, high && low ? i + 2 : i + 1);
}
/** `_ . / -`, after which a name may break. */
function isSeparator(code) {
    return code === 0x5f || code === 0x2e || code === 0x2f || code === 0x2d;
}


/***/ }),

/***/ 900:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ot: () => (/* binding */ nowrap),
/* harmony export */   bo: () => (/* binding */ renderTable),
/* harmony export */   oW: () => (/* binding */ tableLines)
/* harmony export */ });
// Markdown tables. Cells must already be escaped for a table cell (no `|`, no line break: escapeText
// and code do that). Columns are not padded to a common width: a 20,000-row table would only grow,
// and GitHub does not care.
//
// Written out here rather than with markdown-table (which made these tables before, with
// `alignDelimiters: false`): it measures and copies every cell several times, a third of the time
// of a 20,000-node Markdown report. test/render/table.test.ts checks the bytes against it.
/** Words that must stay on one line in a cell ("✅ success", "unit test"): spaces made non-breaking. */
function nowrap(text) {
    return text.includes(" ") ? text.replaceAll(" ", "&nbsp;") : text;
}
/** A GFM table: `| a | b |` rows, `-` or `-:` (numeric) delimiters, short rows filled with empty cells. */
function renderTable(columns, rows) {
    let width = columns.length;
    for (const row of rows)
        width = Math.max(width, row.length);
    return [...tableLines(columns, rows, width)].join("");
}
/**
 * The same table a line at a time, for rows no wider than the columns (the cells past them are
 * left out): the table of every node in a big build is megabytes, and is written a row at a time.
 * Every line but the first starts with its line break.
 */
function* tableLines(columns, rows, width = columns.length) {
    yield tableRow(columns.map((c) => c.heading), width, "");
    yield tableRow(Array.from({ length: width }, (_, i) => (columns[i]?.numeric ? "-:" : "-")), width, "\n");
    for (const row of rows)
        yield tableRow(row, width, "\n");
}
function tableRow(cells, width, lead) {
    let line = `${lead}|`;
    for (let i = 0; i < width; i++) {
        const cell = cells[i] ?? "";
        line += cell === "" ? " |" : ` ${cell} |`;
    }
    return line;
}


/***/ }),

/***/ 7964:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   RG: () => (/* binding */ USE_JSONL),
/* harmony export */   d8: () => (/* binding */ ReadAgainInFull),
/* harmony export */   jO: () => (/* binding */ shownFileName),
/* harmony export */   uB: () => (/* binding */ TelemetryInputError)
/* harmony export */ });
/* harmony import */ var _text_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7453);

/**
 * The input cannot be used as telemetry (corrupt, truncated, not telemetry at all).
 * The message always starts with the file and, where known, the line or row: the file's name on
 * one line, with any line break or control character in it shown as an escape.
 */
class TelemetryInputError extends Error {
    file;
    position;
    notTelemetry;
    name = "TelemetryInputError";
    constructor(file, message, position, 
    /**
     * The file is not telemetry at all (another tool's JSON Lines, binary data, a dbt artifact), as
     * its first record showed, rather than telemetry damaged somewhere.
     */
    notTelemetry = false) {
        const where = position?.line ? `:${position.line}` : position?.row ? ` (row ${position.row})` : "";
        super(`${shownFileName(file)}${where}: ${message}`);
        this.file = file;
        this.position = position;
        this.notTelemetry = notTelemetry;
    }
}
/** A file's name as messages show it: on one line, its line breaks and controls shown as escapes. */
function shownFileName(file) {
    return (0,_text_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(file, "escape");
}
/** The advice after a missing Parquet footer; left out where the JSONL is already what the report is read from. */
const USE_JSONL = ". Use the JSONL telemetry (--otel-file-name) for interrupted runs";
/**
 * A decoder read node span records slim (starts left out, phase ends as their times alone) on the
 * promise that the records that decide their nodes follow, and not all did (a crashed run, a file
 * from before NodeProcessed spans): the caller reads the file again, every such record in full.
 */
class ReadAgainInFull extends Error {
    name = "ReadAgainInFull";
}


/***/ }),

/***/ 9311:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Cy: () => (/* binding */ MAX_TELEMETRY_ARTIFACT_BYTES),
/* harmony export */   D6: () => (/* binding */ MIB),
/* harmony export */   GL: () => (/* binding */ MAX_REPORT_NODES),
/* harmony export */   LA: () => (/* binding */ MAX_JSONL_LINE_BYTES),
/* harmony export */   O0: () => (/* binding */ MAX_REPORT_INVOCATIONS),
/* harmony export */   OY: () => (/* binding */ MAX_GZIP_EXPANSION),
/* harmony export */   fL: () => (/* binding */ MAX_PARQUET_ROWS_PER_BYTE),
/* harmony export */   kD: () => (/* binding */ MAX_PARQUET_PAGE_BYTES),
/* harmony export */   qG: () => (/* binding */ MAX_PARQUET_FOOTER_BYTES),
/* harmony export */   u1: () => (/* binding */ MAX_REPORT_SPANS),
/* harmony export */   x5: () => (/* binding */ MAX_PARQUET_FOOTER_VALUES)
/* harmony export */ });
// What the readers accept from a file, whoever wrote it. Telemetry may come from a stranger's pull
// request: every length or count a file claims is checked against these before it is allocated or
// looped over. The README's Security section quotes them; keep the two in step.
const MIB = 1024 * 1024;
/**
 * Most bytes one telemetry artifact may bring: a workflow artifact (its zip, and all it unpacks to),
 * or one dbt platform step's telemetry file. A big build's telemetry is tens of MiB.
 */
const MAX_TELEMETRY_ARTIFACT_BYTES = 1024 * MIB;
/** Longest JSONL line (one record). A longer line stops the read: `FILE:LINE: line longer than 64 MiB`. */
const MAX_JSONL_LINE_BYTES = 64 * MIB;
/**
 * Largest Parquet footer (the file metadata). dbt writes one row group per million rows or 128 MiB,
 * so its footers are tens of KiB; a footer this large would describe thousands of row groups.
 */
const MAX_PARQUET_FOOTER_BYTES = 16 * MIB;
/**
 * Most values (fields and list items) a Parquet footer may hold. Each becomes a JavaScript object or
 * array when decoded: 16 MiB of one-byte values would take seconds and gigabytes. A real footer holds
 * about a thousand per row group.
 */
const MAX_PARQUET_FOOTER_VALUES = 1_000_000;
/** Largest Parquet page, compressed or not (a page holds ~1 MiB of values, or one value larger than that). */
const MAX_PARQUET_PAGE_BYTES = 128 * MIB;
/**
 * Rows a Parquet file may claim per byte of its size. Every telemetry row has its own span or event id
 * and timestamps, which cannot compress below several bytes; run-length encoding could otherwise make
 * a small file claim billions of rows, each of them a loop iteration.
 */
const MAX_PARQUET_ROWS_PER_BYTE = 1;
/**
 * Most bytes a gzip-compressed JSONL file may expand to per compressed byte (checked once 64 MiB are
 * out). Telemetry compresses about 10- to 30-fold; gzip cannot pass 1032-fold, which only long runs of
 * one byte reach: a "decompression bomb", whose blank lines would keep the reader busy for hours.
 */
const MAX_GZIP_EXPANSION = 256;
/**
 * Most nodes one report holds, over all the files read for it. The biggest dbt projects have tens of
 * thousands; reading keeps about 0.5 KiB per node even when the node is one tiny record, so a 1 GiB
 * artifact of such records (millions of nodes) would otherwise run the job out of memory, late.
 */
const MAX_REPORT_NODES = 1_000_000;
/**
 * Most spans one report keeps something of (a node's phases, a phase, a span with logs or with
 * queries of a node not seen yet), over all its files. A real build has about ten per node; each
 * costs up to ~0.7 KiB while reading.
 */
const MAX_REPORT_SPANS = 2_000_000;
/**
 * Most invocations (trace ids) one report holds. Each keeps its own tables (~4 KiB while reading,
 * whatever it holds), so a file of records with a new trace id each would fill memory fastest.
 */
const MAX_REPORT_INVOCATIONS = 10_000;


/***/ }),

/***/ 7593:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AF: () => (/* binding */ toBool),
/* harmony export */   Dr: () => (/* binding */ toSpanId),
/* harmony export */   LV: () => (/* binding */ spanIdFromWords),
/* harmony export */   Mx: () => (/* binding */ toTraceId),
/* harmony export */   N7: () => (/* binding */ toStr),
/* harmony export */   Ro: () => (/* binding */ toNumber),
/* harmony export */   aJ: () => (/* binding */ stripAnsi),
/* harmony export */   cy: () => (/* binding */ toWholeNumber),
/* harmony export */   dO: () => (/* binding */ toFilePath),
/* harmony export */   tb: () => (/* binding */ toNanos),
/* harmony export */   u4: () => (/* binding */ isRecord),
/* harmony export */   u9: () => (/* binding */ nanosToIso)
/* harmony export */ });
/* harmony import */ var _text_byte_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7225);
// Small value coercions shared by both decoders. The wire mixes styles: pbjson writes 64-bit integers
// as decimal strings, serde helper structs write numbers, Parquet gives bigint for UInt64/INT64.

/** A number from a JSON string, number or bigint; null when absent or not numeric. */
function toNumber(value) {
    if (typeof value === "number")
        return Number.isFinite(value) ? value : null;
    if (typeof value === "bigint")
        return Number(value);
    if (typeof value === "string" && value.trim() !== "") {
        const n = Number(value);
        return Number.isFinite(n) ? n : null;
    }
    return null;
}
/**
 * A whole number of at least `min` (a line, a column, a code), else null: a position of -3 or 1.5
 * points nowhere, and the JSON report's schema promises whole numbers.
 */
function toWholeNumber(value, min = Number.MIN_SAFE_INTEGER) {
    const n = toNumber(value);
    return n !== null && Number.isSafeInteger(n) && n >= min ? n : null;
}
/** Exact epoch nanoseconds from a decimal string, bigint or (imprecise) number. */
function toNanos(value) {
    if (typeof value === "bigint")
        return value;
    if (typeof value === "string" && /^\d+$/.test(value))
        return BigInt(value);
    if (typeof value === "number" && Number.isFinite(value))
        return BigInt(Math.round(value));
    return null;
}
/** A trace id as records carry it, once lower-cased and without a UUID's hyphens: 32 hex digits. */
const TRACE_ID = /^[0-9a-f]{32}$/;
/** A trace id (text, a UUID's hyphens allowed) as records carry it; null when it is not one. */
function toTraceId(value) {
    const id = typeof value === "string" ? value.toLowerCase().replace(/-/g, "") : null;
    return id !== null && TRACE_ID.test(id) ? id : null;
}
/** Span ids: JSONL has 16-hex strings, Parquet has UInt64 (bigint). Both become 16 lower-case hex. */
function toSpanId(value) {
    if (typeof value === "bigint")
        return BigInt.asUintN(64, value).toString(16).padStart(16, "0");
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
        return value.toString(16).padStart(16, "0");
    }
    if (typeof value === "string" && value !== "")
        return value.toLowerCase().padStart(16, "0");
    return null;
}
// Characters are put into a byte buffer and read out as one Latin-1 string: nothing else is made.
// String.fromCharCode.apply over a JS array made its argument list (and, once the array held a
// double, a box per element) on every call: ~26 MiB of garbage for the 20,834-node build's times.
const HEX_CHARS = Buffer.alloc(16);
const HEX_DIGITS = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));
/**
 * A span id from the two 32-bit halves of its unsigned 64-bit value: what toSpanId gives for the
 * bigint, without making one (span ids are read by the hundred thousand).
 */
function spanIdFromWords(high, low) {
    for (let i = 7; i >= 0; i--) {
        HEX_CHARS[i] = HEX_DIGITS[high & 15];
        HEX_CHARS[i + 8] = HEX_DIGITS[low & 15];
        high >>>= 4;
        low >>>= 4;
    }
    return (0,_text_byte_text_js__WEBPACK_IMPORTED_MODULE_0__/* .latin1Text */ .Ly)(HEX_CHARS, 0, 16);
}
function toStr(value) {
    return typeof value === "string" && value !== "" ? value : null;
}
/**
 * A file path from the engine with `/` between its folders: dbt on Windows writes
 * `models\orders.sql`, and what reads the report (annotations and links, which must be repository
 * paths; JUnit's file; the target/ and package folder tests; a baseline from another runner) takes
 * one spelling whatever runner wrote it.
 */
function toFilePath(value) {
    const text = toStr(value);
    return text !== null && text.includes("\\") ? text.replaceAll("\\", "/") : text;
}
function toBool(value) {
    if (typeof value === "boolean")
        return value;
    if (value === "true")
        return true;
    if (value === "false")
        return false;
    return null;
}
function isRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
// CSI / OSC escape sequences. The Parquet writer stores LogMessage bodies with colours intact.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
function stripAnsi(text) {
    return text.includes("\u001b") ? text.replace(ANSI, "") : text;
}
/** ISO-8601 with nanosecond precision kept as far as the string goes (no Date rounding of ns). */
function nanosToIso(ns) {
    if (ns === null)
        return null;
    if (ns >= 1000000000n) {
        const micros = Number(ns / 1000n);
        // Whole microseconds fit a Number exactly until the year 2255: computed without Date.
        if (micros <= Number.MAX_SAFE_INTEGER)
            return isoFromMicros(micros);
    }
    // Whole seconds rounded down, so a time before 1970 (a signed Parquet time, a JSON number) keeps a
    // fraction of 0–999,999,999 ns, never a negative one.
    const rest = ns % 1000000000n;
    const seconds = ns / 1000000000n - (rest < 0n ? 1n : 0n);
    const date = new Date(Number(seconds) * 1000);
    if (Number.isNaN(date.getTime()))
        return null;
    const frac = (rest < 0n ? rest + 1000000000n : rest).toString().padStart(9, "0");
    // Without Date's `.sssZ`: a year past 9999 or before 0 is written with a sign and six digits
    // (`+010000-01-01T00:00:00`), which a fixed-length slice would cut short.
    return `${date.toISOString().slice(0, -5)}.${frac.slice(0, 6)}Z`;
}
/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, filled in place for each call. */
const ISO_CHARS = Buffer.from("0000-00-00T00:00:00.000000Z", "latin1");
/** The day whose date ISO_CHARS holds: a build's times nearly all fall on one or two days. */
let isoDay = Number.NaN;
/** The two ASCII digits of 0–99, in pairs. */
const DIGIT_PAIRS = Buffer.from(Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0")).join(""), "latin1");
/**
 * The ISO string of a time after 1970 in whole microseconds (≤ 2^53), made as one flat string:
 * a report holds two per node, which are compared when nodes are sorted, and built from pieces they
 * would be a chain of four strings each. The date is the proleptic Gregorian calendar's, as Date's,
 * and is worked out again only when the day changes.
 */
function isoFromMicros(micros) {
    let seconds = Math.floor(micros / 1e6);
    let fraction = micros - seconds * 1e6;
    // The division is rounded: put a second that came out one off right (products are exact).
    if (fraction < 0) {
        seconds--;
        fraction += 1e6;
    }
    else if (fraction >= 1e6) {
        seconds++;
        fraction -= 1e6;
    }
    const days = Math.floor(seconds / 86_400);
    if (days !== isoDay) {
        putDate(days);
        isoDay = days;
    }
    const inDay = seconds - days * 86_400;
    const hours = Math.floor(inDay / 3_600);
    const inDayMinutes = Math.floor(inDay / 60);
    putPair(11, hours);
    putPair(14, inDayMinutes - hours * 60);
    putPair(17, inDay - inDayMinutes * 60);
    const hundredths = Math.floor(fraction / 10_000);
    const tenThousandths = Math.floor(fraction / 100);
    putPair(20, hundredths);
    putPair(22, tenThousandths - hundredths * 100);
    putPair(24, fraction - tenThousandths * 100);
    return (0,_text_byte_text_js__WEBPACK_IMPORTED_MODULE_0__/* .latin1Text */ .Ly)(ISO_CHARS, 0, 27);
}
/** `YYYY-MM-DD` of the day `days` after 1970-01-01, counted in 400-year eras from 0000-03-01. */
function putDate(days) {
    const sinceEpoch = days + 719_468;
    const era = Math.floor(sinceEpoch / 146_097);
    const dayOfEra = sinceEpoch - era * 146_097;
    const yearOfEra = Math.floor((dayOfEra -
        Math.floor(dayOfEra / 1_460) +
        Math.floor(dayOfEra / 36_524) -
        Math.floor(dayOfEra / 146_096)) /
        365);
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    const century = Math.floor(year / 100);
    putPair(0, century);
    putPair(2, year - century * 100);
    putPair(5, month);
    putPair(8, day);
}
/** Writes `value` (0–99) as two digits at `at`. */
function putPair(at, value) {
    ISO_CHARS[at] = DIGIT_PAIRS[2 * value];
    ISO_CHARS[at + 1] = DIGIT_PAIRS[2 * value + 1];
}


/***/ }),

/***/ 7225:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hp: () => (/* binding */ utf8Text),
/* harmony export */   Ly: () => (/* binding */ latin1Text),
/* harmony export */   Tg: () => (/* binding */ asciiBytes)
/* harmony export */ });
// The readers make hundreds of thousands of short strings from bytes (span ids, times, column
// values, JSONL lines). Buffer#toString(encoding, start, end) checks and clamps its range and looks
// the encoding up by name on every call before it reaches the method that makes the string: ~10 ms
// of a 20,000-node Parquet run. Node's Buffer has had those methods (latin1Slice, utf8Slice) since
// its first releases, but they are not in its documented API, so each is used only where present;
// callers pass ranges inside the buffer (they throw on others, where toString would clamp).
const methods = Buffer.prototype;
/** The bytes `start..end` of `bytes` as Latin-1 text (one character per byte). */
const latin1Text = typeof methods.latin1Slice === "function"
    ? (bytes, start, end) => bytes.latin1Slice(start, end)
    : (bytes, start, end) => bytes.toString("latin1", start, end);
/** The bytes `start..end` of `bytes` as UTF-8 text (malformed sequences become U+FFFD, as toString). */
const utf8Text = typeof methods.utf8Slice === "function"
    ? (bytes, start, end) => bytes.utf8Slice(start, end)
    : (bytes, start, end) => bytes.toString("utf8", start, end);
/** The bytes of ASCII text (one byte per character), to compare with a line's bytes in place. */
function asciiBytes(text) {
    return Buffer.from(text, "latin1");
}


/***/ }),

/***/ 8528:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   YB: () => (/* binding */ columns),
/* harmony export */   qf: () => (/* binding */ clusters),
/* harmony export */   sN: () => (/* binding */ clusterColumns)
/* harmony export */ });
// How many columns text takes on a terminal (and in a monospace code block): a user-perceived
// character (a grapheme cluster, UAX #29) takes one column, or two when it is East Asian Wide or
// Fullwidth (UAX #11) or an emoji; combining marks and joiners take none. Node names may be Japanese
// or Chinese (dbt quotes Unicode identifiers on Snowflake and BigQuery) and warehouses localise their
// errors, so counting code points would wrap CJK lines at twice the width. The rules are the ones
// `string-width` 7+ (sindresorhus) applies, which is not a dependency: the same measure from
// Intl.Segmenter and the regular expressions' Unicode properties, with ambiguous-width characters
// (`─`, `·`, Greek, Cyrillic) narrow as in every non-CJK locale. Terminals differ at the edges
// (Indic conjuncts, emoji newer than their font); these are the common reading.
// The Wide and Fullwidth code points of EastAsianWidth.txt (Unicode 14.0) that are not emoji,
// merged over unassigned gaps; the unassigned rest of the CJK ideograph planes is Wide by UAX #11's
// defaults (U+20000–U+3FFFD). Emoji are matched by their property instead, which follows the
// engine's newer Unicode: every Emoji_Presentation character is Wide but the regional indicators,
// which are wide only in pairs (a flag, an RGI emoji sequence).
const WIDE_SOURCE = "[\\u1100-\\u115f\\u2329\\u232a\\u2e80-\\u303e\\u3041-\\u3247\\u3250-\\u4dbf\\u4e00-\\ua4c6\\ua960-\\ua97c" +
    "\\uac00-\\ud7a3\\uf900-\\ufaff\\ufe10-\\ufe19\\ufe30-\\ufe6b\\uff01-\\uff60\\uffe0-\\uffe6" +
    "\\u{16fe0}-\\u{1b2fb}\\u{1f200}-\\u{1f265}\\u{20000}-\\u{3fffd}" +
    "[\\p{Emoji_Presentation}--\\p{Regional_Indicator}]]";
// Built from a string: TypeScript allows the `v` flag (for the `--`) in a literal only from ES2024.
const WIDE = new RegExp(WIDE_SOURCE, "gv");
const STARTS_WIDE = new RegExp(`^${WIDE_SOURCE}`, "v");
// A cluster drawn as one emoji, two columns, though its first character alone may be narrow: a flag
// (two regional indicators), a character asking for emoji presentation (❤️, the keycap 1️⃣) and a
// skin tone on a base that takes one (☝🏽). What `\p{RGI_Emoji}` finds, at a hundredth of its cost:
// that set's regular expression takes V8 tens of milliseconds to compile.
const EMOJI_SEQUENCE = /^(?:\p{Regional_Indicator}{2}|\p{Emoji}\ufe0f|\p{Emoji_Modifier_Base}\p{Emoji_Modifier})/u;
// Text without these is one column per UTF-16 unit but the wide ones: no cluster holds two code
// points (marks, joiners, variation selectors, Thai and Lao AM, the Hangul jamo, halfwidth voicing
// marks, Malayalam's dot reph that goes before a letter),
// no code point draws nothing, and nothing is astral (emoji with modifiers, flags, the rarer CJK
// ideographs), so it needs no segmenting.
const NEEDS_CLUSTERS = /[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u0d4e\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\uff9e\uff9f\p{Cs}\u{10000}-\u{10ffff}]/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// A cluster of these draws nothing; in front of a letter they do not decide its width.
const DRAWS_NOTHING = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{M}\p{Cs}]+$/u;
const LEADING_INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\p{Cs}]+/u;
// Halfwidth and Fullwidth Forms after the first code point of a cluster (the halfwidth voicing
// marks of ｶﾞ) have a column of their own on a terminal.
const WIDTH_FORMS = /[\uff00-\uffef]/g;
let segmenter;
/** Columns `text` takes: ASCII, by far the most of it, is measured without looking at a character. */
function columns(text) {
    if (PRINTABLE_ASCII.test(text))
        return text.length;
    if (!NEEDS_CLUSTERS.test(text))
        return text.length + (text.match(WIDE)?.length ?? 0);
    let total = 0;
    for (const cluster of clusters(text))
        total += clusterColumns(cluster);
    return total;
}
/**
 * The grapheme clusters of `text`, in order: what a line may be broken between (never inside one,
 * which would split a letter from its accent or an emoji sequence apart).
 */
function clusters(text) {
    if (!NEEDS_CLUSTERS.test(text))
        return [...text];
    segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
    return Array.from(segmenter.segment(text), (piece) => piece.segment);
}
/** Columns of one grapheme cluster (as `clusters` returns them): 0, 1 or 2, or more for halfwidth forms. */
function clusterColumns(cluster) {
    if (cluster.length === 1) {
        const code = cluster.charCodeAt(0);
        if (code >= 0x20 && code < 0x7f)
            return 1;
    }
    if (DRAWS_NOTHING.test(cluster))
        return 0;
    if (EMOJI_SEQUENCE.test(cluster))
        return 2;
    const base = cluster.replace(LEADING_INVISIBLE, "");
    let width = STARTS_WIDE.test(base) ? 2 : 1;
    const first = base.codePointAt(0) ?? 0;
    for (const form of base.slice(first > 0xffff ? 2 : 1).match(WIDTH_FORMS) ?? []) {
        width += STARTS_WIDE.test(form) ? 2 : 1;
    }
    return width;
}


/***/ }),

/***/ 7453:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   fI: () => (/* binding */ hasLoneSurrogate),
/* harmony export */   gk: () => (/* binding */ combiningMarksEnd),
/* harmony export */   jQ: () => (/* binding */ showInvisible),
/* harmony export */   mz: () => (/* binding */ showControls),
/* harmony export */   uz: () => (/* binding */ splitLines)
/* harmony export */ });
/* unused harmony exports LINE_BREAKS, oneLine */
// Untrusted text (node names, SQL errors, zip entry names, server bodies) may hold characters that
// change what a reader sees rather than what it says: line terminators that end a Markdown line or a
// log line early, terminal escape sequences, and bidi overrides that reorder a name on screen
// ("Trojan Source", CVE-2021-42574). These helpers are the one definition of those characters.
/**
 * Every line terminator a reader of our output may act on: CommonMark's (`\r\n`, `\r`, `\n`) and
 * Unicode's NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR. Global: use with `replace`/`split` only.
 */
const LINE_BREAKS = /\r\n|[\n\r\u0085\u2028\u2029]/g;
// C0 controls but tab and line feed, DEL, C1 controls, the Unicode line/paragraph separators, bidi
// marks, embeddings, overrides and isolates, and the invisible BOM. CR and NEL are matched here too:
// callers that keep line breaks normalise them to `\n` first.
// A string, not a literal: the RegExp is built from escapes, so no raw control character is in the source.
const CONTROL_CLASS = "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]";
const CONTROL = new RegExp(CONTROL_CLASS, "g");
const HAS_CONTROL = new RegExp(CONTROL_CLASS);
// A lone surrogate (JSONL may spell one, `\ud800`) is no character, and a URL, a terminal or an
// API's JSON parser may reject it: shown as an escape too. Text without any surrogate (nearly all)
// is passed by the first, cheap test; the second finds the halves that have no partner.
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
// Characters that draw nothing: the zero-width space and joiners, the word joiner and invisible
// operators, the soft hyphen, the combining grapheme joiner, the Mongolian vowel separator, the Hangul
// fillers, the variation selectors (U+FE00–U+FE0F and, as surrogate pairs, U+E0100–U+E01EF) and the
// tag characters (U+E0000–U+E007F). In a name they make two different nodes look alike, so names and ids show
// them as escapes. Messages keep them (an emoji sequence joins with U+200D), and the renderer's own
// U+200B that keeps `@name` from mentioning is added after names are made visible.
const INVISIBLE_SOURCE = "[\\u00ad\\u034f\\u115f\\u1160\\u180e\\u200b-\\u200d\\u2060-\\u2064\\u3164\\ufe00-\\ufe0f\\uffa0]|\\udb40[\\udc00-\\udc7f\\udd00-\\uddef]";
// The class is of marks that combine with what comes before them: finding those is its point.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE = new RegExp(INVISIBLE_SOURCE, "g");
// eslint-disable-next-line no-misleading-character-class
const HAS_INVISIBLE = new RegExp(INVISIBLE_SOURCE);
// Combining marks stacked on one character ("zalgo" text, dozens of marks) are drawn above and below
// it, over the lines around it. Real writing stacks few: Vietnamese two (ệ decomposed), Thai a vowel
// and a tone mark, Devanagari a sign or two, pointed Biblical Hebrew five (dagesh, shin dot, vowel,
// meteg, accent) and Sanskrit in Tibetan script six (ཧྐྵྨྱཱཾ: three subjoined letters, a long vowel,
// an anusvara). Runs longer than MAX_MARKS keep their first MAX_MARKS marks: the longest real stacks
// with room to spare, and a pile that reaches about a line above and below, not across the screen.
const MAX_MARKS = 8;
const MARK_PILE = new RegExp(`([\\p{Mn}\\p{Me}]{${MAX_MARKS}})[\\p{Mn}\\p{Me}]+`, "gu");
const HAS_MARK_PILE = new RegExp(MARK_PILE.source, "u");
/** The text with each run of combining marks cut to MAX_MARKS (the rest would draw over other lines). */
function capMarks(text) {
    return HAS_MARK_PILE.test(text) ? text.replace(MARK_PILE, "$1") : text;
}
const MARKS = /[\p{Mn}\p{Mc}\p{Me}]+/uy;
/**
 * The end of the combining marks at `i` of `text` (`i` when there are none): they belong to the
 * character before them, so no line breaks before one, and a width counts none.
 */
function combiningMarksEnd(text, i) {
    // None is below U+0300: most text is passed by this test.
    if (i >= text.length || text.charCodeAt(i) < 0x300)
        return i;
    MARKS.lastIndex = i;
    return MARKS.test(text) ? MARKS.lastIndex : i;
}
/** A name or id with every character that draws nothing shown as an escape (`\u200B`, `\u{E0041}`). */
function showInvisible(text) {
    if (!HAS_INVISIBLE.test(text))
        return text;
    return text.replace(INVISIBLE, (ch) => {
        const code = ch.codePointAt(0);
        return code > 0xffff
            ? `\\u{${code.toString(16).toUpperCase()}}`
            : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    });
}
/** Whether `text` holds a surrogate that is not half of a pair (no character at all). */
function hasLoneSurrogate(text) {
    return SURROGATE.test(text) && HAS_LONE_SURROGATE.test(text);
}
function escapeCodePoint(ch) {
    const code = ch.charCodeAt(0);
    return code < 0x100
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
}
/**
 * Shows control characters and bidi overrides as visible escapes (`\x1b`, `\u202E`), so they can
 * neither act on a terminal or log viewer nor disguise a name, and cuts piles of combining marks
 * (capMarks). Tabs are kept.
 */
function showControls(text, lineBreaks = "keep") {
    const joined = lineBreaks === "escape"
        ? text.replace(/\n/g, "\\n")
        : lineBreaks === "keep"
            ? text.replace(LINE_BREAKS, "\n")
            : oneLine(text);
    const shown = capMarks(HAS_CONTROL.test(joined) ? joined.replace(CONTROL, escapeCodePoint) : joined);
    return SURROGATE.test(shown) ? shown.replace(LONE_SURROGATE, escapeCodePoint) : shown;
}
/** The text on one line: each line terminator (of any kind) becomes `joiner`. */
function oneLine(text, joiner = " ") {
    return text.replace(LINE_BREAKS, joiner);
}
/** Splits on every line terminator, like `split("\n")` but for all of them. */
function splitLines(text) {
    return text.split(LINE_BREAKS);
}


/***/ }),

/***/ 896:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ formatCount)
/* harmony export */ });
// Counts as people read them, wherever a count is written (headlines, notes, sections).
/**
 * A count with thousands separators: `18,282`, as `toLocaleString("en-US")` writes it. Whole numbers
 * are grouped here: the first toLocaleString of a process loads the locale data (~9 ms).
 */
function formatCount(n) {
    if (!Number.isSafeInteger(n) || Object.is(n, -0))
        return n.toLocaleString("en-US");
    const digits = String(Math.abs(n));
    let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
    for (let i = out.length; i < digits.length; i += 3)
        out += `,${digits.slice(i, i + 3)}`;
    return n < 0 ? `-${out}` : out;
}


/***/ }),

/***/ 3681:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ dbtCommandOf)
/* harmony export */ });
// Which dbt command a command line ran. dbt takes global flags before the command as well as after
// it (`dbt --debug retry`, `dbtf --log-level debug retry`, `dbt --profiles-dir ./p retry`), so the
// word after the binary is not always the command, and a flag's value may itself be a command's name
// (`--log-level debug`, `--target test`): the command is the first known command word that no flag
// takes as its value.
/** The dbt binary: `dbt` or `dbtf` (the Fusion binary's other name), by any path, `.exe` on Windows. */
const DBT_BINARY = /^(?:.*[/\\])?dbtf?(?:\.exe)?$/i;
/** dbt's commands (docs.getdbt.com/reference/dbt-commands); `source` and `docs` take a second word. */
const COMMANDS = new Set([
    "build",
    "clean",
    "clone",
    "compile",
    "debug",
    "deps",
    "docs",
    "init",
    "list",
    "ls",
    "parse",
    "retry",
    "run",
    "run-operation",
    "seed",
    "show",
    "snapshot",
    "source",
    "test",
]);
const SUBCOMMANDS = {
    docs: new Set(["generate", "serve"]),
    source: new Set(["freshness"]),
};
/** Flags whose next word is their value, whatever it looks like (`--log-level debug`, `-t test`). */
const TAKES_VALUE = new Set([
    "--log-level",
    "--log-level-file",
    "--log-format",
    "--log-format-file",
    "--log-path",
    "--target-path",
    "--profiles-dir",
    "--project-dir",
    "--profile",
    "--target",
    "-t",
    "--vars",
    "--threads",
    "--select",
    "-s",
    "--exclude",
    "--selector",
    "--state",
    "--defer-state",
]);
/**
 * Flags that take no value (and every `--no-…`): the word after one is the command (`dbt --debug build`,
 * `dbtf -q retry`).
 */
const SWITCHES = new Set(["--debug", "-d", "--quiet", "-q", "--fail-fast", "-x", "--warn-error"]);
/**
 * The dbt command of `command`: `eval_args.command` as it is (one word, or a known command such as
 * `source freshness`), or of a command line, the command after the dbt binary (`source freshness`,
 * `docs generate` with their second word). Undefined when it names none.
 */
function dbtCommandOf(command) {
    const words = command.trim().split(/\s+/);
    const binary = words.findIndex((word) => DBT_BINARY.test(word));
    if (binary < 0) {
        // No binary: eval_args' command (a command line without one is not read as one).
        if (words.length === 1)
            return words[0] || undefined;
        return SUBCOMMANDS[words[0]]?.has(words[1]) && words.length === 2 ? words.join(" ") : undefined;
    }
    const at = commandIndex(words, binary + 1);
    if (at === undefined)
        return undefined;
    const word = words[at];
    const next = words[at + 1];
    return next !== undefined && SUBCOMMANDS[word]?.has(next) ? `${word} ${next}` : word;
}
/**
 * Where the command is among `words` from `from`: the first known command word after a word that is
 * not a flag, or after a flag known to take no value; else (after flags this list does not know) the
 * first known command word no known flag takes as its value.
 */
function commandIndex(words, from) {
    let guess;
    for (let at = from; at < words.length; at++) {
        const word = words[at];
        if (!COMMANDS.has(word))
            continue;
        const before = at > from ? words[at - 1] : "";
        if (!isFlag(before) || SWITCHES.has(before) || before.startsWith("--no-"))
            return at;
        if (!TAKES_VALUE.has(before))
            guess ??= at;
    }
    return guess;
}
/** A flag that may take the next word as its value: `--flag=value` holds its own. */
function isFlag(word) {
    return word.startsWith("-") && !word.includes("=");
}


/***/ }),

/***/ 9495:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ formatDuration),
/* harmony export */   d: () => (/* binding */ formatMinutes)
/* harmony export */ });
// Durations as people read them, wherever one is written (tables, notes, warnings).
/**
 * A compact duration that never wraps: `850ms`, `5.42s`, `16.8s`, `1m25s`, `2h05m`, `3d04h`.
 * Seconds keep two significant decimals below ten, one below a minute; longer spans round to the
 * unit below the largest.
 */
function formatDuration(ms) {
    if (ms === null || ms === undefined || !Number.isFinite(ms))
        return "–";
    if (ms < 0)
        return `-${formatDuration(-ms)}`;
    if (Math.round(ms) < 1_000)
        return `${Math.round(ms)}ms`;
    const seconds = ms / 1_000;
    if (Number(seconds.toFixed(2)) < 10)
        return `${seconds.toFixed(2)}s`;
    if (Number(seconds.toFixed(1)) < 60)
        return `${seconds.toFixed(1)}s`;
    const total = Math.round(seconds);
    if (total < 3_600)
        return `${Math.floor(total / 60)}m${pad2(total % 60)}s`;
    const minutes = Math.round(total / 60);
    if (minutes < 24 * 60)
        return `${Math.floor(minutes / 60)}h${pad2(minutes % 60)}m`;
    const hours = Math.round(minutes / 60);
    return `${Math.floor(hours / 24)}d${pad2(hours % 24)}h`;
}
function pad2(n) {
    return String(n).padStart(2, "0");
}
/** `10 minutes`, `1.5 minutes`, `3 seconds`: as the input was meant, not as milliseconds. */
function formatMinutes(ms) {
    const seconds = Math.max(1, Math.round(ms / 1000));
    if (seconds < 60)
        return `${seconds} second${seconds === 1 ? "" : "s"}`;
    const minutes = Math.round(seconds / 6) / 10;
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}


/***/ }),

/***/ 6449:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ describeFileError)
/* harmony export */ });
// A failed file operation in words: Node's own message names the code and the system call
// ("ELOOP: too many symbolic links encountered, open '…'"), which says little to someone who
// did not write the call.
/** What each error code means for the file named, in words (the name is the caller's to give). */
const REASONS = {
    ENOENT: "no such file or folder",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EISDIR: "it is a directory",
    ENOTDIR: "a part of the path is a file, not a folder",
    EROFS: "read-only file system",
    ENOSPC: "no space left on the device",
    ELOOP: "too many levels of symbolic links: a link leads back to itself, or through too many others",
    ENXIO: "no such device or address: a socket, or a device with nothing behind it, cannot be opened by name",
    ENAMETOOLONG: "the name is too long",
    EIO: "input/output error on the device",
    EMFILE: "too many open files",
    ENFILE: "too many open files on the system",
    EBUSY: "the file or device is busy",
};
/** Why a file operation failed: in words for the codes files commonly fail with, else Node's message. */
function describeFileError(error) {
    const code = error?.code;
    return (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
}


/***/ }),

/***/ 1312:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ safeLogText),
/* harmony export */   b: () => (/* binding */ neutraliseRunnerCommands)
/* harmony export */ });
/* harmony import */ var _controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7453);
// The GitHub Actions runner reads every line a step prints and acts on the ones shaped like workflow
// commands (`::add-mask::x`, `::error file=…::x`, `::stop-commands::t`). Text from a pull request
// (node names, messages, zip entry names, server answers) must never be able to print such a line.
//
// What the runner accepts (actions/runner, src/Runner.Common/ActionCommand.cs and
// src/Runner.Worker/ActionCommandManager.cs):
//  * lines are split at `\n`, `\r` and `\r\n` (StreamReader.ReadLine);
//  * `::name props::data` after `TrimStart()`, so leading whitespace of any kind (tab, NBSP,
//    U+2028 …) does not stop it;
//  * the legacy `##[name props]data` anywhere in the line, not only at its start;
//  * the name must be a registered command, but `stop-commands` registers its token as one, so any
//    name can become a command: we go by the shape, not by the name.
// .NET compares these prefixes culture-aware, which skips "ignorable" characters (soft hyphen,
// zero-width joiners …) between them, so those count as transparent here too.

// Characters a culture-aware comparison skips: format and default-ignorable characters, and the
// C0/C1 controls other than whitespace.
const IGNORABLE = "\\p{Cf}\\p{Default_Ignorable_Code_Point}\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u009f";
// Whitespace within a line (`\s` but `\r` and `\n`, which end it), for TrimStart; NEL too.
const LINE_SPACE = "\\t\\v\\f\\p{Zs}\\u2028\\u2029\\ufeff\\u0085";
// At a line start: whitespace (TrimStart) and ignorable characters, then `::`. Not across a line
// break: from every line start of a run of blank lines, that would read the whole run again.
const LINE_COMMAND = new RegExp(`(^|\\r\\n|\\r|\\n)([${LINE_SPACE}${IGNORABLE}]*)::`, "gu");
// Anywhere: `#`, `#`, `[` with only ignorable characters between them.
const LEGACY_COMMAND = new RegExp(`#([${IGNORABLE}]*)#([${IGNORABLE}]*)\\[`, "gu");
const BROKEN = {
    text: { line: "$1$2\\::", legacy: "#$1#$2\\[" },
    json: { line: "$1$2\\u003a:", legacy: "#$1#$2\\u005b" },
    xml: { line: "$1$2&#58;:", legacy: "#$1#$2&#91;" },
};
/**
 * Breaks every shape the runner would read as a command, visibly and nothing else: a line's
 * leading `::` becomes `\::`, and `##[` becomes `##\[` (in JSON `\u003a:` and `##\u005b`, in XML
 * `&#58;:` and `##&#91;`). Line breaks are kept as they are.
 */
function neutraliseRunnerCommands(text, syntax = "text") {
    if (!text.includes("::") && !text.includes("["))
        return text;
    const broken = BROKEN[syntax];
    return text.replace(LINE_COMMAND, broken.line).replace(LEGACY_COMMAND, broken.legacy);
}
/**
 * Text for a plain log line (stdout or stderr of the step): secrets masked, control and bidi
 * characters shown as escapes (every line terminator becomes `\n`), command shapes broken.
 */
function safeLogText(text, redact) {
    return neutraliseRunnerCommands((0,_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .showControls */ .mz)(redact(text), "keep"));
}


/***/ }),

/***/ 3377:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   QY: () => (/* binding */ truncateBytes),
/* harmony export */   TM: () => (/* binding */ firstLine),
/* harmony export */   UT: () => (/* binding */ truncateChars)
/* harmony export */ });
/* harmony import */ var _controls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7453);
// Cutting text to a limit: GitHub's API limits count UTF-16 units (titles) or UTF-8 bytes (check-run
// output, annotations, the job summary), and a cut must never leave half a surrogate pair or half a
// UTF-8 sequence behind. The one home of these helpers; every layer may use them.

/** Cuts to ≤ `max` UTF-16 units, the ellipsis included, never splitting a surrogate pair. */
function truncateChars(text, max) {
    if (text.length <= max)
        return text;
    return `${cutAt(text, max - 1)}…`;
}
/** Cuts to ≤ `maxBytes` of UTF-8, `suffix` included, on a code-point boundary. */
function truncateBytes(text, maxBytes, suffix = "…") {
    if (Buffer.byteLength(text, "utf8") <= maxBytes)
        return text;
    const budget = maxBytes - Buffer.byteLength(suffix, "utf8");
    let bytes = 0;
    let end = 0;
    // UTF-8 sizes from the code points (a lone surrogate is written as U+FFFD, 3 bytes): a cut of a
    // 1 MiB job summary walks it once without a Buffer per character.
    while (end < text.length) {
        const code = text.codePointAt(end);
        const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        if (bytes + size > budget)
            break;
        bytes += size;
        end += code >= 0x10000 ? 2 : 1;
    }
    return text.slice(0, end) + suffix;
}
/**
 * The first line that holds more than whitespace (every line terminator counts), for a one-line
 * mention of a long message: over `maxChars` it keeps `maxChars` units and adds an ellipsis.
 */
function firstLine(text, maxChars) {
    const line = (0,_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .splitLines */ .uz)(text).find((candidate) => candidate.trim() !== "") ?? "";
    return line.length > maxChars ? `${cutAt(line, maxChars)}…` : line;
}
function cutAt(text, end) {
    const last = text.charCodeAt(end - 1);
    return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}


/***/ }),

/***/ 1625:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ wrapLines)
/* harmony export */ });
/* harmony import */ var _columns_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8528);
// Long lines of a message (an SQL error, a unit test's diff) broken for a code block or a terminal.

/**
 * Lines wider than `width` columns broken at the last space before it (or at `width` when there is
 * none); continuation lines start with "↪ ", so a reader can tell a wrapped line from the next one.
 * Widths are columns (text/columns.ts): a CJK character takes two, a letter with its accents one, and
 * a line is broken between grapheme clusters only, so no wide character straddles the edge.
 */
function wrapLines(text, width) {
    const out = [];
    for (const line of text.split("\n")) {
        if (line.length <= width / 2 || (0,_columns_js__WEBPACK_IMPORTED_MODULE_0__/* .columns */ .YB)(line) <= width) {
            out.push(line);
            continue;
        }
        wrapLine(line, width, out);
    }
    return out.join("\n");
}
const CONTINUATION = "↪ ";
const CONTINUATION_COLUMNS = 2;
/** One line, walked once (a report may hold thousands of long messages). */
function wrapLine(line, width, out) {
    const pieces = (0,_columns_js__WEBPACK_IMPORTED_MODULE_0__/* .clusters */ .qf)(line);
    const widths = pieces.map(_columns_js__WEBPACK_IMPORTED_MODULE_0__/* .clusterColumns */ .sN);
    let left = widths.reduce((sum, w) => sum + w, 0);
    let prefix = "";
    let first = 0;
    while (left + (prefix ? CONTINUATION_COLUMNS : 0) > width) {
        const room = width - (prefix ? CONTINUATION_COLUMNS : 0);
        // As many clusters as fit; at least one, so a cluster wider than the room still moves on.
        let end = first;
        let used = 0;
        while (end < pieces.length && (end === first || used + widths[end] <= room)) {
            used += widths[end++];
        }
        // The last space among them, if a third of the room comes before it: break after it.
        let before = used;
        let space = end - 1;
        while (space > first && !pieces[space].startsWith(" "))
            before -= widths[space--];
        before -= widths[space];
        const cut = space > first && before > room / 3 ? space + 1 : end;
        const head = pieces.slice(first, cut);
        out.push(prefix + head.join("").trimEnd());
        for (let i = first; i < cut; i++)
            left -= widths[i];
        first = cut;
        prefix = CONTINUATION;
    }
    out.push(prefix + pieces.slice(first).join(""));
}


/***/ }),

/***/ 5678:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ keepYoungGenerationSmall)
/* harmony export */ });
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8877);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_v8__WEBPACK_IMPORTED_MODULE_0__);
// V8's young generation (where new objects are made) starts at 1 MiB per semi-space and doubles each
// time more than its size has survived a collection since the last growth, up to 64 MiB per
// semi-space in Node's 64-bit builds: two semi-spaces, so 128 MiB of memory, all of it touched. A
// report on a big build keeps tens of MiB of results, which all pass through the young generation
// on their way to the old one, so V8 grows it to the maximum: on the 20,834-node build that was
// 128 MiB of a 288 MiB peak, for no speed gained (a small young generation is as fast here: the
// objects made per record die at once, and fresh pages cost page faults).
//
// So both entries keep it at its initial size. `--semi-space-growth-factor` is the one V8 setting
// read each time it would grow (`--max-semi-space-size` is fixed when the heap is made, so only a
// command-line flag could set it, and neither `node dist/cli.js` nor the Actions runner passes one).
// See docs/performance.md.

function keepYoungGenerationSmall() {
    (0,node_v8__WEBPACK_IMPORTED_MODULE_0__.setFlagsFromString)("--semi-space-growth-factor=1");
}


/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 3339:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("module");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 99:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:sqlite");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 7997:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 8877:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 7016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 7100:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ snappyUncompressor)
/* harmony export */ });
/* unused harmony export snappyUncompress */
/**
 * Uncompress a snappy compressed buffer.
 *
 * @param {Uint8Array} input
 * @param {number} outputLength
 * @returns {Uint8Array}
 */
function snappyUncompress(input, outputLength) {
  return snappyUncompressor()(input, outputLength)
}

/**
 * Load wasm and return uncompressor function.
 *
 * @returns {(input: Uint8Array, outputLength: number) => Uint8Array}
 */
function snappyUncompressor() {
  // Instantiate wasm module
  const wasm = instantiateWasm()

  return (input, outputLength) => {
    /** @type {any} */
    const { memory, uncompress } = wasm.exports

    // Input data is passed into wasm memory at inputStart
    // Output data is expected to be written to wasm memory at outputStart
    // clang uses some wasm memory, so we need to skip past that
    const inputStart = 68000 // 68 kb
    const outputStart = inputStart + input.byteLength

    // WebAssembly memory
    const totalSize = inputStart + input.byteLength + outputLength
    if (memory.buffer.byteLength < totalSize) {
      // Calculate the number of pages needed, rounding up
      const pageSize = 64 * 1024 // 64KiB per page
      const currentPages = memory.buffer.byteLength / pageSize
      const requiredPages = Math.ceil(totalSize / pageSize)
      const pagesToGrow = requiredPages - currentPages
      memory.grow(pagesToGrow)
    }

    // Copy the compressed data to WASM memory
    const byteArray = new Uint8Array(memory.buffer)
    byteArray.set(input, inputStart)

    // Call wasm uncompress function
    const result = uncompress(inputStart, input.byteLength, outputStart)

    // Check for errors
    if (result === -1) throw new Error('invalid snappy length header')
    if (result === -2) throw new Error('missing eof marker')
    if (result === -3) throw new Error('premature end of input')
    if (result) throw new Error(`failed to uncompress data ${result}`)

    // Get uncompressed data from WASM memory
    return byteArray.slice(outputStart, outputStart + outputLength)
  }
}

/**
 * Instantiate WASM module from a base64 string.
 *
 * @returns {WebAssembly.Instance}
 */
function instantiateWasm() {
  const binaryString = atob(wasm64)
  const byteArray = new Uint8Array(binaryString.length)
  for (let i = 0; i < binaryString.length; i += 1) {
    byteArray[i] = binaryString.charCodeAt(i)
  }
  // only works for payload less than 4kb:
  const mod = new WebAssembly.Module(byteArray)
  return new WebAssembly.Instance(mod)
}

// Base64 encoded hysnappy.wasm
const wasm64 = 'AGFzbQEAAAABEANgAABgA39/fwF/YAF/AX8DBgUAAQEBAgUDAQACBj8KfwFBoIwEC38AQYAIC38AQaAMC38AQaAMC38AQaCMBAt/AEGACAt/AEGgjAQLfwBBgIAIC38AQQALfwBBAQsHwQEOBm1lbW9yeQIAEV9fd2FzbV9jYWxsX2N0b3JzAAAGbWVtY3B5AAEHbWVtbW92ZQACCnVuY29tcHJlc3MAAwxfX2Rzb19oYW5kbGUDAQpfX2RhdGFfZW5kAwILX19zdGFja19sb3cDAwxfX3N0YWNrX2hpZ2gDBA1fX2dsb2JhbF9iYXNlAwULX19oZWFwX2Jhc2UDBgpfX2hlYXBfZW5kAwcNX19tZW1vcnlfYmFzZQMIDF9fdGFibGVfYmFzZQMJCuASBQIAC8sBAQN/AkAgAkUNAAJAAkAgAkEHcSIDDQAgACEEIAIhBQwBCyAAIQQgAiEFA0AgBCABLQAAOgAAIARBAWohBCABQQFqIQEgBUF/aiEFIANBf2oiAw0ACwsgAkEISQ0AA0AgBCABLQAAOgAAIAQgAS0AAToAASAEIAEtAAI6AAIgBCABLQADOgADIAQgAS0ABDoABCAEIAEtAAU6AAUgBCABLQAGOgAGIAQgAS0ABzoAByAEQQhqIQQgAUEIaiEBIAVBeGoiBQ0ACwsgAAugAwEEfwJAIAAgAUYNAAJAAkAgACABSQ0AIAEgAmoiAyAASw0BCyACRQ0BAkACQCACQQdxIgMNACAAIQQgAiEFDAELIAAhBCACIQUDQCAEIAEtAAA6AAAgBEEBaiEEIAFBAWohASAFQX9qIQUgA0F/aiIDDQALCyACQQhJDQEDQCAEIAEtAAA6AAAgBCABLQABOgABIAQgAS0AAjoAAiAEIAEtAAM6AAMgBCABLQAEOgAEIAQgAS0ABToABSAEIAEtAAY6AAYgBCABLQAHOgAHIARBCGohBCABQQhqIQEgBUF4aiIFDQAMAgsLIAJFDQACQAJAIAJBA3EiBA0AIAAgAmohBiACIQUMAQsgAiEFA0AgBUF/aiIFIABqIgYgBSABaiIDLQAAOgAAIARBf2oiBA0ACwsgAkEESQ0AIAZBfGohASADQXxqIQQDQCABQQNqIARBA2otAAA6AAAgAUECaiAEQQJqLQAAOgAAIAFBAWogBEEBai0AADoAACABIAQtAAA6AAAgAUF8aiEBIARBfGohBCAFQXxqIgUNAAsLIAALswoBCX8jgICAgABBIGsiAySAgICAACADQQlqQgA3AAAgA0IANwIEIAMgA0EYajYCAEF/IQQCQCABRQ0AIAMgAUF/aiIFNgIcIAMgAEEBajYCGCAALAAAIgZB/wBxIQcCQCAGQX9KDQAgBUUNASADIAFBfmoiBTYCHCADIABBAmo2AhggACwAASIGQf8AcUEHdCAHciEHQX8hBCAGQX9KDQAgBUUNASADIAFBfWoiBTYCHCADIABBA2o2AhggACwAAiIGQf8AcUEOdCAHciEHQX8hBCAGQX9KDQAgBUUNASADIAFBfGoiBTYCHCADIABBBGo2AhggACwAAyIGQf8AcUEVdCAHciEHQX8hBCAGQX9KDQAgBUUNASADIAFBe2o2AhwgAyAAQQVqNgIYIAAsAAQiAUEASA0BIAFBHHQgB3IhBwsgAiAHaiEIAkACQCADEISAgIAADQAgAiEADAELIAMoAgQhASACIQADQAJAIAMoAgggAWtBBEoNACADIAE2AgQgAxCEgICAAEUNAiADKAIEIQELIAFBAWohBQJAAkAgAS0AACIGQQNxDQAgCCAAayEJIAMoAggiCiAFayEEIAZBAnYiC0EBaiEHAkAgBkE/Sw0AIARBEEkNACAJQRBIDQAgACABKAIBNgIAIAAgASgCBTYCBCAAIAEoAgk2AgggACABKAINNgIMIAAgB2ohACADKAIIIAUgB2oiAWtBBEoNAyADIAE2AgQgAxCEgICAAEUNBAwCCwJAAkAgBkHwAU8NACAFIQYMAQsgCiAFIAtBRWoiAWoiBmshBCABQQJ0QYCIgIAAaigCACAFKAIAcUEBaiEHCwJAIAcgBE0NAANAIAggAGsgBEkNBSAAIAYgBBCBgICAACEAIAMoAgAiASABKAIAIgkgAygCDCIFaiIGNgIAIAFBBGoiASABKAIAIgogBWsiATYCACADIAE2AgwgACAEaiEAIAFFDQUgAyAJIApqNgIIIAcgBGshByABIQQgByABSw0ACyAIIABrIQkLIAkgB0kNAyAAIAYgBxCBgICAACAHaiEAIAMoAgggBiAHaiIBa0EESg0CIAMgATYCBCADEISAgIAADQEMAwsgACACayAGQQF0QaCIgIAAai8BACIBQQt2IgpBAnRBgIiAgABqKAIAIAUoAgBxIAFBgA5xaiIHQX9qTQ0CIAggAGshBAJAAkAgAUH/AXEiCUEQSw0AIAdBCEkNACAEQRBJDQAgACAAIAdrIgEoAgA2AgAgACABKAIENgIEIAAgASgCCDYCCCAAIAFBDGooAgA2AgwMAQsCQAJAAkAgBCAJQQpqSQ0AIAAgB2shBCAAIQEgCSEGIAdBB0wNAQwCCyAEIAlJDQUgCUEBaiEEQQAgB2shByAAIQEDQCABIAEgB2otAAA6AAAgAUEBaiEBIARBf2oiBEEBSw0ADAMLCwNAIAEgBCgCADYCACABIAQoAgQ2AgQgBiAHayEGIAEgB2oiASAEayIHQQhIDQALCyAGQQFIDQAgBkEIaiEHA0AgASAEKAIANgIAIAEgBCgCBDYCBCABQQhqIQEgBEEIaiEEIAdBeGoiB0EISw0ACwsgACAJaiEAIAMoAgggBSAKaiIBa0EESg0BIAMgATYCBCADEISAgIAARQ0CCyADKAIEIQEMAAsLIAMoAgAiASABKAIEIAMoAgwiBGs2AgQgASAEIAEoAgBqNgIAAkAgAy0AEA0AQX4hBAwBC0EAQX0gCCAARhshBAsgA0EgaiSAgICAACAEC7YDAQd/AkAgACgCBCIBIAAoAggiAkcNACAAKAIAIgIgAigCACIDIAAoAgwiBGoiATYCACACQQRqIgIgAigCACICIARrIgU2AgAgACAFNgIMAkAgAiAERw0AIABBAToAEEEADwsgACADIAJqIgI2AggLAkACQAJAIAIgAWsiAiABLQAAQQF0QaCIgIAAai8BAEELdkEBaiIFTw0AIABBEWogASACEIKAgIAAIQYgACgCDCEEQQAhByAAQQA2AgwgACgCACIBIAEoAgQgBGs2AgQgASAEIAEoAgBqIgM2AgADQCABQQRqKAIAIgFFDQMgBiACaiADIAUgAmsiBCABIAQgAUkbIgQQgYCAgAAaIAAoAgAiASABKAIEIARrNgIEIAEgASgCACAEaiIDNgIAIAQgAmoiAiAFSQ0ACyAAIAY2AgQgACAGIAVqNgIIDAELAkAgAkEESw0AIAAgAEERaiABIAIQgoCAgAAiASACajYCCCAAIAE2AgQgACgCDCECIABBADYCDCAAKAIAIgEgASgCBCACazYCBCABIAIgASgCAGo2AgAMAQsgACABNgIEC0EBIQcLIAcLC6gEAQBBgAgLoAQAAAAA/wAAAP//AAD///8A/////wAAAAAAAAAAAAAAAAEABAgBEAEgAgAFCAIQAiADAAYIAxADIAQABwgEEAQgBQAICAUQBSAGAAkIBhAGIAcACggHEAcgCAALCAgQCCAJAAQJCRAJIAoABQkKEAogCwAGCQsQCyAMAAcJDBAMIA0ACAkNEA0gDgAJCQ4QDiAPAAoJDxAPIBAACwkQEBAgEQAEChEQESASAAUKEhASIBMABgoTEBMgFAAHChQQFCAVAAgKFRAVIBYACQoWEBYgFwAKChcQFyAYAAsKGBAYIBkABAsZEBkgGgAFCxoQGiAbAAYLGxAbIBwABwscEBwgHQAICx0QHSAeAAkLHhAeIB8ACgsfEB8gIAALCyAQICAhAAQMIRAhICIABQwiECIgIwAGDCMQIyAkAAcMJBAkICUACAwlECUgJgAJDCYQJiAnAAoMJxAnICgACwwoECggKQAEDSkQKSAqAAUNKhAqICsABg0rECsgLAAHDSwQLCAtAAgNLRAtIC4ACQ0uEC4gLwAKDS8QLyAwAAsNMBAwIDEABA4xEDEgMgAFDjIQMiAzAAYOMxAzIDQABw40EDQgNQAIDjUQNSA2AAkONhA2IDcACg43EDcgOAALDjgQOCA5AAQPORA5IDoABQ86EDogOwAGDzsQOyA8AAcPPBA8IAEICA89ED0gARAJDz4QPiABGAoPPxA/IAEgCw9AEEAgAGQEbmFtZQE9BQARX193YXNtX2NhbGxfY3RvcnMBBm1lbWNweQIHbWVtbW92ZQMKdW5jb21wcmVzcwQKcmVmaWxsX3RhZwcSAQAPX19zdGFja19wb2ludGVyCQoBAAcucm9kYXRhADIJcHJvZHVjZXJzAQxwcm9jZXNzZWQtYnkBDFVidW50dSBjbGFuZwsxNi4wLjYgKDE1KQAsD3RhcmdldF9mZWF0dXJlcwIrD211dGFibGUtZ2xvYmFscysIc2lnbi1leHQ='


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".cli.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(8084);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
