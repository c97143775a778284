// Log lines reach their stream together once per turn of the event loop, in order; flush() writes
// at once; a process that dies of an uncaught exception still writes the lines it queued.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { TurnWriter } from '../../../src/logging/turn-writer';

describe('TurnWriter', () => {
  it('writes the lines of one turn in one write, in order, once the turn is over', async () => {
    const writes: string[] = [];
    const writer = new TurnWriter((text) => writes.push(text));
    writer.line('one\n');
    writer.line('two\n');
    expect(writes).toEqual([]);
    await nextTurn();
    writer.line('three\n');
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });

  it('writes what is queued at once on flush, and nothing twice', async () => {
    const writes: string[] = [];
    const writer = new TurnWriter((text) => writes.push(text));
    writer.line('one\n');
    writer.flush();
    expect(writes).toEqual(['one\n']);
    writer.line('two\n');
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual(['one\n', 'two\n']);
  });

  it('writes the queued lines of a process that dies of an uncaught exception', async () => {
    // The compiled module, as kbp runs it (npm test builds first).
    const compiled = join(__dirname, '..', '..', '..', 'dist', 'src', 'logging', 'turn-writer.js');
    const script = `const log = require(${JSON.stringify(compiled)}).stdoutLines(); log.line('last words\\n'); throw new Error('boom');`;
    const failed = await promisify(execFile)(process.execPath, ['-e', script]).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1, stdout: 'last words\n' });
  });
});
