// Store contract, property: random sequences of create / level change / rename / delete run
// against the store and against a model built from the pure rules of src/domain/outline.ts.
// After every step the list must agree; after every sequence paths, tree and paging must too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { prepareTitle } from '../../src/content/prepare.ts';
import { ancestorIndexes, appendPage, buildTree, changeLevel, removePage } from '../../src/domain/outline.ts';
import { MAX_LEVEL, TREE_LEVELS, type Paging } from '../../src/domain/types.ts';
import type { Store } from '../../src/store/store.ts';
import { isBadRequest, newBase, newPage, nextContentId, scenarioClock, useStore, type OpenStore } from './contract-support.ts';

interface ModelPage {
  contentId: string;
  title: string;
  level: number;
}

type Command =
  | { kind: 'create' }
  | { kind: 'level'; pick: number; level: number }
  | { kind: 'rename'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'touchDeleted'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Command>({ kind: 'create' }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('level' as const), pick: fc.nat(), level: fc.integer({ min: 0, max: 6 }) }),
  },
  {
    // now and then a level at the limit, so that refusals happen
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('level' as const), pick: fc.nat(), level: fc.integer({ min: MAX_LEVEL - 1, max: MAX_LEVEL + 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touchDeleted' as const), pick: fc.nat() }) },
);

const scenarioArb = fc.record({
  commands: fc.array(commandArb, { maxLength: 40, size: 'max' }),
  paging: fc.record({ limit: fc.integer({ min: 1, max: 8 }), offset: fc.integer({ min: 0, max: 30 }) }, { requiredKeys: [] }),
});

const NUM_RUNS = 60;

function pathOf(model: readonly ModelPage[], index: number): string[] {
  return [...ancestorIndexes(model, index).map((i) => model[i].title), model[index].title];
}

async function checkList(store: Store, baseId: string, model: readonly ModelPage[], step: string): Promise<void> {
  const list = await store.listPages(baseId, {});
  assert.deepEqual(
    list.pages.map((p) => ({ contentId: p.contentId, title: p.title, level: p.level, order: p.order })),
    model.map((p, order) => ({ ...p, order })),
    `list after ${step}`,
  );
  assert.equal(list.total, model.length, `total after ${step}`);
  assert.equal(await store.countPages(baseId), model.length, `count after ${step}`);
}

async function checkEverything(store: Store, baseId: string, model: readonly ModelPage[], paging: Paging): Promise<void> {
  let previousSeq = -Infinity;
  for (const [index, expected] of model.entries()) {
    const page = await store.getPage(baseId, expected.contentId);
    assert.ok(page, `page ${expected.title} is live`);
    assert.equal(page.level, expected.level, `level of ${expected.title}`);
    assert.deepEqual(page.path, pathOf(model, index), `path of ${expected.title}`);
    assert.ok(page.seq > previousSeq, `seq grows along the display order at ${expected.title}`);
    previousSeq = page.seq;
  }
  for (const levels of [1, TREE_LEVELS, 7]) {
    // Spread: rows may come with a null prototype, which is no part of the contract.
    const rows = (await store.treePages(baseId, levels)).map((row) => ({ ...row }));
    assert.deepEqual(rows, model.filter((p) => p.level < levels), `tree rows below level ${levels}`);
    assert.deepEqual(buildTree(rows, levels), buildTree(model, levels), `tree below level ${levels}`);
  }
  const window = await store.listPages(baseId, paging);
  const offset = paging.offset ?? 0;
  const end = paging.limit === undefined ? undefined : offset + paging.limit;
  assert.deepEqual(
    window.pages.map((p) => [p.contentId, p.order]),
    model.map((p, order) => [p.contentId, order]).slice(offset, end),
    `window ${JSON.stringify(paging)}`,
  );
  assert.equal(window.total, model.length);
}

async function runScenario(store: Store, commands: readonly Command[], paging: Paging): Promise<void> {
  const baseId = await newBase(store);
  const at = scenarioClock();
  let model: ModelPage[] = [];
  const deleted: string[] = [];
  let titles = 0;
  for (const [step, command] of commands.entries()) {
    const now = at(step);
    const label = `step ${step} ${JSON.stringify(command)}`;
    if (command.kind === 'create') {
      const title = `T${++titles}`;
      const page = await store.createPage(baseId, newPage({ title, now }), nextContentId);
      assert.deepEqual([page.level, page.path], [0, [title]], label);
      model = appendPage(model, { contentId: page.contentId, title });
    } else if (command.kind === 'touchDeleted') {
      if (deleted.length === 0) continue;
      const contentId = deleted[command.pick % deleted.length];
      assert.equal(await store.updatePage(baseId, contentId, () => ({ level: 1 }), now), null, label);
      assert.equal(await store.deletePage(baseId, contentId, now), false, label);
    } else {
      if (model.length === 0) continue;
      const index = command.pick % model.length;
      const { contentId } = model[index];
      if (command.kind === 'level') {
        let expected: ModelPage[] | null;
        try {
          expected = changeLevel(model, index, command.level);
        } catch (error) {
          assert.ok(isBadRequest(error));
          expected = null;
        }
        if (expected === null) {
          await assert.rejects(store.updatePage(baseId, contentId, () => ({ level: command.level }), now), isBadRequest, label);
        } else {
          const page = await store.updatePage(baseId, contentId, () => ({ level: command.level }), now);
          assert.deepEqual([page?.level, page?.path], [command.level, pathOf(expected, index)], label);
          model = expected;
        }
      } else if (command.kind === 'rename') {
        const title = `T${++titles}`;
        await store.updatePage(baseId, contentId, () => ({ title, searchTitle: prepareTitle(title) }), now);
        model = model.map((p, i) => (i === index ? { ...p, title } : p));
      } else {
        assert.equal(await store.deletePage(baseId, contentId, now), true, label);
        deleted.push(contentId);
        model = removePage(model, index);
      }
    }
    await checkList(store, baseId, model, label);
  }
  await checkEverything(store, baseId, model, paging);
}

export function outlineModelContract(open: OpenStore): void {
  describe('outline model (property)', () => {
    const store = useStore(open);

    test('random create, level change, rename and delete keep the store equal to the outline rules', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, ({ commands, paging }) => runScenario(store(), commands, paging)),
        { numRuns: NUM_RUNS },
      );
    });
  });
}
