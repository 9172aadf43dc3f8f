import { countTokens, truncateToTokens } from 'src/conversation/tokens';
import { INJECTED_CLOSE, INJECTED_OPEN } from 'src/extraction/injected-text';
import { MemoryType } from 'src/memory/memory.enums';
import { Tier } from 'src/recall/ranking';

export interface ContextMemory {
  id: string;
  type: MemoryType;
  content: string;
  tier: Tier;
}

export interface ContextMessage {
  id: string;
  role: string;
  speaker: string | null;
  content: string;
  createdAt: Date;
}

/** Everything `context` could say, before the budget decides. */
export interface ContextMaterial {
  /** Memories tagged `constraint`, most important first. */
  constraints: readonly { id: string; content: string }[];
  bulletin: string | null;
  /** Recalled memories, best first; LOW tier is dropped here. */
  memories: readonly ContextMemory[];
  /** Relevant messages from the tenant's other channels, best first. */
  earlier: readonly ContextMessage[];
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
  /** As included (possibly truncated), or null. */
  summary: string | null;
  /** Included live messages, oldest first, with the content as included (tool output may be truncated). */
  messages: ContextMessage[];
}

/** Tool output beyond this share of the budget is cut before anything else competes for room. */
export const TOOL_OUTPUT_SHARE = 0.15;
const MIN_TRUNCATED_TOKENS = 16;
const TRUNCATED = ' … [truncated]';

const HEADINGS = {
  constraints: '## Rules (always follow)',
  bulletin: '## Briefing',
  identity: '## About the user',
  preferences: '## Preferences',
  other: '## Relevant memories',
  possible: '## Possibly relevant',
  earlier: '## From earlier conversations',
  summary: '## Earlier in this conversation',
  recent: '## Recent messages',
} as const;
type Section = keyof typeof HEADINGS;
/** Document order of the sections; the priority order (who gets room first) is in `assembleContext`. */
const SECTION_ORDER: readonly Section[] = ['constraints', 'bulletin', 'identity', 'preferences', 'other', 'possible', 'earlier', 'summary', 'recent'];

interface Item {
  section: Section;
  id: string;
  /** Position inside the section when rendered. */
  order: number;
  lines: string;
}

function messageLine(message: ContextMessage, content: string): string {
  const at = message.createdAt.toISOString().slice(0, 16).replace('T', ' ');
  const who = message.speaker ? `${message.speaker} (${message.role.toLowerCase()})` : message.role.toLowerCase();

  return `[${at}] ${who}: ${oneLine(content)}`;
}

/**
 * Every whitespace run holding a line break becomes one space. Matching "spaces, line break, spaces" retried at
 * every position of a long run of spaces (quadratic time); `/\s+/g` consumes each run once.
 */
export function oneLine(content: string): string {
  return content.replace(/\s+/gu, (run) => (run.includes('\n') ? ' ' : run));
}

