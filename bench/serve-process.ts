// The service under test, alone in its process: the real store and server over the seeded database.
// Prints the URL it listens on as its first line of output, so the bench knows where to point.
// Usage: node bench/serve-process.ts <database file or postgres:// URL>
import { startServer, stopOnSignals } from '../src/server.ts';
import { openStore } from '../src/store/open-store.ts';

const store = await openStore(process.argv[2]);
const { app, url } = await startServer({ store, host: '127.0.0.1', port: 0, bodyLimit: 1024 * 1024, logLevel: 'silent' });
stopOnSignals(async () => {
  await app.close();
  await store.close();
});
process.stdout.write(`${url}\n`);
