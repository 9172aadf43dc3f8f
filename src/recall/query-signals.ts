import * as chrono from 'chrono-node';

import { STOP_WORDS } from 'src/recall/query-text';

/**
 * What a query says besides its words, read once per query and used by the shared ranking
 * (src/recall/hybrid-ranking.ts): the time it is about, whether it asks "when", and the people it names.
 * Pure functions; the reference time is the moment relative expressions ("last week") count from.
 */

const DAY_MS = 86_400_000;

/**
 * A soft date window: memories whose occurredAt falls inside are boosted, never filtered. `months` (0-11) is used
 * when the query names a month without a year ("in October"): any year, that month or the next (people talk
 * about a month's events in the weeks after it).
 */
export type TimeWindow =
  { kind: 'range'; from: Date; to: Date; text: string } | { kind: 'months'; months: number[]; text: string };

const YEAR_ONLY = /\b(?:in|during|of|since|throughout)\s+((?:19|20)\d{2})\b/i;

/**
 * Words without which chrono-node's English parsers (2.x: casual and relative dates, month and weekday names, time
 * units) find nothing in a text that has no digit. A superset, so the check never changes what chrono finds; it only
 * spares the parse (a few percent of the service's CPU under load) for the many queries that name no time.
 */
const DATE_WORDS: ReadonlySet<string> = new Set(
  [
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
    'sunday monday tuesday wednesday thursday friday saturday sun mon tue tues wed thu thur thurs fri sat',
    'weekend weekday',
    'now today tonight tomorrow overmorrow tmr tmrw yesterday night morning afternoon evening midnight midday noon',
    'sec second seconds min mins minute minutes hr hrs hour hours day days week weeks',
    'mo mos month months qtr quarter quarters yr year years',
  ]
    .join(' ')
    .split(' '),
);
/** chrono's one-letter units (s, m, h, d, w, y) after a number or relative word: "a d ago", "in a m", "last w". */
const NUMBER_AND_LETTER_UNIT =
  /(?:^|[^a-z])(?:an?|the|few|several|couple|half|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|this|last|past|next|after)\s{0,3}[smhdwy](?![a-z])/i;

/** False only when chrono-node cannot find a date in `text` (see DATE_WORDS). */
export function mayNameTime(text: string): boolean {
  if (/\d/.test(text) || NUMBER_AND_LETTER_UNIT.test(text)) {
    return true;
  }

  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((word) => DATE_WORDS.has(word));
}

/**
 * The date window a query names, relative to `reference`, or null. Windows are wider after the date than
 * before it: what happened on a day is usually talked about that day or in the following days.
 * - a day ("on 20 July 2023", "yesterday"): [day − 1 day, day + 3 days)
 * - a week ("last week"): [day − 4 days, day + 10 days)
 * - a month with its year ("May 2023", "last month"): [first − 1 day, last + 31 days)
 * - a year ("in 2022"): [1 January − 1 day, 31 December + 31 days)
 * - a month without a year ("in October"): that month or the next, any year
 */
export function timeWindow(query: string, reference: Date): TimeWindow | null {
  const [parsed] = mayNameTime(query) ? chrono.parse(query, { instant: reference, timezone: 'UTC' }) : [];
  if (parsed) {
    const start = parsed.start;
    const date = start.date();
    const known = (unit: 'day' | 'month' | 'year'): boolean => start.isCertain(unit);
    const text = parsed.text;
    if (!known('year') && known('month') && !known('day')) {
      const month = date.getUTCMonth();

      return { kind: 'months', months: [month, (month + 1) % 12], text };
    }
    if (known('day') || /\b(?:yesterday|today|tonight|tomorrow|ago|week|weekend|days?)\b/i.test(text)) {
      const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      const week = /\bweek/i.test(text);

      return {
        kind: 'range',
        from: new Date(day - (week ? 4 : 1) * DAY_MS),
        to: new Date(day + (week ? 10 : 3) * DAY_MS),
        text,
      };
    }
    const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);

    return { kind: 'range', from: new Date(first - DAY_MS), to: new Date(next + 30 * DAY_MS), text };
  }
  const year = YEAR_ONLY.exec(query);
  if (year?.[1]) {
    const y = Number(year[1]);

    return {
      kind: 'range',
      from: new Date(Date.UTC(y, 0, 1) - DAY_MS),
      to: new Date(Date.UTC(y + 1, 0, 31)),
      text: year[0],
    };
  }

  return null;
}

export function inWindow(window: TimeWindow, at: Date): boolean {
  if (window.kind === 'months') {
    return window.months.includes(at.getUTCMonth());
  }
  const t = at.getTime();

  return t >= window.from.getTime() && t < window.to.getTime();
}

