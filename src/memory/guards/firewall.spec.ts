import { guardFact, looksLikeQuestion } from 'src/memory/guards/firewall';

describe(guardFact.name, () => {
  const accepted = [
    "I'm vegan",
    'The conversation about the move to Oslo made me decide to sell the car',
    'The user laughs a lot at work and is known as the office joker',
    "I'm 34",
    'I am 34',
    'My name is Bo',
    'I am 34 years old',
    'I live in Berlin',
    'I moved to Lisbon last spring',
    'I work at Acme as a backend engineer',
    'My timezone is CET',
    'Call me Al',
    'I prefer dark mode in every editor',
    'My favorite color is green',
    "I'm allergic to peanuts",
    'We decided to use Postgres for the billing service',
    'The deploy pipeline takes about twelve minutes',
    'Alice is my manager',
    'My daughter started school in September',
    'I have two cats named Miso and Tofu',
    'Remind me to renew my passport in March',
    'I want to run a marathon next year',
    'Yesterday I went hiking with my brother',
    'Bob prefers tea over coffee',
    'The staging database lives on port 5433',
    'I hate cilantro',
    'My birthday is on 12 May',
    'I speak Portuguese and Spanish',
    "I don't drink alcohol",
    "I don't know how to swim",
    'None of my friends like jazz',
    'What I love most is hiking in the Alps',
    'How I met my wife is a long story involving a train',
    'When I was ten I moved to Osaka',
    'Where I grew up there were no trains',
    'Do not schedule meetings before 10am',
    'Is important to me: family dinners on Sunday',
    'The API key rotation runs weekly',
    'Our team uses trunk-based development',
    'My email is bo@example.com',
    'I use they/them pronouns',
    'Project Falcon ships on Friday',
    'Sure thing: the meeting moved to Thursday at 3pm',
    'Thanks to the new cache, p95 latency dropped to 40ms',
    'OK so the build server is back up',
    'Ich wohne in Berlin',
    'Je suis végétarien depuis 2015',
    '我是素食主义者',
    '私はベジタリアンです',
    'Hmm, I think I prefer the window seat on flights',
    'I moved to Lisbon in May. What about you?',
    'This was taken during the walk in the park. See how happy they are?',
    'The answer is none of the above, we rebuilt it',
  ];

  const rejected: Array<[string, string]> = [
    ['what is my name?', 'question'],
    ['do you know where I live', 'question'],
    ['Where do I work', 'question'],
    ["what's my favourite food", 'question'],
    ['Can you remind me what my email is', 'question'],
    ['Is it going to rain tomorrow', 'question'],
    ['How old am I', 'question'],
    ['Who is my manager', 'question'],
    ['Did I tell you about my trip', 'question'],
    ['So what do you think about Rust', 'question'],
    ['I wonder if the store is open', 'question'],
    ['The meeting is at 3pm, right?', 'question'],
    ['Any idea where my keys are', 'question'],
    ['are you there 🙂?', 'question'],
    ['Hey! How are you? Did you sleep well?', 'question'],
    ['ok', 'noise'],
    ['thanks!', 'noise'],
    ['Thank you so much!!', 'noise'],
    ['lol', 'noise'],
    ['hmm', 'noise'],
    ['hmmmm...', 'noise'],
    ['👍👍', 'noise'],
    ['😂', 'noise'],
    ['...', 'noise'],
    ['?!?!', 'noise'],
    ['aaaaaaaa', 'noise'],
    ['hahahaha', 'noise'],
    ['ok thanks, sounds good', 'noise'],
    ['Hi there', 'too short'],
    ['Good morning!', 'noise'],
    ['got it 👌', 'noise'],
    ['', 'empty'],
    ['   ', 'empty'],
    ["User's name: unknown", 'placeholder'],
    ['location not provided', 'placeholder'],
    ['age: N/A', 'placeholder'],
    ['Email: none', 'placeholder'],
    ['Timezone = null', 'placeholder'],
    ['employer: undefined', 'placeholder'],
    ['Birthday: TBD', 'placeholder'],
    ["I don't know", 'placeholder'],
    ['Favourite food: I do not know', 'placeholder'],
    ['The user location is not specified.', 'placeholder'],
    ["I'm not sure", 'placeholder'],
    ['Name: ???', 'placeholder'],
    ['phone number not set', 'placeholder'],
    ['Pronouns: -', 'placeholder'],
    ['N/A', 'placeholder'],
    ['vegan', 'too short'],
    ['Berlin', 'too short'],
    ['I am', 'too short'],
    ['it is what it is', 'too short'],
    ["I'm ok", 'too short'],
    ['me too', 'noise'],
    ['blue car', 'too short'],
    ['好的', 'too short'],
    ['Conversation ended politely.', 'conversation itself'],
    ['User laughed at the joke.', 'conversation itself'],
    ['The user thanked the assistant for the help.', 'conversation itself'],
  ];

  it.each(accepted)('should accept %j', (content) => {
    expect(guardFact(content)).toEqual({ ok: true });
  });

  it.each(rejected)('should reject %j as %s', (content, kind) => {
    const result = guardFact(content);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(kind);
  });

  it('should keep the tables large enough to mean something', () => {
    expect(accepted.length).toBeGreaterThanOrEqual(40);
    expect(rejected.length).toBeGreaterThanOrEqual(40);
  });
});

describe(looksLikeQuestion.name, () => {
  it.each([
    ['Where do you live?', true],
    ['how many kids do I have', true],
    ['Should I take the job', true],
    ['When I lived in Rome I learned Italian', false],
    ['Who I am matters less than what I do', false],
    ['I asked him what his name was', false],
  ])('%j → %s', (content, expected) => {
    expect(looksLikeQuestion(content)).toBe(expected);
  });
});

describe('courtesies and placeholders', () => {
  it.each([
    "Sure! I'd be glad to help with that.",
    'Of course, happy to help! Let me know if you need anything else.',
    "Great question! Here's what I found.",
    "You're very welcome, glad I could help!",
    'Absolutely, I can take care of that for you.',
    'Lives in <location>',
    'Name: <user_name>',
  ])('should reject %j', (content) => {
    expect(guardFact(content).ok).toBe(false);
  });

  it.each(['Sure, I live in Oslo now', 'Of course my sister is coming to the wedding', 'I use a <br> tag in footers'])(
    'should keep %j',
    (content) => {
      expect(guardFact(content)).toEqual({ ok: true });
    },
  );
});
