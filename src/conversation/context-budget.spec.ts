import fc from 'fast-check';

import { countTokens } from 'src/common/tokens';
import { assembleContext } from 'src/conversation/context-budget';
import type { ContextMaterial, ContextMemory, ContextMessage } from 'src/conversation/context-budget';
import { MemoryType } from 'src/domain/memory.enums';
import { Tier } from 'src/recall/ranking';

const EMPTY: ContextMaterial = {
  constraints: [],
  bulletin: null,
  memories: [],
  earlier: [],
  turns: [],
  summary: null,
  recent: [],
};
const WORDS = [
  'alpha',
  'beta',
  'Copenhagen',
  'deploy',
  'error:',
  'src/app.ts',
  '2024-05-03',
  '😀',
  'ÆØÅ',
  '\n',
  '{"k":1}',
  'the',
  'and',
];

const text = (max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: max }).map((words) => words.join(' '));

const message = (i: number): fc.Arbitrary<ContextMessage> =>
  fc.record({
    id: fc.constant(`m${i}`),
    role: fc.constantFrom('USER', 'ASSISTANT', 'TOOL', 'SYSTEM'),
    speaker: fc.option(fc.constantFrom('Anders', 'Mette', 'bot'), { nil: null }),
    content: text(400),
    createdAt: fc.constant(new Date(Date.UTC(2024, 4, 1, 0, i))),
  });

const material: fc.Arbitrary<ContextMaterial> = fc.record({
  constraints: fc.array(text(20), { maxLength: 3 }).map((cs) => cs.map((content, i) => ({ id: `c${i}`, content }))),
  bulletin: fc.option(text(120), { nil: null }),
  memories: fc
    .array(
      fc.record({
        content: text(30),
        type: fc.constantFrom(...Object.values(MemoryType)),
        tier: fc.constantFrom(...Object.values(Tier)),
      }),
      { maxLength: 12 },
    )
    .map((ms) => ms.map((m, i) => ({ ...m, id: `mem${i}` }))),
  earlier: fc
    .integer({ min: 0, max: 4 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => message(100 + i)))),
  turns: fc
    .integer({ min: 0, max: 6 })
    .chain((n) =>
      fc.tuple(
        ...Array.from({ length: n }, (_, i) =>
          fc.tuple(message(200 + i), fc.array(message(300 + i), { maxLength: 2 })),
        ),
      ),
    )
    .map((ts) => ts.map(([m, neighbours]) => ({ message: m, neighbours }))),
  summary: fc.option(text(200), { nil: null }),
  recent: fc.integer({ min: 0, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => message(i)))),
});

