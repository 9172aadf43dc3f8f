import { call } from 'src/viewer/app/api';
import { BacklogView } from 'src/viewer/app/backlog-view';
import { bulletinToDom } from 'src/viewer/app/bulletin-text';
import { byId, el, formatDate, render } from 'src/viewer/app/dom';
import type { Bulletin } from 'src/viewer/app/types';
import { announce, run } from 'src/viewer/app/ui';

/** The tenant's current bulletin, a button to regenerate it now, and the tenant's owed work below. */
export class BulletinView {
  private readonly body = el('div', { class: 'bulletin' });
  private readonly backlog = new BacklogView();

  constructor(private readonly open: (id: string) => void) {}

  mount(): void {
    render(
      byId('panel-bulletin'),
      el(
        'div',
        { class: 'panel-head' },
        el('h2', {}, 'Bulletin'),
        el('button', { type: 'button', onclick: () => this.refresh() }, 'Refresh bulletin'),
      ),
      this.body,
      this.backlog.element,
    );
  }

  load(): void {
    this.backlog.load();
    run(async () => {
      this.show((await call<{ bulletin: Bulletin | null }>('GET', '/bulletin')).bulletin);
    });
  }

  private refresh(): void {
    run(async () => {
      this.show(await call<Bulletin>('POST', '/bulletin/refresh'));
      announce('Bulletin refreshed');
    });
  }

  private show(bulletin: Bulletin | null): void {
    render(
      this.body,
      bulletin
        ? [
            el(
              'p',
              { class: 'muted' },
              `Generated ${formatDate(bulletin.generatedAt)} from ${bulletin.memoryIds.length} memories`,
            ),
            el(
              'article',
              { class: 'bulletin-text', 'aria-label': 'Bulletin text' },
              bulletin.content
                ? bulletinToDom(bulletin.content, bulletin.memoryIds, this.open)
                : '(empty: no active global memories yet)',
            ),
          ]
        : el('p', { class: 'empty' }, 'No bulletin yet: refresh to generate the first one.'),
    );
  }
}
