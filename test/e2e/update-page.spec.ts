// PATCH /bases/{base_id}/pages/{content_id}: fields (spec "PATCH …"; decisions "Requests").
// Level changes and paths are in update-level.spec.ts.
import { describeEachBackend, expectError, type TestBase } from '../support/e2e';

const detailFields = ['content_id', 'title', 'body', 'type', 'level', 'path', 'lang', 'view', 'created_at', 'updated_at'];

const original = (base: TestBase) => base.createPage({ title: 'Original', body: 'first body', content_type: 'T', content_lang: 'en' });
const patch = (base: TestBase, contentId: string, body: unknown) => base.call('patch', base.pagesPath(contentId), { body });
const detail = async (base: TestBase, contentId: string) => (await base.call('get', base.pagesPath(contentId))).body;

/** Freezes the service's clock (it runs in this process) so that only `advance` moves timestamps on. */
function controlClock(): { advance(ms: number): void } {
  jest.useFakeTimers({ now: Date.now(), doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  return { advance: (ms) => jest.setSystemTime(Date.now() + ms) };
}

const singleChanges: [string, Record<string, unknown>, string, unknown][] = [
  ['title', { title: 'New title' }, 'title', 'New title'],
  ['body', { body: 'new body' }, 'body', 'new body'],
  ['content_type', { content_type: 'M' }, 'type', 'M'],
  ['content_lang', { content_lang: 'ja' }, 'lang', 'ja'],
  ['view', { view: 'O' }, 'view', 'O'],
  ['level', { level: 2 }, 'level', 2],
];

const badValues: [string, Record<string, unknown>][] = [
  ['level 1.5', { level: 1.5 }],
  ['level "1" (a string)', { level: '1' }],
  ['level true', { level: true }],
  ['level -1', { level: -1 }],
  ['level 101', { level: 101 }],
  ['content_type m (enums are case-sensitive)', { content_type: 'm' }],
  ['content_type X', { content_type: 'X' }],
  ['content_lang EN (enums are case-sensitive)', { content_lang: 'EN' }],
  ['view o (enums are case-sensitive)', { view: 'o' }],
  ['view X', { view: 'X' }],
  ['title only whitespace', { title: ' \t ' }],
  ['title empty', { title: '' }],
  ['title of 256 characters', { title: 'a'.repeat(256) }],
  ['body a number', { body: 3 }],
];

describeEachBackend('PATCH page fields', (h) => {
  afterEach(() => jest.useRealTimers());

  it('answers 200 with the updated page detail, which is what is stored', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { title: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body).sort()).toEqual([...detailFields].sort());
    expect(res.body.title).toBe('Renamed');
    expect(res.body).toEqual(await detail(base, page.content_id));
  });

  it.each(singleChanges)('of %s alone changes only that field', async (field, body, responseField, value) => {
    const base = await h().fresh();
    const page = await original(base);
    const updated = (await patch(base, page.content_id, body)).body;
    expect(updated[responseField]).toEqual(value);
    const ignored = new Set([responseField, 'updated_at', ...(field === 'title' ? ['path'] : [])]);
    for (const key of detailFields.filter((k) => !ignored.has(k))) expect({ [key]: updated[key] }).toEqual({ [key]: page[key] });
    expect(await detail(base, page.content_id)).toEqual(updated);
  });

  it('with an empty object {} is 400 BAD_REQUEST and changes nothing', async () => {
    const base = await h().fresh();
    const page = await original(base);
    expectError(await patch(base, page.content_id, {}), 400, 'BAD_REQUEST');
    expect(await detail(base, page.content_id)).toEqual(page);
  });

  it('view null resets the page to inherit from the base', async () => {
    const base = await h().fresh();
    const page = await original(base);
    await patch(base, page.content_id, { view: 'I' });
    const res = await patch(base, page.content_id, { view: null });
    expect(res.status).toBe(200);
    expect(res.body.view).toBeNull();
    expect((await detail(base, page.content_id)).view).toBeNull();
  });

  it('without view leaves the page view unchanged', async () => {
    const base = await h().fresh();
    const page = await original(base);
    await patch(base, page.content_id, { view: 'O' });
    expect((await patch(base, page.content_id, { title: 'Other' })).body.view).toBe('O');
  });

  it.each(['title', 'body', 'content_type', 'content_lang', 'level'])('%s: null is 400 BAD_REQUEST (only view takes null)', async (field) => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { [field]: null });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(new RegExp(field));
    expect(await detail(base, page.content_id)).toEqual(page);
  });

  it.each(badValues)('with %s is 400 BAD_REQUEST and changes nothing', async (_label, body) => {
    const base = await h().fresh();
    const page = await original(base);
    expectError(await patch(base, page.content_id, body), 400, 'BAD_REQUEST');
    expect(await detail(base, page.content_id)).toEqual(page);
  });

  it('accepts a title of 255 characters', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { title: 'b'.repeat(255) });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('b'.repeat(255));
  });

  it('with an unknown field is 400 naming it, and the valid fields beside it are not applied', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { title: 'Changed', colour: 'red' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/colour/);
    expect((await detail(base, page.content_id)).title).toBe('Original');
  });

  it('with a field named like a member of Object.prototype is 400 naming it, not an ignored field', async () => {
    const base = await h().fresh();
    const page = await original(base);
    for (const field of ['toString', 'valueOf', 'hasOwnProperty']) {
      const res = await patch(base, page.content_id, { title: 'Changed', [field]: 'x' });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toBe(`Unknown field "${field}".`);
    }
    expect((await detail(base, page.content_id)).title).toBe('Original');
  });

  it('with type is told to send content_type', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { type: 'H' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/content_type/);
  });

  it('with lang is told to send content_lang', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const res = await patch(base, page.content_id, { lang: 'ja' });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/content_lang/);
  });

  it('refreshes updated_at and keeps created_at', async () => {
    const base = await h().fresh();
    const clock = controlClock();
    const page = await original(base);
    clock.advance(5000);
    const updated = (await patch(base, page.content_id, { body: 'later' })).body;
    expect(updated.created_at).toBe(page.created_at);
    expect(Date.parse(updated.updated_at) - Date.parse(page.updated_at)).toBe(5000);
    expect(updated.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await detail(base, page.content_id)).updated_at).toBe(updated.updated_at);
  });

  it('refreshes updated_at even when the sent value equals the stored one', async () => {
    const base = await h().fresh();
    const clock = controlClock();
    const page = await original(base);
    clock.advance(1000);
    const updated = (await patch(base, page.content_id, { title: 'Original' })).body;
    expect(updated.updated_at > page.updated_at).toBe(true);
  });

  it('of an unknown page is 404 NOT_FOUND', async () => {
    const base = await h().fresh();
    expectError(await patch(base, 'zzzzzz', { title: 'x' }), 404, 'NOT_FOUND');
  });

  it('of a page of another base, through this base path and token, is 404 and changes nothing', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    const foreign = await other.createPage({ title: 'Foreign' });
    expectError(await patch(base, foreign.content_id, { title: 'Hijacked' }), 404, 'NOT_FOUND');
    expect((await detail(other, foreign.content_id)).title).toBe('Foreign');
  });

  it('GET and DELETE of a page of another base, through this base path and token, are 404', async () => {
    const base = await h().fresh();
    const other = await h().fresh();
    const foreign = await other.createPage({ title: 'Foreign' });
    expectError(await base.call('get', base.pagesPath(foreign.content_id)), 404, 'NOT_FOUND');
    expectError(await base.call('delete', base.pagesPath(foreign.content_id)), 404, 'NOT_FOUND');
    expect((await other.call('get', other.pagesPath(foreign.content_id))).status).toBe(200);
  });

  it('concurrent PATCHes of different fields of one page both take effect', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const [a, b] = await Promise.all([
      patch(base, page.content_id, { title: 'Concurrent title' }),
      patch(base, page.content_id, { content_lang: 'ja' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await detail(base, page.content_id);
    expect([stored.title, stored.lang]).toEqual(['Concurrent title', 'ja']);
  });

  it('concurrent PATCHes of the same field: the last write wins and the page is one of the two', async () => {
    const base = await h().fresh();
    const page = await original(base);
    const results = await Promise.all(['One', 'Two'].map((title) => patch(base, page.content_id, { title })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(['One', 'Two']).toContain((await detail(base, page.content_id)).title);
  });

  it("a page read before a change is read with the change after it, its children's paths too", async () => {
    const base = await h().fresh();
    const [parent, child] = await base.createOutline([0, 1]);
    // Each read twice first, so that any answer the service keeps is there to go stale.
    for (let i = 0; i < 2; i++) {
      expect((await detail(base, parent)).title).toBe('P0');
      expect((await detail(base, child)).path).toEqual(['P0', 'P1']);
    }
    expect((await patch(base, parent, { title: 'New parent title', body: 'new body' })).status).toBe(200);
    const renamed = await detail(base, parent);
    expect([renamed.title, renamed.body]).toEqual(['New parent title', 'new body']);
    expect((await detail(base, child)).path).toEqual(['New parent title', 'P1']);
    expect((await base.call('delete', base.pagesPath(parent))).status).toBe(204);
    expectError(await base.call('get', base.pagesPath(parent)), 404, 'NOT_FOUND');
    expect((await detail(base, child)).path).toEqual(['P1']);
  });
});
