import { call } from 'src/viewer/app/api';
import { swatchOf } from 'src/viewer/app/colours';
import { byId, el, formatDate, plural, render } from 'src/viewer/app/dom';
import { MEMORY_SCOPES, MEMORY_STATUSES, MEMORY_TYPES } from 'src/viewer/app/types';
import type { MemoryPage } from 'src/viewer/app/types';
import { announce, labelled, run, select, statusBadge, typeChip } from 'src/viewer/app/ui';

interface Filters {
  types: string;
  statuses: string;
  scope: string;
  channelId: string;
  tags: string;
  limit: string;
}

/** Browse: filters, a table of one page, previous and next by cursor. */
export class MemoriesView {
  private filters: Filters = { types: '', statuses: '', scope: '', channelId: '', tags: '', limit: '25' };
  /** Cursors of the pages before the current one (null: the first page). */
  private cursors: (string | null)[] = [];
  private cursor: string | null = null;
  private readonly results = el('div', { class: 'results' });

  constructor(private readonly open: (id: string) => void) {}

  mount(): void {
    const form = el(
      'form',
      { class: 'filters', 'aria-label': 'Filter memories' },
      labelled(
        'Type',
        select('filter-type', [['', 'Any type'], ...MEMORY_TYPES.map((t) => [t, swatchOf(t).label] as const)]),
      ),
      labelled(
        'Status',
        select('filter-status', [
          ['', 'Active'],
          ['ALL', 'Any status'],
          ...MEMORY_STATUSES.map((s) => [s, s] as const),
        ]),
      ),
      labelled('Scope', select('filter-scope', [['', 'Any scope'], ...MEMORY_SCOPES.map((s) => [s, s] as const)])),
      labelled(
        'Channel',
        el('input', { id: 'filter-channel', type: 'text', placeholder: 'channel id', spellcheck: 'false' }),
      ),
      labelled('Tags', el('input', { id: 'filter-tags', type: 'text', placeholder: 'tag, tag', spellcheck: 'false' })),
      labelled(
        'Per page',
        select(
          'filter-limit',
          [
            ['10', '10'],
            ['25', '25'],
            ['50', '50'],
            ['100', '100'],
          ],
          '25',
        ),
      ),
      el(
        'div',
        { class: 'actions' },
        el('button', { type: 'submit' }, 'Apply filters'),
        el('button', { type: 'reset', class: 'secondary' }, 'Reset'),
      ),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.filters = {
        types: byId<HTMLSelectElement>('filter-type').value,
        statuses: byId<HTMLSelectElement>('filter-status').value,
        scope: byId<HTMLSelectElement>('filter-scope').value,
        channelId: byId<HTMLInputElement>('filter-channel').value.trim(),
        tags: byId<HTMLInputElement>('filter-tags').value.trim(),
        limit: byId<HTMLSelectElement>('filter-limit').value,
      };
      this.first();
    });
    form.addEventListener('reset', () => {
      this.filters = { types: '', statuses: '', scope: '', channelId: '', tags: '', limit: '25' };
      this.first();
    });
    render(byId('panel-memories'), el('h2', {}, 'Memories'), form, this.results);
  }

  first(): void {
    this.cursors = [];
    this.cursor = null;
    this.load();
  }

  /** Reloads the current page (after a forget or delete). */
  load(): void {
    run(async () => {
      const statuses =
        this.filters.statuses === 'ALL' ? MEMORY_STATUSES : this.filters.statuses ? [this.filters.statuses] : [];
      const page = await call<MemoryPage>('GET', '/memories', {
        types: this.filters.types ? [this.filters.types] : [],
        statuses,
        scope: this.filters.scope,
        channelId: this.filters.channelId,
        tags: this.filters.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
        limit: this.filters.limit,
        cursor: this.cursor,
      });
      this.show(page);
    });
  }

  private show(page: MemoryPage): void {
    const pageNumber = this.cursors.length + 1;
    const rows = page.items.map((memory) =>
      el(
        'tr',
        {},
        el('td', {}, typeChip(memory.type)),
        el(
          'td',
          { class: 'content' },
          el('button', { type: 'button', class: 'link', onclick: () => this.open(memory.id) }, memory.content),
          memory.tags.length > 0 ? el('span', { class: 'tags' }, memory.tags.map((tag) => `#${tag}`).join(' ')) : null,
        ),
        el('td', {}, statusBadge(memory.status)),
        el('td', {}, memory.scope, memory.channelId ? el('span', { class: 'muted' }, ` · ${memory.channelId}`) : null),
        el('td', { class: 'nowrap' }, formatDate(memory.createdAt)),
      ),
    );
    const summary = `${plural(page.total, 'memory', 'memories')} · page ${pageNumber}`;
    render(
      this.results,
      el('p', { class: 'muted', id: 'memories-summary' }, summary),
      page.items.length === 0
        ? el('p', { class: 'empty' }, 'No memories match these filters.')
        : el(
            'table',
            { class: 'memories', 'aria-describedby': 'memories-summary' },
            el('caption', { class: 'visually-hidden' }, 'Memories, newest first'),
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                ['Type', 'Content', 'Status', 'Scope', 'Created'].map((h) => el('th', { scope: 'col' }, h)),
              ),
            ),
            el('tbody', {}, rows),
          ),
      el(
        'div',
        { class: 'pager' },
        el(
          'button',
          { type: 'button', class: 'secondary', disabled: this.cursors.length === 0, onclick: () => this.previous() },
          '← Previous',
        ),
        el(
          'button',
          {
            type: 'button',
            class: 'secondary',
            disabled: page.nextCursor === null,
            onclick: () => this.next(page.nextCursor),
          },
          'Next →',
        ),
      ),
    );
    announce(summary);
  }

  private next(cursor: string | null): void {
    this.cursors.push(this.cursor);
    this.cursor = cursor;
    this.load();
  }

  private previous(): void {
    this.cursor = this.cursors.pop() ?? null;
    this.load();
  }
}
