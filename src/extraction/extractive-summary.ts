import { countTokens, truncateToTokens } from 'src/common/tokens';
import { LANGUAGE_TABLES, sentences } from 'src/extraction/deterministic-extractor';
import { stripInjected } from 'src/extraction/injected-text';
import { isLowValue } from 'src/extraction/low-value';

export interface SummaryMessage {
  role: string;
  speaker: string | null;
  content: string;
  createdAt: Date;
}

const HEADER = 'Earlier in this conversation:';
const QUESTIONS = 'Open questions:';
const MAX_SENTENCE_TOKENS = 60;

/** What a summary must keep, with a weight each: goals, decisions, errors, file paths, dates, numbers, names, questions. */
const SIGNALS: readonly [RegExp, number][] = [
  [
    /\b(?:goal|want to|wants to|plan(?:s|ning)? to|aim(?:ing)? to|need(?:s)? to|have to|must|deadline|todo|mål|vil gerne|skal)\b/iu,
    3,
  ],
  [
    /\b(?:decided|decision|agreed|we'll|we will|going with|chose|settled on|let's use|besluttede|beslutning|aftalt)\b/iu,
    3,
  ],
  [
    /\b(?:error|exception|failed|failing|failure|crash(?:ed|es)?|bug|traceback|stack trace|fejl)\b|\b\w+(?:Error|Exception)\b/u,
    3,
  ],
  [
    /(?:^|\s)(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w.-]+|\b[\w-]+\.(?:ts|js|tsx|jsx|py|go|rs|java|kt|rb|php|cs|c|h|cpp|json|ya?ml|toml|md|sql|sh|css|html|lock)\b/u,
    2,
  ],
  [
    /\b\d{4}-\d{2}-\d{2}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2}\.? (?:jan|feb|mar|apr|maj|may|jun|jul|aug|sep|okt|oct|nov|dec)[a-z]*\b/iu,
    2,
  ],
  [/\d/u, 1],
];
const NAME = /(?<=[\p{L}\p{N},;:] )\p{Lu}[\p{L}-]+/gu;

function score(sentence: string, role: string): number {
  let total = role === 'USER' ? 0.5 : 0;
  for (const [pattern, weight] of SIGNALS) {
    if (pattern.test(sentence)) {
      total += weight;
    }
  }
  total += Math.min(2, sentence.match(NAME)?.length ?? 0);
  if (sentence.trimEnd().endsWith('?')) {
    total += 2;
  }

  return total;
}

interface Candidate {
  order: number;
  line: string;
  question: boolean;
  score: number;
}

function candidates(messages: readonly SummaryMessage[]): Candidate[] {
  const found: Candidate[] = [];
  messages.forEach((message, index) => {
    const who = message.speaker ?? message.role.toLowerCase();
    const day = message.createdAt.toISOString().slice(0, 10);
    for (const sentence of sentences(stripInjected(message.content))) {
      if (isLowValue(sentence, LANGUAGE_TABLES) || sentence.split(/\s+/u).length < 3) {
        continue;
      }
      const value = score(sentence, message.role);
      if (value >= 1) {
        const text = truncateToTokens(sentence, MAX_SENTENCE_TOKENS);
        found.push({
          order: index,
          line: `- [${day}] ${who}: ${text}`,
          question: sentence.trimEnd().endsWith('?'),
          score: value,
        });
      }
    }
  });

  return found;
}

/**
 * The summary without an LLM: the previous summary's lines, then the sentences of the compacted messages that carry
 * goals, decisions, names, numbers, dates, file paths, errors and open questions, best first until `maxTokens`,
 * printed in conversation order. Deterministic, and never longer than `maxTokens`.
 */
export function extractiveSummary(input: {
  previous: string | null;
  messages: readonly SummaryMessage[];
  maxTokens: number;
}): string {
  const previousLines = (input.previous ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.startsWith('- '));
  const fresh = candidates(input.messages);
  const budget = input.maxTokens - countTokens(`${HEADER}\n${QUESTIONS}\n`);
  // older history is guaranteed up to half the room, so each compaction halves, rather than erases, what came before
  const previousCost = previousLines.reduce((sum, line) => sum + countTokens(`${line}\n`), 0);
  const reserved = Math.min(previousCost, Math.floor(budget / 2));
  const chosen = new Set<Candidate>();
  let used = 0;
  for (const candidate of [...fresh].sort((a, b) => b.score - a.score || a.order - b.order)) {
    const cost = countTokens(`${candidate.line}\n`);
    if (used + cost <= budget - reserved) {
      chosen.add(candidate);
      used += cost;
    }
  }
  const kept: string[] = [];
  for (const line of [...previousLines].reverse()) {
    const cost = countTokens(`${line}\n`);
    if (used + cost > budget) {
      break;
    }
    kept.unshift(line);
    used += cost;
  }
  const ordered = fresh.filter((c) => chosen.has(c));
  const statements = ordered.filter((c) => !c.question).map((c) => c.line);
  const questions = ordered.filter((c) => c.question).map((c) => c.line);
  const lines = [HEADER, ...kept, ...statements, ...(questions.length > 0 ? [QUESTIONS, ...questions] : [])];
  let text = lines.join('\n');
  while (countTokens(text) > input.maxTokens && lines.length > 1) {
    lines.splice(1, 1);
    text = lines.join('\n');
  }

  return lines.length > 1 ? text : '';
}
