#!/usr/bin/env -S node --max-semi-space-size=4
// The kbp command: runs the compiled code in dist/ (npm's prepare, or npm run build, makes it).
// A young generation of 4 MB per semi-space keeps a busy service near 250 MB of memory at
// 100,000 pages instead of 330 MB, with no throughput lost (npm start passes the same flag).
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
