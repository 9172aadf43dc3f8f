import { MemoryType } from 'src/domain/memory.enums';
import { clauses, extractDeterministic, LANGUAGE_TABLES } from 'src/extraction/deterministic-extractor';
import { stripInjected, wrapInjected } from 'src/extraction/injected-text';
import { isLowValue } from 'src/extraction/low-value';

function contents(text: string): string[] {
  return extractDeterministic(text).flatMap((e) => (e.kind === 'memory' ? [e.content] : []));
}

describe(extractDeterministic.name, () => {
  it('should find every statement of a message, one per clause, as canonical sentences', () => {
    expect(contents("Hi, I'm Anders and I live in Copenhagen. I work at Novo Nordisk; I love sushi!")).toEqual([
      'My name is Anders.',
      'I live in Copenhagen.',
      'I work at Novo Nordisk.',
      'I love sushi.',
    ]);
  });

  it('should read Danish', () => {
    const found = extractDeterministic(
      'Hej, jeg hedder Mette og jeg bor i Odense. Jeg er 41 år. Jeg elsker frikadeller.',
    );

    expect(found.map((e) => (e.kind === 'memory' ? [e.content, e.slot, e.type] : null))).toEqual([
      ['Mit navn er Mette.', 'name', MemoryType.IDENTITY],
      ['Jeg bor i Odense.', 'location', MemoryType.IDENTITY],
      ['Jeg er 41 år gammel.', 'age', MemoryType.IDENTITY],
      ['Jeg elsker frikadeller.', null, MemoryType.PREFERENCE],
    ]);
  });

  it('should give the same sentence for the same value however it was said', () => {
    expect(contents('Jeg hedder Søren')).toEqual(contents('Mit navn er Søren'));
    expect(contents('My name is Bo')).toEqual(contents("Hello, I'm Bo"));
  });

  it('should turn "remember that" into one explicit memory, keeping a slot when the rest states one', () => {
    expect(extractDeterministic('Remember that my daughter is allergic to peanuts.')).toEqual([
      {
        kind: 'memory',
        patternId: 'en.remember',
        content: 'My daughter is allergic to peanuts.',
        type: null,
        slot: null,
        explicit: true,
      },
    ]);
    expect(extractDeterministic('Husk at jeg bor i Aarhus')).toEqual([
      {
        kind: 'memory',
        patternId: 'da.slot.location',
        content: 'Jeg bor i Aarhus.',
        type: MemoryType.IDENTITY,
        slot: 'location',
        explicit: true,
      },
    ]);
  });

  it('should turn "forget" into a forget request, naming the slot when it names one', () => {
    expect(extractDeterministic('Please forget that I live in Berlin.')).toEqual([
      { kind: 'forget', patternId: 'en.forget', query: 'I live in Berlin', slots: [] },
    ]);
    expect(extractDeterministic('forget my name')).toEqual([
      { kind: 'forget', patternId: 'en.forget', query: 'my name', slots: ['name'] },
    ]);
    expect(extractDeterministic('Glem hvor jeg bor')).toEqual([
      { kind: 'forget', patternId: 'da.forget', query: 'hvor jeg bor', slots: ['location'] },
    ]);
  });

  it('should keep rules for the assistant, reminders and corrections as said, and not the always and never of chat', () => {
    const kept = (text: string): string[] =>
      extractDeterministic(text).flatMap((e) => (e.kind === 'memory' ? [e.patternId] : []));

    expect(kept('From now on, keep your answers under 100 words.')).toEqual(['rule']);
    expect(kept('Never use emojis in your replies.')).toEqual(['rule']);
    expect(kept('Remind me to water the plants on Sunday.')).toEqual(['reminder']);
    expect(kept('need to renew my passport before june ugh')).toEqual(['reminder']);
    expect(kept('Jeg skal huske at forny mit pas inden sommerferien.')).toEqual(['reminder']);
    expect(kept('I need to sleep.')).toEqual([]);
    expect(kept('I have to leave by 5.')).toEqual([]);
    expect(kept('Sorry, I said Bristol but I meant Bath.')).toEqual(['correction']);
    expect(kept("I don't play tennis anymore.")).toEqual(['retraction']);
    for (const chat of ['Keep going and never give up!', 'They always make us smile.', "Don't give up, buddy!"]) {
      expect(kept(chat)).toEqual([]);
    }
  });

  it('should skip questions, third parties and chatter', () => {
    expect(extractDeterministic('Where do you live? Do you like sushi?')).toEqual([]);
    expect(extractDeterministic('My brother lives in Paris and he loves football.')).toEqual([]);
    expect(extractDeterministic('ok thanks, got it')).toEqual([]);
  });

  it('should never extract what the service injected', () => {
    const pasted = `${wrapInjected('## What you know about the user\n- My name is Anders.\n- I live in Oslo.')}\nI love jazz.`;

    expect(contents(pasted)).toEqual(['I love jazz.']);
    expect(stripInjected('before <engram-context>My name is X. and no end')).toBe('before');
  });

  it('should cap the number of extractions of one message', () => {
    const many = Array.from({ length: 20 }, (_, i) => `I love dish number ${i}.`).join(' ');

    expect(extractDeterministic(many)).toHaveLength(8);
  });

  it('should split clauses only where a new first-person statement starts', () => {
    expect(clauses('I love hiking and cycling')).toEqual(['I love hiking and cycling']);
    expect(clauses("I'm Anders, I live in Oslo and I work at Equinor")).toEqual([
      "I'm Anders",
      'I live in Oslo',
      'and I work at Equinor',
    ]);
  });
});

describe(isLowValue.name, () => {
  it.each(['ok', 'Thanks!', 'got it 👍', 'Tak.', 'mange tak', '😂😂', 'hahaha', '   '])(
    'should call %j low value',
    (text) => {
      expect(isLowValue(text, LANGUAGE_TABLES)).toBe(true);
    },
  );

  it.each(['ok, I moved to Lisbon', 'I prefer tea', 'Berlin', 'tak, jeg bor i Vejle'])(
    'should call %j worth extracting',
    (text) => {
      expect(isLowValue(text, LANGUAGE_TABLES)).toBe(false);
    },
  );
});
