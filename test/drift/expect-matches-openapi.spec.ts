// expectMatchesOpenApi can fail: answers from a stand-in server that break the document's promise
// in one way each are refused, the faithful one is accepted.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import request from 'supertest';
import { expectMatchesOpenApi } from '../support/openapi';

const info = { base_id: 'team-docs', description: 'Docs', view: 'L', total_pages: 3 };
const json = 'application/json; charset=utf-8';

type Answer = [status: number, headers: Record<string, string | undefined>, body?: string];
let answer: Answer = [200, {}];

/** Answers as the service does, X-Request-Id included unless the answer sets it undefined. */
function respond(_request: IncomingMessage, response: ServerResponse): void {
  const [status, headers, body] = answer;
  const sent = Object.entries({ 'X-Request-Id': 'stand-in', ...headers }).filter((header): header is [string, string] => header[1] !== undefined);
  response.writeHead(status, Object.fromEntries(sent));
  response.end(body);
}

describe('expectMatchesOpenApi', () => {
  let server: Server;
  beforeAll(() => {
    server = createServer(respond);
  });
  afterAll(() => {
    server.close();
  });

  const call = async (next: Answer, method: 'get' | 'put' | 'delete' = 'get', path = '/api/v1/bases/team-docs/info') => {
    answer = next;
    return request(server)[method](path);
  };

  it('accepts the documented answer and names what it covered', async () => {
    const res = await call([200, { 'Content-Type': json }, JSON.stringify(info)]);
    expect(expectMatchesOpenApi(res)).toEqual(['GET /bases/{base_id}/info 200']);
  });

  it.each([
    ['a field the document does not name', [200, { 'Content-Type': json }, JSON.stringify({ ...info, secret: 1 })], /does not match/],
    ['a field of the wrong type', [200, { 'Content-Type': json }, JSON.stringify({ ...info, total_pages: '3' })], /does not match/],
    ['a missing field', [200, { 'Content-Type': json }, JSON.stringify({ base_id: 'team-docs' })], /does not match/],
    ['a status the document does not list', [418, { 'Content-Type': json }, '{}'], /does not list/],
    ['JSON without charset=utf-8', [200, { 'Content-Type': 'application/json' }, JSON.stringify(info)], /not "application\/json; charset=utf-8"/],
    ['another media type', [200, { 'Content-Type': 'text/plain' }, 'hello'], /promises application\/json/],
    ['an error outside the envelope', [404, { 'Content-Type': json }, JSON.stringify({ message: 'no' })], /does not match/],
    ['an answer without X-Request-Id', [200, { 'Content-Type': json, 'X-Request-Id': undefined }, JSON.stringify(info)], /without the documented X-Request-Id header/],
  ] as [string, Answer, RegExp][])('refuses %s', async (_what, next, problem) => {
    const res = await call(next);
    expect(() => expectMatchesOpenApi(res)).toThrow(problem);
  });

  it('refuses a timestamp that is not UTC with milliseconds', async () => {
    const page = { content_id: 'abc123', title: 'T', type: 'M', level: 0, order: 0, lang: 'ja', updated_at: '2026-11-21T09:30:00Z' };
    const res = await call([200, { 'Content-Type': json }, JSON.stringify({ pages: [page], total: 1 })], 'get', '/api/v1/bases/team-docs/pages');
    expect(() => expectMatchesOpenApi(res)).toThrow(/format/);
  });

  it('takes a 405 on a documented path for every operation of that path, with Allow only', async () => {
    const body = JSON.stringify({ error: { code: 'METHOD_NOT_ALLOWED', message: 'Use GET.' } });
    const without = await call([405, { 'Content-Type': json }, body], 'put');
    expect(() => expectMatchesOpenApi(without)).toThrow(/Allow/);
    const res = await call([405, { 'Content-Type': json, Allow: 'GET, HEAD, OPTIONS' }, body], 'put');
    expect(expectMatchesOpenApi(res)).toEqual(['GET /bases/{base_id}/info 405']);
  });

  it('refuses a path the document does not describe', async () => {
    const res = await call([200, { 'Content-Type': json }, '{}'], 'get', '/api/v1/bases/team-docs/nowhere');
    expect(() => expectMatchesOpenApi(res)).toThrow(/no path of openapi\/openapi.json/);
  });
});
