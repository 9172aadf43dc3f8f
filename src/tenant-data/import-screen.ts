import { BadInputError } from 'src/common/errors';
import { countTokens } from 'src/common/tokens';
import { assertPrintable } from 'src/common/validation';
import { assertTokenBudget, parseMessageRequest } from 'src/conversation/conversation-input';
import { USER_ENTITY_KEY } from 'src/domain/entity.types';
import { MemoryStatus, SourceRole } from 'src/domain/memory.enums';
import { foldName } from 'src/entities/entity-names';
import { detectInjection } from 'src/memory/guards/injection';
import { parseRememberRequest } from 'src/memory/remember-input';
import { readWrite } from 'src/memory/write/read-write';
import type { ExportRecord } from 'src/tenant-data/tenant-export.format';

type RecordOf<K extends ExportRecord['kind']> = Extract<ExportRecord, { kind: K }>;

export interface ImportScreenOptions {
  maxContentBytes: number;
  /** An operator's raw import: the firewall is off (history as it was). Every limit and every other guard holds. */
  trusted: boolean;
}

/** The line's own problem as BAD_USER_INPUT naming the line, whatever check found it. */
function atLine<T>(line: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof BadInputError ? new BadInputError(`line ${line}: ${error.message}`) : error;
  }
}

function assertText(value: string, field: string, maxBytes: number): void {
  assertPrintable(value, field);
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxBytes) {
    throw new BadInputError(`${field} is ${bytes} bytes; the limit is ${maxBytes} bytes`);
  }
}

/**
 * A memory line through the checks and guards of `remember` (parseRememberRequest, then readWrite): control
 * characters, MAX_CONTENT_BYTES, slot and tag syntax, firewall (unless trusted), contamination (a slot or a claim
 * about the user from anyone but the user) and injection (an ACTIVE memory that carries one is QUARANTINED).
 * A user's memory may be terse, as an explicit `remember` from the user may.
 */
export function screenMemoryLine(
  record: RecordOf<'memory'>,
  line: number,
  options: ImportScreenOptions,
): RecordOf<'memory'> {
  return atLine(line, () => {
    const command = parseRememberRequest(
      {
        content: record.content,
        context: record.context,
        type: record.type,
        scope: record.scope,
        channelId: record.channelId,
        projectId: record.projectId,
        slot: record.slot,
        importance: record.importance,
        confidence: record.confidence,
        tags: record.tags,
        source: record.source,
        explicit: record.source.role === SourceRole.USER,
        createdAt: record.createdAt,
        occurredAt: record.occurredAt,
      },
      options.maxContentBytes,
    );
    const result = readWrite(command, {}, { firewall: !options.trusted, detectSlots: false });
    if ('rejection' in result) {
      throw new BadInputError(result.rejection);
    }
    const quarantine = result.screened.status === MemoryStatus.QUARANTINED && record.status === MemoryStatus.ACTIVE;

    return {
      ...record,
      content: command.content,
      context: command.context,
      slot: command.slot,
      tags: command.tags,
      status: quarantine ? MemoryStatus.QUARANTINED : record.status,
    };
  });
}

/** A message line as `appendMessage` takes it; its token count is recounted with the real tokenizer. */
export function screenMessageLine(
  record: RecordOf<'message'>,
  line: number,
  options: ImportScreenOptions,
): RecordOf<'message'> {
  return atLine(line, () => {
    const command = parseMessageRequest(
      {
        channelId: record.channelId,
        role: record.role,
        content: record.content,
        speaker: record.speaker,
        trust: record.trust,
      },
      options.maxContentBytes,
    );

    return { ...record, speaker: command.speaker, tokenCount: countTokens(record.content) };
  });
}

/** A summary holds text as a message does: the same characters and size, its token count recounted. */
export function screenSummaryLine(
  record: RecordOf<'summary'>,
  line: number,
  options: ImportScreenOptions,
): RecordOf<'summary'> {
  return atLine(line, () => {
    assertText(record.content, 'content', options.maxContentBytes);

    return { ...record, tokenCount: countTokens(record.content) };
  });
}

/** A channel's token budget within the bounds `openChannel` accepts. */
export function screenChannelLine(record: RecordOf<'channel'>, line: number): RecordOf<'channel'> {
  return atLine(line, () => {
    if (record.tokenBudget !== null) {
      assertTokenBudget(record.tokenBudget);
    }

    return record;
  });
}

/**
 * A bulletin is text read into every context as it is: it gets the limits of a memory, and text a memory would be
 * quarantined for (as the system's own words) refuses the file.
 */
export function screenBulletinLine(
  record: RecordOf<'bulletin'>,
  line: number,
  options: ImportScreenOptions,
): RecordOf<'bulletin'> {
  return atLine(line, () => {
    assertText(record.content, 'content', options.maxContentBytes);
    const injection = detectInjection(record.content, SourceRole.SYSTEM);
    if (injection.quarantine) {
      throw new BadInputError(`bulletin refused: possible prompt injection (${injection.signals.join(', ')})`);
    }

    return record;
  });
}

/**
 * An entity's names are read into contexts (entity cards) as they are: printable, and refused when a memory holding
 * them would be quarantined. Its keys are what mentions resolve by, so each must be a folded name (as the linker
 * writes them); a merge names another entity.
 */
export function screenEntityLine(record: RecordOf<'entity'>, line: number): RecordOf<'entity'> {
  return atLine(line, () => {
    for (const name of [record.name, ...record.aliases]) {
      assertPrintable(name, 'name');
      const injection = detectInjection(name, SourceRole.SYSTEM);
      if (injection.quarantine) {
        throw new BadInputError(`entity refused: possible prompt injection (${injection.signals.join(', ')})`);
      }
    }
    const unfolded = [record.key, ...record.keys].find((key) => key !== USER_ENTITY_KEY && foldName(key) !== key);
    if (unfolded !== undefined) {
      throw new BadInputError(`entity key ${JSON.stringify(unfolded)} is not a folded name`);
    }
    if (record.mergedInto === record.id) {
      throw new BadInputError('an entity cannot be merged into itself');
    }

    return record;
  });
}
