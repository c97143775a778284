// Bodies that nest Markdown or HTML thousands of levels deep, well under the body limit: each is
// a 400 BAD_REQUEST naming "body" within a bounded time, never a 500 from an exhausted stack or
// seconds of rendering, and nothing is stored. Content nested as deep as real pages is kept.
import { describeEachBackend, expectError, type TestBase } from '../support/e2e';

/** Characters of a body that leave room for the JSON around it under the 1 MiB limit. */
const NEAR_LIMIT = 1_040_000;

const emphasis = (depth: number) => `${'*a '.repeat(depth)}b${' c*'.repeat(depth)}`;
const attacks: Array<[string, 'M' | 'H', () => string]> = [
  ['">" × 100,000', 'M', () => '>'.repeat(100_000)],
  ['">" × 1 MiB', 'M', () => '>'.repeat(NEAR_LIMIT)],
  ['"*a " × 50,000, "b", " c*" × 50,000', 'M', () => emphasis(50_000)],
  ['"*a " …  " c*" in 1 MiB', 'M', () => emphasis(Math.floor(NEAR_LIMIT / 6))],
  ['"<div>" × 100,000', 'H', () => '<div>'.repeat(100_000)],
  ['"<div>" × 1 MiB', 'H', () => '<div>'.repeat(NEAR_LIMIT / 5)],
  ['"<div>" × 1 MiB in Markdown', 'M', () => '<div>'.repeat(NEAR_LIMIT / 5)],
];

const legitimate: Array<[string, 'M' | 'H', string]> = [
  ['50 nested blockquotes', 'M', `${'>'.repeat(50)} deep quote\n${'>'.repeat(50)} and its second line`],
  ['a list 20 levels deep', 'M', Array.from({ length: 20 }, (_, level) => `${'  '.repeat(level)}- level ${level} *em **strong***`).join('\n')],
  ['200 nested divs', 'H', `${'<div>'.repeat(200)}inner${'</div>'.repeat(200)}`],
];

const list = async (base: TestBase) => (await base.call('get', base.pagesPath())).body;
const detail = async (base: TestBase, contentId: string) => (await base.call('get', base.pagesPath(contentId))).body;

/** The answer to `send`, expected to be the 400 naming "body" (how fast it comes: bench, not here). */
async function expectBodyRefused(send: () => PromiseLike<import('supertest').Response>): Promise<void> {
  const res = await send();
  expectError(res, 400, 'BAD_REQUEST');
  expect(res.body.error.message).toMatch(/^The field "body" /);
}

describeEachBackend('Deeply nested page bodies', (h) => {
  describe.each(attacks)('%s as %s', (_label, type, makeBody) => {
    const body = makeBody();

    it('POST is 400 naming "body" and creates nothing', async () => {
      const base = await h().fresh();
      await base.createPage({ title: 'Already there' });
      const before = await list(base);
      await expectBodyRefused(() => base.call('post', base.pagesPath(), { body: { title: 'Deep', body, content_type: type } }));
      expect(await list(base)).toEqual(before);
    });

    it('PATCH, with its type or without, is 400 naming "body" and changes nothing', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Kept', body: 'kept *body*', content_type: type });
      await expectBodyRefused(() => base.call('patch', base.pagesPath(page.content_id), { body: { body, content_type: type } }));
      await expectBodyRefused(() => base.call('patch', base.pagesPath(page.content_id), { body: { body, title: 'Changed' } }));
      expect(await detail(base, page.content_id)).toEqual(page);
    });

    it('PATCH of an unknown page is 400 for the body, before the page\'s 404', async () => {
      const base = await h().fresh();
      await expectBodyRefused(() => base.call('patch', base.pagesPath('zzzzzz'), { body: { body, content_type: type } }));
    });
  });

  describe('as text (T), where no markup is read', () => {
    const quotes = '>'.repeat(100_000);

    it('any such body is created and stored as it is', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Quotes', body: quotes, content_type: 'T' });
      expect((await detail(base, page.content_id)).body).toBe(quotes);
    });

    it('PATCH of a text page\'s body without content_type stores it too: the page\'s own type decides', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Quotes', body: 'flat', content_type: 'T' });
      const res = await base.call('patch', base.pagesPath(page.content_id), { body: { body: quotes } });
      expect(res.status).toBe(200);
      expect((await detail(base, page.content_id)).body).toBe(quotes);
    });
  });

  it('PATCH of a text page to Markdown alone is 400 naming the stored body when it nests too deep', async () => {
    const base = await h().fresh();
    const page = await base.createPage({ title: 'Quotes', body: '>'.repeat(100_000), content_type: 'T' });
    const res = await base.call('patch', base.pagesPath(page.content_id), { body: { content_type: 'M' } });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.body.error.message).toMatch(/^The page's body .*Send a "body" with the new "content_type"\.$/);
    expect(await detail(base, page.content_id)).toEqual(page);
  });

  describe.each(legitimate)('%s as %s', (_label, type, body) => {
    it('is created, stored and rendered', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Nested', body, content_type: type });
      expect(page.body).toBe(body);
      expect((await detail(base, page.content_id)).body).toBe(body);
    });

    it('replaces the body of a page through PATCH', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Nested', body: 'flat', content_type: type });
      const res = await base.call('patch', base.pagesPath(page.content_id), { body: { body } });
      expect(res.status).toBe(200);
      expect(res.body.body).toBe(body);
      expect((await detail(base, page.content_id)).body).toBe(body);
    });
  });
});
