// What the MCP tests share: the URL of a harness's /mcp, and REST's answer to compare a tool's with.
import type { AddressInfo } from 'node:net';
import type { Harness, TestBase } from '../support/e2e';

export function mcpUrlOf(harness: Harness): string {
  return `http://127.0.0.1:${(harness.app.getHttpServer().address() as AddressInfo).port}/mcp`;
}

/** REST's answer at `path` with the base's token: its status and body. */
export async function restAnswer(base: TestBase, method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await base.call(method, path, body === undefined ? {} : { body });
  return { status: res.status, body: res.body };
}

/** The structured content of a successful tool call (and its text, which must say the same). */
export function okContent(result: any): any {
  expect(result.isError ?? false).toBe(false);
  expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** A tool error: isError, the REST envelope as structured content and as text. */
export function toolError(result: any): { code: string; message: string } {
  expect(result.isError).toBe(true);
  expect(Object.keys(result.structuredContent)).toEqual(['error']);
  expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
  return result.structuredContent.error;
}
