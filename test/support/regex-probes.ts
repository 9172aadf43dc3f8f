import { checkBrowserAccess } from 'src/auth/browser-access';
import { textWords } from 'src/common/text-words';
import { countTokens, truncateToTokens } from 'src/common/tokens';
import { assertPrintable } from 'src/common/validation';
import { oneLine } from 'src/conversation/context-budget';
import { assertQuery, parseMessageRequest } from 'src/conversation/conversation-input';
import { bulletinLine, lineRef } from 'src/cortex/bulletin/bulletin.render';
import { acceptableRewrite } from 'src/cortex/bulletin/bulletin.service';
import { EntityKind } from 'src/domain/entity.types';
import { MemoryType, SourceRole } from 'src/domain/memory.enums';
import { toThirdPerson } from 'src/domain/third-person';
import { canonicalKey, foldName } from 'src/entities/entity-names';
import { findMentions } from 'src/entities/find-mentions';
import { clauses, extractDeterministic, LANGUAGE_TABLES, sentences } from 'src/extraction/deterministic-extractor';
import { extractionScope } from 'src/extraction/extraction-scope';
import { extractiveSummary } from 'src/extraction/extractive-summary';
import { forgetInClauses, isBareForget } from 'src/extraction/forget-requests';
import { stripInjected } from 'src/extraction/injected-text';
import { isLowValue } from 'src/extraction/low-value';
import { steelGate } from 'src/extraction/steel-gate';
import { parseDateTime } from 'src/graphql/date-time.scalar';
import { cuedValue } from 'src/language/cued-values';
import { subjectFirst } from 'src/language/da/words';
import { itsNowValue } from 'src/language/its-now';
import { jointAsWe } from 'src/language/joint-subject';
import { languageOf } from 'src/language/language-of';
import { foldCase } from 'src/language/literal-prefilter';
import { asSentence, trimValue } from 'src/language/pattern-table';
import { isPlannedChange } from 'src/language/plans';
import { askedRequest } from 'src/language/requests';
import { detectFactRetraction, detectRetraction, namesAll } from 'src/language/retractions';
import { isShortImperative, isStandingInstruction, isStandingRule, ruleType } from 'src/language/rules';
import {
  asFirstPerson,
  containsValue,
  detectSlot,
  detectUserClaim,
  normalizeSlotValue,
  slotValueIn,
} from 'src/language/slots';
import type { SlotName } from 'src/language/slots';
import { mentionedSlots } from 'src/language/tables';
import { valueShape } from 'src/language/value-shapes';
import { detectValueSwap, swapValue } from 'src/language/value-swaps';
import { classifyMemoryType } from 'src/memory/classify';
import { fingerprint } from 'src/memory/fingerprint';
import { guardFact, looksLikeNoise, looksLikeQuestion } from 'src/memory/guards/firewall';
import { countHiddenCharacters, detectInjection, normalizeForScan } from 'src/memory/guards/injection';
import { classifyIntent } from 'src/memory/intent/classify-intent';
import { personaList } from 'src/memory/intent/persona-list';
import { extractValueSpans, personaFacts } from 'src/memory/intent/value-spans';
import { sameStatement } from 'src/memory/paraphrase';
import { parseRememberRequest } from 'src/memory/remember-input';
import { ruleParts, clauses as writeClauses, sentences as writeSentences } from 'src/memory/write/clauses';
import { furtherSlots, replacedSlot } from 'src/memory/write/facts';
import { detectIntent, ruleFloor } from 'src/memory/write/intent';
import { takenBackTopic } from 'src/memory/write/learned-fact-take-back';
import { learnedTakeBack } from 'src/memory/write/learned-take-back';
import { normalise } from 'src/memory/write/normalise';
import { readWrite } from 'src/memory/write/read-write';
import { stateFloor } from 'src/memory/write/state-floor';
import { extractValues } from 'src/memory/write/values';
import { querySignals } from 'src/recall/hybrid-ranking';
import {
  asksWhen,
  carriesTime,
  nameCandidates,
  namedSubjects,
  subjectsOf,
  timeWindow,
  vectorQueryText,
} from 'src/recall/query-signals';
import { luceneQuery, searchWords } from 'src/store/neo4j/lucene-query';

