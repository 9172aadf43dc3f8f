import { GraphQLError } from 'graphql';

import { parseDateTime } from 'src/graphql/date-time.scalar';

describe('parseDateTime', () => {
  it('should take an ISO-8601 date-time', () => {
    expect(parseDateTime('2026-03-14T09:30:00Z').toISOString()).toBe('2026-03-14T09:30:00.000Z');
  });

  it('should refuse text that is no date with an example and what it got (cut at 40 characters)', () => {
    expect(() => parseDateTime('yesterday')).toThrow(
      new GraphQLError('DateTime must be an ISO-8601 date-time such as 2026-03-14T09:30:00Z, got "yesterday"'),
    );
    expect(() => parseDateTime('x'.repeat(500))).toThrow(/got "x{40}…"$/);
  });
});
