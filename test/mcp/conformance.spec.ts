// The MCP conformance suite (@modelcontextprotocol/conformance, its server scenarios) against /mcp,
// offline: its CLI runs each scenario that applies to a server with these tools, through a loopback
// proxy that adds an API token as the bearer (the suite's client sends none). KB_PUBLIC_URL is
// the proxy's URL, so the DNS-rebinding scenario meets the Origin check it tests.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { backends, createHarness, type Harness } from '../support/e2e';
import { bearerProxy, type BearerProxy } from './conformance-support';

const CLI = join(__dirname, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** The scenarios that apply: they ask only what every MCP server with tools and resources answers. */
export const applicable = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

/**
 * The others, and why not: each calls fixtures of the suite's own reference server (tools, prompts
 * and resources named test_…, test://…), or a capability this server does not offer.
 */
export const notApplicable: Record<string, string> = {
  'logging-set-level': 'no logging capability (server logging is deprecated in 2026-07-28, SEP-2577)',
  'completion-complete': 'no completions capability: the tools take free text and page ids',
  'tools-call-simple-text': 'calls the fixture tool test_simple_text',
  'tools-call-image': 'calls the fixture tool test_image_content',
  'tools-call-audio': 'calls the fixture tool test_audio_content',
  'tools-call-embedded-resource': 'calls the fixture tool test_embedded_resource',
  'tools-call-mixed-content': 'calls the fixture tool test_multiple_content_types',
  'tools-call-with-logging': 'calls the fixture tool test_tool_with_logging; no logging capability',
  'tools-call-error': 'calls the fixture tool test_error_handling (tool errors are tested in mcp-tools.spec.ts)',
  'tools-call-with-progress': 'calls the fixture tool test_tool_with_progress',
  'tools-call-sampling': 'calls the fixture tool test_sampling; the tools ask nothing of the client',
  'tools-call-elicitation': 'calls the fixture tool test_elicitation; the tools ask nothing of the client',
  'json-schema-2020-12': 'looks for the fixture tool json_schema_2020_12_tool',
  'elicitation-sep1034-defaults': 'calls the fixture tool test_elicitation_sep1034_defaults',
  'elicitation-sep1330-enums': 'calls the fixture tool test_elicitation_sep1330_enums',
  'server-sse-polling': 'needs a session and the fixture tool test_reconnection: /mcp is stateless by design',
  'server-sse-multiple-streams': 'needs a session (Mcp-Session-Id): /mcp is stateless by design',
  'resources-read-text': 'reads the fixture resource test://static-text (page resources are tested in mcp-access.spec.ts)',
  'resources-read-binary': 'reads the fixture resource test://static-binary; pages are text',
  'resources-templates-read': 'reads the fixture template test://template/{id}/data (kb://… is tested in mcp-access.spec.ts)',
  'resources-subscribe': 'no subscribe capability: stateless, nothing is kept between requests',
  'resources-unsubscribe': 'no subscribe capability: stateless, nothing is kept between requests',
  'prompts-list': 'no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  errorMessage?: string;
  description?: string;
}

async function runScenario(url: string, scenario: string): Promise<{ exitCode: number; checks: Check[]; output: string }> {
  const outputDir = await mkdtemp(join(tmpdir(), 'kb-conformance-'));
  try {
    const run = await promisify(execFile)(process.execPath, [CLI, 'server', '--url', url, '--scenario', scenario, '-o', outputDir], { timeout: 60_000 })
      .then((done) => ({ exitCode: 0, output: done.stdout + done.stderr }), (failed: { code?: number; stdout?: string; stderr?: string }) => ({ exitCode: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }));
    const [resultDir] = await readdir(outputDir);
    const checks = resultDir ? (JSON.parse(await readFile(join(outputDir, resultDir, 'checks.json'), 'utf8')) as Check[]) : [];
    return { ...run, checks };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

describe.each(backends)('MCP conformance suite [%s]', (backend) => {
  let proxy: BearerProxy & { target(port: number, token: string): void };
  let harness: Harness;
  beforeAll(async () => {
    proxy = await bearerProxy();
    harness = await createHarness(backend, { publicUrl: proxy.url });
    const base = await harness.fresh();
    await base.createPage({ title: '最初のページ', body: 'conformance' });
    proxy.target((harness.app.getHttpServer().address() as AddressInfo).port, base.token);
  });
  afterAll(async () => {
    await harness?.close();
    await proxy?.close();
  });

  it('knows every server scenario of the suite, as applicable or not', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'list']);
    const serverPart = stdout.split('Client scenarios')[0];
    const listed = [...serverPart.matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((match) => match[1]);
    expect(listed.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...applicable, ...Object.keys(notApplicable)].sort());
  });

  it.each(applicable)('passes %s', async (scenario) => {
    const { exitCode, checks, output } = await runScenario(`${proxy.url}/mcp`, scenario);
    const failed = checks.filter((check) => check.status === 'FAILURE');
    expect({ scenario, failed, exitCode }).toEqual({ scenario, failed: [], exitCode: 0 });
    expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    expect(output).toContain(scenario);
  });
});