/**
 * The probes of the linear-time suites: which calls run each module's regular expressions on a text, the hostile
 * inputs, and the growth check that tells a slow call on a loaded machine from a superlinear one.
 */
export const BOUND_MS = 50;
export const KB10 = 10_000;
const reference = new Date('2026-01-15T12:00:00Z');

export type Probe = (text: string) => unknown;

const SLOTS: SlotName[] = ['name', 'age', 'location', 'timezone', 'employer', 'occupation', 'email', 'pronouns'];
const roles = [SourceRole.USER, SourceRole.ASSISTANT, SourceRole.TOOL];

function remember(text: string, role: SourceRole) {
  return parseRememberRequest({ content: text, source: { role } }, 1_000_000);
}

const INJECTION_PROBES: Record<string, Probe> = {
  normalizeForScan,
  countHiddenCharacters,
  ...Object.fromEntries(roles.map((role) => [`detectInjection ${role}`, (t: string) => detectInjection(t, role)])),
};

/** Module -> the calls that run its expressions on a text. */
export const PROBES: Record<string, Record<string, Probe>> = {
  // read before the API key: the Host and Origin headers are the attacker's
  'src/auth/browser-access.ts': {
    hostHeader: (t) => checkBrowserAccess({ open: true, allowedOrigins: [] }, { host: t, origin: t }, false),
    upgrade: (t) =>
      checkBrowserAccess({ open: false, allowedOrigins: ['http://localhost:4000'] }, { host: t, origin: t }, true),
  },
  'src/memory/paraphrase.ts': { sameStatement: (t) => sameStatement(t, t) },
  // a remembered text and its slot value, as the entity linker reads them after every write
  'src/entities/find-mentions.ts': { findMentions: (t) => findMentions(t, { name: 'location', value: t }) },
  'src/entities/entity-names.ts': { foldName, canonicalKey: (t) => canonicalKey(EntityKind.PLACE, t) },
  'src/domain/third-person.ts': { toThirdPerson },
  'src/memory/intent/value-spans.ts': { extractValueSpans: (t) => extractValueSpans(t, 'en'), personaFacts },
  'src/memory/write/learned-fact-take-back.ts': { takenBackTopic },
  'src/memory/intent/persona-list.ts': { personaList, personaListLead: (t) => personaList(`i'm ${t.slice(0, 150)}`) },
  'src/language/en/extraction.ts': {},
  'src/language/da/extraction.ts': {},
  'src/language/da/slot-patterns.ts': {},
  'src/language/en/forget-requests.ts': {},
  'src/language/en/lead-words.ts': {},
  'src/language/pattern-table.ts': { trimValue, asSentence },
  'src/extraction/deterministic-extractor.ts': { extractDeterministic, sentences, clauses },
  'src/extraction/forget-requests.ts': {
    isBareForget,
    forgetInClauses: (t) => forgetInClauses(t, t),
  },
  'src/extraction/injected-text.ts': { stripInjected },
  'src/extraction/low-value.ts': { isLowValue: (t) => isLowValue(t, LANGUAGE_TABLES) },
  'src/extraction/extraction-scope.ts': {
    extractionScope: (t) => extractionScope({ id: 'c', private: false, projectId: null } as never, null, t),
  },
  'src/extraction/extractive-summary.ts': {
    extractiveSummary: (t) =>
      extractiveSummary({
        previous: t,
        messages: [{ role: 'USER', speaker: null, content: t, createdAt: reference }],
        maxTokens: 200,
      }),
  },
  'src/extraction/steel-gate.ts': {
    steelGate: (t) =>
      steelGate({
        candidates: [{ turn: 0, type: 'FACT', content: t.slice(0, 400), importance: 'high', confidence: 'likely' }],
        turns: [{ role: 'USER', trust: 'GUARDIAN', content: t } as never],
        injected: [t],
      }),
  },
  'src/language/literal-prefilter.ts': { foldCase },
  'src/language/slots.ts': {
    detectSlot,
    detectUserClaim,
    containsValue: (t) => containsValue(t, 'Oslo Norway'),
    containsValueOfText: (t) => containsValue('I live in Oslo', t.slice(0, 300)),
    ...Object.fromEntries(
      SLOTS.map((slot) => [`normalizeSlotValue ${slot}`, (t: string) => normalizeSlotValue(t, slot)]),
    ),
    ...Object.fromEntries(SLOTS.map((slot) => [`slotValueIn ${slot}`, (t: string) => slotValueIn(t, slot)])),
  },
  'src/memory/guards/firewall.ts': {
    guardFact,
    looksLikeQuestion,
    looksLikeNoise,
    guardFactShort: (t) => guardFact(t, { allowShort: true }),
  },
  'src/memory/guards/injection.ts': INJECTION_PROBES,
  // the scanner's parts, split by job, run through the same entry points
  'src/memory/guards/injection-patterns.ts': INJECTION_PROBES,
  'src/memory/guards/injection-signals.ts': INJECTION_PROBES,
  'src/memory/guards/injection-text.ts': INJECTION_PROBES,
  'src/language/cued-values.ts': { cuedValue: (t) => cuedValue(t, 'location', 'en') },
  'src/memory/classify.ts': { classifyMemoryType },
  'src/memory/fingerprint.ts': { fingerprint },
  'src/memory/write/read-write.ts': Object.fromEntries(
    roles.map((role) => [
      `readWrite ${role}`,
      (t: string) =>
        readWrite(remember(t, role), {}, { firewall: true, detectSlots: true, classifier: classifyIntent }),
    ]),
  ),
  'src/memory/write/normalise.ts': { normalise },
  'src/memory/write/facts.ts': {
    replacedSlot: (t) => replacedSlot(t, classifyIntent),
    furtherSlots: (t) =>
      furtherSlots(t, { kind: 'state', slot: 'occupation', rule: false, by: 'pattern', confidence: 1 }, classifyIntent),
  },
  'src/memory/write/learned-take-back.ts': {
    learnedTakeBack: (t) => learnedTakeBack([t, 'I am 52'], classifyIntent),
  },
  'src/memory/write/state-floor.ts': {
    stateFloorName: (t) => stateFloor(`I'm ${t}`, 'name', t.slice(0, 300), 'en'),
    stateFloorValue: (t) => stateFloor(t, 'location', t, 'en'),
  },
  'src/memory/write/clauses.ts': { clauses: writeClauses, ruleParts, sentences: writeSentences },
  'src/memory/write/intent.ts': {
    detectIntent: (t) => detectIntent(t, { slots: true, anyPerson: true, takesBack: true, classifier: classifyIntent }),
    ruleFloor,
  },
  'src/memory/write/values.ts': {
    extractValues: (t) =>
      extractValues(t, { kind: 'forget', slot: null, rule: false, by: 'pattern', confidence: 1 }, null),
  },
  'src/language/retractions.ts': { detectRetraction, detectFactRetraction, namesAll: (t) => namesAll(t, ['smoke']) },
  'src/language/en/retractions-work.ts': { detectRetraction },
  'src/language/en/retractions-self.ts': { detectRetraction },
  'src/language/en/retractions.ts': { detectFactRetraction },
  'src/language/da/retractions.ts': { detectRetraction, detectFactRetraction },
  'src/language/en/retractions-personal.ts': { detectRetraction, detectFactRetraction },
  'src/language/da/slots-personal.ts': { detectSlot, slotValueIn: (t) => slotValueIn(t, 'diet') },
  'src/language/cue-parts.ts': { detectRetraction },
  'src/language/its-now.ts': { itsNowValue },
  'src/language/value-swaps.ts': { detectValueSwap, swapValue: (t) => swapValue(t, { from: 'Oslo', to: 'Bergen' }) },
  'src/language/rules.ts': { isStandingRule, isStandingInstruction, ruleType, isShortImperative },
  'src/language/requests.ts': { askedRequest },
  'src/language/joint-subject.ts': { jointAsWe },
  'src/language/plans.ts': { isPlannedChange },
  'src/language/slot-values.ts': {
    containsValue: (t) => containsValue(t, 'Oslo Norway'),
    normalizeSlotValue: (t) => normalizeSlotValue(t, 'age'),
  },
  'src/language/en/slot-words.ts': { detectSlot },
  'src/language/en/slot-parts.ts': { detectSlot },
  'src/language/en/slot-cues-identity.ts': { detectSlot },
  'src/language/en/slot-cues-life.ts': { detectSlot },
  'src/language/en/reported-speech.ts': { asFirstPerson, detectUserClaim },
  'src/language/en/paraphrase-folds.ts': { sameStatement: (t) => sameStatement(t, `${t} too`) },
  'src/language/language-of.ts': { languageOf },
  'src/language/da/words.ts': { subjectFirst },
  'src/language/value-shapes.ts': Object.fromEntries(
    SLOTS.map((slot) => [`valueShape ${slot}`, (t: string) => valueShape(t, slot)]),
  ),
  'src/language/tables.ts': { mentionedSlots },
  'src/memory/intent/features.ts': {
    classifyEn: (t) => classifyIntent(t, 'en'),
    classifyDa: (t) => classifyIntent(t, 'da'),
  },
  'src/memory/remember-input.ts': { parseRememberRequest: (t) => remember(t, SourceRole.USER) },
  'src/recall/query-signals.ts': {
    timeWindow: (t) => timeWindow(t.slice(0, 4000), reference),
    asksWhen,
    carriesTime,
    nameCandidates,
    subjectsOf,
    subjectsOfSpeaker: (t) => subjectsOf(t, 'Maria'),
    namedSubjects: (t) => namedSubjects(t, ['Maria', 'Anders Jensen']),
    vectorQueryText,
  },
  'src/recall/hybrid-ranking.ts': { querySignals: (t) => querySignals(t.slice(0, 4000), reference) },
  'src/common/text-words.ts': { textWords },
  'src/store/neo4j/lucene-query.ts': { searchWords, luceneQuery: (t) => luceneQuery('tenant', t) },
  'src/graphql/date-time.scalar.ts': { parseDateTime: (t) => attempt(() => parseDateTime(t)) },
  'src/common/validation.ts': { assertPrintable: (t) => attempt(() => assertPrintable(t, 'content')) },
  'src/conversation/conversation-input.ts': {
    parseMessageRequest: (t) =>
      attempt(() =>
        parseMessageRequest({ channelId: 'c', role: 'USER', content: t, speaker: t.slice(0, 90) } as never, 1_000_000),
      ),
    assertQuery: (t) => attempt(() => assertQuery(t.slice(0, 4000))),
  },
  'src/conversation/context-budget.ts': { oneLine },
  'src/common/tokens.ts': { countTokens, truncateToTokens: (t) => truncateToTokens(t, 20) },
  'src/cortex/bulletin/bulletin.render.ts': {
    bulletinLine: (t) =>
      bulletinLine({
        id: 'abcdef0123',
        type: MemoryType.FACT,
        content: t,
        importance: 0.5,
        confidence: 0.5,
        tags: [],
        occurredAt: reference,
        createdAt: reference,
      }),
    lineRef,
  },
  'src/cortex/bulletin/bulletin.service.ts': { acceptableRewrite: (t) => acceptableRewrite(t, t, 500) },
};
for (const table of LANGUAGE_TABLES) {
  const probes = PROBES[`src/language/${table.language}/extraction.ts`]!;
  for (const pattern of table.patterns) {
    probes[pattern.id] = (t) => pattern.match(t);
  }
  for (const [slot, mention] of Object.entries(table.slotMentions)) {
    probes[`${table.language}.slotMentions.${slot}`] = (t) => mention.test(t.toLowerCase());
  }
}