describe(assembleContext.name, () => {
  it('should never exceed the budget, and report the real token count of its text', () => {
    fc.assert(
      fc.property(material, fc.integer({ min: 1, max: 3000 }), (m, budget) => {
        const context = assembleContext(m, budget);

        expect(context.tokenCount).toBe(countTokens(context.text));
        expect(context.tokenCount).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 400 },
    );
  });

  it('should keep the newest message whenever it fits, and the constraints whenever they fit', () => {
    fc.assert(
      fc.property(material, fc.integer({ min: 1, max: 3000 }), (m, budget) => {
        const context = assembleContext(m, budget);
        const newest = m.recent[m.recent.length - 1];
        const alone = assembleContext({ ...EMPTY, constraints: m.constraints, recent: newest ? [newest] : [] }, budget);

        expect(context.constraintIds).toEqual(alone.constraintIds);
        if (newest && alone.messages.some((x) => x.id === newest.id)) {
          expect(context.messages[context.messages.length - 1]?.id).toBe(newest.id);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('should keep the transcript contiguous and in order, ending with the newest message', () => {
    fc.assert(
      fc.property(material, fc.integer({ min: 50, max: 3000 }), (m, budget) => {
        const ids = assembleContext(m, budget).messages.map((x) => x.id);
        const all = m.recent.map((x) => x.id);

        expect(ids).toEqual(all.slice(all.length - ids.length));
      }),
      { numRuns: 300 },
    );
  });

  it('should include everything, grouped and in order, when the budget is ample', () => {
    const at = new Date('2024-05-03T10:00:00Z');
    const context = assembleContext(
      {
        constraints: [{ id: 'c', content: 'Never commit secrets.' }],
        bulletin: 'Anders is a developer in Aarhus.',
        memories: [
          { id: 'low', type: MemoryType.FACT, content: 'Irrelevant.', tier: Tier.LOW },
          { id: 'med', type: MemoryType.FACT, content: 'Uses Postgres.', tier: Tier.MEDIUM },
          { id: 'pref', type: MemoryType.PREFERENCE, content: 'Prefers tabs.', tier: Tier.HIGH },
          { id: 'who', type: MemoryType.IDENTITY, content: 'My name is Anders.', tier: Tier.HIGH },
        ],
        earlier: [{ id: 'e', role: 'USER', speaker: null, content: 'We chose Postgres last year.', createdAt: at }],
        turns: [],
        summary: 'Earlier in this conversation:\n- decided on Postgres',
        recent: [
          { id: 'r1', role: 'USER', speaker: 'Anders', content: 'Hi', createdAt: at },
          { id: 'r2', role: 'ASSISTANT', speaker: null, content: 'Hello!', createdAt: at },
        ],
      },
      8000,
    );

    expect(context.memoryIds).toEqual(['med', 'pref', 'who']);
    expect(context.messages.map((m) => m.id)).toEqual(['r1', 'r2']);
    expect(context.text.indexOf('Never commit secrets')).toBeLessThan(
      context.text.indexOf("The user's name is Anders"),
    );
    expect(context.text.indexOf('## About the user')).toBeLessThan(context.text.indexOf('## Preferences'));
    expect(context.text.indexOf('## Possibly relevant')).toBeLessThan(context.text.indexOf('## Recent messages'));
    expect(context.text).not.toContain('Irrelevant');
    expect(context.text).toMatch(/^<engram-context>\n[\s\S]*\n<\/engram-context>$/);
    expect(context.text).toContain('[2024-05-03 10:00] Anders (user): Hi');
  });

  describe('what an agent pastes into its prompt', () => {
    const at = new Date('2024-05-03T10:00:00Z');
    const bulletin = [
      '## About the user',
      '- The user lives in Denver. [aaaaaaaa]',
      '- The user is a data analyst. [bbbbbbbb]',
      '',
      '## Preferences and constraints',
      '- Never use emojis. [cccccccc]',
    ].join('\n');
    const transcript = Array.from({ length: 30 }, (_, i) => ({
      id: `r${i}`,
      role: 'USER',
      speaker: null,
      content: `message number ${i} about the weather and the garden and the kids`,
      createdAt: at,
    }));
    const material = (recent = transcript) => ({
      constraints: [
        { id: 'cccccccc-0000', content: 'Never use emojis.' },
        { id: 'dddddddd-0000', content: 'never use emojis' },
        { id: 'eeeeeeee-0000', content: 'Always call me Kat.' },
      ],
      bulletin,
      memories: [
        { id: 'aaaaaaaa-0000', type: MemoryType.IDENTITY, content: 'I live in Denver.', tier: Tier.HIGH },
        { id: 'ffffffff-0000', type: MemoryType.IDENTITY, content: "I'm 41.", tier: Tier.HIGH },
      ],
      earlier: [],
      turns: [],
      summary: null,
      recent,
    });

    it('should state each rule once, in the third person, and nest the briefing under its heading', () => {
      const { text } = assembleContext(material(), 8000);

      expect(text.match(/never use emojis/gi)).toHaveLength(1);
      expect(text).toContain('- Always call the user Kat.');
      expect(text).toContain('## Briefing\n### About the user\n- The user lives in Denver. [aaaaaaaa]');
      expect(text).not.toContain('### Preferences and constraints');
      expect(text).not.toMatch(/^## [^\n]*\n## /m);
      expect(text.match(/The user lives in Denver/g)).toHaveLength(1);
      expect(text).toContain('- The user is 41.');
    });

    it('should keep the rules and the briefing before transcript lines at a small budget', () => {
      const { text, messages } = assembleContext(material(), 160);

      expect(text).toContain('- Always call the user Kat.');
      expect(text).toContain('## Briefing\n### About the user\n- The user lives in Denver.');
      expect(messages.length).toBeLessThan(transcript.length);
    });
  });

  it('should drop older messages before memories, and truncate tool output before dropping memories', () => {
    const at = new Date('2024-05-03T10:00:00Z');
    const long = 'word '.repeat(400);
    const context = assembleContext(
      {
        ...EMPTY,
        memories: [{ id: 'm', type: MemoryType.FACT, content: 'The build uses pnpm.', tier: Tier.HIGH }],
        recent: [
          { id: 'old', role: 'USER', speaker: null, content: long, createdAt: at },
          { id: 'tool', role: 'TOOL', speaker: null, content: long, createdAt: at },
          { id: 'new', role: 'USER', speaker: null, content: 'What now?', createdAt: at },
        ],
      },
      300,
    );

    expect(context.memoryIds).toEqual(['m']);
    expect(context.messages.map((m) => m.id)).toEqual(['tool', 'new']);
    expect(context.messages[0]?.content).toMatch(/… \[truncated\]$/);
  });

  describe('earlier turns of this conversation', () => {
    const at = (minute: number): Date => new Date(Date.UTC(2024, 4, 1, 9, minute));
    const turn = (
      i: number,
      content = `Message number ${i} about the weekly planning of the garden project and its budget.`,
    ): ContextMessage => ({
      id: `t${i}`,
      role: 'USER',
      speaker: i % 2 === 0 ? 'Anders' : 'Mette',
      content,
      createdAt: at(i),
    });
    const history = Array.from({ length: 60 }, (_, i) => turn(i));
    const locker = turn(3, 'The locker code for the bike shed is 4711.');
    const recent = history.map((m) => (m.id === locker.id ? locker : m));

    it('should bring back a turn outside the recent window, marked as earlier with its date, and not repeat one the window shows', () => {
      const context = assembleContext(
        {
          ...EMPTY,
          recent,
          turns: [
            { message: locker, neighbours: [] },
            { message: recent[59]!, neighbours: [] },
          ],
        },
        500,
      );

      expect(context.turnIds).toEqual(['t3']);
      expect(context.messages.map((m) => m.id)).not.toContain('t3');
      expect(context.messages[context.messages.length - 1]?.id).toBe('t59');
      expect(context.text).toContain('## Earlier turns of this conversation');
      expect(context.text).toContain(
        '[earlier, 2024-05-01 09:03] Mette (user): The locker code for the bike shed is 4711.',
      );
      expect(context.text.match(/Message number 59 /gu)).toHaveLength(1);
      expect(context.text.indexOf('## Earlier turns')).toBeLessThan(context.text.indexOf('## Recent messages'));
    });

    it('should keep a share of the budget for earlier turns when the recent messages alone could fill it', () => {
      const turns = [5, 9, 14, 20].map((i) => ({ message: recent[i]!, neighbours: [] }));
      const context = assembleContext({ ...EMPTY, recent, turns }, 600);

      expect(context.turnIds).toEqual(['t5', 't9', 't14', 't20']);
      expect(context.messages.length).toBeGreaterThan(2);
    });

    it('should show a short turn with its neighbours when the policy says so, once each', () => {
      const reply = turn(8, 'Yes, 4711.');
      const material = {
        ...EMPTY,
        recent,
        turns: [
          { message: reply, neighbours: [recent[7]!, recent[9]!] },
          { message: recent[9]!, neighbours: [] },
        ],
      };
      const shares = { bulletin: 0, memories: 0, turns: 0.5, others: 0, summary: 0, recent: 0.5 };

      expect(assembleContext(material, 800, { shares, neighboursBelow: 0 }).turnIds).toEqual(['t8', 't9']);
      expect(assembleContext(material, 800, { shares, neighboursBelow: 12 }).turnIds).toEqual(['t7', 't8', 't9']);
    });

    it("should name the channel of a turn from the project's other channels, under the project's heading", () => {
      const sibling = { ...turn(70, 'The deploy key lives in the vault.'), channelId: 'ops' };
      const own = { ...locker, channelId: 'api' };
      const context = assembleContext(
        {
          ...EMPTY,
          channelId: 'api',
          turns: [
            { message: sibling, neighbours: [] },
            { message: own, neighbours: [] },
          ],
        },
        800,
      );

      expect(context.turnIds).toEqual(['t3', 't70']);
      expect(context.text).toContain('## Earlier turns of this conversation and of its project');
      expect(context.text).toContain('[earlier, channel ops, 2024-05-01 10:10] Anders (user): The deploy key');
      expect(context.text).toContain('[earlier, 2024-05-01 09:03] Mette (user): The locker code');
      // the channel's own turns alone: the heading and lines as without a project
      const alone = assembleContext({ ...EMPTY, channelId: 'api', turns: [{ message: own, neighbours: [] }] }, 800);
      expect(alone.text).toBe(assembleContext({ ...EMPTY, turns: [{ message: locker, neighbours: [] }] }, 800).text);
    });

    it('should show a message once when it is both a turn of the project and one of the other conversations', () => {
      const sibling = { ...turn(70, 'The deploy key lives in the vault next to the old one.'), channelId: 'ops' };
      const policy = {
        shares: { bulletin: 0, memories: 0.5, turns: 0, others: 0.5, summary: 0, recent: 0 },
        neighboursBelow: 0,
      };
      const material: ContextMaterial = {
        ...EMPTY,
        channelId: 'api',
        memories: [
          { id: 'big', type: MemoryType.FACT, content: 'alpha beta '.repeat(100), tier: Tier.HIGH },
          { id: 'small', type: MemoryType.FACT, content: 'The vault is in Aarhus.', tier: Tier.HIGH },
        ],
        earlier: [sibling],
        turns: [{ message: sibling, neighbours: [] }],
      };
      let bothShown = 0;
      for (let budget = 20; budget <= 400; budget++) {
        const context = assembleContext(material, budget, policy);
        expect(context.text.split(sibling.content).length).toBeLessThanOrEqual(2);
        expect(context.turnIds.length + context.earlierIds.length).toBeLessThanOrEqual(1);
        bothShown += context.earlierIds.length;
      }
      // some budgets show it among the other conversations first (the turns' share is none)
      expect(bothShown).toBeGreaterThan(0);
    });

    it('should leave out a memory extracted from a message the context shows', () => {
      const memory = (id: string, sources: string[]): ContextMemory => ({
        id,
        type: MemoryType.FACT,
        content: `The locker code is 4711 (${id}).`,
        tier: Tier.HIGH,
        sources,
      });
      const context = assembleContext(
        {
          ...EMPTY,
          recent,
          memories: [memory('from-turn', ['t3']), memory('from-window', ['t59']), memory('elsewhere', ['x'])],
          turns: [{ message: locker, neighbours: [] }],
        },
        800,
      );

      expect(context.turnIds).toEqual(['t3']);
      expect(context.memoryIds).toEqual(['elsewhere']);
    });
  });
});
