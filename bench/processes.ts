// The bench's child processes: the service and the ceiling, each a Node process of its own that
// prints its URL first; how busy they are, and how much memory the service took at its peak.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface Started {
  child: ChildProcess;
  url: string;
}

/**
 * The Node flags `kbp` runs with: those of the first line of bin/kbp.js. The service under test
 * gets them too, so the bench measures the service as `npx kbp serve` runs it.
 */
export function serviceNodeFlags(): string[] {
  const shebang = readFileSync(join(import.meta.dirname, '../bin/kbp.js'), 'utf8').split('\n')[0];
  return shebang.split(' ').filter((word) => word.startsWith('--'));
}

/** Starts a bench script in its own Node process and waits for the URL it prints first. */
export function startProcess(script: string, args: string[], nodeFlags: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, [...nodeFlags, join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ child, url: url.trim() }));
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

/** CPU time a process has used, in clock ticks: utime + stime of /proc/<pid>/stat. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after "(command)" start at field 3 (state); utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the process uses (almost) no CPU for a quarter of a second, at most two minutes. */
export async function waitUntilIdle(pid: number): Promise<void> {
  let before = cpuTicks(pid);
  for (let waited = 0; waited < 120_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks(pid);
    if (now - before <= 2) return;
    before = now;
  }
}

/** Peak resident memory of a process in MiB (VmHWM of /proc/<pid>/status). */
export function peakRssMiB(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}
