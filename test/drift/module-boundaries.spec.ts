// The modules of src/ keep to their boundaries (module-owners.ts): each table's SQL in the one
// module that owns it, no module reaching into another's repositories or entities, shared layers
// importing no feature module, and no two modules importing each other, around any cycle.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  foreignSql, moduleCycles, repositoryImports, sharedLayerImports, sourceFiles, unusedExceptions, type BoundaryRules, type SourceFile,
} from '../support/module-graph';
import { moduleOwners } from './module-owners';

const ROOT = join(__dirname, '../..');

/** Tables the migrations create and the entities name. */
function schemaTables(): string[] {
  const migrations = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(ROOT, 'src', entry.name, 'migrations');
      try {
        return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
      } catch {
        return [];
      }
    });
  const created = migrations.flatMap((text) => [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((match) => match[1]));
  const entities = sourceFiles(ROOT).flatMap((file) => [...file.text.matchAll(/@Entity\('(\w+)'\)/g)].map((match) => match[1]));
  return [...new Set([...created, ...entities])].sort();
}

describe('module boundaries', () => {
  const files = sourceFiles(ROOT);

  it('gives every table of the schema an owner', () => {
    expect(Object.keys(moduleOwners.tableOwners).sort()).toEqual(schemaTables());
  });

  it('keeps each entity in the module that owns its table', () => {
    const misplaced = files.flatMap((file) => [...file.text.matchAll(/@Entity\('(\w+)'\)/g)]
      .filter((match) => !file.path.startsWith(`src/${moduleOwners.tableOwners[match[1]]}/`))
      .map((match) => `${file.path}: entity of ${match[1]}`));
    expect(misplaced).toEqual([]);
  });

  it("has each table's SQL only in the module that owns it", () => {
    expect(foreignSql(files, moduleOwners)).toEqual([]);
  });

  it("imports no other module's repository or entity", () => {
    expect(repositoryImports(files, moduleOwners)).toEqual([]);
  });

  it('imports no feature module into a shared layer', () => {
    expect(sharedLayerImports(files, moduleOwners)).toEqual([]);
  });

  it('has no modules that import each other, directly or around a cycle', () => {
    expect(moduleCycles(files, moduleOwners)).toEqual([]);
  });

  it('lists no exception that nothing needs', () => {
    expect(unusedExceptions(files, moduleOwners)).toEqual([]);
  });
});

describe('module boundary checks', () => {
  const rules: BoundaryRules = {
    tableOwners: { pages: 'pages', search_pending: 'search' },
    sqlExceptions: [],
    sharedLayers: ['database'],
    importExceptions: [],
  };
  const file = (path: string, ...lines: string[]): SourceFile => ({ path, text: lines.join('\n') });

  it('find a repository imported across modules, a multi-line import among them', () => {
    const files = [
      file('src/search/search.service.ts', "import { SearchRepository } from './search.repository';", 'import {', '  PagesRepository,', "} from '../pages/pages.repository';"),
      file('src/pages/pages.repository.ts'),
    ];
    expect(repositoryImports(files, rules)).toEqual([
      'src/search/search.service.ts:2 imports src/pages/pages.repository.ts, a repository or entity of pages: use what that module exports (a service, or a *.query.ts file)',
    ]);
  });

  it('find modules importing each other, and a shared layer importing a feature module', () => {
    const files = [
      file('src/pages/pages.service.ts', "import type { Hit } from '../search/search.service';"),
      file('src/search/search.service.ts', "import { x } from '../order/display-order.service';"),
      file('src/order/display-order.service.ts', "export { y } from '../pages/page.rows';"),
      file('src/database/dialect.ts', "import '../pages/page.rows';"),
    ];
    expect(moduleCycles(files, rules)).toEqual([
      'order → pages → search → order (src/order/display-order.service.ts:1, src/pages/pages.service.ts:1, src/search/search.service.ts:1)',
    ]);
    expect(sharedLayerImports(files, rules)).toEqual(['src/database/dialect.ts:1: the shared layer database imports the module pages (src/pages/page.rows.ts)']);
  });

  it("find SQL on another module's table, but not in comments", () => {
    const files = [
      file('src/search/search.repository.ts', '// reads FROM pages', 'const a = `SELECT s.page_id FROM search_pending s', '  JOIN pages p ON p.page_id = s.page_id`;', "const b = 'pages p';"),
    ];
    expect(foreignSql(files, rules)).toEqual([
      'src/search/search.repository.ts:3 has SQL on pages, which pages owns: take a fragment or query that module exports',
      'src/search/search.repository.ts:4 has SQL on pages, which pages owns: take a fragment or query that module exports',
    ]);
  });
});
