// Passwords for kbp user create / set-password: never an argument (it would sit in the shell's
// history and the process list). From a terminal, typed without echo; otherwise the first line of
// stdin (a pipe, a file, a secret store's output).
import type { ReadStream } from 'node:tty';

/** The first line of a non-terminal stdin, without its line ending; empty at once-closed input. */
function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = () => {
      input.off('data', onData);
      input.off('end', done);
      input.off('error', reject);
      input.pause();
      resolve(text.split('\n')[0].replace(/\r$/, ''));
    };
    const onData = (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) done();
    };
    input.setEncoding('utf8');
    input.on('data', onData);
    input.on('end', done);
    input.on('error', reject);
  });
}

/** A line typed on the terminal without echo: Enter ends it, Backspace erases, Ctrl-C or Ctrl-D gives up. */
function typedUnseen(input: ReadStream, prompt: string): Promise<string> {
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003' || char === '\u0004') return finish(() => reject(new Error('No password was given.')));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    input.on('data', onData);
  });
}

/**
 * The password: from a terminal typed twice without echo (`confirm`, so a typo is not what gets
 * stored) or once; from anything else the first line of stdin.
 */
export async function readPassword(prompt: string, confirm: boolean, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (!input.isTTY) {
    const line = await firstLine(input);
    if (line === '') throw new Error('No password on stdin: give it as the first line (for example: printf "%s\\n" "$PASSWORD" | kbp …).');
    return line;
  }
  const tty = input as ReadStream;
  const password = await typedUnseen(tty, prompt);
  if (confirm && (await typedUnseen(tty, 'Type it again: ')) !== password) throw new Error('The two passwords differ; nothing was changed.');
  return password;
}
