/**
 * Text the service itself hands to agents (context: bulletin, recalled memories, summaries, earlier messages) is
 * wrapped in these markers. Whatever comes back inside them, pasted into a message or echoed by a client, is never
 * extracted again: it would only launder the service's own output into new "facts".
 */
export const INJECTED_OPEN = '<engram-context>';
export const INJECTED_CLOSE = '</engram-context>';

export function wrapInjected(text: string): string {
  return `${INJECTED_OPEN}\n${text}\n${INJECTED_CLOSE}`;
}

const OPEN = /<engram-context\b/giu;
const CLOSE = /<\/engram-context>/giu;

/**
 * The text without any injected block (an unterminated block runs to the end of the text), spaces before a line
 * break dropped line by line: `/[ \t]+\n/g` retries at every position of a long run of spaces (quadratic time).
 */
export function stripInjected(text: string): string {
  return removeBlocks(text)
    .split('\n')
    .map((line, i, lines) => (i < lines.length - 1 ? trimSpacesEnd(line) : line))
    .join('\n')
    .trim();
}

/**
 * Each block (`<engram-context ...>` up to its close or the end) replaced by a space. Walked by hand rather than with
 * one expression: `<engram-context\b[^>]*>` retried at every opening of a text with no `>` after it scans to the end
 * each time (quadratic); here a missing `>` ends the walk, as no later opening can have one either.
 */
function removeBlocks(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    OPEN.lastIndex = from;
    const open = OPEN.exec(text);
    const tagEnd = open ? text.indexOf('>', open.index + open[0].length) : -1;
    if (!open || tagEnd < 0) {
      return out + text.slice(from);
    }
    CLOSE.lastIndex = tagEnd + 1;
    const close = CLOSE.exec(text);
    out += `${text.slice(from, open.index)} `;
    from = close ? close.index + close[0].length : text.length;
  }
}

function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charAt(end - 1) === ' ' || line.charAt(end - 1) === '\t')) {
    end -= 1;
  }

  return line.slice(0, end);
}
