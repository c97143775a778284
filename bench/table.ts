// The bench's table: one line per operation, columns aligned for CJK text too.
import type { Measurement } from './load.ts';

export interface Row extends Measurement {
  ratio: number;
  /** `total` of a search answer: how many pages match. */
  hits?: number;
}

/** Columns a string takes in a terminal: CJK and full-width characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return width;
}

export function formatTable(rows: Row[]): string {
  const header = ['operation', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'requests', 'failures', 'hits'];
  const lines = rows.map((r) => [
    r.operation,
    r.requestsPerSecond.toFixed(r.requestsPerSecond < 100 ? 1 : 0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.ratio.toFixed(3),
    String(r.requests),
    String(r.failures),
    r.hits === undefined ? '' : String(r.hits),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => displayWidth(l[i]))));
  const pad = (cell: string, i: number) => ' '.repeat(widths[i] - displayWidth(cell));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c + pad(c, i) : pad(c, i) + c)).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}