const WHEN_QUESTION =
  /^\s*when\b|\bwhen\s+(?:did|was|were|is|are|will|does|do|has|have|had)\b|\bwhat\s+(?:date|year|month|day|time)\b|\bhow\s+long\s+ago\b/i;

/** "When did…", "what year…": the answer is a time, so memories that carry one are more likely to hold it. */
export function asksWhen(query: string): boolean {
  return WHEN_QUESTION.test(query);
}

const RELATIVE_TIME =
  /\b(?:yesterday|today|tonight|tomorrow|ago|recently|last\s+(?:week|weekend|month|year|night|summer|winter|spring|fall|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:week|weekend|month|year|morning|past)|next\s+(?:week|weekend|month|year)|few\s+(?:days|weeks|months))\b/i;
const ABSOLUTE_DATE =
  /\b(?:19|20)\d{2}\b|\b(?:january|february|march|april|june|july|august|september|october|november|december)\b/i;

/** Content that states when something happened ("last week", "in 2022", "on 3 May"). */
export function carriesTime(content: string): boolean {
  return RELATIVE_TIME.test(content) || ABSOLUTE_DATE.test(content);
}

const CALENDAR_WORDS: ReadonlySet<string> = new Set(
  'january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow'.split(
    ' ',
  ),
);
/** A capitalised word that is not all capitals (acronyms like LGBTQ name things, not people). */
const CAPITALISED = /(?<![\p{L}\p{N}])(\p{Lu}[\p{Ll}][\p{L}'’-]*)/gu;

/**
 * Capitalised words of a text that can be names: not stop or question words, not months or weekdays, possessive
 * "'s" dropped, in order of mention, deduplicated. Whether one is a person is decided against the subjects of
 * the candidates (`namedSubjects`).
 */
export function nameCandidates(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(CAPITALISED)) {
    const word = (match[1] ?? '').replace(/['’](?:s)?$/u, '');
    const lower = word.toLowerCase();
    if (word.length < 2 || STOP_WORDS.has(lower) || CALENDAR_WORDS.has(lower) || names.includes(word)) {
      continue;
    }
    names.push(word);
  }

  return names;
}

/** Leading "Name: " (a speaker prefix, as in imported transcripts): at most three capitalised words. */
const SPEAKER_PREFIX = /^\s*(\p{Lu}[\p{L}.'’-]*(?:\s\p{Lu}[\p{L}.'’-]*){0,2})\s*:\s/u;

/**
 * Who a memory or message is about or by: the explicit speaker when there is one (a message's author), else the
 * name of a leading "Name: " prefix, else the first name-like word of the content ("Caroline went to…", "The
 * group made Caroline feel…"). Only the first: "Melanie praised Caroline's empathy" is Melanie's (LoCoMo
 * observations: +0.3 pt any@10 against every mentioned name).
 */
export function subjectsOf(content: string, speaker?: string | null): string[] {
  if (speaker) {
    return [speaker];
  }
  const prefix = SPEAKER_PREFIX.exec(content);

  return prefix?.[1] ? [prefix[1]] : nameCandidates(content).slice(0, 1);
}

/**
 * The subjects (from `known`, e.g. the candidates' subjects) the query names, in order of mention: a query word
 * equal to a subject's first name, or a capitalised prefix of it of at least 3 letters ("Mel" for Melanie).
 */
export function namedSubjects(query: string, known: Iterable<string>): string[] {
  const subjects = [...new Set(known)];
  const named: string[] = [];
  for (const word of nameCandidates(query)) {
    const lower = word.toLowerCase();
    const match = subjects.find((s) => {
      const first = (s.split(/\s/)[0] ?? s).toLowerCase();

      return first === lower || s.toLowerCase() === lower || (lower.length >= 3 && first.startsWith(lower));
    });
    if (match !== undefined && !named.includes(match)) {
      named.push(match);
    }
  }

  return named;
}

/**
 * The query as embedded for vector search: name-like words removed. A sentence encoder puts "What did Caroline
 * paint?" near everything Caroline said; without the name it lands near paintings. The speaker boost brings the
 * person back. Falls back to the query when nothing would be left.
 */
export function vectorQueryText(query: string): string {
  const names = nameCandidates(query);
  if (names.length === 0) {
    return query;
  }
  let text = query;
  for (const name of names) {
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?:['’]s)?(?![\\p{L}\\p{N}])`, 'gu'), ' ');
  }
  const stripped = text.replace(/\s+/g, ' ').trim();

  return stripped.length > 0 ? stripped : query;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