/** Files whose expressions never see user text, or see only input already bounded to a few hundred bytes. */
export const NO_USER_TEXT: Record<string, string> = {
  'src/memory/write/decide.ts': 'one letter class, no quantifier, over a stored slot value: one step per character',
  'src/front-door/front-door.ts': 'the configured host and surfaces (escapeHtml: one character class)',
  'src/store/neo4j/index-definitions.ts': 'our own schema.cypher and what SHOW INDEXES reports of it',
  'src/viewer/app/bulletin-text.ts':
    "runs in the user's browser, over the bulletin's lines (anchored, one class each: linear)",
  'src/auth/api-key.service.ts':
    'the Authorization header (anchored, one \\S+ group: linear; Node caps headers at 16 KB)',
  'src/metrics/metrics.controller.ts': 'the Authorization header and socket address (anchored, linear)',
  'src/config/config.ts': 'environment variables of the operator',
  'src/auth/api-key-secret.ts': 'an API key: anchored, fixed-length classes (linear)',
  'src/embedding/onnx/model-fetch.ts': "Maven's own output while it fetches a model",
  'src/embedding/onnx/wordpiece-tokenizer.ts': "a model's vocabulary file (the lines of vocab.txt)",
  'src/tenants/tenant-admin.service.ts': 'a tenant id: an anchored {1,64} class',
  'src/memory/intent/training/span-evaluation.ts': 'our own labelled evaluation set',
  'src/conversation/conversation-cursor.ts': 'cursors: length-checked to 400 [A-Za-z0-9_-] before any other expression',
  'src/memory/cursor.ts': 'cursors: length-checked to 200 [A-Za-z0-9_-] before decoding',
  'src/cortex/cortex-sweep.service.ts': 'an ISO date',
  'src/embedding/migration/previous-embedder.ts': 'the stored embedding model name',
  'src/embedding/migration/reembed.service.ts': 'a model name and a number (job id)',
  'src/graphql/limits.ts': "graphql-js's own error message",
  'src/llm/openai-llm.client.ts': 'the LLM answer (one anchored code fence)',
  'src/logging/logging.ts': 'a client request id checked against an anchored {1,64} class',
  'src/rate-limit/client-address.ts': 'the TRUST_PROXY setting',
  'src/rest/rest-query.ts': 'query parameters checked by an anchored \\d{1,9}',
  'src/store/neo4j/cypher-registry.ts': 'the repository Cypher files',
  'src/store/sqlite/sqlite-database.ts': 'the SQL of the vector table definition',
  'src/viewer/app/dom.ts': 'event handler names in the viewer code',
  'src/worker.ts': 'the Redis URL of the operator',
  'src/memory/intent/training/corpus/en/index.ts': 'the training corpus in the repository, read by the training script',
  'src/memory/intent/training/corpus/expand.ts':
    'the training corpus templates in the repository, read by the training script',
};

