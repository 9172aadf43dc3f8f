import { DEFAULT_WEIGHTS, USE_WEIGHTS, weightsForModel } from 'src/recall/fusion-weights';
import type { RankingWeights } from 'src/recall/fusion-weights';
import {
  boostOf,
  candidateSubjects,
  conversationLends,
  fuseScores,
  namedPerson,
  propagate,
  querySignals,
  rankCandidates,
  sessionContext,
  sessionKey,
  siblingLends,
  topIds,
} from 'src/recall/hybrid-ranking';
import type { Candidate } from 'src/recall/hybrid-ranking';

const hit = (id: string, score: number): { id: string; score: number } => ({ id, score });
const at = new Date('2023-05-08T13:56:00Z');
const candidate = (id: string, content: string, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  content,
  occurredAt: at,
  session: null,
  ...extra,
});
/** Only the part under test: every other weight neutral. */
const NEUTRAL: RankingWeights = {
  vector: 1,
  next: 0,
  previous: 0,
  second: 0,
  graph: 0,
  sibling: 0,
  session: 0,
  speaker: 1,
  date: 1,
  when: 1,
  length: 0,
  question: 0,
  entity: 0,
  entityHop: 0,
  entityBridge: 0,
};

describe('shared ranking', () => {
  describe(fuseScores.name, () => {
    it('should add text / best text and weighted min-max vector scores, so a clear text winner stays ahead', () => {
      const fused = fuseScores([hit('a', 10), hit('b', 5)], [hit('b', 0.9), hit('c', 0.5), hit('a', 0.1)], 0.5);

      expect(fused.get('a')).toBeCloseTo(1);
      expect(fused.get('b')).toBeCloseTo(0.5 + 0.5);
      expect(fused.get('c')).toBeCloseTo(0.5 * 0.5);
      expect(topIds(fused, 2)).toEqual(['a', 'b']);
    });
  });

  describe(propagate.name, () => {
    it('should lend a share of each neighbour score, never from an item to itself, and let a reached neighbour join', () => {
      const fused = new Map([
        ['i', 1],
        ['j', 0.5],
      ]);
      const out = propagate(fused, [
        { from: 'i', to: 'j', share: 0.2 },
        { from: 'i', to: 'j', share: 0.2 },
        { from: 'k', to: 'i', share: 0.1 },
        { from: 'i', to: 'i', share: 1 },
        { from: 'j', to: 'missing', share: 1 },
      ]);

      expect(out.get('i')).toBeCloseTo(1.1);
      expect(out.get('j')).toBeCloseTo(0.5);
      expect(out.get('k')).toBeCloseTo(0.1);
    });
  });

  describe(conversationLends.name, () => {
    it('should let a turn take more from its reply than from the turn before it, both ways round', () => {
      const lends = conversationLends([{ seedId: 's', id: 'n', offset: 1 }], {
        next: 0.2,
        previous: 0.1,
        second: 0.05,
      });

      expect(lends).toEqual([
        { from: 's', to: 'n', share: 0.2 },
        { from: 'n', to: 's', share: 0.1 },
      ]);
      expect(
        conversationLends([{ seedId: 's', id: 'n', offset: -2 }], { next: 0.2, previous: 0.1, second: 0.05 })[0]?.share,
      ).toBe(0.05);
    });
  });

  describe(siblingLends.name, () => {
    it('should join the memories extracted from the same message, and only those', () => {
      const lends = siblingLends(
        new Map([
          ['a', candidate('a', 'x', { messageId: 'm1' })],
          ['b', candidate('b', 'y', { messageId: 'm1' })],
          ['c', candidate('c', 'z', { messageId: 'm2' })],
        ]),
        0.3,
      );

      expect(lends).toEqual([
        { from: 'a', to: 'b', share: 0.3 },
        { from: 'b', to: 'a', share: 0.3 },
      ]);
    });
  });

  describe(sessionContext.name, () => {
    it('should add a share of the best score of the same session, and nothing without a session', () => {
      const sessions: Record<string, string | null> = { a: 's1', b: 's1', c: 's2', d: null };
      const out = sessionContext(
        new Map([
          ['a', 1],
          ['b', 0.2],
          ['c', 0.4],
          ['d', 0.3],
        ]),
        (id) => sessions[id] ?? null,
        0.25,
      );

      expect(out.get('b')).toBeCloseTo(0.2 + 0.25);
      expect(out.get('c')).toBeCloseTo(0.4 + 0.1);
      expect(out.get('d')).toBeCloseTo(0.3);
    });

    it('should key a session by conversation and day', () => {
      expect(sessionKey('c1', new Date('2023-05-08T01:00:00Z'))).toBe(
        sessionKey('c1', new Date('2023-05-08T23:00:00Z')),
      );
      expect(sessionKey('c1', new Date('2023-05-08T01:00:00Z'))).not.toBe(
        sessionKey('c1', new Date('2023-05-09T01:00:00Z')),
      );
      expect(sessionKey(null, at)).toBeNull();
    });
  });

  describe(boostOf.name, () => {
    it('should multiply the memories of the one person the query names, by speaker prefix, author or mention', () => {
      const weights = { ...NEUTRAL, speaker: 2 };
      const signals = querySignals('What did Caroline paint?', at);

      expect(boostOf(candidate('a', 'Caroline: I painted a lake'), signals, 'Caroline', weights)).toBe(2);
      expect(boostOf(candidate('b', 'Melanie: Caroline painted a lake'), signals, 'Caroline', weights)).toBe(1);
      expect(boostOf(candidate('c', 'I painted a lake', { speaker: 'Caroline' }), signals, 'Caroline', weights)).toBe(
        2,
      );
      expect(boostOf(candidate('d', 'Caroline went to a support group'), signals, 'Caroline', weights)).toBe(2);
      expect(boostOf(candidate('e', 'Caroline: I painted a lake'), signals, null, weights)).toBe(1);
    });

    it('should multiply memories inside the date window the query names, relative to the reference time', () => {
      const weights = { ...NEUTRAL, date: 3 };
      const signals = querySignals('What did we do last week?', new Date('2023-05-15T12:00:00Z'));

      expect(
        boostOf(candidate('in', 'we hiked', { occurredAt: new Date('2023-05-09T10:00:00Z') }), signals, null, weights),
      ).toBe(3);
      expect(
        boostOf(candidate('out', 'we hiked', { occurredAt: new Date('2023-04-01T10:00:00Z') }), signals, null, weights),
      ).toBe(1);
    });

    it('should multiply memories that state a time when the query asks when', () => {
      const weights = { ...NEUTRAL, when: 2 };
      const signals = querySignals('When did Caroline go to the support group?', at);

      expect(boostOf(candidate('a', 'I went to a support group yesterday'), signals, null, weights)).toBe(2);
      expect(boostOf(candidate('b', 'I went to a support group'), signals, null, weights)).toBe(1);
    });

    it('should favour longer statements and disfavour questions', () => {
      const weights = { ...NEUTRAL, length: 0.3, question: 0.25 };
      const signals = querySignals('painting', at);
      const long = boostOf(candidate('a', Array.from({ length: 40 }, () => 'word').join(' ')), signals, null, weights);
      const short = boostOf(candidate('b', 'one word'), signals, null, weights);

      expect(long).toBeCloseTo(1.3);
      expect(short).toBeCloseTo(1 + 0.3 * (2 / 40));
      expect(boostOf(candidate('c', 'one word?'), signals, null, weights)).toBeCloseTo(short * 0.75);
    });
  });

  describe(namedPerson.name, () => {
    it('should find the one person named among the candidates subjects, by name or prefix, and none when two are', () => {
      const candidates = [candidate('a', 'Caroline: hi'), candidate('b', 'Melanie: hello')].map(candidateSubjects);

      expect(namedPerson('What did Mel paint?', candidates)).toBe('Melanie');
      expect(namedPerson('What did Paris look like?', candidates)).toBeNull();
      expect(namedPerson('Did Caroline and Melanie meet?', candidates)).toBeNull();
    });
  });

  describe(candidateSubjects.name, () => {
    it("should add a memory's author beside the subject its content names, and keep a message to its speaker", () => {
      expect(candidateSubjects(candidate('a', 'I love hiking', { author: 'Priya' }))).toEqual(['Priya']);
      expect(candidateSubjects(candidate('b', 'Jonas runs on Sundays', { author: 'Priya' }))).toEqual([
        'Jonas',
        'Priya',
      ]);
      expect(candidateSubjects(candidate('c', 'Priya runs on Sundays', { author: 'priya' }))).toEqual(['Priya']);
      expect(candidateSubjects(candidate('d', 'Jonas runs on Sundays', { speaker: 'Priya', author: 'Mette' }))).toEqual(
        ['Priya'],
      );
      expect(
        namedPerson("What is Priya's plan?", [
          candidateSubjects(candidate('e', 'my plan starts in March', { author: 'Priya' })),
        ]),
      ).toBe('Priya');
    });
  });

  describe(rankCandidates.name, () => {
    const candidates = new Map([
      ['q', candidate('q', 'Caroline: What are you painting these days?', { session: 's1' })],
      ['a', candidate('a', 'Melanie: A sunrise over the lake, it calms me down after work', { session: 's1' })],
      ['x', candidate('x', 'Caroline: I love painting with friends', { session: 's2' })],
    ]);

    it('should rank within 0..1, best first, with the best item as strong as its match', () => {
      const relevance = rankCandidates({
        signals: querySignals('painting', at),
        text: [hit('q', 4), hit('x', 3)],
        vector: [],
        candidates,
        lends: [],
        weights: NEUTRAL,
      });

      expect([...relevance.keys()]).toEqual(['q', 'x']);
      expect(relevance.get('q')?.relevance).toBeCloseTo(1 / 2);
      expect(relevance.get('q')).toMatchObject({ text: 4, vector: null, graph: null });
    });

    it('should let a reply found only through its neighbour join, and a named person lift their own memory first', () => {
      const relevance = rankCandidates({
        signals: querySignals('What is Melanie painting?', at),
        text: [hit('q', 4), hit('x', 3.9)],
        vector: [],
        candidates,
        lends: conversationLends([{ seedId: 'q', id: 'a', offset: 1 }], { next: 0.2, previous: 0.5, second: 0 }),
        weights: { ...NEUTRAL, speaker: 3 },
      });

      expect([...relevance.keys()][0]).toBe('a');
      expect(relevance.get('a')?.graph).toBeCloseTo(0.5);
    });
    it('should add an entity share of the best fused score, so a memory only the entity signal found joins', () => {
      const relevance = rankCandidates({
        signals: querySignals('painting', at),
        text: [hit('q', 4), hit('x', 2)],
        vector: [],
        candidates,
        lends: [],
        weights: NEUTRAL,
        entity: new Map([
          ['a', 0.3],
          ['x', 0.6],
          ['not-a-candidate', 1],
        ]),
      });

      // q: 1, x: 0.5 + 0.6, a: 0 + 0.3 (all of the best fused score, 1)
      expect([...relevance.keys()]).toEqual(['x', 'q', 'a']);
      expect(relevance.get('a')).toMatchObject({ text: null, graph: null });
      expect(relevance.get('a')?.relevance).toBeCloseTo((0.3 / 1.1) * 0.5);
    });
  });

  describe(weightsForModel.name, () => {
    it('should give the local USE model its tuned entry and any other model the documented default', () => {
      expect(weightsForModel('use-lite-v1-512')).toBe(USE_WEIGHTS);
      expect(weightsForModel('nomic-embed-text')).toBe(DEFAULT_WEIGHTS);
      expect(DEFAULT_WEIGHTS.vector).toBeGreaterThan(USE_WEIGHTS.vector);
    });
  });
});
