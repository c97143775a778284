// A typed client of the API, made the way a user of it makes one: openapi-typescript (its CLI,
// default options) writes the types of a document, and a small openapi-fetch client that calls
// every operation with only the required fields is compiled by the installed TypeScript under
// --strict, then run. Everything lives in a temporary folder; nothing is fetched from the network.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

/** The client: every operation of the contract and the token one, each with its required fields only. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Page = components['schemas']['PageResponse'];

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(name + ' is not set');
  return value;
}

const baseId = setting('KB_BASE_ID');
const client = createClient<paths>({ baseUrl: setting('KB_API_URL'), headers: { Authorization: 'Bearer ' + setting('KB_TOKEN') } });
const base = { path: { base_id: baseId } };

async function main(): Promise<void> {
  const info = await client.GET('/bases/{base_id}/info', { params: base });
  const token = await client.GET('/bases/{base_id}/token', { params: base });
  const created = await client.POST('/bases/{base_id}/pages', { params: base, body: { title: 'Typed client' } });
  if (created.data === undefined) throw new Error('create answered ' + created.response.status);
  const made: Page = created.data;
  const page = { path: { base_id: baseId, content_id: made.content_id } };
  const list = await client.GET('/bases/{base_id}/pages', { params: base });
  const detail = await client.GET('/bases/{base_id}/pages/{content_id}', { params: page });
  const changed = await client.PATCH('/bases/{base_id}/pages/{content_id}', { params: page, body: { content_lang: 'en' } });
  const search = await client.GET('/bases/{base_id}/search', { params: { path: base.path, query: { q: 'typed' } } });
  const tree = await client.GET('/bases/{base_id}/tree', { params: base });
  const removed = await client.DELETE('/bases/{base_id}/pages/{content_id}', { params: page });
  const answers = {
    info: [info.response.status, info.data?.base_id],
    token: [token.response.status, token.data?.scope],
    create: [created.response.status, made.title, made.body, made.type, made.lang, made.level, made.view, created.response.headers.get('Location')],
    list: [list.response.status, list.data?.total],
    detail: [detail.response.status, detail.data?.content_id],
    update: [changed.response.status, changed.data?.lang],
    search: [search.response.status, search.data?.pages.map((p) => p.content_id)],
    tree: [tree.response.status, tree.data?.tree.map((node) => node.content_id)],
    delete: [removed.response.status, removed.error],
  };
  process.stdout.write(JSON.stringify(answers));
}

main().catch((error: unknown) => {
  process.stderr.write(String(error) + '\\n');
  process.exitCode = 1;
});
`;

export interface TypedClient {
  dir: string;
  /** What tsc --strict said of the types and the client, one line each; empty when it compiled. */
  problems: string[];
  /** Runs the compiled client against the API at `apiUrl` (…/api/v1); its answers, by operation. */
  call(apiUrl: string, baseId: string, token: string): Promise<Record<string, unknown[]>>;
  remove(): void;
}

/** The types of `document` (an OpenAPI document as JSON), as openapi-typescript writes them with its default options. */
async function generateTypes(dir: string, document: string): Promise<void> {
  writeFileSync(join(dir, 'openapi.json'), document);
  const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
  await run(process.execPath, [cli, 'openapi.json', '--output', 'schema.ts'], { cwd: dir });
}

function compile(dir: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    typeRoots: [join(dir, 'node_modules', '@types')],
    skipLibCheck: true,
    rootDir: dir,
    outDir: dir,
  };
  const program = ts.createProgram([join(dir, 'client.ts')], options);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')
    + (d.file && d.start !== undefined ? ` (${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1})` : ''));
}

/** Generates the types of `document`, writes the client beside them and compiles both. */
export async function makeTypedClient(document: string): Promise<TypedClient> {
  const dir = mkdtempSync(join(tmpdir(), 'kbp-typed-client-'));
  // The client's imports resolve as in a project that installed openapi-fetch and @types/node.
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let problems: string[];
  try {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await generateTypes(dir, document);
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    problems = compile(dir);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    problems,
    async call(apiUrl, baseId, token) {
      const env = { ...process.env, KB_API_URL: apiUrl, KB_BASE_ID: baseId, KB_TOKEN: token };
      const { stdout } = await run(process.execPath, [join(dir, 'client.js')], { env, timeout: 60_000 });
      return JSON.parse(stdout);
    },
    remove,
  };
}
