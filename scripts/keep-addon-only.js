#!/usr/bin/env node
// For the image: better-sqlite3 keeps its C sources and compiler output (about 26 MB) next to the
// one file it loads, build/Release/better_sqlite3.node. Removes the rest.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const addonDir = path.join(__dirname, '..', 'node_modules', 'better-sqlite3');
const addon = path.join(addonDir, 'build', 'Release', 'better_sqlite3.node');
const kept = fs.readFileSync(addon);
for (const dir of ['build', 'deps', 'src']) fs.rmSync(path.join(addonDir, dir), { recursive: true, force: true });
fs.mkdirSync(path.dirname(addon), { recursive: true });
fs.writeFileSync(addon, kept, { mode: 0o755 });
