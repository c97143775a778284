// Stopping the service on a signal: once, gracefully, and within a bounded time.
import type { INestApplication } from '@nestjs/common';

/** How long a stop may take (requests in flight, closing the database) before the process exits anyway. */
export const STOP_TIMEOUT_MS = 10_000;

/** Every signal Nest's shutdown hooks listen to. */
const nestSignals: NodeJS.Signals[] = [
  'SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGSEGV', 'SIGUSR2', 'SIGTERM',
];

/**
 * Runs `start` (createApp), then removes the signal listeners it added: Nest's shutdown hooks close
 * the app and raise the signal again, so the process would end by the signal, with no bound on
 * the time; kbp serve stops by itself instead (stopOnSignals).
 */
export async function withoutNestSignalHandlers<T extends INestApplication>(start: () => Promise<T>): Promise<T> {
  const before = new Map(nestSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
  try {
    return await start();
  } finally {
    for (const signal of nestSignals) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
      }
    }
  }
}

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and lets the process end by itself (status 0).
 * A second signal ends it at once; a stop still running after `timeoutMs` ends it with status 1.
 */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs = STOP_TIMEOUT_MS): void {
  let stopping = false;
  let stopped = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      if (!stopped) {
        process.stderr.write(`error: kb-pages did not stop within ${timeoutMs / 1000} seconds of ${signal}; exiting now.\n`);
        process.exitCode = 1;
      }
      process.exit();
    }, timeoutMs).unref();
    stop().then(
      () => { stopped = true; },
      (error: unknown) => {
        process.stderr.write(`error: stopping after ${signal} failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
