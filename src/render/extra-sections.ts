// The sections after the headline, the same in every channel and in both entries: what changed
// against the baseline first, then the Mermaid diagrams. The one import site of the Mermaid renderer.
import type { Report } from "../model/types.js";
import { baselineSection } from "./baseline-section.js";
import type { ExtraSection } from "./markdown.js";
import { diagramSections } from "./mermaid.js";

export function extraSections(report: Report, options: { diagrams: boolean }): ExtraSection[] {
  return [
    ...(report.baseline ? [baselineSection(report.baseline)] : []),
    ...(options.diagrams ? diagramSections(report) : []),
  ];
}
