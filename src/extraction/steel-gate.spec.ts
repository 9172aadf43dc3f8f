import { MemoryType } from 'src/domain/memory.enums';
import { steelGate } from 'src/extraction/steel-gate';
import type { GateInput } from 'src/extraction/steel-gate';

const turns = [
  { index: 0, text: "I'm allergic to peanuts, and my dentist appointment is on May 3rd. My name is Anders." },
  { index: 1, text: 'We decided to move the launch to June 2 because QA needs another week.' },
];

function candidate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    turn: 0,
    type: MemoryType.FACT,
    content: 'The user is allergic to peanuts.',
    importance: 'high',
    confidence: 'certain',
    tags: ['health', 'allergy'],
    store: true,
    reason: 'health fact',
    ...overrides,
  };
}

function gate(candidates: unknown[], injected: string[] = []): ReturnType<typeof steelGate> {
  const input: GateInput = { candidates, turns, injected };

  return steelGate(input);
}

describe(steelGate.name, () => {
  it('should accept a well-formed, grounded candidate and map its levels to numbers', () => {
    expect(gate([candidate()])).toEqual({
      accepted: [
        {
          turn: 0,
          type: MemoryType.FACT,
          content: 'The user is allergic to peanuts.',
          importance: 0.7,
          confidence: 0.95,
          tags: ['health', 'allergy'],
        },
      ],
      rejected: [],
    });
  });

  it.each([
    ['a missing field', candidate({ importance: undefined }), /^schema: importance/],
    ['an unknown type', candidate({ type: 'GOSSIP' }), /^schema: type/],
    ['an extra field', candidate({ secret: 1 }), /^schema/],
    ['a string instead of an object', 'The user is allergic to peanuts.', /^schema/],
    ['store: false', candidate({ store: false, reason: 'small talk' }), /model declined: small talk/],
    ['too short content', candidate({ content: 'Peanuts.' }), /must be 8-400 characters|too short/],
    [
      'too long content',
      candidate({ content: `The user is allergic to peanuts ${'and more '.repeat(60)}` }),
      /8-400 characters/,
    ],
    ['a turn that is not new', candidate({ turn: 7 }), /cites turn 7/],
    ['no tags', candidate({ tags: [] }), /tags/],
    ['an uppercase tag', candidate({ tags: ['Health'] }), /tags/],
    ['five tags', candidate({ tags: ['a', 'b', 'c', 'd', 'e'] }), /tags/],
    ['a question', candidate({ content: 'Is the user allergic to peanuts?' }), /question/],
    ['a placeholder', candidate({ content: 'The user lives in [CITY] with family.' }), /placeholder/],
    ['a relative date', candidate({ content: 'The user has a dentist appointment tomorrow.' }), /relative date/],
    ['a speculative guess', candidate({ confidence: 'speculative' }), /too weak/],
    ['trivia', candidate({ importance: 'trivial' }), /too weak/],
    ['text the turn does not contain', candidate({ content: 'The user enjoys skiing in the Alps.' }), /not grounded/],
    [
      'an identity the user never stated',
      candidate({ type: MemoryType.IDENTITY, content: "The user's name is Anders Bakker." }),
      /identity from text the user did not write \(Bakker\)/,
    ],
  ])('should reject %s', (_what, raw, reason) => {
    const verdict = gate([raw]);

    expect(verdict.accepted).toEqual([]);
    expect(verdict.rejected[0]?.reason).toMatch(reason);
  });

  it('should accept an identity in the user own words, and a decision from another turn', () => {
    const verdict = gate([
      candidate({ type: MemoryType.IDENTITY, content: "The user's name is Anders.", tags: ['identity'] }),
      candidate({
        turn: 1,
        type: MemoryType.DECISION,
        content: 'The team decided to move the launch to 2024-06-02.',
        tags: ['launch'],
      }),
    ]);

    expect(verdict.rejected).toEqual([]);
    expect(verdict.accepted.map((c) => c.type)).toEqual([MemoryType.IDENTITY, MemoryType.DECISION]);
  });

  it('should reject what restates injected text, and duplicates', () => {
    const verdict = gate(
      [
        candidate(),
        candidate(),
        candidate({ content: 'The user has a dentist appointment on 2024-05-03.', tags: ['health'] }),
      ],
      ['## Summary\n- The user has a dentist appointment on 2024-05-03 at noon.'],
    );

    expect(verdict.accepted).toHaveLength(1);
    expect(verdict.rejected.map((r) => r.reason)).toEqual([
      'duplicate of another candidate',
      'restates text the service injected (summary, bulletin or recalled memory)',
    ]);
  });

  it('should judge the same input the same way every time', () => {
    const input = [candidate(), candidate({ turn: 9 }), { nonsense: true }];

    expect(gate(input)).toEqual(gate(input));
  });
});
