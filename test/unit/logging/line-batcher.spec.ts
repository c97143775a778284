// Log lines reach their stream together, in order, once the first has waited its time or enough
// have come; flush() writes at once; a process that dies of an uncaught exception still writes
// the lines it queued.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FLUSH_AT_CHARS, LineBatcher } from '../../../src/logging/line-batcher';

const WAIT_MS = 50;

function batcher(): { writes: string[]; lines: LineBatcher } {
  const writes: string[] = [];
  return { writes, lines: new LineBatcher((text) => writes.push(text), WAIT_MS) };
}

describe('LineBatcher', () => {
  // The clock is jest's: the waits are exact, however busy the machine.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the lines that came while the first waited in one write, in order', () => {
    const { writes, lines } = batcher();
    lines.line('one\n');
    jest.advanceTimersByTime(WAIT_MS - 1);
    lines.line('two\n');
    expect(writes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(writes).toEqual(['one\ntwo\n']);
    lines.line('three\n');
    jest.advanceTimersByTime(WAIT_MS);
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });

  it('writes at once when enough is waiting', () => {
    const { writes, lines } = batcher();
    const long = `${'x'.repeat(FLUSH_AT_CHARS / 2)}\n`;
    lines.line(long);
    expect(writes).toEqual([]);
    lines.line(long);
    expect(writes).toEqual([long + long]);
  });

  it('writes what is queued at once on flush, and nothing twice', () => {
    const { writes, lines } = batcher();
    lines.line('one\n');
    lines.flush();
    expect(writes).toEqual(['one\n']);
    jest.advanceTimersByTime(WAIT_MS);
    lines.line('two\n');
    jest.advanceTimersByTime(WAIT_MS);
    expect(writes).toEqual(['one\n', 'two\n']);
  });

  it('writes the queued lines of a process that dies of an uncaught exception', async () => {
    jest.useRealTimers();
    // The compiled module, as kbp runs it (npm test builds first).
    const compiled = join(__dirname, '..', '..', '..', 'dist', 'src', 'logging', 'line-batcher.js');
    const script = `const log = require(${JSON.stringify(compiled)}).stdoutLines(); log.line('last words\\n'); throw new Error('boom');`;
    const failed = await promisify(execFile)(process.execPath, ['-e', script]).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1, stdout: 'last words\n' });
  });
});
