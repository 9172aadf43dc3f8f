import type { MemoryType } from 'src/domain/memory.enums';

/** What the bulletin needs of a memory. */
export interface BulletinCandidate {
  id: string;
  type: MemoryType;
  content: string;
  importance: number;
  confidence: number;
  tags: readonly string[];
  /** When it happened or was said: orders the recent events. */
  occurredAt: Date;
  createdAt: Date;
}
