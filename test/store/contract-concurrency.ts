// Store contract: outline writes started together (design/decisions.md, "Concurrency and
// durability") must leave the outline as some serial run of them would, with a dense order.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { removePage } from '../../src/domain/outline.ts';
import {
  addPage, buildOutline, later, newBase, outlineSpec, setLevel, useStore, type OpenStore,
} from './contract-support.ts';

export function concurrencyContract(open: OpenStore): void {
  describe('concurrency', () => {
    const store = useStore(open);

    test('creates started together get a dense, unique order', async () => {
      const baseId = await newBase(store());
      const titles = Array.from({ length: 24 }, (_, i) => `N${i}`);
      const created = await Promise.all(titles.map((title) => addPage(store(), baseId, { title })));
      const list = await store().listPages(baseId, {});
      assert.deepEqual(list.pages.map((p) => p.order), titles.map((_, i) => i));
      assert.deepEqual(list.pages.map((p) => p.contentId).sort(), created.map((p) => p.contentId).sort());
      assert.ok(list.pages.every((p) => p.level === 0));
      assert.equal(await store().countPages(baseId), titles.length);
    });

    test('deletes, creates and edits started together leave the outline a serial run would', async () => {
      const baseId = await newBase(store());
      const spec = 'A0 B1 C2 D1 E2 F0 G1 H2';
      const ids = await buildOutline(store(), baseId, spec);
      const doomed = ['B', 'D', 'G'];
      const newTitles = ['N1', 'N2', 'N3', 'N4'];
      await Promise.all([
        ...doomed.map((title) => store().deletePage(baseId, ids[title], later())),
        ...newTitles.map((title) => addPage(store(), baseId, { title })),
        store().updatePage(baseId, ids.E, () => ({ body: 'edited' }), later()),
        store().updatePage(baseId, ids.H, () => ({ lang: 'ja' }), later()),
      ]);
      // Deletes commute and creates append at level 0, so every serial order gives this outline.
      let model = spec.split(' ').map((t) => ({ title: t[0], level: Number(t.slice(1)) }));
      for (const title of doomed) model = removePage(model, model.findIndex((p) => p.title === title));
      const list = await store().listPages(baseId, {});
      const kept = list.pages.slice(0, model.length).map((p) => `${p.title}${p.level}`).join(' ');
      assert.equal(kept, model.map((p) => `${p.title}${p.level}`).join(' '));
      const appended = list.pages.slice(model.length);
      assert.deepEqual(appended.map((p) => p.title).sort(), newTitles);
      assert.ok(appended.every((p) => p.level === 0));
      assert.deepEqual(list.pages.map((p) => p.order), list.pages.map((_, i) => i));
    });

    test('level changes of separate subtrees started together all apply', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D0 E1 F2 G0 H1 I2');
      await Promise.all([
        setLevel(store(), baseId, ids.B, 2),
        setLevel(store(), baseId, ids.E, 3),
        setLevel(store(), baseId, ids.I, 5),
      ]);
      assert.equal(await outlineSpec(store(), baseId), 'A0 B2 C3 D0 E3 F4 G0 H1 I5');
    });

    test('updates of one page started together each derive from the page the previous one left', async () => {
      // store.ts: derive sees the page "as it is inside the update's transaction", so derived
      // fields never mix two concurrent writes; an update must not work from a stale read.
      const baseId = await newBase(store());
      const page = await addPage(store(), baseId, { title: 'Counter', body: '' });
      const markers = Array.from({ length: 8 }, (_, i) => `[${i}]`);
      await Promise.all(markers.map((marker) => store().updatePage(
        baseId, page.contentId, (current) => ({ body: current.body + marker }), later(),
      )));
      const body = (await store().getPage(baseId, page.contentId))?.body ?? '';
      assert.deepEqual(markers.filter((m) => !body.includes(m)), [], `body ${body}`);
      assert.equal(body.length, markers.join('').length);
    });

    test('a refused level change started with others changes nothing and stops none of them', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C0 D0');
      const results = await Promise.allSettled([
        setLevel(store(), baseId, ids.A, 100),
        setLevel(store(), baseId, ids.C, 2),
        addPage(store(), baseId, { title: 'E' }),
      ]);
      assert.deepEqual(results.map((r) => r.status), ['rejected', 'fulfilled', 'fulfilled']);
      assert.equal(await outlineSpec(store(), baseId), 'A0 B1 C2 D0 E0');
    });
  });
}
