import type { ChannelRecord } from 'src/domain/conversation.types';
import { MemoryScope, MemoryType } from 'src/domain/memory.enums';

/** Words that make a memory about the user (first person, or "the user" in an LLM's third-person sentence). */
const PERSONAL = /\b(?:i|i'm|i've|i'd|my|me|mine|the user|user's|jeg|mit|min|mine|mig|brugeren|brugerens)\b/iu;

export interface ExtractionScope {
  scope: MemoryScope;
  channelId: string | null;
  projectId: string | null;
}

/**
 * Where a memory learned in a channel belongs: THREAD-scoped to a private channel (it never surfaces elsewhere);
 * otherwise GLOBAL for what describes the user (identity, preferences, first-person facts) and PROJECT-scoped to the
 * channel's project for the rest (decisions, tasks, facts about the work); GLOBAL when the channel has no project.
 */
export function extractionScope(channel: ChannelRecord, type: MemoryType | null, content: string): ExtractionScope {
  if (channel.private) {
    return { scope: MemoryScope.THREAD, channelId: channel.id, projectId: null };
  }
  const personal = type === MemoryType.IDENTITY || type === MemoryType.PREFERENCE || PERSONAL.test(content);
  if (channel.projectId !== null && !personal) {
    return { scope: MemoryScope.PROJECT, channelId: null, projectId: channel.projectId };
  }

  return { scope: MemoryScope.GLOBAL, channelId: null, projectId: null };
}
