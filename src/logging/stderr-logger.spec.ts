import { ConsoleLogger, Logger } from '@nestjs/common';

import { StderrLogger, stderrLogger } from 'src/logging/stderr-logger';

describe(StderrLogger.name, () => {
  it('should write every level to stderr and nothing to stdout, also through a static Logger once overridden', () => {
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      Logger.overrideLogger(stderrLogger('warn'));
      new Logger('Neo4j').log('below the level, not printed');
      new Logger('Neo4j').warn('rebuilding index memory_embedding');
      new Logger('Neo4j').error('slow');

      expect(out).not.toHaveBeenCalled();
      expect(err.mock.calls.map(([chunk]) => String(chunk)).join('')).toMatch(/rebuilding index[\s\S]*slow/u);
      expect(err.mock.calls.join('')).not.toContain('below the level');
    } finally {
      Logger.overrideLogger(new ConsoleLogger());
      out.mockRestore();
      err.mockRestore();
    }
  });
});
