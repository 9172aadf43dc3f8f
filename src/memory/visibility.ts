import { MemoryScope } from 'src/memory/memory.enums';
import type { MemoryRecord } from 'src/memory/memory.types';

/** Scopes: GLOBAL is visible everywhere, PROJECT to its project, THREAD to its channel only. */
export function scopeVisible(
  memory: Pick<MemoryRecord, 'scope' | 'channelId' | 'projectId'>,
  where: { channelId?: string | null; projectId?: string | null },
): boolean {
  switch (memory.scope) {
    case MemoryScope.GLOBAL:
      return true;
    case MemoryScope.PROJECT:
      return memory.projectId !== null && memory.projectId === where.projectId;
    case MemoryScope.THREAD:
      return memory.channelId !== null && memory.channelId === where.channelId;
  }
}
