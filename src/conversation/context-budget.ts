import { countTokens, truncateToTokens } from 'src/common/tokens';
import { briefingSections, fitBriefing } from 'src/conversation/context-briefing';
import { LineTokens, renderedOnce } from 'src/conversation/context-lines';
import { CONTEXT_POLICY, SHARED_SECTIONS, splitBudget } from 'src/conversation/context-split';
import type { ContextPolicy, SharedSection } from 'src/conversation/context-split';
import { lineRef, REF_LENGTH } from 'src/cortex/bulletin/bulletin.render';
import { MemoryType } from 'src/domain/memory.enums';
import { toThirdPerson } from 'src/domain/third-person';
import { INJECTED_CLOSE, INJECTED_OPEN } from 'src/extraction/injected-text';
import { Tier } from 'src/recall/ranking';

export interface ContextMemory {
  id: string;
  type: MemoryType;
  content: string;
  tier: Tier;
  /** Messages the memory was extracted from: when one of them is in the context, the memory is not repeated. */
  sources?: readonly string[];
}

export interface ContextMessage {
  id: string;
  role: string;
  speaker: string | null;
  content: string;
  createdAt: Date;
  /** Set on earlier turns: one of another channel of the project names its channel. */
  channelId?: string;
}

export interface ContextTurn {
  message: ContextMessage;
  neighbours: readonly ContextMessage[];
}

/** Everything `context` could say, before the budget decides. */
export interface ContextMaterial {
  /** Memories tagged `constraint`, most important first. */
  constraints: readonly { id: string; content: string }[];
  bulletin: string | null;
  /** Recalled memories, best first; LOW tier is dropped here. */
  memories: readonly ContextMemory[];
  /** Relevant messages from the tenant's other channels, best first; one already shown as a turn is left out. */
  earlier: readonly ContextMessage[];
  /**
   * Relevant turns of this channel (live or compacted), and for a channel of a project the shared turns of the
   * project's other channels, best first, by the message search's ranking; those in the recent window are left out.
   * `neighbours`: the turns just before and after it.
   */
  turns: readonly ContextTurn[];
  /** The asking channel: a turn of another channel is marked with its channel (absent: none is). */
  channelId?: string;
  summary: string | null;
  /** The channel's live messages, oldest first; the last one is the newest. */
  recent: readonly ContextMessage[];
}

export interface AssembledContext {
  text: string;
  tokenCount: number;
  constraintIds: string[];
  bulletin: string | null;
  memoryIds: string[];
  earlierIds: string[];
  /** Earlier turns of this channel included (hits and their neighbours), in time order. */
  turnIds: string[];
  /** As included (possibly truncated), or null. */
  summary: string | null;
  /** Included live messages, oldest first, with the content as included (tool output may be truncated). */
  messages: ContextMessage[];
}

/** Tool output beyond this share of the budget is cut before anything else competes for room. */
export const TOOL_OUTPUT_SHARE = 0.15;
/** The briefing comes before any transcript line, within this share of the room the rules and newest message leave (a third cost LoCoMo evidence 1-3 points at 1k-2k tokens, a fifth 1-2; `npm run bench -- context`). */
export const BRIEFING_SHARE = 0.2;
/** ... and never less than this (tokens), so even a tiny budget keeps the briefing's first line. */
const MIN_BRIEFING_TOKENS = 48;
const MIN_TRUNCATED_TOKENS = 16;
const TRUNCATED = ' … [truncated]';

const HEADINGS = {
  constraints: '## Rules (always follow)',
  bulletin: '## Briefing',
  identity: '## About the user',
  preferences: '## Preferences',
  other: '## Relevant memories',
  possible: '## Possibly relevant',
  earlier: '## From other conversations (earlier, dated)',
  summary: '## Summary of earlier in this conversation',
  turns: '## Earlier turns of this conversation (retrieved for this query; not the live exchange)',
  recent: '## Recent messages',
} as const;
type Section = keyof typeof HEADINGS;
type Headings = Readonly<Record<Section, string>>;
/** When some earlier turns come from the project's other channels (each names its channel). */
const PROJECT_TURNS_HEADING =
  '## Earlier turns of this conversation and of its project (retrieved for this query; not the live exchange)';
/** Document order of the sections; the priority order (who gets room first) is in `assembleContext`. */
const SECTION_ORDER: readonly Section[] = [
  'constraints',
  'bulletin',
  'identity',
  'preferences',
  'other',
  'possible',
  'earlier',
  'summary',
  'turns',
  'recent',
];
const MEMORY_SECTIONS: readonly Section[] = ['identity', 'preferences', 'other', 'possible'];

