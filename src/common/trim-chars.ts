/**
 * Trimming by character class in linear time. A regular expression such as `/[.,;]+$/` is retried at every
 * position of a long run that does not reach the end ("Oslo.....x", 10 KB of them: quadratic), so the trims that
 * see user text walk the string once instead. `drop` is tested on one character (a whole surrogate pair) at a time.
 */
export function trimEndChars(text: string, drop: RegExp): string {
  let end = text.length;
  while (end > 0) {
    const width =
      end >= 2 && isLowSurrogate(text.charCodeAt(end - 1)) && isHighSurrogate(text.charCodeAt(end - 2)) ? 2 : 1;
    if (!drop.test(text.slice(end - width, end))) {
      break;
    }
    end -= width;
  }

  return text.slice(0, end);
}

export function trimStartChars(text: string, drop: RegExp): string {
  let start = 0;
  while (start < text.length) {
    const width = isHighSurrogate(text.charCodeAt(start)) && isLowSurrogate(text.charCodeAt(start + 1)) ? 2 : 1;
    if (!drop.test(text.slice(start, start + width))) {
      break;
    }
    start += width;
  }

  return text.slice(start);
}

export function trimChars(text: string, drop: RegExp): string {
  return trimEndChars(trimStartChars(text, drop), drop);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