function attempt(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error;
  }
}

function toTen(unit: string, suffix = ''): string {
  return unit.repeat(Math.max(1, Math.floor((KB10 - suffix.length) / unit.length))) + suffix;
}

export const LEAD_WORDS = [
  'oh and',
  'oh',
  'and',
  'also',
  'please',
  'pls',
  'hey',
  'now',
  'actually',
  'ok',
  'okay',
  'so',
  'well',
  'btw',
  'sorry',
  'but',
  'honestly',
  'really',
  'hi',
  'hello',
  'no wait',
  'correction:',
  'og',
  'men',
  'så',
  'hej',
  'hejsa',
  'altså',
  'faktisk',
  'nå',
  'nu',
  'og så',
  'i',
  'my',
  'jeg',
  'mit',
  'min',
  "i'm",
  'the user',
  "user's",
  'brugeren',
  'remember',
  'forget',
  'husk',
  'glem',
  'not',
  'no longer',
  'ikke',
  'always',
  'never',
  'aldrig',
  'altid',
  'ignore previous',
  'system:',
];
const TAILS = ['x', ' my name is', '?'];
export const RUNS = [
  ' ',
  '\t',
  '\n',
  ' \n',
  '\r\n',
  '.',
  ',',
  ';',
  ':',
  '!',
  '?',
  '"',
  "'",
  '’',
  '-',
  '=',
  '/',
  '(',
  ')',
  '[',
  ']',
  '<',
  '>',
  '*',
  '_',
  '#',
  '@',
  '&',
  '+',
  '…',
  '😀',
  '\u200b',
  '\u0301',
  'a',
  'A',
  '1',
  'é',
  'hm',
  'ha',
  'ah',
  'm',
  'lo',
  '.a',
  ', a',
  'a ',
  '.-',
  'i ',
  ':)',
  '<engram-context>',
  'http://',
  'ø',
];

