// POST /bases/{base_id}/pages (spec "POST /bases/{base_id}/pages"; decisions "Requests", "Responses").
import { describeEachBackend, expectError } from '../support/e2e';

const detailFields = ['content_id', 'title', 'body', 'type', 'level', 'path', 'lang', 'view', 'created_at', 'updated_at'];
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const badBodies: [string, unknown, string][] = [
  ['title missing', { body: 'x' }, 'title'],
  ['title empty', { title: '' }, 'title'],
  ['title only spaces', { title: '   ' }, 'title'],
  ['title only tabs and newlines', { title: '\t\n' }, 'title'],
  ['title only ideographic spaces', { title: '\u3000\u3000' }, 'title'],
  ['title of 256 characters', { title: 'a'.repeat(256) }, 'title'],
  ['title a number', { title: 42 }, 'title'],
  ['title null', { title: null }, 'title'],
  ['body null', { title: 'x', body: null }, 'body'],
  ['body a number', { title: 'x', body: 1 }, 'body'],
  ['content_type lowercase m', { title: 'x', content_type: 'm' }, 'content_type'],
  ['content_type unknown', { title: 'x', content_type: 'X' }, 'content_type'],
  ['content_type null', { title: 'x', content_type: null }, 'content_type'],
  ['content_lang uppercase JA', { title: 'x', content_lang: 'JA' }, 'content_lang'],
  ['content_lang unknown', { title: 'x', content_lang: 'fr' }, 'content_lang'],
  ['content_lang null', { title: 'x', content_lang: null }, 'content_lang'],
  ['level (not a create field)', { title: 'x', level: 1 }, 'level'],
  ['view (not a create field)', { title: 'x', view: 'O' }, 'view'],
];

describeEachBackend('POST pages', (h) => {
  it('answers 201 with a page detail carrying exactly the detail fields', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'Install' } });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = res.body;
    expect(Object.keys(page).sort()).toEqual([...detailFields].sort());
    expect(typeof page.content_id).toBe('string');
    expect(typeof page.title).toBe('string');
    expect(typeof page.body).toBe('string');
    expect(Number.isInteger(page.level)).toBe(true);
    expect(Array.isArray(page.path)).toBe(true);
  });

  it('sets a Location header /api/v1/bases/{base_id}/pages/{content_id} that names the new page', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'Install' } });
    expect(res.headers.location).toBe(`/api/v1/bases/${base.baseId}/pages/${res.body.content_id}`);
    const fetched = await base.http.get(res.headers.location).set('Authorization', `Bearer ${base.token}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.title).toBe('Install');
  });

  it('defaults: body empty string, type M, lang ja, view null (inherits)', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Defaults' });
    expect([page.body, page.type, page.lang, page.view]).toEqual(['', 'M', 'ja', null]);
  });

  it('takes content_type and content_lang and answers them as type and lang', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Text', body: 'plain', content_type: 'T', content_lang: 'en' });
    expect([page.type, page.lang, page.body]).toEqual(['T', 'en', 'plain']);
    expect('content_type' in page || 'content_lang' in page).toBe(false);
  });

  it('generates a content_id of 6 lowercase letters and digits, a new one per page', async () => {
    const base = await h().fresh();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const page = await base.createPage({ title: `Page ${i}` });
      expect(page.content_id).toMatch(/^[a-z0-9]{6}$/);
      ids.add(page.content_id);
    }
    expect(ids.size).toBe(20);
  });

  it('sets created_at and updated_at to the same UTC timestamp with milliseconds', async () => {
    const base = await h().fresh();
    const before = Date.now();
    const page = await base.createPage({ title: 'Stamped' });
    expect(page.created_at).toMatch(timestamp);
    expect(page.updated_at).toBe(page.created_at);
    expect(Date.parse(page.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers a path holding only the new page title', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 1]);
    expect((await base.createPage({ title: 'Newest' })).path).toEqual(['Newest']);
  });

  it('appends the page at the end of the base with level 0, even after a deep page', async () => {
    const base = await h().fresh();
    await base.createOutline([0, 1, 2]);
    const page = await base.createPage({ title: 'Last' });
    expect(page.level).toBe(0);
    const last = (await base.call('get', base.pagesPath())).body.pages.at(-1);
    expect([last.content_id, last.order, last.level]).toEqual([page.content_id, 3, 0]);
  });

  it('keeps the title exactly as sent, surrounding spaces included', async () => {
    const base = await h().fresh();
    expect((await base.createPage({ title: '  Spaced  ' })).title).toBe('  Spaced  ');
  });

  it('allows two pages with the same title', async () => {
    const base = await h().fresh();
    const a = await base.createPage({ title: 'Twin' });
    const b = await base.createPage({ title: 'Twin' });
    expect(a.content_id).not.toBe(b.content_id);
  });

  it('accepts a title of 255 characters', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'a'.repeat(255) });
    expect(page.title).toBe('a'.repeat(255));
    expect((await base.call('get', base.pagesPath(page.content_id))).body.title).toBe('a'.repeat(255));
  });

  it('counts title length in characters: 255 characters outside the BMP are accepted and stored', async () => {
    const base = await h().fresh();
    const title = '😀'.repeat(255);
    const page = await base.createPage({ title });
    expect(page.title).toBe(title);
    expect((await base.call('get', base.pagesPath(page.content_id))).body.title).toBe(title);
  });

  it.each(badBodies)('with %s is 400 BAD_REQUEST naming the field and creates nothing', async (_label, body, field) => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(new RegExp(field));
    expect((await base.call('get', base.pagesPath())).body.total).toBe(0);
  });

  it('with an unknown field is 400 naming that field', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'x', colour: 'red' } });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/colour/);
  });

  it('with type is told to send content_type', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'x', type: 'T' } });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/content_type/);
  });

  it('with lang is told to send content_lang', async () => {
    const base = await h().fresh();
    const res = await base.call('post', base.pagesPath(), { body: { title: 'x', lang: 'en' } });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/content_lang/);
  });

  it('concurrent POSTs keep order dense and unique', async () => {
    const base = await h().fresh();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => base.call('post', base.pagesPath(), { body: { title: `C${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(25).fill(201));
    const list = (await base.call('get', base.pagesPath())).body;
    expect(list.total).toBe(25);
    expect(list.pages.map((p: { order: number }) => p.order)).toEqual([...Array(25).keys()]);
    expect(new Set(list.pages.map((p: { content_id: string }) => p.content_id)).size).toBe(25);
  });
});
