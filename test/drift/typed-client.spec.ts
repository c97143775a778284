// A client typed from the document the app serves (openapi-typescript, default options) and built
// on openapi-fetch compiles under tsc --strict while it calls every operation with only the
// required fields: a page created with a title alone, a PATCH of one field. A `default` in a
// request schema breaks that (openapi-typescript types the field as required), and so would a
// field or parameter made required by mistake. The compiled client then runs against the app.
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { backends, createHarness, type Harness } from '../support/e2e';
import { makeTypedClient, type TypedClient } from '../support/typed-client';

describe('a typed client of the served OpenAPI document', () => {
  let h: Harness;
  let served: string;
  let client: TypedClient | undefined;

  beforeAll(async () => {
    h = await createHarness(backends[0]);
    const res = await request(h.app.getHttpServer()).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    served = res.text;
    client = await makeTypedClient(served);
  });
  afterAll(async () => {
    client?.remove();
    await h?.close();
  });

  it('compiles under --strict, calling every operation with its required fields only', () => {
    expect(client!.problems).toEqual([]);
  });

  it('runs against the app: each operation answers as documented, the omitted fields take their defaults', async () => {
    const base = await h.fresh();
    const { port } = h.app.getHttpServer().address() as AddressInfo;
    const answers = await client!.call(`http://127.0.0.1:${port}/api/v1`, base.baseId, base.token);
    const id = answers.detail[1] as string;
    expect(answers).toEqual({
      info: [200, base.baseId],
      token: [200, 'write'],
      create: [201, 'Typed client', '', 'M', 'ja', 0, null, `/api/v1/bases/${base.baseId}/pages/${id}`],
      list: [200, 1],
      detail: [200, expect.stringMatching(/^[a-z0-9]{6}$/)],
      update: [200, 'en'],
      search: [200, [id]],
      tree: [200, [id]],
      delete: [204, null],
    });
  });

  it('does not compile once a request schema gives a field a default', async () => {
    const document = JSON.parse(served);
    document.components.schemas.CreatePageDto.properties.body.default = '';
    const broken = await makeTypedClient(JSON.stringify(document));
    try {
      const missingBody = (problem: string) => problem.includes('missing') && /\bbody\b/.test(problem) && problem.includes('(client.ts:');
      expect(broken.problems.filter(missingBody)).toHaveLength(1);
    } finally {
      broken.remove();
    }
  });
});
