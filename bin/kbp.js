#!/usr/bin/env -S node --max-semi-space-size=16 --heap-growing-percent=50
// The kbp command: runs the compiled code in dist/ (npm's prepare, or npm run build, makes it).
// A young generation of 16 MB per semi-space, with the old generation's limit set to one and a half
// times what survives each collection (a fixed factor instead of V8's adaptive one), keeps a busy
// service under the 300 MB target. `npm run bench` at 100,000 pages on SQLite, one run each: a
// peak RSS of 309 MiB without these flags and 261 MiB with a factor of two (commit ed33a2a); later,
// with more kept in memory, 282 MiB with a factor of two and 261 MiB with 1.5 (its detail and
// write rows within 5% of the run with two). npm start and the image run this file, so they get
// the same flags.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const main = join(root, 'dist', 'src', 'cli', 'main.js');
if (!existsSync(main)) {
  process.stderr.write(`error: kbp is not built: ${main} is missing; run \`npm run build\` in ${root} first.\n`);
  process.exitCode = 1;
} else {
  require(main).run(process.argv);
}
