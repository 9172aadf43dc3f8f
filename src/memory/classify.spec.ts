import { MemoryType } from 'src/domain/memory.enums';
import { classifyMemoryType } from 'src/memory/classify';

describe(classifyMemoryType.name, () => {
  it.each([
    ['My name is Alice', MemoryType.IDENTITY],
    ["I'm 34 years old", MemoryType.IDENTITY],
    ['I live in Berlin', MemoryType.IDENTITY],
    ['I work at Acme', MemoryType.IDENTITY],
    ['My pronouns are she/her', MemoryType.IDENTITY],
    ['I love hiking in the mountains', MemoryType.PREFERENCE],
    ['My favorite color is green', MemoryType.PREFERENCE],
    ['I prefer window seats', MemoryType.PREFERENCE],
    ['I hate cilantro', MemoryType.PREFERENCE],
    ["I can't stand loud restaurants", MemoryType.PREFERENCE],
    ['The user prefers dark mode', MemoryType.PREFERENCE],
    ['We decided to use Postgres for billing', MemoryType.DECISION],
    ['Going with the blue logo for launch', MemoryType.DECISION],
    ['The team chose Kotlin over Java', MemoryType.DECISION],
    ['Yesterday we agreed on a four-day week', MemoryType.DECISION],
    ['I want to run a marathon next year', MemoryType.GOAL],
    ['I plan to learn Japanese', MemoryType.GOAL],
    ['My long-term goal is to open a bakery', MemoryType.GOAL],
    ["I'm hoping to visit Peru", MemoryType.GOAL],
    ['Remind me to call the dentist', MemoryType.TODO],
    ['I need to renew my passport before June', MemoryType.TODO],
    ['TODO: migrate the cron jobs', MemoryType.TODO],
    ["Don't forget to water the plants", MemoryType.TODO],
    ['Yesterday I went hiking with my brother', MemoryType.EVENT],
    ['On Monday the server crashed twice', MemoryType.EVENT],
    ['Last week I got promoted', MemoryType.EVENT],
    ['We shipped v2 on 2024-03-01', MemoryType.EVENT],
    ['I adopted a dog 3 weeks ago', MemoryType.EVENT],
    ['Bob seems stressed about the launch', MemoryType.OBSERVATION],
    ['The build usually fails on Windows', MemoryType.OBSERVATION],
    ['She always answers emails at night', MemoryType.OBSERVATION],
    ['Maria runs the Lisbon office', MemoryType.OBSERVATION],
    ["I'm allergic to peanuts", MemoryType.FACT],
    ['I have two cats named Miso and Tofu', MemoryType.FACT],
    ['Paris is the capital of France', MemoryType.FACT],
    ['The staging database listens on port 5433', MemoryType.FACT],
  ])('%j → %s', (content, expected) => {
    expect(classifyMemoryType(content)).toBe(expected);
  });
});
