import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import type { EntityDraft, EntityKind, EntityRecord } from 'src/domain/entity.types';
import { findMentions } from 'src/entities/find-mentions';
import type { Mention } from 'src/entities/find-mentions';
import { draftsFor, keyMention, lookupKeys, pickEntity } from 'src/entities/resolve-mentions';
import type { KeyedMention } from 'src/entities/resolve-mentions';
import { ENTITY_STORE } from 'src/store/entity-store.port';
import type { EntityStore } from 'src/store/entity-store.port';

/** A written memory, as the linker reads it. */
export interface LinkedWrite {
  id: string;
  content: string;
  slot: { name: string; value: string } | null;
}

/**
 * After the write stage: the things a new memory names, resolved against the tenant's entities and linked
 * (Memory)-[:MENTIONS]->(Entity). It never changes what was written, and a failure here never fails the write: the
 * memory stays owed its links in the store (InsertMemoryCommand.entityLinksOwed), and OwedEntityLinks' drain tries
 * again. Linking twice links nothing twice (entities by key, mentions by memory and entity).
 */
@Injectable()
export class EntityLinker implements OnModuleInit {
  private readonly logger = new Logger(EntityLinker.name);

  constructor(
    @Inject(ENTITY_STORE) private readonly store: EntityStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'entityLinking'>,
  ) {}

  /** compromise builds its lexicon on its first text (120 ms of one thread): at boot, not in the first write's turn. */
  onModuleInit(): void {
    findMentions('Maria Costa from Acme moved to Oslo.', null);
  }

  /** The write path's call; ENTITY_LINKING=false links nothing (for measuring what linking costs). */
  async link(tenantId: string, memory: LinkedWrite, extra: Mention[] = []): Promise<EntityRecord[]> {
    if (!this.config.entityLinking) {
      return [];
    }
    try {
      return await this.linkMentions(tenantId, memory.id, [...findMentions(memory.content, memory.slot), ...extra]);
    } catch (error) {
      this.logger.warn(`entities of memory ${memory.id} not linked: ${(error as Error).message}`);

      return [];
    }
  }

  async linkMentions(tenantId: string, memoryId: string, mentions: Mention[]): Promise<EntityRecord[]> {
    const keyed = mentions.map(keyMention).filter((k): k is KeyedMention => k !== null);
    // a memory that names nothing still goes to the store, which settles its owed links
    const drafts = keyed.length === 0 ? [] : await this.resolve(tenantId, keyed);

    return this.store.linkMentions(tenantId, memoryId, drafts, new Date());
  }

  /** One lookup per kind named, then each mention's drafts (a mention resolved earlier in the memory counts too). */
  async resolve(tenantId: string, keyed: KeyedMention[]): Promise<EntityDraft[]> {
    const byKind = new Map<EntityKind, KeyedMention[]>();
    for (const k of keyed) {
      byKind.set(k.kind, [...(byKind.get(k.kind) ?? []), k]);
    }
    const candidates = new Map<EntityKind, EntityRecord[]>();
    for (const [kind, list] of byKind) {
      candidates.set(kind, await this.store.findEntities(tenantId, kind, [...new Set(list.flatMap(lookupKeys))]));
    }

    return keyed.flatMap((k) => draftsFor(k, pickEntity(k, candidates.get(k.kind) ?? [])));
  }
}
