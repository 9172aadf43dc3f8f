import { ageText } from 'src/common/age-text';
import { call } from 'src/viewer/app/api';
import { el, render } from 'src/viewer/app/dom';
import type { BacklogItem } from 'src/viewer/app/types';
import { run } from 'src/viewer/app/ui';

/** The tenant's owed work: vectors, extractions and compactions still to come, and how old the oldest is. */
export class BacklogView {
  readonly element = el('section', { class: 'backlog', 'aria-label': 'Owed work' });

  load(): void {
    run(async () => {
      const { backlog } = await call<{ backlog: BacklogItem[] }>('GET', '/backlog');
      this.show(backlog);
    });
  }

  private show(backlog: BacklogItem[]): void {
    const owed = backlog.filter((b) => b.items > 0);
    render(
      this.element,
      el(
        'div',
        { class: 'panel-head' },
        el('h2', {}, 'Owed work'),
        el('button', { type: 'button', onclick: () => this.load() }, 'Refresh'),
      ),
      owed.length === 0
        ? el(
            'p',
            { class: 'empty', id: 'backlog-empty' },
            'Nothing owed: every vector, extraction and compaction is done.',
          )
        : el(
            'table',
            { id: 'backlog-table' },
            el('thead', {}, el('tr', {}, el('th', {}, 'What'), el('th', {}, 'Items'), el('th', {}, 'Oldest'))),
            el(
              'tbody',
              {},
              owed.map((b) =>
                el(
                  'tr',
                  { 'data-kind': b.kind },
                  el('td', {}, b.meaning, b.storeWide ? ' (whole store)' : ''),
                  el('td', {}, String(b.items)),
                  el('td', {}, `${ageText(b.oldestAgeSeconds)} ago`),
                ),
              ),
            ),
          ),
    );
  }
}
