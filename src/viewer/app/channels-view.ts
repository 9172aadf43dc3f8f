import { call } from 'src/viewer/app/api';
import { byId, el, formatDate, plural, render } from 'src/viewer/app/dom';
import type { Channel, Memory, Message, MessagePage, Page } from 'src/viewer/app/types';
import { announce, run, typeChip } from 'src/viewer/app/ui';

const PAGE = 50;

/**
 * Channels (paged) and the selected channel's messages, newest first page, older ones on demand; under each message
 * the memories it produced, each opening in the detail panel.
 */
export class ChannelsView {
  private channels: Channel[] = [];
  private nextChannels: string | null = null;
  private readonly list = el('div', { class: 'channel-list' });
  private readonly messages = el('div', { class: 'messages', 'aria-live': 'polite' });

  constructor(private readonly openMemory: (id: string) => void) {}

  mount(): void {
    render(
      byId('panel-channels'),
      el('h2', {}, 'Channels'),
      el('div', { class: 'channels' }, this.list, this.messages),
    );
  }

  load(): void {
    this.channels = [];
    this.nextChannels = null;
    this.more();
  }

  private more(): void {
    run(async () => {
      const page = await call<Page<Channel>>('GET', '/channels', { limit: PAGE, cursor: this.nextChannels });
      this.channels.push(...page.items);
      this.nextChannels = page.nextCursor;
      this.showList();
    });
  }

  private showList(): void {
    render(
      this.list,
      this.channels.length === 0 ? el('p', { class: 'empty' }, 'No channels yet.') : null,
      el(
        'ul',
        { 'aria-label': 'Channels' },
        this.channels.map((channel) =>
          el(
            'li',
            {},
            el(
              'button',
              { type: 'button', class: 'channel', 'data-channel': channel.id, onclick: () => this.open(channel.id) },
              el('span', { class: 'channel-id' }, channel.id),
              el(
                'span',
                { class: 'muted' },
                ` ${plural(channel.messageCount, 'message')}${channel.private ? ' · private' : ''}`,
              ),
            ),
          ),
        ),
      ),
      this.nextChannels
        ? el('button', { type: 'button', class: 'secondary', onclick: () => this.more() }, 'More channels')
        : null,
    );
  }

  open(channelId: string): void {
    run(async () => {
      const page = await call<MessagePage>('GET', `/channels/${encodeURIComponent(channelId)}/messages`, {
        limit: PAGE,
      });
      for (const button of this.list.querySelectorAll<HTMLButtonElement>('button.channel')) {
        button.setAttribute('aria-current', String(button.dataset['channel'] === channelId));
      }
      this.showMessages(channelId, page.items, page.nextCursor, learnedMap(page));
    });
  }

  private showMessages(
    channelId: string,
    items: Message[],
    older: string | null,
    learned: Map<string, Memory[]>,
  ): void {
    const loadOlder = (): void => {
      run(async () => {
        const page = await call<MessagePage>('GET', `/channels/${encodeURIComponent(channelId)}/messages`, {
          limit: PAGE,
          cursor: older,
        });
        this.showMessages(
          channelId,
          [...page.items, ...items],
          page.nextCursor,
          new Map([...learned, ...learnedMap(page)]),
        );
      });
    };
    render(
      this.messages,
      el('h3', {}, `Messages of ${channelId}`),
      older ? el('button', { type: 'button', class: 'secondary', onclick: loadOlder }, 'Older messages') : null,
      el(
        'ol',
        { class: 'message-list' },
        items.map((message) =>
          el(
            'li',
            { class: `message role-${message.role.toLowerCase()}` },
            el(
              'div',
              { class: 'message-meta' },
              [message.speaker, message.role, formatDate(message.createdAt)].filter(Boolean).join(' · '),
            ),
            el('p', {}, message.content),
            this.learnedList(learned.get(message.id) ?? []),
          ),
        ),
      ),
    );
    announce(`${plural(items.length, 'message')} of ${channelId}`);
  }

  /** The memories a message produced, each a button that opens it. */
  private learnedList(memories: Memory[]): HTMLElement | null {
    if (memories.length === 0) {
      return null;
    }

    return el(
      'ul',
      { class: 'learned', 'aria-label': `Learned: ${plural(memories.length, 'memory', 'memories')}` },
      memories.map((memory) =>
        el(
          'li',
          {},
          typeChip(memory.type),
          ' ',
          el('button', { type: 'button', class: 'link', onclick: () => this.openMemory(memory.id) }, memory.content),
        ),
      ),
    );
  }
}

function learnedMap(page: MessagePage): Map<string, Memory[]> {
  return new Map(page.learned.map((entry) => [entry.messageId, entry.memories]));
}
