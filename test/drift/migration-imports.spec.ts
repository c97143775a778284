// A migration runs long after it was written, on databases of its day: it must do then what it did
// when it shipped. So it holds its own SQL and logic, and imports nothing but TypeORM's types and
// files of its own folder: an import of a service, a repository or shared dialect code would let a
// later change of that code change what an old migration does.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = join(__dirname, '..', '..', 'src');

/** Every file of a migrations folder under src. */
function migrationFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return migrationFiles(path);
    return entry.name.endsWith('.ts') && dir.endsWith('/migrations') ? [path] : [];
  });
}

/** The modules a file imports, requires or re-exports, as written. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
}

const allowed = (file: string, specifier: string): boolean =>
  specifier === 'typeorm' || (specifier.startsWith('.') && dirname(resolve(dirname(file), specifier)) === dirname(file));

describe('migrations', () => {
  const files = migrationFiles();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('import nothing but typeorm and files of their own folder', () => {
    const outside = files.flatMap((file) => importsOf(file).filter((specifier) => !allowed(file, specifier)).map((specifier) => `${relative(SRC, file)}: ${specifier}`));
    expect(outside).toEqual([]);
  });
});
