// The kbp command line: one program, one file per command group, all registered here.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerBaseCommands } from './base.ts';
import { registerDbCommands } from './db.ts';
import { registerMemberCommands } from './member.ts';
import { registerServeCommand } from './serve.ts';
import { registerTokenCommands } from './token.ts';
import { registerUserCommands } from './user.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Every runnable command with its full name, so `kbp --help` shows them all at once. */
function allCommands(command: Command, prefix: string): string[][] {
  return command.commands.flatMap((sub) => {
    const name = `${prefix} ${sub.name()}`;
    return sub.commands.length > 0
      ? allCommands(sub, name)
      : [[`${name} ${sub.usage()}`, sub.description()]];
  });
}

function commandSummary(program: Command): string {
  const rows = allCommands(program, 'kbp');
  const width = Math.max(...rows.map(([usage]) => usage.length));
  return [
    '',
    'All commands:',
    ...rows.map(([usage, description]) => `  ${usage.padEnd(width)}  ${description}`),
    '',
    'Every command that opens the database creates or migrates it first. --db URL (a file path,',
    'sqlite:PATH or postgres://…) may come before or after the command; without it KB_DATABASE_URL,',
    'else ./data/kb.db. Add --help to any command for its options.',
  ].join('\n');
}

export function buildProgram(): Command {
  const program = new Command('kbp')
    .description('kb-pages: run the knowledge-base page service and manage its bases, users and tokens')
    .version(version, '-V, --version', 'print the version')
    .option('--db <URL>', 'the database: a file path, sqlite:PATH or postgres://… (default: $KB_DATABASE_URL, else ./data/kb.db)')
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(add --help for usage)');
  registerServeCommand(program);
  registerDbCommands(program);
  registerBaseCommands(program);
  registerUserCommands(program);
  registerMemberCommands(program);
  registerTokenCommands(program);
  program.addHelpText('after', () => commandSummary(program));
  return program;
}

/** Runs kbp with `argv` (as process.argv); errors go to stderr as one plain line, exit status 1. */
export async function run(argv: readonly string[]): Promise<void> {
  try {
    await buildProgram().parseAsync([...argv]);
  } catch (error) {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

if (import.meta.main) await run(process.argv);
