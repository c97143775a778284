// Stopping the service on a signal: once, gracefully, and within a bounded time.

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and lets the process end by itself (status 0).
 * A second signal ends it at once; a stop still running after `timeoutMs` (KB_STOP_TIMEOUT_SECONDS)
 * ends it with status 1.
 */
export function stopOnSignals(stop: () => Promise<void>, timeoutMs: number): void {
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
