import type { Core } from 'cytoscape';

import { call } from 'src/viewer/app/api';
import { MEMORY_COLOURS } from 'src/viewer/app/colours';
import { byId, el, formatDate, formatNumber, plural, render } from 'src/viewer/app/dom';
import { drawGraph } from 'src/viewer/app/graph';
import type { Memory, MemoryDetails, Neighbourhood } from 'src/viewer/app/types';
import { announce, run, statusBadge, typeChip } from 'src/viewer/app/ui';

export interface DetailActions {
  /** A memory changed or disappeared: the lists reload. */
  changed(): void;
  openChannel(channelId: string): void;
}

function row(term: string, value: Node | string | null): HTMLElement[] {
  return [el('dt', {}, term), el('dd', {}, value ?? '—')];
}

/** One memory: fields, provenance, supersession, associations, its neighbourhood as a graph; forget and delete. */
export class DetailView {
  private graph: Core | null = null;
  /** Where the keyboard was before the panel opened: it goes back there on close. */
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly actions: DetailActions) {}

  open(id: string): void {
    if (byId('detail').hidden && document.activeElement instanceof HTMLElement) {
      this.returnFocus = document.activeElement;
    }
    run(async () => {
      const [details, neighbourhood] = await Promise.all([
        call<MemoryDetails>('GET', `/memories/${encodeURIComponent(id)}`, { associations: 50 }),
        call<Neighbourhood>('GET', `/memories/${encodeURIComponent(id)}/graph`, { hops: 2, maxNodes: 60 }),
      ]);
      this.show(details, neighbourhood);
    });
  }

  close(): void {
    this.graph?.destroy();
    this.graph = null;
    const panel = byId('detail');
    panel.hidden = true;
    render(panel);
    if (this.returnFocus?.isConnected) {
      this.returnFocus.focus();
    }
    this.returnFocus = null;
  }

  private memoryLink(memory: Memory): HTMLElement {
    return el('button', { type: 'button', class: 'link', onclick: () => this.open(memory.id) }, memory.content);
  }

  private show(details: MemoryDetails, neighbourhood: Neighbourhood): void {
    const { memory, provenance } = details;
    const panel = byId('detail');
    const graphBox = el('div', {
      id: 'graph',
      class: 'graph',
      role: 'img',
      'aria-label': `Graph of ${neighbourhood.nodes.length} memories within two links of this one; the associations list has the same links`,
    });
    const message = provenance.message;
    this.graph?.destroy();
    render(
      panel,
      el(
        'div',
        { class: 'detail-head' },
        el('h2', { id: 'detail-title' }, 'Memory'),
        el(
          'button',
          { type: 'button', class: 'secondary', onclick: () => this.close(), 'aria-label': 'Close memory details' },
          'Close',
        ),
      ),
      el('p', { class: 'memory-content' }, memory.content),
      el(
        'p',
        { class: 'chips' },
        typeChip(memory.type),
        statusBadge(memory.status),
        memory.fading ? el('span', { class: 'badge' }, 'fading') : null,
      ),
      el('h3', {}, 'Neighbourhood (hover a link for its type)'),
      graphBox,
      neighbourhood.truncated ? el('p', { class: 'muted' }, 'Only the nearest 60 memories are drawn.') : null,
      el(
        'p',
        { class: 'legend', 'aria-hidden': 'true' },
        Object.keys(MEMORY_COLOURS).map((type) => typeChip(type)),
      ),
      el(
        'dl',
        { class: 'fields' },
        row('Id', el('code', {}, memory.id)),
        row(
          'Scope',
          memory.scope +
            (memory.channelId ? ` · channel ${memory.channelId}` : '') +
            (memory.projectId ? ` · project ${memory.projectId}` : ''),
        ),
        row('Slot', memory.slot),
        row('Tags', memory.tags.length > 0 ? memory.tags.join(', ') : null),
        row('Importance', formatNumber(memory.importance, 2)),
        row('Confidence', formatNumber(memory.confidence, 2)),
        row('Recalled', plural(memory.accessCount, 'time')),
        row('Happened', formatDate(memory.occurredAt)),
        row('Stored', formatDate(memory.createdAt)),
        row('Context', memory.context),
      ),
      el('h3', {}, 'Provenance'),
      el(
        'dl',
        { class: 'fields', id: 'provenance' },
        row('Source role', provenance.role),
        row(
          'Channel',
          provenance.channelId
            ? el(
                'button',
                { type: 'button', class: 'link', onclick: () => this.actions.openChannel(provenance.channelId ?? '') },
                provenance.channelId,
              )
            : null,
        ),
        row('Task', provenance.taskId),
        row('Skill', provenance.skillId),
        row(
          'Message',
          message
            ? el(
                'blockquote',
                {},
                el('p', {}, message.content),
                el('footer', {}, `${message.speaker ?? message.role} · ${formatDate(message.createdAt)}`),
              )
            : provenance.messageId
              ? `${provenance.messageId} (no longer stored)`
              : null,
        ),
      ),
      el('h3', {}, 'Supersession'),
      el(
        'dl',
        { class: 'fields', id: 'supersession' },
        row('Superseded by', details.supersededBy ? this.memoryLink(details.supersededBy) : null),
        row(
          'Replaced',
          details.supersedes.length > 0
            ? el(
                'ul',
                {},
                details.supersedes.map((m) => el('li', {}, this.memoryLink(m))),
              )
            : null,
        ),
      ),
      el('h3', { id: 'associations-title' }, `Associations (${details.associations.length})`),
      details.associations.length === 0
        ? el('p', { class: 'muted' }, 'No links to other memories.')
        : el(
            'ul',
            { class: 'associations', 'aria-labelledby': 'associations-title' },
            details.associations.map((a) =>
              el(
                'li',
                {},
                el('span', { class: 'relation' }, a.direction === 'OUT' ? `→ ${a.type}` : `← ${a.type}`),
                ' ',
                typeChip(a.memory.type),
                ' ',
                this.memoryLink(a.memory),
              ),
            ),
          ),
      this.actionsBar(memory),
    );
    panel.hidden = false;
    this.graph = drawGraph(graphBox, neighbourhood, (id) => this.open(id));
    panel.focus();
    announce(`Opened memory: ${memory.content}`);
  }

  private actionsBar(memory: Memory): HTMLElement {
    const bar = el('div', { class: 'detail-actions' });
    const confirmDelete = (): void => {
      render(
        bar,
        el('span', { id: 'confirm-text' }, 'Delete this memory and its links for good?'),
        el(
          'button',
          {
            type: 'button',
            class: 'danger',
            'aria-describedby': 'confirm-text',
            onclick: () => this.remove(memory.id),
          },
          'Yes, delete',
        ),
        el('button', { type: 'button', class: 'secondary', onclick: () => render(bar, ...buttons()) }, 'Cancel'),
      );
      bar.querySelector<HTMLButtonElement>('button.danger')?.focus();
    };
    const buttons = (): HTMLElement[] => [
      el(
        'button',
        { type: 'button', disabled: memory.status === 'FORGOTTEN', onclick: () => this.forget(memory.id) },
        'Forget',
      ),
      el('button', { type: 'button', class: 'danger', onclick: confirmDelete }, 'Delete…'),
    ];
    render(bar, ...buttons());

    return bar;
  }

  private forget(id: string): void {
    run(async () => {
      await call<Memory>('POST', `/memories/${encodeURIComponent(id)}/forget`);
      announce('Memory forgotten');
      this.actions.changed();
      this.open(id);
    });
  }

  private remove(id: string): void {
    run(async () => {
      await call<{ deleted: boolean }>('DELETE', `/memories/${encodeURIComponent(id)}`);
      this.close();
      announce('Memory deleted');
      this.actions.changed();
    });
  }
}