interface Item {
  section: Section;
  id: string;
  /** Position inside the section when rendered. */
  order: number;
  lines: string;
}

function messageLine(message: ContextMessage, content: string, marker = ''): string {
  const at = message.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  const who = message.speaker ? `${message.speaker} (${message.role.toLowerCase()})` : message.role.toLowerCase();

  return `[${marker}${at}] ${who}: ${oneLine(content)}`;
}

/**
 * Every whitespace run holding a line break becomes one space. Matching "spaces, line break, spaces" retried at
 * every position of a long run of spaces (quadratic time); `/\s+/g` consumes each run once.
 */
export function oneLine(content: string): string {
  return content.replace(/\s+/gu, (run) => (run.includes('\n') ? ' ' : run));
}

/** A message that is not part of the live exchange says so on its own line, with its date. */
const EARLIER = 'earlier, ';

/** An earlier turn of another channel of the project names that channel too. */
function turnMarker(message: ContextMessage, channelId: string | undefined): string {
  return fromOtherChannel(message, channelId) ? `${EARLIER}channel ${message.channelId}, ` : EARLIER;
}

function fromOtherChannel(message: ContextMessage, channelId: string | undefined): boolean {
  return channelId !== undefined && message.channelId !== undefined && message.channelId !== channelId;
}

function render(items: readonly Item[], headings: Headings): string {
  if (items.length === 0) {
    return '';
  }
  const parts = [INJECTED_OPEN];
  for (const section of SECTION_ORDER) {
    const mine = items.filter((item) => item.section === section).sort((a, b) => a.order - b.order);
    if (mine.length > 0) {
      parts.push(headings[section], ...mine.map((item) => item.lines));
    }
  }
  parts.push(INJECTED_CLOSE);

  return parts.join('\n');
}

/** A memory as the agent reads it: what the user said of themselves, in the third person. */
function memoryLine(memory: ContextMemory): string {
  return `- ${toThirdPerson(memory.content)}`;
}

/** Two rules that differ only in case, spacing or closing punctuation are one rule. */
function sameRule(content: string): string {
  const words = content.toLowerCase().replace(/\s+/g, ' ');
  let end = words.length;
  while (end > 0 && ' .!'.includes(words[end - 1]!)) {
    end--;
  }

  return words.slice(0, end);
}

function memorySection(memory: ContextMemory): Section {
  if (memory.tier !== Tier.HIGH) {
    return 'possible';
  }
  if (memory.type === MemoryType.IDENTITY) {
    return 'identity';
  }

  return memory.type === MemoryType.PREFERENCE ? 'preferences' : 'other';
}

/** Which share of the budget a section draws on (constraints draw on none: they always come first). */
const SHARE_OF: Readonly<Record<Section, SharedSection | null>> = {
  constraints: null,
  bulletin: 'bulletin',
  identity: 'memories',
  preferences: 'memories',
  other: 'memories',
  possible: 'memories',
  earlier: 'others',
  summary: 'summary',
  turns: 'turns',
  recent: 'recent',
};

/**
 * Fits the material into `budget` tokens (real tokenizer):
 *   1. the constraints (rules: always, when they fit at all), then the newest message (truncated rather than dropped);
 *   2. the room left is split between bulletin, memories, earlier turns of this conversation, other conversations,
 *      summary and recent messages by `splitBudget` (shares in `policy`, tuned by `npm run bench -- context`; a
 *      section that needs less than its share leaves the rest to the others);
 *   3. each section fills its share: the recent messages newest first and contiguous (tool output cut to 15% of the
 *      budget first), the retrieved earlier turns best first (those already in the recent window left out, each
 *      with its neighbours when it is short, see `policy.neighboursBelow`), the memories (HIGH identity, HIGH
 *      preferences, other HIGH, then MEDIUM as "possibly relevant"; one extracted from a message already shown is
 *      left out), the bulletin (whole or not at all: agents prompt-cache it), the summary (truncated to its share),
 *      other conversations' messages;
 *   4. whatever room is still left goes, in that order, to more recent messages, turns, memories and the rest.
 * `tokenCount` is the token count of `text`, never more than `budget`.
 */
