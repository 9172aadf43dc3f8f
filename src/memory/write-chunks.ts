import type { InsertMemoryCommand } from 'src/domain/memory-store.port';

/** Items a transaction: 25 linked or plain items took 20-30 ms of one event-loop turn on the loaded 2-core machine. */
export const IMPORT_WRITE_CHUNK = 25;
/** A chunk also ends at this much content (characters): ten 100 KB items in one transaction held the loop 100 ms. */
export const IMPORT_WRITE_CHUNK_CHARS = 64_000;

/** `items` cut into runs of at most IMPORT_WRITE_CHUNK items and, past their first item, IMPORT_WRITE_CHUNK_CHARS. */
export function writeChunks<T extends { item: InsertMemoryCommand }>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let chars = 0;
  for (const entry of items) {
    const size = entry.item.memory.content.length;
    if (chunk.length > 0 && (chunk.length >= IMPORT_WRITE_CHUNK || chars + size > IMPORT_WRITE_CHUNK_CHARS)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(entry);
    chars += size;
  }
  if (chunk.length > 0) {
    chunks.push(chunk);
  }

  return chunks;
}
