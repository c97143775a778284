// The bench's child processes, each pinned to one core with taskset: the servers (the service, a
// second service process, the ceilings) on one core, the load generator on another. What /proc says about them: CPU time
// used (utime and stime of /proc/PID/stat: in user code, in the kernel), peak resident memory (VmHWM of /proc/PID/status) and
// how often their threads gave up the core (the context switches of /proc/PID/task/*/status).
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** The core the servers run on, and the one the load generator runs on. */
export const SERVER_CORE = 1;
export const LOAD_CORE = 0;

/** Root of the project: this file runs from dist/bench. */
export const projectRoot = join(__dirname, '..', '..');

/** The kbp command, as installed: it runs the compiled code in dist/. */
export const KBP = join(projectRoot, 'bin', 'kbp.js');

/**
 * The Node flags kbp runs with: those of the first line of bin/kbp.js. Every server process of the
 * bench gets them, so the ceilings run on the same runtime settings as the service.
 */
export function serviceNodeFlags(): string[] {
  const shebang = readFileSync(KBP, 'utf8').split('\n')[0];
  return shebang.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** A compiled bench script beside this file. */
export const benchScript = (name: string): string => join(__dirname, name);

/** Spawns a Node script under `taskset -c core`; the pid is the script's own (taskset execs it). */
export function spawnPinned(
  core: number, script: string, args: string[], nodeFlags: string[], stdio: StdioOptions, env: NodeJS.ProcessEnv = process.env,
): ChildProcess {
  return spawn('taskset', ['-c', String(core), process.execPath, ...nodeFlags, script, ...args], { stdio, env });
}

export interface StartedServer {
  child: ChildProcess;
  pid: number;
  url: string;
}

/** Starts a server pinned to the server core and waits for the first http:// URL it prints. */
export function startServer(script: string, args: string[], nodeFlags: string[], env?: NodeJS.ProcessEnv): Promise<StartedServer> {
  const child = spawnPinned(SERVER_CORE, script, args, nodeFlags, ['ignore', 'pipe', 'inherit'], env);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const url = /http:\/\/[^\s)]+/.exec(line)?.[0];
      if (!url) return;
      // readline goes on reading, so later output never fills the pipe and stalls the server.
      lines.removeAllListeners('line');
      resolve({ child, pid: child.pid!, url });
    });
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let ticks: number | undefined;
/** Clock ticks a second, the unit of /proc's CPU times. */
const ticksPerSecond = (): number => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/**
 * utime and stime, in clock ticks, of the text of a /proc/PID/stat file. The command name (field 2,
 * in parentheses) may itself hold spaces and parentheses, so fields are counted after its last ")":
 * field 3 (state) comes first there, utime and stime are fields 14 and 15.
 */
export function statCpuParts(stat: string): CpuTimes {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, system] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isInteger(user) || !Number.isInteger(system)) throw new Error(`not the text of a /proc/PID/stat file: ${stat.slice(0, 80)}`);
  return { user, system };
}

/** CPU time in user code and in the kernel on a process's behalf (its system calls, the switches to and from it). */
export interface CpuTimes {
  user: number;
  system: number;
}

/** CPU time processes have used so far, in user code and in the kernel, in seconds. */
export function cpuTimes(pids: readonly number[]): CpuTimes {
  const total = { user: 0, system: 0 };
  for (const pid of pids) {
    const { user, system } = statCpuParts(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    total.user += user / ticksPerSecond();
    total.system += system / ticksPerSecond();
  }
  return total;
}

/** CPU time a process has used so far, user + system, in seconds. */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes([pid]);
  return user + system;
}

/**
 * CPU time all cores of the machine have been busy so far, in seconds: /proc/stat's user, nice,
 * system, irq, softirq and steal (time the virtual machine wanted but did not get).
 */
export function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / ticksPerSecond();
}

/** The pid of the MariaDB or MySQL server on this machine, when there is exactly one. */
export function localDatabaseServerPid(): number | undefined {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (['mariadbd', 'mysqld'].includes(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

/** How often a process's threads gave up the core so far: to wait (voluntary) or to another thread (involuntary). */
export interface ContextSwitches {
  voluntary: number;
  involuntary: number;
}

/** The context switches a /proc/PID/status (or /proc/PID/task/TID/status) text counts. */
export function statusSwitches(status: string): ContextSwitches {
  const count = (name: string) => Number(new RegExp(`^${name}_ctxt_switches:\\s+(\\d+)$`, 'm').exec(status)?.[1] ?? NaN);
  const switches = { voluntary: count('voluntary'), involuntary: count('nonvoluntary') };
  if (!Number.isInteger(switches.voluntary) || !Number.isInteger(switches.involuntary)) throw new Error(`not the text of a /proc/PID/status file: ${status.slice(0, 80)}`);
  return switches;
}

/**
 * The context switches so far of all threads of the processes. A thread that ended takes its own
 * along; Node's threads live as long as their process.
 */
export function contextSwitches(pids: readonly number[]): ContextSwitches {
  const sum = { voluntary: 0, involuntary: 0 };
  for (const pid of pids) {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      let status: string;
      try {
        status = readFileSync(`/proc/${pid}/task/${thread}/status`, 'utf8');
      } catch {
        continue; // The thread ended while we looked.
      }
      const { voluntary, involuntary } = statusSwitches(status);
      sum.voluntary += voluntary;
      sum.involuntary += involuntary;
    }
  }
  return sum;
}

/** Waits until the process uses (almost) no CPU for a quarter of a second, at most two minutes. */
export async function waitUntilIdle(pid: number): Promise<void> {
  let before = cpuSeconds(pid);
  for (let waited = 0; waited < 120_000; waited += 250) {
    await sleep(250);
    const now = cpuSeconds(pid);
    if (now - before <= 0.02) return;
    before = now;
  }
}

/** Peak resident memory of a process in MiB (VmHWM of /proc/PID/status). */
export function peakRssMiB(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}
