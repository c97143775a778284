// The service's log: JSON lines through pino at KB_LOG_LEVEL, and Nest's own logger writing
// through the same pino logger (nestjs-pino).
import { Logger, PinoLogger } from 'nestjs-pino';
import pino, { type Logger as Pino } from 'pino';
import type { LogLevel } from '../config/config';

export function createLogger(level: LogLevel, writeLine: (line: string) => void): Pino {
  return pino({ level }, { write: writeLine });
}

/**
 * nestjs-pino's PinoLogger logs through one logger per process (its root); this one logs through
 * the logger of its own app, so apps made in one process (tests) each write where they were told.
 */
class AppPinoLogger extends PinoLogger {
  constructor(private readonly own: Pino) {
    super({ pinoHttp: { logger: own } });
  }

  override get logger(): Pino {
    return this.own;
  }
}

/** Nest's `log` level is its start-up chatter (modules loaded, routes mapped): debug here. */
class NestLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    this.debug(message, ...optionalParams);
  }
}

/** The logger Nest is given: its errors and warnings as JSON lines of `logger`. */
export function nestLoggerOf(logger: Pino): Logger {
  return new NestLogger(new AppPinoLogger(logger), {});
}
