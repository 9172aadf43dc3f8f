import { countTokens } from 'src/common/tokens';
import { lineRef, REF_LENGTH } from 'src/cortex/bulletin/bulletin.render';

interface BriefingSection {
  heading: string;
  lines: string[];
}

/**
 * The bulletin as `context` shows it, under its own "## Briefing": the bulletin's headings one level down, without
 * the lines of rules the context already states above it, and without headings left empty.
 */
export function briefingSections(bulletin: string, shownRuleIds: readonly string[]): BriefingSection[] {
  const shown = new Set(shownRuleIds.map((id) => id.slice(0, REF_LENGTH)));
  const sections: BriefingSection[] = [];
  for (const line of bulletin.split('\n')) {
    if (line.startsWith('## ')) {
      sections.push({ heading: `#${line}`, lines: [] });
    } else if (line.trim().length > 0) {
      const ref = lineRef(line);
      if (ref !== null && shown.has(ref)) {
        continue;
      }
      if (sections.length === 0) {
        sections.push({ heading: '', lines: [] });
      }
      sections[sections.length - 1]!.lines.push(line);
    }
  }

  return sections.filter((s) => s.lines.length > 0);
}

/**
 * The sections within `maxTokens` (heading included): whole when they fit, else filled round-robin by rank, so
 * every heading keeps its best lines before any keeps its tenth (as the bulletin itself is built). Null: nothing fits.
 */
export function fitBriefing(sections: readonly BriefingSection[], maxTokens: number): string | null {
  const render = (chosen: readonly string[][]): string =>
    sections
      .flatMap((s, i) => ((chosen[i]?.length ?? 0) > 0 ? [s.heading, ...chosen[i]!].filter((l) => l !== '') : []))
      .join('\n');
  const whole = render(sections.map((s) => s.lines));
  if (whole === '' || countTokens(whole) <= maxTokens) {
    return whole === '' ? null : whole;
  }
  const chosen: string[][] = sections.map(() => []);
  let used = 0;
  const longest = Math.max(...sections.map((s) => s.lines.length));
  for (let round = 0; round < longest; round++) {
    sections.forEach((section, i) => {
      const line = section.lines[round];
      if (line === undefined || chosen[i]!.length < round) {
        return;
      }
      const cost =
        countTokens(`${line}\n`) + (round === 0 && section.heading !== '' ? countTokens(`${section.heading}\n`) : 0);
      if (used + cost <= maxTokens) {
        chosen[i]!.push(line);
        used += cost;
      }
    });
  }
  const cut = render(chosen);

  return cut === '' ? null : cut;
}
