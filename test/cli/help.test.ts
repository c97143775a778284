import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { test } from 'node:test';
import { kbp, kbpBin } from './kbp-process.ts';

const everyCommand = [
  'kbp serve', 'kbp base create', 'kbp user create', 'kbp member add', 'kbp token create', 'kbp token list', 'kbp token revoke',
];

test('kbp --help lists every command', async () => {
  const { code, stdout } = await kbp(['--help']);
  assert.equal(code, 0);
  for (const command of everyCommand) assert.match(stdout, new RegExp(`^  ${command} `, 'm'), command);
  assert.match(stdout, /--db <URL>/);
});

test('every command and command group answers --help with its usage and its own options', async () => {
  const expected: [string, RegExp][] = [
    ['serve', /--host <HOST>[\s\S]*--port <PORT>[\s\S]*--no-demo/],
    ['base', /create \[options\] <BASE_ID>/],
    ['base create', /--description <TEXT>[\s\S]*--view <VIEW>/],
    ['user', /create \[options\] <EMAIL>/],
    ['user create', /--name <NAME>/],
    ['member', /add \[options\] <BASE_ID> <EMAIL>/],
    ['member add', /--role <ROLE>/],
    ['token', /create[\s\S]*list[\s\S]*revoke/],
    ['token create', /--base <BASE_ID>[\s\S]*--user <EMAIL>[\s\S]*--scope <SCOPE>[\s\S]*--expires-in <DURATION>/],
    ['token list', /--base <BASE_ID>/],
    ['token revoke', /<TOKEN_ID>/],
  ];
  const results = await Promise.all(expected.map(([name]) => kbp([...name.split(' '), '--help'])));
  results.forEach(({ code, stdout }, index) => {
    const [name, options] = expected[index];
    assert.equal(code, 0, name);
    assert.match(stdout, new RegExp(`^Usage: kbp ${name} `), name);
    assert.match(stdout, options, name);
    assert.match(stdout, /--db <URL>/, `${name} shows the global --db option`);
  });
});

test('an unknown command exits non-zero with a message on stderr', async () => {
  const { code, stdout, stderr } = await kbp(['frobnicate']);
  assert.notEqual(code, 0);
  assert.equal(stdout, '');
  assert.match(stderr, /unknown command 'frobnicate'/);
});

test('a command group without a command shows its help on stderr and exits non-zero', async () => {
  const { code, stderr } = await kbp(['token']);
  assert.notEqual(code, 0);
  assert.match(stderr, /Usage: kbp token/);
});

test('kbp runs as an executable, with the Node flags its first line gives (npm start gives the same)', async () => {
  const flags = readFileSync(kbpBin, 'utf8').split('\n')[0].split(' ').filter((word) => word.startsWith('--'));
  assert.deepEqual(flags, ['--max-semi-space-size=4']);
  const start = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start as string;
  assert.ok(start.startsWith(`node ${flags.join(' ')} `), start);
  // The shebang finds the first node on PATH; put this test's own Node there, as npm puts the pinned one.
  const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(kbpBin, ['--help'], { env, timeout: 30_000 }, (error, out) => (error ? reject(error) : resolve(out)));
  });
  assert.match(stdout, /^Usage: kbp /);
});
