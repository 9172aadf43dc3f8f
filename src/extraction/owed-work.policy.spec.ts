import { compactionJobId, extractionJobId, owedExtractionCutoff, recoveryJobs } from 'src/extraction/owed-work.policy';

describe('owed-work policy', () => {
  const owed = [
    { tenantId: 'alice', messageId: 'm2' },
    { tenantId: 'bob', messageId: 'm1' },
  ];
  const overBudget = [
    { tenantId: 'alice', channelId: 'busy', liveTokens: 900, budget: 1000, newestLiveMessageId: 'm9' },
  ];

  it('should name jobs as the request path does: one extraction per message, one compaction per range', () => {
    expect(extractionJobId('m1')).toBe('extract.m1');
    expect(compactionJobId('m9')).toBe('compact.m9');
  });

  it('should queue an extraction per owed message and an automatic compaction through the newest live message', () => {
    expect(recoveryJobs({ owed, overBudget, llmExtraction: true })).toEqual({
      extractions: [
        { payload: { tenantId: 'alice', messageId: 'm2' }, jobId: 'extract.m2' },
        { payload: { tenantId: 'bob', messageId: 'm1' }, jobId: 'extract.m1' },
      ],
      compactions: [
        {
          payload: { tenantId: 'alice', channelId: 'busy', throughMessageId: 'm9', forced: false },
          jobId: 'compact.m9',
        },
      ],
    });
  });

  it('should queue no extraction while LLM extraction is not configured, compactions still', () => {
    const jobs = recoveryJobs({ owed, overBudget, llmExtraction: false });

    expect(jobs.extractions).toEqual([]);
    expect(jobs.compactions).toHaveLength(1);
  });

  it('should owe an extraction once its message is older than the grace period', () => {
    expect(owedExtractionCutoff(new Date('2026-01-01T00:01:00Z'), 60_000)).toEqual(new Date('2026-01-01T00:00:00Z'));
  });
});
