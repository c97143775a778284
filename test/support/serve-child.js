// A service process for tests that need one of their own (crash and multi-process tests): the
// compiled app (dist/, made by `npm run build`) on the database URL given as the one argument,
// on a free port of 127.0.0.1. It prints one line, {"port":N}, once it listens.
'use strict';
const { join } = require('node:path');

const dist = join(__dirname, '..', '..', 'dist', 'src');
const { createApp } = require(join(dist, 'app.factory.js'));
const { defaults } = require(join(dist, 'config', 'config.js'));

async function main() {
  const databaseUrl = process.argv[2];
  if (!databaseUrl) throw new Error('usage: serve-child.js DATABASE_URL');
  const app = await createApp({ ...defaults, databaseUrl, logLevel: 'silent' });
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`${JSON.stringify({ port: app.getHttpServer().address().port })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
