import { helpText } from 'src/cli/help';

describe('helpText', () => {
  it('should show an empty default as empty, whatever the setting parses to (a list of origins included)', () => {
    const help = helpText();
    expect(help).toContain('  ENGRAM_ALLOWED_ORIGINS (default empty)\n');
    expect(help).toContain('  ENGRAM_API_KEYS (default empty)\n');
    expect(help).not.toContain('(default [])');
  });
});
