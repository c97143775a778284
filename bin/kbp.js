#!/usr/bin/env -S node --max-semi-space-size=8 --heap-growing-percent=50 --no-page-promotion
// The kbp command: runs the compiled code in dist/ (npm's prepare, or npm run build, makes it).
// The old generation's limit is one and a half times what survives each collection (a fixed factor
// instead of V8's adaptive one), which keeps a busy service under the 300 MB target: `npm run
// bench` at 100,000 pages on SQLite, one run each, a peak RSS of 309 MiB without it, 282 MiB with
// a factor of two and 261 MiB with 1.5. A young generation of 8 MB per semi-space rather than 16:
// two service processes on one core (the bench's two-process section, 10,000 pages on MariaDB,
// medians of 3 rounds in 4-5 cycles, the sizes in turn) cost 1.02-1.19x one process a detail against
// 1.15-1.41x, and 1.08-1.30x a search against 1.23-1.55x; one process alone cost no more (detail
// 0.16-0.22 ms of CPU against 0.17-0.32), at 100,000 pages on SQLite its rows were within the
// noise of 16 MB and its peak RSS 237-244 MiB against 254-255. npm start and the image run this
// file, so they get the same flags. No page promotion: a young page that is mostly live at a
// scavenge moves to the old generation whole, and on MySQL/MariaDB the requests waiting on the
// database keep pages so: at 100,000 pages on MariaDB, detail (another page each time) promoted
// 4.4 KB a request with it, which took scavenges to 1.9 ms and a full collection every 5,500
// requests; without it 0.01 KB, scavenges of 0.5 ms and none in 3 s (14 us of scavenging a detail
// against 3.3; searches the same either way). Both one process alone, 3 s of --trace-gc-nvp each.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const main = join(root, 'dist', 'src', 'cli', 'main.js');
// better-sqlite3 is compiled for the Node the project pins (the `node` package); under another
// one it fails to load with a message about NODE_MODULE_VERSION that tells nobody what to do.
const pinned = /^\D*(\d+)/.exec(readPackage().dependencies?.node ?? '')?.[1];
const running = process.versions.node.split('.')[0];
if (pinned && pinned !== running) {
  process.stderr.write(
    `error: kbp needs Node.js ${pinned}, which the project installs for itself; this is Node.js ${process.versions.node}.\n`
    + `Run it through npm, which puts that Node first: \`npx kbp …\` in ${root}.\n`,
  );
  process.exitCode = 1;
} else if (!existsSync(main)) {
  process.stderr.write(`error: kbp is not built: ${main} is missing; run \`npm run build\` in ${root} first.\n`);
  process.exitCode = 1;
} else {
  require(main).run(process.argv);
}

function readPackage() {
  try {
    return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  } catch {
    return {};
  }
}
