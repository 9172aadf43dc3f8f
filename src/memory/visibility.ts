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

/**
 * Task isolation: memories written on behalf of a scheduled task (they carry its id) are visible only to that task;
 * `task` absent means no isolation (every task's memories are visible).
 */
export function taskVisible(memory: Pick<MemoryRecord, 'source'>, task: { taskId: string | null } | undefined): boolean {
  return task === undefined || memory.source.taskId === null || memory.source.taskId === task.taskId;
}

type Scoped = Pick<MemoryRecord, 'scope' | 'channelId' | 'projectId'>;

/**
 * Whether some reader sees both memories at once: a GLOBAL memory is seen with any other, two PROJECT (or two THREAD)
 * memories only within the same project (or channel), and a PROJECT memory with a THREAD one in a project's channel.
 */
export function seenTogether(a: Scoped, b: Scoped): boolean {
  if (a.scope !== b.scope || a.scope === MemoryScope.GLOBAL) {
    return true;
  }

  return a.scope === MemoryScope.PROJECT ? a.projectId === b.projectId : a.channelId === b.channelId;
}
