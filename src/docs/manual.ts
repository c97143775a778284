// The text manual (src/docs/manual.md), found from the sources (jest) and from the compiled
// dist/src/docs alike: tsc does not copy .md files, so it is read relative to the project root.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder at or above `from` that holds a package.json: the project root. */
export function projectRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: cannot find the project root.`);
  }
}

export function manualPath(from: string = __dirname): string {
  return join(projectRoot(from), 'src', 'docs', 'manual.md');
}

export function readManual(from: string = __dirname): string {
  return readFileSync(manualPath(from), 'utf8');
}
