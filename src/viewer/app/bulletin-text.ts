import { el } from 'src/viewer/app/dom';

/**
 * The bulletin's markdown as DOM: `#`–`###` headings, `-`/`*` list items, paragraphs; a reference such as
 * `[3f2a9c1e]` (the start of a cited memory's id, see bulletin.render.ts) becomes a button that opens that memory.
 * Hand-written rather than a markdown library: the bulletin uses these three constructs only, and text goes in with
 * textContent, so no HTML from a memory can reach the page (a library would need a sanitizer besides).
 */
const REFERENCE = /\[([0-9a-f]{6,36})\]/g;

function inline(text: string, memoryIds: readonly string[], open: (id: string) => void): (string | HTMLElement)[] {
  const parts: (string | HTMLElement)[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const ref = match[1] ?? '';
    const id = memoryIds.find((candidate) => candidate.startsWith(ref));
    if (!id) {
      continue;
    }
    parts.push(text.slice(last, match.index));
    parts.push(
      el(
        'button',
        { type: 'button', class: 'link citation', title: `Open memory ${id}`, onclick: () => open(id) },
        ref,
      ),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));

  return parts.filter((part) => part !== '');
}

export function bulletinToDom(
  markdown: string,
  memoryIds: readonly string[],
  open: (id: string) => void,
): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  let list: HTMLUListElement | null = null;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      list ??= el('ul');
      list.append(el('li', {}, ...inline(item[1] ?? '', memoryIds, open)));
      continue;
    }
    if (list) {
      blocks.push(list);
      list = null;
    }
    if (heading) {
      blocks.push(el(heading[1] === '#' ? 'h3' : 'h4', {}, heading[2] ?? ''));
    } else if (line.length > 0) {
      blocks.push(el('p', {}, ...inline(line, memoryIds, open)));
    }
  }
  if (list) {
    blocks.push(list);
  }

  return blocks;
}
