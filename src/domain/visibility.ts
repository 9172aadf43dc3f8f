import { MemoryScope } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';

/** Where a reader stands: the project and the channel it reads in, if any. */
export interface ReaderScope {
  channelId?: string | null;
  projectId?: string | null;
}

/** One scope a memory lives in: GLOBAL (id null), or a PROJECT or THREAD with the project or channel id unlocking it. */
export interface ScopeRef {
  scope: MemoryScope;
  id: string | null;
}

/**
 * The scope-visibility rule, owned here once: a reader sees GLOBAL memories, its project's and its channel's. Store
 * adapters translate this list into their queries (SQL, Cypher, the vec0 partition keys); they never decide it.
 */
export function visibleScopes(where: ReaderScope): ScopeRef[] {
  const scopes: ScopeRef[] = [{ scope: MemoryScope.GLOBAL, id: null }];
  if (where.projectId !== undefined && where.projectId !== null) {
    scopes.push({ scope: MemoryScope.PROJECT, id: where.projectId });
  }
  if (where.channelId !== undefined && where.channelId !== null) {
    scopes.push({ scope: MemoryScope.THREAD, id: where.channelId });
  }

  return scopes;
}

/** The scope a memory lives in. */
export function scopeOf(memory: Pick<MemoryRecord, 'scope' | 'channelId' | 'projectId'>): ScopeRef {
  switch (memory.scope) {
    case MemoryScope.GLOBAL:
      return { scope: memory.scope, id: null };
    case MemoryScope.PROJECT:
      return { scope: memory.scope, id: memory.projectId };
    case MemoryScope.THREAD:
      return { scope: memory.scope, id: memory.channelId };
  }
}

/** A scope as one string ('G', 'P:<projectId>', 'T:<channelId>'), for stores that match scopes by key. */
export function scopeKey(ref: ScopeRef): string {
  switch (ref.scope) {
    case MemoryScope.GLOBAL:
      return 'G';
    case MemoryScope.PROJECT:
      return `P:${ref.id ?? ''}`;
    case MemoryScope.THREAD:
      return `T:${ref.id ?? ''}`;
  }
}

/** Scopes: GLOBAL is visible everywhere, PROJECT to its project, THREAD to its channel only. */
export function scopeVisible(
  memory: Pick<MemoryRecord, 'scope' | 'channelId' | 'projectId'>,
  where: ReaderScope,
): boolean {
  const own = scopeOf(memory);

  return visibleScopes(where).some((ref) => ref.scope === own.scope && ref.id === own.id);
}

/**
 * Task isolation: memories written on behalf of a scheduled task (they carry its id) are visible only to that task;
 * `task` absent means no isolation (every task's memories are visible).
 */
export function taskVisible(
  memory: Pick<MemoryRecord, 'source'>,
  task: { taskId: string | null } | undefined,
): boolean {
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
