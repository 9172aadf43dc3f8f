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

const BLOCK = /<engram-context\b[^>]*>[\s\S]*?(?:<\/engram-context>|$)/giu;

/**
 * The text without any injected block (an unterminated block runs to the end of the text), spaces before a line
 * break dropped line by line: `/[ \t]+\n/g` retries at every position of a long run of spaces (quadratic time).
 */
export function stripInjected(text: string): string {
  return text
    .replace(BLOCK, ' ')
    .split('\n')
    .map((line, i, lines) => (i < lines.length - 1 ? trimSpacesEnd(line) : line))
    .join('\n')
    .trim();
}

function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line.charAt(end - 1) === ' ' || line.charAt(end - 1) === '\t')) {
    end -= 1;
  }

  return line.slice(0, end);
}