export function hostileInputs(): string[] {
  const inputs: string[] = [];
  for (const word of LEAD_WORDS) {
    for (const tail of TAILS) {
      inputs.push(toTen(`${word} `, tail));
    }
    inputs.push(toTen(`${word}, `));
  }
  for (const run of RUNS) {
    const body = run.repeat(Math.floor(KB10 / run.length / 2));
    inputs.push(`a${body}b${body}`, `I live in Oslo${body}x`, `remember that${body};${body}x`);
  }
  inputs.push(
    `I live in ${toTen('Oslo ')}`,
    `My name is ${'A'.repeat(KB10)}`,
    `remember that ${toTen('x y ')}`,
    `${toTen('Hi, ')}I'm Bo`,
    `The user lives in ${toTen('New ')}York`,
    toTen('hm') + 'mx',
    `${'h'}${'m'.repeat(KB10)}x`,
    toTen('ha') + 'x',
    toTen('ahah') + 'x',
    toTen('uh') + 'x',
    toTen('Maria: '),
    toTen('Maria Maria '),
    toTen('in 2023 '),
    toTen('last week '),
    toTen('12 '),
    toTen('Ignore all previous instructions. '),
    toTen('You are now '),
    toTen('what is '),
    toTen('is it '),
  );

  return inputs;
}

