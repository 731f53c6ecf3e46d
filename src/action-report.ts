// The Action's outputs once the report is built: the report files (all or none), the artifact they
// are uploaded as, then every GitHub channel (comment, check run, summary, outputs), then the
// warnings. The files are whole; what the comment, check run and summary leave out points to where
// this run keeps the report, named only once it is there.
import { checkoutBounds } from "./action-pipeline.js";
import { linksFor } from "./github/plan.js";
import {
  channelRenderer,
  fileChannelPieces,
  keptReport,
  publishReport,
  uploadReportArtifact,
  type PublishServices,
} from "./github/publish-report.js";
import type { Runner } from "./github/runner.js";
import type { ActionInputs } from "./inputs.js";
import { readerWarningsOf } from "./model/build-report.js";
import type { PipelineResult } from "./pipeline/run.js";
import { extraSections } from "./render/extra-sections.js";
import { writeReportFiles } from "./report-files.js";
import { leadsOutReason, linkLeadsOut } from "./sources/checkout-links.js";

export async function writeAndPublish(
  result: PipelineResult,
  inputs: Readonly<ActionInputs>,
  runner: Runner,
  services: PublishServices,
): Promise<void> {
  const { report } = result;
  const { github, log } = services;
  const linksWith = (changedFiles?: ReadonlySet<string>) =>
    github.context
      ? linksFor(
          github.context,
          { projectDir: inputs.projectDir, serverUrl: runner.serverUrl },
          report,
          changedFiles,
        )
      : null;
  const rendering = { title: inputs.checkName, extras: extraSections(report, inputs), links: linksWith() };
  // The whole report's Markdown: the report file gets it in pieces; the artifact's copy, staged only
  // when no report file was written, as one text (rendered then, once).
  const whole = channelRenderer(report, rendering);
  const wholeFile = (): string => whole("file");
  // A problem with the files is a warning and never stops the other channels.
  const files = await writeReportFiles(
    report,
    {
      markdown: inputs.markdownReport,
      json: inputs.jsonReport,
      runResults: inputs.runResults,
      junit: inputs.junit,
    },
    () => fileChannelPieces(report, rendering),
    // The same base as the paths publishing resolves (uploads, outputs): the step's working directory, the workspace.
    {
      cwd: process.cwd(),
      telemetryFiles: result.telemetryFiles,
      projectDir: inputs.projectDir,
      linkGuard: async (given, file) => {
        const leadsTo = await linkLeadsOut(given, checkoutBounds(runner), file);
        return leadsTo ? leadsOutReason(leadsTo) : null;
      },
    },
  );
  const written = new Set(files.written);
  const uploaded = await uploadReportArtifact(inputs, written, wholeFile, services);
  const kept = { ...keptReport(inputs, written, runner.tempDir, uploaded), jobSummary: inputs.jobSummary };
  // The channels list what the pull request changes first; the files, made before, are neutral.
  const renderFor = (changedFiles: ReadonlySet<string> | undefined) =>
    channelRenderer(report, { ...rendering, links: linksWith(changedFiles), kept });
  await publishReport(report, inputs, renderFor, written, services);
  for (const problem of files.problems) log.warning(problem);
  for (const warning of readerWarningsOf(report)) log.warning(warning);
}
