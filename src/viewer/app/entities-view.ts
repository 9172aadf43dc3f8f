import { call } from 'src/viewer/app/api';
import { byId, el, plural, render } from 'src/viewer/app/dom';
import { ENTITY_KINDS } from 'src/viewer/app/types';
import type { Entity, Memory, RelatedEntity } from 'src/viewer/app/types';
import { announce, labelled, run, select, typeChip } from 'src/viewer/app/ui';

const LIST = 100;
const MEMORIES = 50;
const RELATED = 20;

/**
 * The people, places and things the tenant's memories mention: a list (kind, name, aliases, how many memories), and
 * for the one selected its memories (each opening in the detail panel) and the entities mentioned with it.
 */
export class EntitiesView {
  private readonly list = el('div', { class: 'entity-list' });
  private readonly selected = el('div', { class: 'entity-detail', 'aria-live': 'polite' });
  private query = '';
  private kind = '';

  constructor(private readonly openMemory: (id: string) => void) {}

  mount(): void {
    const form = el(
      'form',
      { class: 'filters', 'aria-label': 'Filter entities' },
      labelled('Name', el('input', { id: 'entity-query', type: 'text', placeholder: 'part of a name' })),
      labelled(
        'Kind',
        select('entity-kind', [['', 'Any kind'], ...ENTITY_KINDS.map((k) => [k, kindLabel(k)] as const)]),
      ),
      el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Find entities')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.query = byId<HTMLInputElement>('entity-query').value.trim();
      this.kind = byId<HTMLSelectElement>('entity-kind').value;
      this.load();
    });
    render(
      byId('panel-entities'),
      el('h2', {}, 'Entities'),
      form,
      el('div', { class: 'entities' }, this.list, this.selected),
    );
  }

  load(): void {
    run(async () => {
      const entities = await call<Entity[]>('GET', '/entities', { query: this.query, kind: this.kind, limit: LIST });
      this.showList(entities);
    });
  }

  private showList(entities: Entity[]): void {
    const summary = plural(entities.length, 'entity', 'entities');
    render(
      this.list,
      el('p', { class: 'muted', id: 'entities-summary' }, `${summary}, the most mentioned first`),
      entities.length === 0
        ? el('p', { class: 'empty' }, 'No entities yet: they are found in memories as they are written.')
        : el(
            'table',
            { class: 'entities-table', 'aria-describedby': 'entities-summary' },
            el('caption', { class: 'visually-hidden' }, 'Entities, the most mentioned first'),
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                ['Kind', 'Name', 'Aliases', 'Memories'].map((h) => el('th', { scope: 'col' }, h)),
              ),
            ),
            el(
              'tbody',
              {},
              entities.map((entity) =>
                el(
                  'tr',
                  { 'data-entity': entity.id },
                  el('td', {}, kindChip(entity.kind)),
                  el(
                    'td',
                    {},
                    el('button', { type: 'button', class: 'link', onclick: () => this.open(entity.id) }, entity.name),
                  ),
                  el('td', { class: 'aliases' }, entity.aliases.join(', ') || '—'),
                  el('td', { class: 'count' }, String(entity.memoryCount)),
                ),
              ),
            ),
          ),
    );
    announce(summary);
  }

  /** One entity: its names, its memories newest first, and the entities mentioned together with it. */
  open(id: string): void {
    run(async () => {
      const path = `/entities/${encodeURIComponent(id)}`;
      const [entity, memories, related] = await Promise.all([
        call<Entity>('GET', path),
        call<Memory[]>('GET', `${path}/memories`, { limit: MEMORIES }),
        call<RelatedEntity[]>('GET', `${path}/related`, { limit: RELATED }),
      ]);
      for (const row of this.list.querySelectorAll<HTMLElement>('tr[data-entity]')) {
        row.setAttribute('aria-current', String(row.dataset['entity'] === entity.id));
      }
      this.show(entity, memories, related);
    });
  }

  private show(entity: Entity, memories: Memory[], related: RelatedEntity[]): void {
    render(
      this.selected,
      el('h3', { id: 'entity-name' }, kindChip(entity.kind), ' ', entity.name),
      entity.aliases.length > 0 ? el('p', { class: 'muted' }, `Also written as ${entity.aliases.join(', ')}`) : null,
      el('h4', {}, `Memories (${entity.memoryCount})`),
      el(
        'ul',
        { class: 'entity-memories', 'aria-label': `Memories mentioning ${entity.name}` },
        memories.map((memory) =>
          el(
            'li',
            {},
            typeChip(memory.type),
            ' ',
            el('button', { type: 'button', class: 'link', onclick: () => this.openMemory(memory.id) }, memory.content),
          ),
        ),
      ),
      el('h4', {}, 'Mentioned with'),
      related.length === 0
        ? el('p', { class: 'empty', id: 'entity-related-empty' }, 'No other entity shares a memory with it.')
        : el(
            'ul',
            { class: 'entity-related', 'aria-label': `Entities mentioned with ${entity.name}` },
            related.map((r) =>
              el(
                'li',
                {},
                kindChip(r.entity.kind),
                ' ',
                el('button', { type: 'button', class: 'link', onclick: () => this.open(r.entity.id) }, r.entity.name),
                el('span', { class: 'muted' }, ` · ${plural(r.shared, 'shared memory', 'shared memories')}`),
              ),
            ),
          ),
    );
    announce(
      `${entity.name}: ${plural(memories.length, 'memory', 'memories')}, ${plural(related.length, 'related entity', 'related entities')}`,
    );
  }
}

function kindLabel(kind: string): string {
  return kind.charAt(0) + kind.slice(1).toLowerCase();
}

function kindChip(kind: string): HTMLElement {
  return el('span', { class: `chip kind kind-${kind.toLowerCase()}` }, kindLabel(kind));
}
