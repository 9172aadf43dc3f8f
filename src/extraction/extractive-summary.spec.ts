import { countTokens } from 'src/common/tokens';
import { extractiveSummary } from 'src/extraction/extractive-summary';
import type { SummaryMessage } from 'src/extraction/extractive-summary';

const at = (day: number): Date => new Date(Date.UTC(2024, 4, day, 9));
const say = (role: string, content: string, day = 1, speaker: string | null = null): SummaryMessage => ({
  role,
  speaker,
  content,
  createdAt: at(day),
});

describe(extractiveSummary.name, () => {
  const conversation = [
    say('USER', 'Hi there!', 1, 'Anders'),
    say('USER', 'Our goal is to ship the billing service by June 30.', 1, 'Anders'),
    say('ASSISTANT', 'Sounds good. Nice weather today.', 1),
    say('USER', 'We decided to use Postgres instead of MySQL.', 2, 'Anders'),
    say('TOOL', 'TypeError: cannot read properties of undefined in src/billing/invoice.ts', 2),
    say('USER', 'Should we keep the old invoices?', 3, 'Anders'),
    say('USER', 'ok thanks', 3, 'Anders'),
  ];

  it('should keep goals, decisions, errors, file paths and open questions, in order, with dates and speakers', () => {
    const summary = extractiveSummary({ previous: null, messages: conversation, maxTokens: 400 });

    expect(summary.split('\n')).toEqual([
      'Earlier in this conversation:',
      '- [2024-05-01] Anders: Our goal is to ship the billing service by June 30.',
      '- [2024-05-02] Anders: We decided to use Postgres instead of MySQL.',
      '- [2024-05-02] tool: TypeError: cannot read properties of undefined in src/billing/invoice.ts',
      'Open questions:',
      '- [2024-05-03] Anders: Should we keep the old invoices?',
    ]);
  });

  it('should stay within its token budget, keeping the most telling lines', () => {
    const summary = extractiveSummary({ previous: null, messages: conversation, maxTokens: 45 });

    expect(countTokens(summary)).toBeLessThanOrEqual(45);
    expect(summary).toContain('ship the billing service');
  });

  it('should carry the previous summary forward, keeping room for it', () => {
    const first = extractiveSummary({ previous: null, messages: conversation.slice(0, 3), maxTokens: 200 });
    const second = extractiveSummary({ previous: first, messages: conversation.slice(3), maxTokens: 200 });

    expect(second).toContain('ship the billing service');
    expect(second).toContain('Postgres');
    expect(second.match(/^Earlier in this conversation:/gmu)).toHaveLength(1);
  });

  it('should be deterministic and empty when nothing is worth keeping', () => {
    expect(extractiveSummary({ previous: null, messages: conversation, maxTokens: 300 })).toBe(
      extractiveSummary({ previous: null, messages: conversation, maxTokens: 300 }),
    );
    expect(
      extractiveSummary({ previous: null, messages: [say('USER', 'ok'), say('USER', 'thanks!')], maxTokens: 300 }),
    ).toBe('');
  });
});
