import { Inject, Injectable } from '@nestjs/common';

import { assertLimit } from 'src/common/validation';
import type { MessageRecord } from 'src/domain/conversation.types';
import { MEMORY_STORE } from 'src/domain/memory-store.port';
import type { MemoryStore } from 'src/domain/memory-store.port';
import { Direction, RelationType } from 'src/domain/memory.enums';
import type { SourceRole } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import type { LinkedMemory } from 'src/memory/memory-write.service';
import { checkAssociationRequest, MAX_ASSOCIATIONS, MemoryService } from 'src/memory/memory.service';
import { CONVERSATION_STORE } from 'src/store/conversation-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';

export interface MemoryProvenance {
  role: SourceRole;
  channelId: string | null;
  taskId: string | null;
  skillId: string | null;
  messageId: string | null;
  /** The message it was learned from, while that message still exists. */
  message: MessageRecord | null;
}

export interface MemoryInspection {
  memory: MemoryRecord;
  supersededBy: MemoryRecord | null;
  /** Memories this one retired (they point at it with supersededBy). */
  supersedes: MemoryRecord[];
  associations: LinkedMemory[];
  provenance: MemoryProvenance;
}

export interface NeighbourhoodEdge {
  fromId: string;
  toId: string;
  type: RelationType;
  weight: number;
}

export interface Neighbourhood {
  centreId: string;
  nodes: MemoryRecord[];
  /** Edges between two of the nodes. */
  edges: NeighbourhoodEdge[];
  /** More memories were within reach than `maxNodes`. */
  truncated: boolean;
}

export const MAX_HOPS = 2;
export const MAX_NEIGHBOURHOOD = 150;
/** Edges followed from each memory of the neighbourhood, heaviest first. */
const EDGES_PER_NODE = 25;

/** What a person inspecting one memory sees: where it came from, what replaced what, and its part of the graph. */
@Injectable()
export class MemoryInspectionService {
  constructor(
    private readonly memories: MemoryService,
    @Inject(MEMORY_STORE) private readonly store: MemoryStore,
    @Inject(CONVERSATION_STORE) private readonly conversations: ConversationStore,
  ) {}

  async inspect(tenantId: string, id: string, associationLimit: number): Promise<MemoryInspection> {
    const memory = await this.memories.get(tenantId, id);
    const [associations, replacing, supersededBy, messages] = await Promise.all([
      this.memories.associations(tenantId, memory.id, { limit: associationLimit }),
      // a memory retires others through an UPDATES or CONTRADICTS edge from it (write path and consolidation)
      this.memories.associations(tenantId, memory.id, {
        types: [RelationType.UPDATES, RelationType.CONTRADICTS],
        direction: Direction.OUT,
        limit: MAX_ASSOCIATIONS,
      }),
      memory.supersededBy ? this.memories.find(tenantId, memory.supersededBy) : Promise.resolve(null),
      memory.source.messageId
        ? this.conversations.getMessages(tenantId, [memory.source.messageId])
        : Promise.resolve([]),
    ]);

    return {
      memory,
      supersededBy,
      supersedes: replacing.map((linked) => linked.memory).filter((other) => other.supersededBy === memory.id),
      associations,
      provenance: { ...memory.source, message: messages[0] ?? null },
    };
  }

  /**
   * The memory and what lies within `hops` edges of it, at most `maxNodes` memories (breadth first, heaviest edges
   * first): edges are read per hop, and only the memories admitted are fetched.
   */
  async neighbourhood(tenantId: string, id: string, hops: number, maxNodes: number): Promise<Neighbourhood> {
    assertLimit(hops, 'hops', MAX_HOPS);
    assertLimit(maxNodes, 'maxNodes', MAX_NEIGHBOURHOOD);
    const centre = await this.memories.get(tenantId, id);
    const admitted = new Set<string>([centre.id]);
    const edges = new Map<string, NeighbourhoodEdge>();
    let truncated = false;
    let frontier = [centre.id];
    for (let hop = 0; hop < hops && frontier.length > 0; hop++) {
      const views = await this.store.listAssociationsOf(
        tenantId,
        frontier,
        checkAssociationRequest({ limit: EDGES_PER_NODE }),
      );
      const next: string[] = [];
      for (const view of views) {
        if (!admitted.has(view.memoryId)) {
          if (admitted.size >= maxNodes) {
            truncated = true;
            continue;
          }
          admitted.add(view.memoryId);
          next.push(view.memoryId);
        }
        const [fromId, toId] =
          view.direction === Direction.OUT ? [view.ofId, view.memoryId] : [view.memoryId, view.ofId];
        edges.set(`${fromId}>${toId}>${view.type}`, { fromId, toId, type: view.type, weight: view.weight });
      }
      frontier = next;
    }
    const others = await this.memories.findMany(
      tenantId,
      [...admitted].filter((other) => other !== centre.id),
    );
    const nodes = [centre, ...others];
    const present = new Set(nodes.map((node) => node.id));

    return {
      centreId: centre.id,
      nodes,
      edges: [...edges.values()].filter((edge) => present.has(edge.fromId) && present.has(edge.toId)),
      truncated,
    };
  }
}
