import { ConsoleLogger } from '@nestjs/common';
import type { LogLevel } from '@nestjs/common';

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * Nest's console logger with every line on stderr. For processes whose stdout is their output: the MCP protocol, or a
 * CLI command's export or report ("rebuilding index ..." from the store's start-up once landed in an export).
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}

/** A StderrLogger that prints `level` and the more severe levels, plain when asked (a client shows stderr as text). */
export function stderrLogger(level: LogLevel, colors = true): StderrLogger {
  return new StderrLogger('Engram', { logLevels: LEVELS.slice(0, LEVELS.indexOf(level) + 1), colors });
}
