// Bodies whose fields nest arrays or objects thousands of levels deep, well under the body limit
// (decisions "Requests", "Order of checks"). Every field is a scalar, so each is 400 BAD_REQUEST
// with the message the same value one level deep gets, naming the field (an unknown one as
// unknown), never a 500 from an exhausted stack; and nothing is created or changed.
import { containers, deepJson } from '../support/deep-json';
import { describeEachBackend, expectError, type TestBase } from '../support/e2e';

const BODY_LIMIT = 1024 * 1024;
const depths = [10_000, 100_000];

/** Each request's own fields, the ones of the other request, old names and an unknown one. */
const createFields = ['title', 'body', 'content_type', 'content_lang', 'level', 'view', 'type', 'lang', 'extra'];
const updateFields = ['title', 'body', 'content_type', 'content_lang', 'view', 'level', 'type', 'lang', 'extra'];

const cases = (fields: string[]) =>
  fields.flatMap((field) => containers.flatMap((container) => depths.map((depth) => [field, container, depth] as const)));

/** The JSON text of `fields` and then `field` holding `value`, itself JSON text (never built as a value). */
function bodyWith(fields: Record<string, unknown>, field: string, value: string): string {
  const before = JSON.stringify(fields).slice(1, -1);
  return `{${before}${before ? ',' : ''}${JSON.stringify(field)}:${value}}`;
}

const list = async (base: TestBase) => (await base.call('get', base.pagesPath())).body;
const detail = async (base: TestBase, contentId: string) => (await base.call('get', base.pagesPath(contentId))).body;

describeEachBackend('Deeply nested JSON bodies', (h) => {
  describe('POST pages', () => {
    it.each(cases(createFields))('with "%s" holding an %s %i deep is 400 as one level deep is, naming the field, and creates nothing', async (field, container, depth) => {
      const base = await h().fresh();
      await base.createPage({ title: 'Already there' });
      const before = await list(base);
      const others = field === 'title' ? {} : { title: 'x' };
      const text = bodyWith(others, field, deepJson(container, depth));
      expect(Buffer.byteLength(text)).toBeLessThan(BODY_LIMIT);

      const res = await base.call('post', base.pagesPath(), { body: text });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toContain(`"${field}"`);
      const shallow = await base.call('post', base.pagesPath(), { body: bodyWith(others, field, deepJson(container, 1)) });
      expect(res.body.error.message).toBe(shallow.body.error.message);
      expect(await list(base)).toEqual(before);
    });

    it('with the body of nested arrays the fuzzer sent is told that body must be a string', async () => {
      const base = await h().fresh();
      const res = await base.call('post', base.pagesPath(), { body: bodyWith({ title: 'x' }, 'body', deepJson('array', 20_000)) });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toBe('The field "body" must be a string.');
      expect((await list(base)).total).toBe(0);
    });

    it('answers the first failure as for shallow values: a wrong title before a deep body is named', async () => {
      const base = await h().fresh();
      const res = await base.call('post', base.pagesPath(), { body: bodyWith({ title: 42 }, 'body', deepJson('object', 100_000)) });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toBe('The field "title" must be a string.');
    });

    it('with a body that is itself an array 100,000 deep is 400 saying it must be an object', async () => {
      const base = await h().fresh();
      const res = await base.call('post', base.pagesPath(), { body: deepJson('array', 100_000) });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toBe('The request body must be a JSON object.');
      expect((await list(base)).total).toBe(0);
    });

    it('keeps the order of checks: 401 without a token, 415 without JSON, 413 over the limit', async () => {
      const base = await h().fresh();
      const deep = bodyWith({ title: 'x' }, 'body', deepJson('array', 100_000));
      expectError(await base.call('post', base.pagesPath(), { body: deep, token: null }), 401, 'UNAUTHORIZED');
      expectError(await base.call('post', base.pagesPath(), { body: deep, headers: { 'Content-Type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const tooLarge = bodyWith({ title: 'x' }, 'body', deepJson('array', BODY_LIMIT / 2));
      expectError(await base.call('post', base.pagesPath(), { body: tooLarge }), 413, 'PAYLOAD_TOO_LARGE');
      expect((await list(base)).total).toBe(0);
    });
  });

  describe('PATCH page', () => {
    it.each(cases(updateFields))('with "%s" holding an %s %i deep is 400 as one level deep is, naming the field, and changes nothing', async (field, container, depth) => {
      const base = await h().fresh();
      const [parent, child] = await base.createOutline([0, 1]);
      const before = { list: await list(base), parent: await detail(base, parent), child: await detail(base, child) };
      const text = bodyWith({}, field, deepJson(container, depth));
      expect(Buffer.byteLength(text)).toBeLessThan(BODY_LIMIT);

      const res = await base.call('patch', base.pagesPath(parent), { body: text });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toContain(`"${field}"`);
      const shallow = await base.call('patch', base.pagesPath(parent), { body: bodyWith({}, field, deepJson(container, 1)) });
      expect(res.body.error.message).toBe(shallow.body.error.message);
      expect({ list: await list(base), parent: await detail(base, parent), child: await detail(base, child) }).toEqual(before);
    });

    it('with a valid title and a deep body changes neither', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Original', body: 'first' });
      const res = await base.call('patch', base.pagesPath(page.content_id), { body: bodyWith({ title: 'Renamed' }, 'body', deepJson('array', 20_000)) });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toBe('The field "body" must be a string.');
      expect(await detail(base, page.content_id)).toEqual(page);
    });

    it('puts the 400 before the page 404: an unknown page with a deep body is 400', async () => {
      const base = await h().fresh();
      const res = await base.call('patch', base.pagesPath('zzzzzz'), { body: bodyWith({}, 'level', deepJson('object', 100_000)) });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body.error.message).toContain('"level"');
    });

    it('keeps the order of checks: 401 without a token, 415 without JSON', async () => {
      const base = await h().fresh();
      const page = await base.createPage({ title: 'Original' });
      const deep = bodyWith({}, 'body', deepJson('array', 100_000));
      expectError(await base.call('patch', base.pagesPath(page.content_id), { body: deep, token: null }), 401, 'UNAUTHORIZED');
      expectError(await base.call('patch', base.pagesPath(page.content_id), { body: deep, headers: { 'Content-Type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await detail(base, page.content_id)).toEqual(page);
    });
  });
});
