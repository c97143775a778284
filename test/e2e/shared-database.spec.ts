// Two services on one database, as two processes behind a load balancer would be: whatever one
// of them keeps between requests (trees, token answers, live-position bitmaps of display order) never hides a write made through the
// other or straight in the database (with its outline version moved, as every outline write does);
// nor do the rank keys, pending texts, summaries and words it keeps for search.
import fc from 'fast-check';
import request from 'supertest';
import { PagesRepository } from '../../src/pages/pages.repository';
import { DEFAULT_KEEP_FROM, KeptRankKeys } from '../../src/search/kept-rank-keys';
import { DEFAULT_MERGE_THRESHOLD, SearchIndexService } from '../../src/search/search-index.service';
import { describeEachBackend, secondService } from '../support/e2e';

describeEachBackend('two services on one database', (h) => {
  const other = secondService(h);

  const viaOther = (token: string, path: string) => request(other().getHttpServer()).get(`/api/v1${path}`).set('Authorization', `Bearer ${token}`);

  it('sees pages, titles and levels written through the first service at once, tree included', async () => {
    const base = await h().fresh();
    const treePath = `/bases/${base.baseId}/tree`;
    expect((await viaOther(base.token, treePath)).body).toEqual({ tree: [] });
    const [a, b] = await base.createOutline([0, 1]);
    const tree = (await viaOther(base.token, treePath)).body.tree;
    expect(tree.map((n: any) => [n.content_id, n.children.map((c: any) => c.content_id)])).toEqual([[a, [b]]]);
    await base.call('patch', base.pagesPath(b), { body: { title: 'Renamed', level: 0 } });
    const after = (await viaOther(base.token, treePath)).body.tree;
    expect(after.map((n: any) => [n.title, n.children.length])).toEqual([['P0', 0], ['Renamed', 0]]);
    expect((await viaOther(base.token, base.pagesPath(b))).body.path).toEqual(['Renamed']);
    expect((await viaOther(base.token, `/bases/${base.baseId}/info`)).body.total_pages).toBe(2);
  });

  it('answers a detail path kept by the other service only while no outline write moved it', async () => {
    const base = await h().fresh();
    const [a, b, c, d] = await base.createOutline([0, 1, 2, 3]);
    const pathViaOther = async (id: string) => (await viaOther(base.token, base.pagesPath(id))).body.path;
    // Read twice: the second read answers from the ancestors the other service kept.
    for (let i = 0; i < 2; i++) expect(await pathViaOther(d)).toEqual(['P0', 'P1', 'P2', 'P3']);
    await base.call('patch', base.pagesPath(b), { body: { title: 'Renamed' } });
    expect(await pathViaOther(d)).toEqual(['P0', 'Renamed', 'P2', 'P3']);
    await base.call('patch', base.pagesPath(c), { body: { level: 1 } });
    expect(await pathViaOther(d)).toEqual(['P0', 'P2', 'P3']);
    expect((await base.call('delete', base.pagesPath(a))).status).toBe(204);
    expect(await pathViaOther(d)).toEqual(['P2', 'P3']);
    // A write straight in the database that moves the version is seen too.
    await h().db.write(async (tx) => {
      await tx.query("UPDATE pages SET title = 'Outside' WHERE base_id = ? AND content_id = ?", [base.baseId, c]);
      await tx.query('UPDATE bases SET outline_version = outline_version + 1 WHERE base_id = ?', [base.baseId]);
    });
    expect(await pathViaOther(d)).toEqual(['Outside', 'P3']);
  });

  it('answers a body kept by the other service only while the page\'s texts are unchanged', async () => {
    const base = await h().fresh();
    const id = (await base.createPage({ title: 'Kept', body: 'first' })).content_id;
    const bodyViaOther = async () => (await viaOther(base.token, base.pagesPath(id))).body.body;
    // Read twice: the second read answers from the body the other service kept.
    for (let i = 0; i < 2; i++) expect(await bodyViaOther()).toBe('first');
    await base.call('patch', base.pagesPath(id), { body: { body: 'second' } });
    expect(await bodyViaOther()).toBe('second');
    // Other fields change, the body stays (a new type stores the body again, unchanged).
    await base.call('patch', base.pagesPath(id), { body: { title: 'Renamed', content_type: 'T' } });
    expect(await bodyViaOther()).toBe('second');
    // A write straight in the database that moves the body revision is seen too.
    await h().db.write(async (tx) => {
      await tx.query("UPDATE page_texts SET body = 'outside' WHERE page_id = (SELECT page_id FROM pages WHERE base_id = ? AND content_id = ?)", [base.baseId, id]);
      await tx.query('UPDATE pages SET body_rev = body_rev + 1 WHERE base_id = ? AND content_id = ?', [base.baseId, id]);
    });
    expect(await bodyViaOther()).toBe('outside');
  });

  it('answers a whole detail kept by the other service only while nothing committed (SQLite: without a statement)', async () => {
    const base = await h().fresh();
    const [parent, child] = await base.createOutline([0, 1]);
    const detailViaOther = async () => {
      const res = await viaOther(base.token, base.pagesPath(child));
      return [res.status, res.body.lang, res.body.path];
    };
    // Read twice: the second read answers from what the other service kept.
    for (let i = 0; i < 2; i++) expect(await detailViaOther()).toEqual([200, 'ja', ['P0', 'P1']]);
    const repository = other().get(PagesRepository);
    const reads = [jest.spyOn(repository, 'findLiveVersioned'), jest.spyOn(repository, 'findWithNearest')];
    try {
      expect(await detailViaOther()).toEqual([200, 'ja', ['P0', 'P1']]);
      if (h().backend === 'sqlite') for (const read of reads) expect(read).not.toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
    // A change straight in the database that moves no outline version and no body revision is seen.
    await h().db.write((tx) => tx.query("UPDATE pages SET lang = 'en' WHERE base_id = ? AND content_id = ?", [base.baseId, child]));
    expect(await detailViaOther()).toEqual([200, 'en', ['P0', 'P1']]);
    // So are an ancestor's new title (with the outline version moved, as every outline write does) and a delete.
    await h().db.write(async (tx) => {
      await tx.query("UPDATE pages SET title = 'Outside' WHERE base_id = ? AND content_id = ?", [base.baseId, parent]);
      await tx.query('UPDATE bases SET outline_version = outline_version + 1 WHERE base_id = ?', [base.baseId]);
    });
    expect(await detailViaOther()).toEqual([200, 'en', ['Outside', 'P1']]);
    await h().db.write((tx) => tx.query("UPDATE pages SET status = 'D' WHERE base_id = ? AND content_id = ?", [base.baseId, child]));
    expect((await detailViaOther())[0]).toBe(404);
  });

  it('answers every page\'s latest body through either service, whatever the order of edits and reads', async () => {
    const base = await h().fresh();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await base.createPage({ title: `Page ${i}`, body: `body ${i}.0` })).content_id);
    const latest = new Map(ids.map((id, i) => [id, `body ${i}.0`]));
    const step = fc.record({ page: fc.integer({ min: 0, max: 2 }), edit: fc.boolean(), viaOther: fc.boolean(), text: fc.string({ unit: 'grapheme', maxLength: 20 }) });
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
      for (const { page, edit, viaOther: throughOther, text } of steps) {
        const path = base.pagesPath(ids[page]);
        if (edit) {
          const res = throughOther
            ? await request(other().getHttpServer()).patch(`/api/v1${path}`).set('Authorization', `Bearer ${base.token}`).send({ body: text })
            : await base.call('patch', path, { body: { body: text } });
          expect(res.status).toBe(200);
          latest.set(ids[page], text);
        } else {
          const res = throughOther ? await viaOther(base.token, path) : await base.call('get', path);
          expect(res.body.body).toBe(latest.get(ids[page]));
        }
      }
    }), { numRuns: 8 });
  });

  it('shows orders moved by a delete through the first service at once: list, window and search', async () => {
    const base = await h().fresh();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await base.createPage({ title: `Shared ${i}` })).content_id);
      // Timestamps have milliseconds: two creates in one would tie, and rank by display order instead.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const orders = async () => ({
      list: (await viaOther(base.token, base.pagesPath())).body.pages.map((p: any) => p.order),
      window: (await viaOther(base.token, `${base.pagesPath()}?limit=1&offset=1`)).body.pages.map((p: any) => p.content_id),
      search: (await viaOther(base.token, `/bases/${base.baseId}/search?q=shared`)).body.pages.map((p: any) => [p.content_id, p.order]),
    });
    const before = await orders();
    expect(before.window).toEqual([ids[1]]);
    expect((await base.call('delete', base.pagesPath(ids[0]))).status).toBe(204);
    expect(await orders()).toEqual({
      list: [0, 1, 2], window: [ids[2]],
      search: [[ids[3], 2], [ids[2], 1], [ids[1], 0]],
    });
  });

  it('searches with the rank keys and pending texts it keeps only as of the latest write through the first service', async () => {
    for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = 0;
    try {
      const base = await h().fresh();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await base.createPage({ title: `Ranked ${i}`, body: 'shared words' })).content_id);
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      const searchViaOther = async () => (await viaOther(base.token, `/bases/${base.baseId}/search?q=words`)).body.pages.map((p: any) => p.content_id);
      // The first search keeps the keys; each write through the first service changes the next answer.
      expect(await searchViaOther()).toEqual([ids[2], ids[1], ids[0]]);
      expect((await base.call('patch', base.pagesPath(ids[0]), { body: { body: 'shared words, edited' } })).status).toBe(200);
      expect(await searchViaOther()).toEqual([ids[0], ids[2], ids[1]]);
      await new Promise((resolve) => setTimeout(resolve, 3));
      const added = (await base.createPage({ title: 'Added', body: 'more words' })).content_id;
      expect(await searchViaOther()).toEqual([added, ids[0], ids[2], ids[1]]);
      expect((await base.call('delete', base.pagesPath(ids[2]))).status).toBe(204);
      expect(await searchViaOther()).toEqual([added, ids[0], ids[1]]);
      // The text of a pending page, which the other service keeps, is read again once written.
      expect((await base.call('patch', base.pagesPath(ids[1]), { body: { body: 'nothing here' } })).status).toBe(200);
      expect(await searchViaOther()).toEqual([added, ids[0]]);
    } finally {
      for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = DEFAULT_KEEP_FROM;
    }
  });

  it('searches with the summaries and words it keeps only as long as the first service wrote none', async () => {
    for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = 0;
    // Every write through the first service merges its page into the postings at once.
    h().app.get(SearchIndexService).mergeThreshold = 1;
    try {
      const base = await h().fresh();
      const first = (await base.createPage({ title: 'One', body: 'a server' })).content_id;
      await base.createPage({ title: 'Two', body: 'two servers' });
      const searchViaOther = async (q: string) => (await viaOther(base.token, `/bases/${base.baseId}/search?q=${q}`)).body;
      // Read twice: the second search answers from the summaries and words the other service kept.
      for (let i = 0; i < 2; i++) expect((await searchViaOther('erver')).pages.map((p: any) => p.title)).toEqual(['Two', 'One']);
      expect((await base.call('patch', base.pagesPath(first), { body: { title: 'Renamed' } })).status).toBe(200);
      expect((await searchViaOther('erver')).pages.map((p: any) => p.title)).toEqual(['Renamed', 'Two']);
      // A word new to the base, merged through the first service, is found by the other's next search.
      await base.createPage({ title: 'Three', body: 'an observer' });
      expect((await searchViaOther('erver')).pages.map((p: any) => p.title)).toEqual(['Three', 'Renamed', 'Two']);
    } finally {
      h().app.get(SearchIndexService).mergeThreshold = DEFAULT_MERGE_THRESHOLD;
      for (const app of [h().app, other()]) app.get(KeptRankKeys).keepFrom = DEFAULT_KEEP_FROM;
    }
  });

  it('keeps one set of live positions between writes through both: a delete through one after writes through the other', async () => {
    const base = await h().fresh();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await base.createPage({ title: `Page ${i}` })).content_id);
    const listVia = async (server: 'first' | 'other') =>
      (server === 'other' ? (await viaOther(base.token, base.pagesPath())).body : (await base.call('get', base.pagesPath())).body)
        .pages.map((p: any) => [p.content_id, p.order]);
    // The other service keeps the positions it reads here; then the first one writes twice.
    await listVia('other');
    expect((await base.call('delete', base.pagesPath(ids[1]))).status).toBe(204);
    const added = (await base.createPage({ title: 'Page 6' })).content_id;
    const deleteViaOther = (id: string) => request(other().getHttpServer()).delete(`/api/v1${base.pagesPath(id)}`).set('Authorization', `Bearer ${base.token}`);
    expect((await deleteViaOther(ids[3])).status).toBe(204);
    expect((await deleteViaOther(ids[4])).status).toBe(204);
    const expected = [ids[0], ids[2], ids[5], added].map((id, order) => [id, order]);
    expect(await listVia('first')).toEqual(expected);
    expect(await listVia('other')).toEqual(expected);
    // Where a window starts, and the total, come from the stored bitmaps.
    for (const [id, order] of expected) {
      const window = (await base.call('get', `${base.pagesPath()}?offset=${order}&limit=1`)).body;
      expect([window.total, window.pages.map((p: any) => p.content_id)]).toEqual([4, [id]]);
    }
  });

  it('refuses a token at once after it is revoked or its user stops being owner, in the database', async () => {
    const base = await h().fresh();
    const info = `/bases/${base.baseId}/info`;
    expect((await viaOther(base.token, info)).status).toBe(200);
    await h().db.write((tx) => tx.query("UPDATE members SET role = 'reader' WHERE base_id = ?", [base.baseId]));
    expect((await viaOther(base.token, info)).status).toBe(403);
    await h().db.write((tx) => tx.query("UPDATE members SET role = 'owner' WHERE base_id = ?", [base.baseId]));
    expect((await viaOther(base.token, info)).status).toBe(200);
    await h().db.write((tx) => tx.query('UPDATE tokens SET revoked_at = ? WHERE base_id = ?', [new Date().toISOString(), base.baseId]));
    expect((await viaOther(base.token, info)).status).toBe(401);
    expect((await base.call('get', info)).status).toBe(401);
  });
});
