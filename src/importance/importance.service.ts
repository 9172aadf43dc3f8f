import { Inject, Injectable } from '@nestjs/common';

import { yieldToEventLoop } from 'src/common/event-loop';
import { markerKey } from 'src/domain/change-marker';
import { blendScores, changed, weightedPageRank } from 'src/importance/importance.scorer';
import { MEMORY_GRAPH } from 'src/store/memory-graph.port';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';

export const IMPORTANCE_STATE = 'importance';
/** Scores written per transaction: a fresh 10k import moves nearly every memory's score at once. */
const WRITE_BATCH = 500;

/** What the importance job remembers per tenant, so the sweep can tell a burst of writes from a quiet tenant. */
export interface ImportanceState {
  marker: string;
  count: number;
  ranAt: string;
}

export function parseImportanceState(raw: string | null): ImportanceState | null {
  if (raw === null) {
    return null;
  }
  try {
    return JSON.parse(raw) as ImportanceState;
  } catch {
    return null;
  }
}

/** Reads the tenant's graph once, scores it in memory, and writes back only the memories whose scores moved. */
@Injectable()
export class ImportanceService {
  constructor(@Inject(MEMORY_GRAPH) private readonly graph: MemoryGraphStore) {}

  /** Returns how many memories changed importance or centrality. */
  async refresh(tenantId: string, now = new Date()): Promise<number> {
    const marker = await this.graph.changeMarker(tenantId);
    const { nodes, edges } = await this.graph.readImportanceGraph(tenantId);
    // the job runs in the API's own process by default: the read, PageRank and the blend each get a turn of their own
    await yieldToEventLoop();
    const ranks = weightedPageRank(nodes, edges);
    await yieldToEventLoop();
    const scores = blendScores(nodes, ranks);
    const updates = nodes.flatMap((node) => {
      const score = scores.get(node.id);

      return score && (changed(node.importance, score.importance) || changed(node.centrality, score.centrality))
        ? [{ id: node.id, importance: score.importance, centrality: score.centrality }]
        : [];
    });
    for (let i = 0; i < updates.length; i += WRITE_BATCH) {
      await this.graph.writeImportance(tenantId, updates.slice(i, i + WRITE_BATCH));
      await yieldToEventLoop();
    }
    const state: ImportanceState = { marker: markerKey(marker), count: marker.count, ranAt: now.toISOString() };
    await this.graph.writeJobState(tenantId, IMPORTANCE_STATE, JSON.stringify(state));

    return updates.length;
  }
}