export function assembleContext(
  material: ContextMaterial,
  budget: number,
  policy: ContextPolicy = CONTEXT_POLICY,
): AssembledContext {
  const included: Item[] = [];
  const done = new Set<string>();
  const headings: Headings = material.turns.some(
    (turn) =>
      fromOtherChannel(turn.message, material.channelId) ||
      turn.neighbours.some((m) => fromOtherChannel(m, material.channelId)),
  )
    ? { ...HEADINGS, turns: PROJECT_TURNS_HEADING }
    : HEADINGS;
  const frame = countTokens(`${INJECTED_OPEN}\n${INJECTED_CLOSE}`);
  let used = frame;
  // the passes below render and count the same lines again: each is built and counted once per call
  const counted = new LineTokens(countTokens);
  const earlierLine = renderedOnce((m: ContextMessage) => messageLine(m, m.content, EARLIER));
  const turnLine = renderedOnce((m: ContextMessage) => messageLine(m, m.content, turnMarker(m, material.channelId)));
  const memoryLineOf = renderedOnce(memoryLine);
  const opened = new Set<Section>();
  /** What each shared section may still take: unlimited before the split and in the last pass. */
  let caps: Record<SharedSection, number> | null = null;
  const spent = Object.fromEntries(SHARED_SECTIONS.map((s) => [s, 0])) as Record<SharedSection, number>;
  const headingCost = (section: Section): number => (opened.has(section) ? 0 : counted.tokens(headings[section]));
  const cost = (section: Section, text: string): number => counted.tokens(text) + headingCost(section);
  const room = (section: Section): number => {
    const share = SHARE_OF[section];

    return Math.min(budget - used, caps !== null && share !== null ? caps[share] - spent[share] : Infinity);
  };
  const ids = (section: Section): string[] =>
    included
      .filter((item) => item.section === section)
      .sort((a, b) => a.order - b.order)
      .map((item) => item.id);
  const add = (section: Section, id: string, order: number, text: string): boolean => {
    const needed = cost(section, text);
    if (done.has(`${section}|${id}`) || needed > room(section)) {
      return false;
    }
    included.push({ section, id, order, lines: text });
    done.add(`${section}|${id}`);
    opened.add(section);
    used += needed;
    const share = SHARE_OF[section];
    if (share !== null) {
      spent[share] += needed;
    }

    return true;
  };
  /** Adds `content` cut to whatever room is left (never below a useful minimum). */
  const addTruncated = (
    section: Section,
    id: string,
    order: number,
    line: (content: string) => string,
    content: string,
  ): string | null => {
    if (add(section, id, order, line(content))) {
      return content;
    }
    const spare = room(section) - cost(section, line(TRUNCATED));
    if (spare < MIN_TRUNCATED_TOKENS) {
      return null;
    }
    const cut = `${truncateToTokens(content, spare)}${TRUNCATED}`;

    return add(section, id, order, line(cut)) ? cut : null;
  };

  const ruleTexts = new Set<string>();
  material.constraints.forEach((c, i) => {
    const key = sameRule(c.content);
    if (!ruleTexts.has(key) && add('constraints', c.id, i, `- ${toThirdPerson(c.content)}`)) {
      ruleTexts.add(key);
    }
  });

  const recent = material.recent;
  const toolCap = Math.max(MIN_TRUNCATED_TOKENS, Math.floor(budget * TOOL_OUTPUT_SHARE));
  const capTool = (m: ContextMessage): string =>
    m.role === 'TOOL' && countTokens(m.content) > toolCap
      ? `${truncateToTokens(m.content, toolCap)}${TRUNCATED}`
      : m.content;
  const recentLine = renderedOnce((m: ContextMessage) => messageLine(m, capTool(m)));
  /** Messages shown (recent window and earlier turns), with their content as shown. */
  const kept = new Map<string, string>();
  const newest = recent[recent.length - 1];
  if (newest) {
    const content = addTruncated(
      'recent',
      newest.id,
      recent.length - 1,
      (c) => messageLine(newest, c),
      capTool(newest),
    );
    if (content !== null) {
      kept.set(newest.id, content);
    }
  }

  const briefing = material.bulletin?.trim()
    ? fitBriefing(
        briefingSections(material.bulletin, ids('constraints')),
        Math.min(budget - used, Math.max(MIN_BRIEFING_TOKENS, Math.floor((budget - used) * BRIEFING_SHARE))) -
          countTokens(`${headings.bulletin}\n`),
      )
    : null;
  // a memory the briefing states is not repeated among the recalled ones
  const briefed = new Set<string>();
  if (briefing !== null && add('bulletin', 'bulletin', 0, briefing)) {
    briefing.split('\n').forEach((line) => briefed.add(lineRef(line) ?? ''));
  }
  const summaryText = material.summary?.trim() ? material.summary.trim() : null;
  const memories = material.memories.filter((m) => m.tier !== Tier.LOW);
  const withNeighbours = (turn: ContextTurn): ContextMessage[] =>
    policy.neighboursBelow > 0 && countTokens(turn.message.content) < policy.neighboursBelow
      ? [turn.message, ...turn.neighbours]
      : [turn.message];

  // What each section would take if it had the room, for the split; the recent window only as far as could fit.
  const free = budget - used;
  let recentDemand = 0;
  for (let i = recent.length - 2; i >= 0 && recentDemand <= free; i--) {
    recentDemand += counted.tokens(recentLine(recent[i]!));
  }
  const sum = (texts: readonly string[]): number => texts.reduce((total, line) => total + counted.tokens(line), 0);
  const demand: Record<SharedSection, number> = {
    bulletin: 0,
    memories: memories.length === 0 ? 0 : sum(memories.map(memoryLineOf)) + counted.tokens(HEADINGS.other),
    turns:
      material.turns.length === 0
        ? 0
        : sum(material.turns.flatMap(withNeighbours).map(turnLine)) + counted.tokens(headings.turns),
    others:
      material.earlier.length === 0
        ? 0
        : sum(material.earlier.map((m) => earlierLine(m))) + counted.tokens(HEADINGS.earlier),
    summary: summaryText === null ? 0 : cost('summary', summaryText),
    recent: recentDemand,
  };
  caps = splitBudget(free, policy.shares, demand);

  let next = recent.length - 2;
  const fillRecent = (): void => {
    if (!newest || !kept.has(newest.id)) {
      return;
    }
    for (; next >= 0; next--) {
      const message = recent[next]!;
      if (done.has(`turns|${message.id}`)) {
        return;
      }
      const content =
        message.role === 'TOOL'
          ? addTruncated('recent', message.id, next, (c) => messageLine(message, c), capTool(message))
          : add('recent', message.id, next, recentLine(message))
            ? message.content
            : null;
      if (content === null) {
        return;
      }
      kept.set(message.id, content);
    }
  };
  // a message is shown once: a turn of the project's other channels may also be among the other conversations'
  const fillTurns = (): void => {
    for (const turn of material.turns) {
      for (const message of withNeighbours(turn)) {
        if (
          !kept.has(message.id) &&
          !done.has(`earlier|${message.id}`) &&
          add('turns', message.id, message.createdAt.getTime(), turnLine(message))
        ) {
          kept.set(message.id, message.content);
        }
      }
    }
  };
  const fillMemories = (): void => {
    for (const section of MEMORY_SECTIONS) {
      memories.forEach((memory, i) => {
        const repeated =
          (memory.sources?.some((id) => kept.has(id)) ?? false) || briefed.has(memory.id.slice(0, REF_LENGTH));
        if (memorySection(memory) === section && !repeated) {
          add(section, memory.id, i, memoryLineOf(memory));
        }
      });
    }
  };
  const fillOthers = (): void =>
    material.earlier.forEach((m, i) => {
      if (!kept.has(m.id)) {
        add('earlier', m.id, i, earlierLine(m));
      }
    });
  let summary: string | null = null;
  const fillRest = (): void => {
    if (summaryText !== null && summary === null) {
      summary = addTruncated('summary', 'summary', 0, (c) => c, summaryText);
    }
    fillOthers();
  };

  fillRecent();
  fillTurns();
  fillMemories();
  fillRest();
  caps = null;
  fillRecent();
  fillTurns();
  fillMemories();
  fillRest();

  // Token counts of lines add up to the count of the joined text almost always; when they do not, the last items
  // added go until the real count fits.
  let text = render(included, headings);
  let tokenCount = countTokens(text);
  while (included.length > 0 && tokenCount > budget) {
    included.pop();
    text = render(included, headings);
    tokenCount = countTokens(text);
  }
  const memoryIds = new Set(MEMORY_SECTIONS.flatMap(ids));
  const messageIds = new Set(ids('recent'));

  return {
    text,
    tokenCount,
    constraintIds: ids('constraints'),
    bulletin: included.some((item) => item.section === 'bulletin') ? briefing : null,
    memoryIds: memories.filter((m) => memoryIds.has(m.id)).map((m) => m.id),
    earlierIds: ids('earlier'),
    turnIds: ids('turns'),
    summary: included.some((item) => item.section === 'summary') ? summary : null,
    messages: recent.filter((m) => messageIds.has(m.id)).map((m) => ({ ...m, content: kept.get(m.id) ?? m.content })),
  };
}
