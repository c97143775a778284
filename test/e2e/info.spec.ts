// GET /bases/{base_id}/info (spec "Knowledge-base info").
import { describeEachBackend, insertBase, insertToken, insertUser, uniqueName, type Harness } from '../support/e2e';

/** Another base with its own owner token. */
async function ownBase(h: Harness, view: string, description: string): Promise<{ baseId: string; token: string }> {
  const baseId = uniqueName('own');
  await insertBase(h.db, baseId, view, description);
  const userId = await insertUser(h.db, baseId, 'owner');
  return { baseId, token: await insertToken(h.db, { baseId, userId }) };
}

describeEachBackend('knowledge-base info', (h) => {
  it('answers 200 with exactly base_id, description, view, total_pages as JSON', async () => {
    const base = await h().fresh();
    const res = await base.call('get', `/bases/${base.baseId}/info`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ base_id: base.baseId, description: `Base ${base.baseId}`, view: 'L', total_pages: 0 });
  });

  it("shows the base's own view and description, an empty description included", async () => {
    const base = await h().fresh();
    const own = await ownBase(h(), 'O', '');
    const res = await base.call('get', `/bases/${own.baseId}/info`, { token: own.token });
    expect(res.body).toEqual({ base_id: own.baseId, description: '', view: 'O', total_pages: 0 });
  });

  it('counts the live pages in total_pages', async () => {
    const base = await h().fresh();
    const ids = await base.createOutline([0, 1, 0]);
    expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(3);
    expect((await base.call('delete', base.pagesPath(ids[1]))).status).toBe(204);
    expect((await base.call('get', `/bases/${base.baseId}/info`)).body.total_pages).toBe(2);
  });

  it('counts only the pages of this base in total_pages', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 0]);
    const second = await ownBase(h(), 'L', 'x');
    expect((await base.call('get', `/bases/${second.baseId}/info`, { token: second.token })).body.total_pages).toBe(0);
  });
});
