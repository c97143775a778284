#!/usr/bin/env node
// better-sqlite3 is a native addon and no prebuilt binary can be downloaded: it must be compiled
// against the headers of the runtime the project pins (the `node` package), not the machine's
// own Node. Runs after every install; does nothing when the addon already loads.
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
const addonDir = path.join(root, 'node_modules', 'better-sqlite3');
const pinnedNode = path.join(root, 'node_modules', 'node', 'bin', 'node');

function loads(nodeBinary) {
  try {
    execFileSync(nodeBinary, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function findHeaders() {
  const candidates = [
    path.join(root, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`),
    path.join(root, 'node_modules', `node-${process.platform}-${process.arch}`),
  ];
  for (const dir of candidates) {
    const real = fs.existsSync(dir) ? fs.realpathSync(dir) : '';
    if (real && fs.existsSync(path.join(real, 'include', 'node', 'node.h'))) return real;
  }
  return null;
}

/** The pinned node package keeps its headers only until npm prunes its nested install: fetch them again then. */
function pinnedHeaders() {
  const found = findHeaders();
  if (found) return found;
  const nodePackage = path.join(root, 'node_modules', 'node');
  const { version } = require(path.join(nodePackage, 'package.json'));
  const archPackage = `node-${process.platform}-${process.arch}@${version}`;
  console.log(`kb-pages: fetching the headers of ${archPackage}`);
  execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', archPackage], { cwd: nodePackage, stdio: 'inherit' });
  const fetched = findHeaders();
  if (!fetched) throw new Error(`no include/node headers in ${archPackage}`);
  return fetched;
}

if (!fs.existsSync(addonDir)) process.exit(0);
const runtime = fs.existsSync(pinnedNode) ? pinnedNode : process.execPath;
if (loads(runtime)) process.exit(0);

const nodedir = pinnedHeaders();
const nodeGyp = process.env.npm_config_node_gyp || require.resolve('node-gyp/bin/node-gyp.js');
console.log(`kb-pages: compiling better-sqlite3 against ${nodedir}`);
execFileSync(runtime, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodedir}`], {
  cwd: addonDir,
  stdio: 'inherit',
  env: { ...process.env, npm_config_nodedir: nodedir },
});
if (!loads(runtime)) throw new Error('better-sqlite3 still does not load under the pinned Node runtime');
