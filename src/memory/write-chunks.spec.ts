import type { InsertMemoryCommand } from 'src/domain/memory-store.port';
import { IMPORT_WRITE_CHUNK, IMPORT_WRITE_CHUNK_CHARS, writeChunks } from 'src/memory/write-chunks';

function items(...sizes: number[]): { item: InsertMemoryCommand; index: number }[] {
  return sizes.map((size, index) => ({
    item: { memory: { content: 'x'.repeat(size) }, vector: null, links: [] } as unknown as InsertMemoryCommand,
    index,
  }));
}

const shape = (chunks: { index: number }[][]): number[][] => chunks.map((chunk) => chunk.map((c) => c.index));

describe('writeChunks', () => {
  it('cuts short items by count', () => {
    const chunks = writeChunks(items(...Array.from({ length: 2 * IMPORT_WRITE_CHUNK + 1 }, () => 10)));

    expect(chunks.map((c) => c.length)).toEqual([IMPORT_WRITE_CHUNK, IMPORT_WRITE_CHUNK, 1]);
  });

  it('ends a chunk before the item that would take it past the content budget', () => {
    const big = IMPORT_WRITE_CHUNK_CHARS / 2;

    expect(shape(writeChunks(items(big, big, 1, big)))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('writes an item larger than the budget alone, never drops or reorders one', () => {
    const huge = IMPORT_WRITE_CHUNK_CHARS + 1;

    expect(shape(writeChunks(items(5, huge, 5, huge)))).toEqual([[0], [1], [2], [3]]);
    expect(writeChunks([])).toEqual([]);
  });
});
