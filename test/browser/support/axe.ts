// axe-core on a page as it is: the script is evaluated through the DevTools protocol, so the
// page's strict CSP (no inline script) needs no loosening for it.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// The callbacks below run in the page; this program is compiled without the DOM's types.
declare const window: { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } };
declare const document: unknown;

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Every violation axe finds on the page, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** One readable block per violation: rule, impact, what it asks, and where. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => [
      `${v.impact ?? 'unknown'}: ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.slice(0, 5).map((n) => `    at ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
      ...(v.nodes.length > 5 ? [`    and ${v.nodes.length - 5} more`] : []),
    ].join('\n'))
    .join('\n');
}

/**
 * Fails with the list when a violation is serious or critical; returns the lesser ones, which
 * the caller may keep as a note. `where` names the page in the message.
 */
export async function expectAccessible(page: Page, where: string): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
  if (blocking.length > 0) {
    throw new Error(`axe: ${blocking.length} serious or critical violation(s) on ${where} (${page.url()}):\n${describeViolations(blocking)}`);
  }
  return violations.filter((v) => !blocking.includes(v));
}
