// Store contract: the outline rules of design/decisions.md ("The outline") as the store keeps them.
// Outlines are written 'A0 B1 C2': page A at level 0, B at level 1, C at level 2, in display order.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LEVEL } from '../../src/domain/types.ts';
import {
  addPage, buildOutline, isBadRequest, later, newBase, outlineSpec, setLevel, useStore, type OpenStore,
} from './contract-support.ts';

export function outlineContract(open: OpenStore): void {
  describe('outline', () => {
    const store = useStore(open);

    async function pathOf(baseId: string, contentId: string): Promise<string[] | undefined> {
      return (await store().getPage(baseId, contentId))?.path;
    }

    test('a level change moves the page and its descendants by the same amount', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B0 C1 D2 E1');
      await setLevel(store(), baseId, ids.B, 2);
      assert.equal(await outlineSpec(store(), baseId), 'A0 B2 C3 D4 E3');
    });

    test('a level change moves a page up together with its descendants', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B2 C3 D4 E0');
      await setLevel(store(), baseId, ids.B, 1);
      assert.equal(await outlineSpec(store(), baseId), 'A0 B1 C2 D3 E0');
    });

    test('the descendants end at the first later page whose level is not higher', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D1 E2 F0 G1');
      await setLevel(store(), baseId, ids.B, 3);
      assert.equal(await outlineSpec(store(), baseId), 'A0 B3 C4 D1 E2 F0 G1');
    });

    test('a level change leaves the pages before the page alone', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A1 B2 C1 D2');
      await setLevel(store(), baseId, ids.C, 0);
      assert.equal(await outlineSpec(store(), baseId), 'A1 B2 C0 D1');
    });

    test('a deleted page does not end the descendants of an earlier page', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B0 C2');
      await store().deletePage(baseId, ids.B, later());
      assert.equal(await outlineSpec(store(), baseId), 'A0 C1');
      await setLevel(store(), baseId, ids.A, 1);
      assert.equal(await outlineSpec(store(), baseId), 'A1 C2');
    });

    test('a level change that would put a descendant past 100 is BAD_REQUEST and changes nothing', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D0');
      const before = await store().getPage(baseId, ids.A);
      await assert.rejects(
        store().updatePage(baseId, ids.A, () => ({ level: MAX_LEVEL - 1, title: 'Renamed' }), later()),
        isBadRequest,
      );
      assert.equal(await outlineSpec(store(), baseId), 'A0 B1 C2 D0');
      assert.deepEqual(await store().getPage(baseId, ids.A), before);
    });

    test('a level change that puts the deepest descendant at exactly 100 is allowed', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D0');
      await setLevel(store(), baseId, ids.A, MAX_LEVEL - 2);
      assert.equal(await outlineSpec(store(), baseId), `A${MAX_LEVEL - 2} B${MAX_LEVEL - 1} C${MAX_LEVEL} D0`);
    });

    test('a page without descendants may move to level 100 but not past it', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B0');
      await setLevel(store(), baseId, ids.A, MAX_LEVEL);
      await assert.rejects(setLevel(store(), baseId, ids.B, MAX_LEVEL + 1), isBadRequest);
      assert.equal(await outlineSpec(store(), baseId), `A${MAX_LEVEL} B0`);
    });

    test('deletePage lifts the descendants of the page one level, and only them', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D3 E2 F1 G2');
      await store().deletePage(baseId, ids.C, later());
      assert.equal(await outlineSpec(store(), baseId), 'A0 B1 D2 E2 F1 G2');
    });

    test('deleting a page compacts the order of the following pages', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B0 C0 D0');
      await store().deletePage(baseId, ids.B, later());
      const { pages } = await store().listPages(baseId, {});
      assert.deepEqual(pages.map((p) => [p.title, p.order]), [['A', 0], ['C', 1], ['D', 2]]);
    });

    test('the path of a page is its ancestors root first, then its own title', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D3 E1 F2');
      assert.deepEqual(await pathOf(baseId, ids.D), ['A', 'B', 'C', 'D']);
      assert.deepEqual(await pathOf(baseId, ids.F), ['A', 'E', 'F']);
      assert.deepEqual(await pathOf(baseId, ids.A), ['A']);
    });

    test('the path skips a deeper earlier page that a lower page closes', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B2 C1 D3');
      assert.deepEqual(await pathOf(baseId, ids.D), ['A', 'C', 'D']);
      assert.deepEqual(await pathOf(baseId, ids.B), ['A', 'B']);
    });

    test('a page with no lower page before it has only its own title as path', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A2 B3');
      assert.deepEqual(await pathOf(baseId, ids.A), ['A']);
      assert.deepEqual(await pathOf(baseId, ids.B), ['A', 'B']);
    });

    test('the path leaves out a deleted ancestor', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D3');
      await store().deletePage(baseId, ids.B, later());
      assert.deepEqual(await pathOf(baseId, ids.D), ['A', 'C', 'D']);
    });

    test('the path follows a level change of an ancestor', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C0 D1');
      await setLevel(store(), baseId, ids.C, 1);
      assert.deepEqual(await pathOf(baseId, ids.D), ['A', 'C', 'D']);
    });

    test('the path shows the current title of an ancestor', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1');
      await store().updatePage(baseId, ids.A, () => ({ title: 'Renamed' }), later());
      assert.deepEqual(await pathOf(baseId, ids.B), ['Renamed', 'B']);
    });

    test('the path of a page at level 100 lists every ancestor', async () => {
      const baseId = await newBase(store());
      const titles = Array.from({ length: 6 }, (_, i) => `L${i}`);
      const ids: string[] = [];
      for (const title of titles) ids.push((await addPage(store(), baseId, { title })).contentId);
      for (const [i, id] of ids.entries()) await setLevel(store(), baseId, id, i === 0 ? 0 : MAX_LEVEL - ids.length + 1 + i);
      assert.deepEqual(await pathOf(baseId, ids[ids.length - 1]), titles);
    });

    test('treePages gives the live pages with a level below levels, in display order', async () => {
      const baseId = await newBase(store());
      const ids = await buildOutline(store(), baseId, 'A0 B1 C2 D3 E1 F0 G2');
      await store().deletePage(baseId, ids.E, later());
      // Spread: rows may come with a null prototype, which is no part of the contract.
      assert.deepEqual((await store().treePages(baseId, 3)).map((row) => ({ ...row })), [
        { contentId: ids.A, title: 'A', level: 0 },
        { contentId: ids.B, title: 'B', level: 1 },
        { contentId: ids.C, title: 'C', level: 2 },
        { contentId: ids.F, title: 'F', level: 0 },
        { contentId: ids.G, title: 'G', level: 2 },
      ]);
      assert.deepEqual((await store().treePages(baseId, 1)).map((r) => r.title), ['A', 'F']);
    });
  });
}