/** Whole write screens run a dozen modules' expressions in a row: three times the bound of one module. */
const COMPOSITE_BOUND_MS = 3 * BOUND_MS;
export const boundOf = (name: string): number =>
  /^(readWrite|detectIntent|extractDeterministic|steelGate|extractiveSummary)/u.test(name)
    ? COMPOSITE_BOUND_MS
    : BOUND_MS;

/**
 * Milliseconds one call costs, measured as the smaller of its wall time and the CPU time this process spent meanwhile:
 * each is at least the call's own time on its thread (wall time also counts time the OS gave other processes, process
 * CPU time also counts GC and other threads), so the smaller never flatters the expression. A slow call is measured up
 * to four times more and the fastest kept (GC pauses and a busy machine are not stalls).
 */
export function cost(probe: Probe, text: string, bound: number): number {
  let best = once(probe, text);
  for (let run = 1; run < 5 && best > bound; run += 1) {
    best = Math.min(best, once(probe, text));
  }

  return best;
}

export function once(probe: Probe, text: string): number {
  const cpu = process.cpuUsage();
  const started = performance.now();
  probe(text);
  const wall = performance.now() - started;
  const spent = process.cpuUsage(cpu);

  return Math.min(wall, (spent.user + spent.system) / 1000);
}

/** Past this a call is a stall whatever the machine's load: an exponential expression takes seconds on 10 KB. */
const CEILING_MS = 1000;
/** A linear call on four times the text costs about four times as much; a quadratic one sixteen. */
const MAX_GROWTH = 8;

/** The text's end (where the hostile inputs put what ends a run: "x", " my name is", "?") kept in the quarter. */
const KEPT_END = 64;

/** A quarter of the text of the same shape: its first part and its end (a run can cost less without what ends it). */
function quarterOf(text: string): string {
  const size = Math.ceil(text.length / 4);
  const end = Math.min(KEPT_END, Math.floor(size / 2));

  return text.slice(0, size - end) + text.slice(text.length - end);
}

/**
 * Whether a call over its bound is superlinear, judged by growth rather than by the clock alone: on a loaded host (two
 * Jest workers beside a benchmark) a linear call took 62-77 ms against its 50 ms bound and 5-8 ms alone. Such a call
 * is timed again on a quarter of the text (quarterOf), alternating with the whole text so both see the same load, and fails
 * when the whole costs more than MAX_GROWTH times the quarter, or more than CEILING_MS at all.
 */
export function superlinear(probe: Probe, text: string, ms: number): boolean {
  const quarter = quarterOf(text);
  let whole = ms;
  let part = Infinity;
  for (let run = 0; run < 5; run += 1) {
    part = Math.min(part, once(probe, quarter));
    whole = Math.min(whole, once(probe, text));
  }

  return whole > CEILING_MS || whole > MAX_GROWTH * Math.max(part, 1);
}

/** The call's cost when it is too slow: over its bound and superlinear (see superlinear); else null. */
export function tooSlow(probe: Probe, text: string, bound: number): number | null {
  const ms = cost(probe, text, bound);

  return ms > bound && superlinear(probe, text, ms) ? ms : null;
}
