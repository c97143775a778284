// The runtime the project pins (the `node` package) is the one npm scripts and `npx kbp` use, and
// better-sqlite3 was compiled against its headers: it loads there, not only on the machine's Node.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pinned = join(root, 'node_modules', 'node', 'bin', 'node');

describe('pinned runtime', () => {
  it('runs this test suite on the pinned Node (24 or later)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    const pinnedVersion = execFileSync(pinned, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect(process.version).toBe(pinnedVersion);
  });

  it('loads better-sqlite3 under the pinned Node and opens a database', () => {
    const script = "const D = require('better-sqlite3'); const db = new D(':memory:'); console.log(JSON.stringify({ abi: process.versions.modules, one: db.prepare('select 1 as one').get().one }))";
    const out = JSON.parse(execFileSync(pinned, ['-e', script], { cwd: root, encoding: 'utf8' }));
    expect(out).toEqual({ abi: process.versions.modules, one: 1 });
  });

  it('puts the pinned Node first on the PATH of npm scripts, so `npx kbp` runs on it', () => {
    const which = execFileSync('npm', ['exec', '--', 'node', '-p', 'process.version'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH: `/usr/bin:/bin:/usr/local/bin` } }).trim();
    expect(which.split('\n').pop()).toBe(process.version);
  });
});