function render(items: readonly Item[]): string {
  if (items.length === 0) {
    return '';
  }
  const parts = [INJECTED_OPEN];
  for (const section of SECTION_ORDER) {
    const mine = items.filter((item) => item.section === section).sort((a, b) => a.order - b.order);
    if (mine.length > 0) {
      parts.push(HEADINGS[section], ...mine.map((item) => item.lines));
    }
  }
  parts.push(INJECTED_CLOSE);

  return parts.join('\n');
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

/**
 * Fits the material into `budget` tokens (real tokenizer), handing out room in this order of priority:
 *   1. constraints (rules: always, when they fit at all)
 *   2. the newest message (truncated rather than dropped)
 *   3. the bulletin (whole or not at all: agents prompt-cache it)
 *   4. recalled memories: HIGH identity, HIGH preferences, other HIGH, then MEDIUM as "possibly relevant"
 *   5. the channel's summary (truncated to the room left)
 *   6. earlier live messages, newest first, each whole (tool output cut to 15% of the budget first, then to the
 *      room left); the first message that does not fit ends the transcript, so it stays contiguous
 *   7. relevant messages from other conversations, when room is left
 * So when the budget is tight, what goes first is other conversations, then older messages, then tool output is
 * truncated, then the summary, then memories (MEDIUM first), the bulletin, and last the newest message and the
 * constraints. `tokenCount` is the token count of `text`, never more than `budget`.
 */
export function assembleContext(material: ContextMaterial, budget: number): AssembledContext {
  const included: Item[] = [];
  const frame = countTokens(`${INJECTED_OPEN}\n${INJECTED_CLOSE}`);
  let used = frame;
  const opened = new Set<Section>();
  const cost = (section: Section, lines: string): number =>
    countTokens(`${lines}\n`) + (opened.has(section) ? 0 : countTokens(`${HEADINGS[section]}\n`));
  const room = (): number => budget - used;
  const add = (section: Section, id: string, order: number, lines: string): boolean => {
    const needed = cost(section, lines);
    if (needed > room()) {
      return false;
    }
    included.push({ section, id, order, lines });
    opened.add(section);
    used += needed;

    return true;
  };
  /** Adds `content` cut to whatever room is left (never below a useful minimum). */
  const addTruncated = (section: Section, id: string, order: number, line: (content: string) => string, content: string): string | null => {
    if (add(section, id, order, line(content))) {
      return content;
    }
    const spare = room() - cost(section, line(TRUNCATED));
    if (spare < MIN_TRUNCATED_TOKENS) {
      return null;
    }
    const cut = `${truncateToTokens(content, spare)}${TRUNCATED}`;

    return add(section, id, order, line(cut)) ? cut : null;
  };

  material.constraints.forEach((c, i) => add('constraints', c.id, i, `- ${c.content}`));

  const recent = material.recent;
  const toolCap = Math.max(MIN_TRUNCATED_TOKENS, Math.floor(budget * TOOL_OUTPUT_SHARE));
  const capTool = (m: ContextMessage): string =>
    m.role === 'TOOL' && countTokens(m.content) > toolCap ? `${truncateToTokens(m.content, toolCap)}${TRUNCATED}` : m.content;
  const kept = new Map<string, string>();
  const newest = recent[recent.length - 1];
  if (newest) {
    const content = addTruncated('recent', newest.id, recent.length - 1, (c) => messageLine(newest, c), capTool(newest));
    if (content !== null) {
      kept.set(newest.id, content);
    }
  }

  const bulletin = material.bulletin?.trim() ? material.bulletin.trim() : null;
  const bulletinIncluded = bulletin !== null && add('bulletin', 'bulletin', 0, bulletin);

  const memories = material.memories.filter((m) => m.tier !== Tier.LOW);
  const priority: Section[] = ['identity', 'preferences', 'other', 'possible'];
  for (const section of priority) {
    memories.forEach((memory, i) => {
      if (memorySection(memory) === section) {
        add(section, memory.id, i, `- ${memory.content}`);
      }
    });
  }

  const summaryText = material.summary?.trim() ? material.summary.trim() : null;
  const summary = summaryText === null ? null : addTruncated('summary', 'summary', 0, (c) => c, summaryText);

  if (newest && kept.has(newest.id)) {
    for (let i = recent.length - 2; i >= 0; i--) {
      const message = recent[i]!;
      const content =
        message.role === 'TOOL'
          ? addTruncated('recent', message.id, i, (c) => messageLine(message, c), capTool(message))
          : add('recent', message.id, i, messageLine(message, message.content))
            ? message.content
            : null;
      if (content === null) {
        break;
      }
      kept.set(message.id, content);
    }
  }

  material.earlier.forEach((message, i) => add('earlier', message.id, i, messageLine(message, message.content)));

  // Token counts of lines add up to the count of the joined text almost always; when they do not, the lowest
  // priority items go until the real count fits.
  let text = render(included);
  let tokenCount = countTokens(text);
  while (included.length > 0 && tokenCount > budget) {
    included.pop();
    text = render(included);
    tokenCount = countTokens(text);
  }
  const ids = (section: Section): string[] =>
    included.filter((item) => item.section === section).sort((a, b) => a.order - b.order).map((item) => item.id);
  const memoryIds = new Set(priority.flatMap(ids));
  const messageIds = new Set(ids('recent'));

  return {
    text,
    tokenCount,
    constraintIds: ids('constraints'),
    bulletin: bulletinIncluded && included.some((item) => item.section === 'bulletin') ? bulletin : null,
    memoryIds: memories.filter((m) => memoryIds.has(m.id)).map((m) => m.id),
    earlierIds: ids('earlier'),
    summary: included.some((item) => item.section === 'summary') ? summary : null,
    messages: recent.filter((m) => messageIds.has(m.id)).map((m) => ({ ...m, content: kept.get(m.id) ?? m.content })),
  };
}
