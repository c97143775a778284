// The modules of src/ as their files' import lines and SQL show them, and the checks of
// test/drift/module-boundaries.spec.ts over them. A module is a top-level folder of src/ (a file
// at the top, such as app.module.ts, is one of its own). Import lines are read by a small parser:
// `import … from`, `export … from` and bare imports at the start of a line, relative paths only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface SourceFile {
  /** From the repository's root, with forward slashes: src/pages/pages.service.ts. */
  path: string;
  text: string;
}

export interface ImportLine {
  from: string;
  /** The imported file, resolved like `from`'s path. */
  to: string;
  line: number;
}

/** The rules the checks hold the files to (test/drift/module-owners.ts). */
export interface BoundaryRules {
  /** Table → the module whose files alone hold its SQL. */
  tableOwners: Record<string, string>;
  /** Files that may hold SQL on a table of another module, and why. */
  sqlExceptions: { file: string; table: string; why: string }[];
  /** Modules that feature modules build on; they import only each other. */
  sharedLayers: string[];
  /** Imports (by file, or by folder when `from` ends with /) against the layers, and why: no check counts them. */
  importExceptions: { from: string; to: string; why: string }[];
}

/** The .ts files under `dir` (relative to `root`), migrations left out: they are frozen once shipped. */
export function sourceFiles(root: string, dir = 'src'): SourceFile[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(root, path);
    return entry.name.endsWith('.ts') ? [{ path, text: readFileSync(join(root, path), 'utf8') }] : [];
  });
}

const IMPORT_LINE = /^[ \t]*(?:import|export)(?:[ \t]+type)?[ \t]*(?:(?:\{[^}]*\}|\*(?:[ \t]+as[ \t]+\w+)?|\w+(?:[ \t]*,[ \t]*\{[^}]*\})?)[ \t]*from[ \t]*)?['"]([^'"]+)['"]/gm;

const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The relative imports of a file, resolved to the files they name. */
export function importsOf(file: SourceFile): ImportLine[] {
  return [...file.text.matchAll(IMPORT_LINE)]
    .filter((match) => match[1].startsWith('.'))
    .map((match) => {
      const target = posix.join(posix.dirname(file.path), match[1]);
      return { from: file.path, to: target.endsWith('.ts') ? target : `${target}.ts`, line: lineAt(file.text, match.index) };
    });
}

/** The module of a file under src/: its top-level folder, or the file's own name for a file at the top; null outside src/. */
export function moduleOf(path: string): string | null {
  const parts = path.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return null;
  return parts.length === 2 ? parts[1].replace(/\.ts$/, '') : parts[1];
}

/** The text with its comments blanked (lines kept), so that prose naming a table is not taken for SQL. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[ \t])\/\/[^\n]*/gm, blank);
}

/** Tables a file's SQL names: after FROM, JOIN, INTO, UPDATE or TABLE, given to tableWithIndex, or as a string 'table alias'. */
export function tableMentions(file: SourceFile, tables: readonly string[]): { table: string; line: number }[] {
  const text = withoutComments(file.text);
  const known = new Set(tables);
  const patterns = [/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(\w+)/g, /\btableWithIndex\([^,()]*,\s*'(\w+)'/g, /['"`](\w+) \w{1,2}['"`]/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)])
    .filter((match) => known.has(match[1]))
    .map((match) => ({ table: match[1], line: lineAt(text, match.index) }));
}

const isException = (rules: BoundaryRules, imported: ImportLine): boolean => rules.importExceptions.some((exception) =>
  (exception.from.endsWith('/') ? imported.from.startsWith(exception.from) : imported.from === exception.from) && moduleOf(imported.to) === exception.to);

/** Imports from one module into another, the listed exceptions left out. */
function crossImports(files: readonly SourceFile[], rules: BoundaryRules): ImportLine[] {
  return files.flatMap(importsOf).filter((imported) => {
    const [from, to] = [moduleOf(imported.from), moduleOf(imported.to)];
    return from !== null && to !== null && from !== to && !isException(rules, imported);
  });
}

const at = (imported: ImportLine) => `${imported.from}:${imported.line}`;

/** A module reaches another's tables only through what it exports: never its repositories or entities. */
export function repositoryImports(files: readonly SourceFile[], rules: BoundaryRules): string[] {
  return crossImports(files, rules)
    .filter((imported) => /\.(repository|entity)\.ts$/.test(imported.to))
    .map((imported) => `${at(imported)} imports ${imported.to}, a repository or entity of ${moduleOf(imported.to)}: use what that module exports (a service, or a *.query.ts file)`);
}

/** Shared layers import only each other. */
export function sharedLayerImports(files: readonly SourceFile[], rules: BoundaryRules): string[] {
  const shared = new Set(rules.sharedLayers);
  return crossImports(files, rules)
    .filter((imported) => shared.has(moduleOf(imported.from)!) && !shared.has(moduleOf(imported.to)!))
    .map((imported) => `${at(imported)}: the shared layer ${moduleOf(imported.from)} imports the module ${moduleOf(imported.to)} (${imported.to})`);
}

/**
 * Modules that import each other, directly or around a cycle: each group of them as one cycle
 * through it, with the import line of every step.
 */
export function moduleCycles(files: readonly SourceFile[], rules: BoundaryRules): string[] {
  const edges = new Map<string, Map<string, ImportLine>>();
  for (const imported of crossImports(files, rules)) {
    const [from, to] = [moduleOf(imported.from)!, moduleOf(imported.to)!];
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, imported);
  }
  return stronglyConnected(edges).filter((group) => group.length > 1).map((group) => {
    const loop = cycleThrough(group, edges);
    const steps = loop.slice(0, -1).map((module, i) => at(edges.get(module)!.get(loop[i + 1])!));
    return `${loop.join(' → ')} (${steps.join(', ')})`;
  });
}

/** Tarjan's strongly connected components of the graph `edges`. */
function stronglyConnected(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = ''; member !== node;) group.push((member = stack.pop()!));
    groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** A shortest cycle from the group's first module back to it, through the group's modules: [a, b, …, a]. */
function cycleThrough(group: readonly string[], edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] {
  const start = group[0];
  const before = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(before.get(path[0])!);
        return [...path, start];
      }
      if (group.includes(next) && !before.has(next)) {
        before.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** SQL names each table only in the files of its owner (or of a listed exception). */
export function foreignSql(files: readonly SourceFile[], rules: BoundaryRules): string[] {
  const tables = Object.keys(rules.tableOwners);
  return files.flatMap((file) => tableMentions(file, tables)
    .filter(({ table }) => moduleOf(file.path) !== rules.tableOwners[table]
      && !rules.sqlExceptions.some((exception) => exception.file === file.path && exception.table === table))
    .map(({ table, line }) => `${file.path}:${line} has SQL on ${table}, which ${rules.tableOwners[table]} owns: take a fragment or query that module exports`));
}

/** Listed exceptions that nothing needs any more. */
export function unusedExceptions(files: readonly SourceFile[], rules: BoundaryRules): string[] {
  const imports = files.flatMap(importsOf);
  const tables = Object.keys(rules.tableOwners);
  return [
    ...rules.importExceptions
      .filter((exception) => !imports.some((imported) => isException({ ...rules, importExceptions: [exception] }, imported)))
      .map((exception) => `the import exception ${exception.from} → ${exception.to} is no longer needed`),
    ...rules.sqlExceptions
      .filter((exception) => !files.some((file) => file.path === exception.file && tableMentions(file, tables).some(({ table }) => table === exception.table)))
      .map((exception) => `the SQL exception ${exception.file} (${exception.table}) is no longer needed`),
  ];
}
