import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { COMMAND_HELP } from 'src/cli/help';
import { environmentVariables } from 'src/config/config';
import { headerLine, memoryLine } from 'src/tenant-data/tenant-export.format';
import { draft } from 'test/contract/memory-fixtures';
import { runCli } from 'test/e2e/support/cli-process';

/** The CLI as a newcomer meets it: `--help`, a purge that asks first, a misspelt tenant refused. Real processes. */
jest.setTimeout(120_000);

describe('CLI (e2e)', () => {
  let dataDir: string;
  const env = (): Record<string, string> => ({ ENGRAM_DATA_DIR: dataDir, ENGRAM_API_KEYS: 'alice:alice-key-0001' });

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-cli-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should list every command, option and environment variable under --help, and one command under <command> --help', async () => {
    const help = await runCli(['--help'], env());
    expect(help.code).toBe(0);
    for (const [name, command] of Object.entries(COMMAND_HELP)) {
      expect(help.stdout).toContain(`  ${name}`);
      for (const [option] of command.options ?? []) {
        expect(help.stdout).toContain(option);
      }
    }
    for (const { name } of environmentVariables()) {
      expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    }
    expect(help.stdout).toContain('ENGRAM_API_KEY:');

    const purge = await runCli(['purge', '--help'], env());
    expect(purge).toMatchObject({ code: 0, stderr: '' });
    expect(purge.stdout).toMatch(/^Usage: node dist\/main\.js purge --tenant <id> --yes/);
    expect(purge.stdout).not.toContain('reembed');

    const unknown = await runCli(['frobnicate'], env());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--help');
  });

  it('should refuse a purge without --yes when not on a terminal, and purge with it', async () => {
    const file = [
      headerLine('alice', new Date(), null),
      memoryLine({
        ...draft('alice', 'Ann likes green tea'),
        fading: false,
        expiredAt: null,
        lastAccessedAt: null,
        accessCount: 0,
        supersededBy: null,
        validUntil: null,
        decayScore: null,
        links: [],
        extractedFrom: [],
      }),
    ].join('\n');
    const imported = await runCli(['import', '--tenant', 'alice'], env(), file);
    expect(imported.code).toBe(0);

    const refused = await runCli(['purge', '--tenant', 'alice'], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('purge deletes everything of tenant "alice" for good: add --yes to confirm');
    const still = await runCli(['export', '--tenant', 'alice'], env());
    expect(still.stdout).toContain('Ann likes green tea');

    const purged = await runCli(['purge', '--tenant', 'alice', '--yes'], env());
    expect(purged.code).toBe(0);
    expect(JSON.parse(purged.stdout)).toMatchObject({ memories: 1 });
  });

  it('should call a tenant with no key and no data unknown, for export and purge, and write nothing to stdout', async () => {
    for (const args of [
      ['export', '--tenant', 'alcie'],
      ['purge', '--tenant', 'alcie', '--yes'],
    ]) {
      const result = await runCli(args, env());
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('unknown tenant "alcie"');
    }
    // a tenant of a key with nothing stored yet exports its header
    const empty = await runCli(['export', '--tenant', 'alice'], env());
    expect(empty.code).toBe(0);
    expect(empty.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('should print the backlog, the queues and the cortex runs with status, and the same as JSON', async () => {
    // the CLI inherits REDIS_URL when the run has one (CI does): then the queues are BullMQ's
    const queues = process.env['REDIS_URL']
      ? { kind: 'bullmq', first: 'bulletin' }
      : { kind: 'in-process', first: 'refresh-bulletin' };
    const text = await runCli(['status'], env());
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toMatch(/^Backlog \(every tenant\)$/m);
    expect(text.stdout).toMatch(/^ {2}message_vectors +0 +- +messages without a vector$/m);
    expect(text.stdout).toMatch(new RegExp(`^Queues \\(${queues.kind}\\)$`, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^ {2}${queues.first} `, 'm'));

    const json = await runCli(['status', '--json'], env());
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { backlog: Record<string, { items: number }>; queues: { kind: string } };
    expect(Object.keys(report.backlog)).toEqual([
      'message_vectors',
      'memory_vectors',
      'extractions',
      'compactions',
      'reembed',
      'entity_links',
    ]);
    expect(report.queues.kind).toBe(queues.kind);
  });
});
