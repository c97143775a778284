// kbp's help, usage errors and its executable: no database is opened.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { inTurn, kbp, kbpBin } from './kbp-process';

const everyCommand = [
  'kbp serve', 'kbp db migrate', 'kbp base create', 'kbp user create', 'kbp user set-password', 'kbp user sign-in-link', 'kbp user list', 'kbp user disable', 'kbp user enable', 'kbp user admin', 'kbp member add', 'kbp token create', 'kbp token list', 'kbp token revoke',
];

describe('kbp help and usage', () => {
  it('kbp --help lists every command and the --db option', async () => {
    const { code, stdout } = await kbp(['--help']);
    expect(code).toBe(0);
    for (const command of everyCommand) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(stdout).toMatch(/--db <URL>/);
    expect(stdout).toMatch(/mysql:\/\/… or mariadb:\/\/…/);
  });

  it('kbp --version prints the version of the package', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    const { code, stdout } = await kbp(['--version']);
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });

  it('every command and command group answers --help with its usage and its own options', async () => {
    const expected: [string, RegExp][] = [
      ['serve', /--host <HOST>[\s\S]*--port <PORT>[\s\S]*--no-demo/],
      ['db', /migrate/],
      ['db migrate', /Create or upgrade the database schema/],
      ['base', /create \[options\] <BASE_ID>/],
      ['base create', /--description <TEXT>[\s\S]*--view <VIEW>/],
      ['user', /create \[options\] <EMAIL>/],
      ['user create', /--name <NAME>[\s\S]*--admin[\s\S]*--password-stdin/],
      ['user set-password', /<EMAIL>[\s\S]*--password-stdin/],
      ['user sign-in-link', /<EMAIL>/],
      ['member', /add \[options\] <BASE_ID> <EMAIL>/],
      ['member add', /--role <ROLE>/],
      ['token', /create[\s\S]*list[\s\S]*revoke/],
      ['token create', /--base <BASE_ID>[\s\S]*--user <EMAIL>[\s\S]*--scope <SCOPE>[\s\S]*--expires-in <DURATION>[\s\S]*default: "30d"/],
      ['token list', /--base <BASE_ID>/],
      ['token revoke', /<TOKEN_ID>/],
    ];
    const results = await inTurn(expected.map(([name]) => () => kbp([...name.split(' '), '--help'])));
    results.forEach(({ code, stdout }, index) => {
      const [name, options] = expected[index];
      expect({ name, code }).toEqual({ name, code: 0 });
      expect(stdout).toMatch(new RegExp(`^Usage: kbp ${name} `));
      expect(stdout).toMatch(options);
      expect(stdout).toMatch(/--db <URL>/);
    });
  });

  it('an unknown command exits non-zero with a message on stderr', async () => {
    const { code, stdout, stderr } = await kbp(['frobnicate']);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/unknown command 'frobnicate'/);
  });

  it('a command group without a command shows its help on stderr and exits non-zero', async () => {
    const { code, stderr } = await kbp(['token']);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Usage: kbp token/);
  });

  it('kbp runs as an executable, with the Node flags its first line gives (npm start and the image run it so)', async () => {
    const firstLine = readFileSync(kbpBin, 'utf8').split('\n')[0];
    expect(firstLine.startsWith('#!/usr/bin/env -S node ')).toBe(true);
    const flags = firstLine.split(' ').filter((word) => word.startsWith('--'));
    expect(flags).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=50', '--no-page-promotion']);
    const { scripts } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('bin/kbp.js serve');
    expect(readFileSync(join(__dirname, '..', '..', 'Dockerfile'), 'utf8')).toMatch(/^ENTRYPOINT \["bin\/kbp\.js"\]\nCMD \["serve", "--no-demo"\]$/m);
    // The shebang finds the first node on PATH; put this test's own Node there, as npm puts the pinned one.
    const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(kbpBin, ['--help'], { env, timeout: 30_000 }, (error, out) => (error ? reject(error) : resolve(out)));
    });
    expect(stdout).toMatch(/^Usage: kbp /);
  });

  it('under another Node than the pinned one, says which it needs and to run it through npx', async () => {
    const project = mkdtempSync(join(tmpdir(), 'kbp-other-node-'));
    try {
      mkdirSync(join(project, 'bin'));
      copyFileSync(kbpBin, join(project, 'bin', 'kbp.js'));
      writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { node: '^99.1.0' } }));
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(project, 'bin', 'kbp.js'), 'token', 'list'], { timeout: 30_000 }, (error, _out, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stderr }));
      });
      expect(result).toEqual({
        code: 1,
        stderr: `error: kbp needs Node.js 99, which the project installs for itself; this is Node.js ${process.versions.node}.\n`
          + `Run it through npm, which puts that Node first: \`npx kbp …\` in ${project}.\n`,
      });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('says to run npm run build when the compiled code is missing', async () => {
    const project = mkdtempSync(join(tmpdir(), 'kbp-unbuilt-'));
    try {
      mkdirSync(join(project, 'bin'));
      copyFileSync(kbpBin, join(project, 'bin', 'kbp.js'));
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, [join(project, 'bin', 'kbp.js'), '--help'], { timeout: 30_000 }, (error, _out, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stderr }));
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/^error: kbp is not built: .*dist\/src\/cli\/main\.js is missing; run `npm run build` in .* first\.\n$/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
