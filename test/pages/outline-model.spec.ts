// Property: random sequences of create / level change / rename / delete, run through PagesService
// and through the REST API, leave list, count, levels, order, paths and tree equal to a model
// built from the pure rules of src/outline/outline.ts. The list is checked after every step.
import fc from 'fast-check';
import { ancestorIndexes, appendPage, buildTree, changeLevel, removePage } from '../../src/outline/outline';
import { OutlineError } from '../../src/outline/outline-error';
import { MAX_LEVEL } from '../../src/outline/limits';
import type { Paging } from '../../src/pages/pages.service';
import { describeEachBackend } from '../support/e2e';
import { httpDriver, serviceDriver, TREE_LEVELS, type OutlineDriver, type TreeNode } from './outline-drivers';
import { Services } from './support';

interface ModelPage { contentId: string; title: string; level: number }

type Command =
  | { kind: 'create' }
  | { kind: 'level'; pick: number; level: number }
  | { kind: 'rename'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'touchDeleted'; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Command>({ kind: 'create' }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('level' as const), pick: fc.nat(), level: fc.integer({ min: 0, max: 6 }) }) },
  // now and then a level at the limit, so that refusals happen
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('level' as const), pick: fc.nat(), level: fc.integer({ min: MAX_LEVEL - 1, max: MAX_LEVEL }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touchDeleted' as const), pick: fc.nat() }) },
);

const scenarioArb = fc.record({
  commands: fc.array(commandArb, { maxLength: 40, size: 'max' }),
  paging: fc.record({ limit: fc.integer({ min: 1, max: 8 }), offset: fc.integer({ min: 0, max: 30 }) }, { requiredKeys: [] }),
});

function pathOf(model: readonly ModelPage[], index: number): string[] {
  return [...ancestorIndexes(model, index).map((i) => model[i].title), model[index].title];
}

function modelTree(model: readonly ModelPage[]): TreeNode[] {
  const strip = (nodes: any[]): TreeNode[] => nodes.map((n) => ({ contentId: n.contentId, title: n.title, level: n.level, children: strip(n.children) }));
  return strip(buildTree(model, TREE_LEVELS));
}

async function checkList(driver: OutlineDriver, model: readonly ModelPage[], step: string): Promise<void> {
  const list = await driver.list();
  expect({ step, pages: list.pages, total: list.total }).toEqual({ step, pages: model.map((p, order) => ({ ...p, order })), total: model.length });
}

async function checkEverything(driver: OutlineDriver, model: readonly ModelPage[], paging: Paging): Promise<void> {
  expect(await driver.count()).toBe(model.length);
  for (const [index, page] of model.entries()) {
    expect({ title: page.title, ...(await driver.detail(page.contentId)) }).toEqual({ title: page.title, level: page.level, path: pathOf(model, index) });
  }
  expect(await driver.tree()).toEqual(modelTree(model));
  const window = await driver.list(paging);
  const offset = paging.offset ?? 0;
  const end = paging.limit === undefined ? undefined : offset + paging.limit;
  expect({ paging, pages: window.pages.map((p) => [p.contentId, p.order]), total: window.total })
    .toEqual({ paging, pages: model.map((p, order) => [p.contentId, order]).slice(offset, end), total: model.length });
}

async function runScenario(driver: OutlineDriver, commands: readonly Command[], paging: Paging): Promise<void> {
  let model: ModelPage[] = [];
  const deleted: string[] = [];
  let titles = 0;
  for (const [step, command] of commands.entries()) {
    const label = `step ${step} ${JSON.stringify(command)}`;
    if (command.kind === 'create') {
      const title = `T${++titles}`;
      const page = await driver.create(title);
      expect({ label, level: page.level, path: page.path }).toEqual({ label, level: 0, path: [title] });
      model = appendPage(model, { contentId: page.contentId, title });
    } else if (command.kind === 'touchDeleted') {
      if (deleted.length === 0) continue;
      const contentId = deleted[command.pick % deleted.length];
      expect({ label, update: await driver.update(contentId, { level: 1 }) }).toEqual({ label, update: { refused: 'NOT_FOUND' } });
      expect({ label, delete: await driver.delete(contentId) }).toEqual({ label, delete: 'NOT_FOUND' });
    } else {
      if (model.length === 0) continue;
      const index = command.pick % model.length;
      const { contentId } = model[index];
      if (command.kind === 'level') {
        let expected: ModelPage[] | null = null;
        try {
          expected = changeLevel(model, index, command.level);
        } catch (error) {
          if (!(error instanceof OutlineError)) throw error;
        }
        const answered = await driver.update(contentId, { level: command.level });
        const wanted = expected === null ? { refused: 'BAD_REQUEST' } : { level: command.level, path: pathOf(expected, index) };
        expect({ label, answered }).toEqual({ label, answered: wanted });
        if (expected) model = expected;
      } else if (command.kind === 'rename') {
        const title = `T${++titles}`;
        await driver.update(contentId, { title });
        model = model.map((p, i) => (i === index ? { ...p, title } : p));
      } else {
        expect({ label, delete: await driver.delete(contentId) }).toEqual({ label, delete: null });
        deleted.push(contentId);
        model = removePage(model, index);
      }
    }
    await checkList(driver, model, label);
  }
  await checkEverything(driver, model, paging);
}

describeEachBackend('outline model (property)', (h) => {
  it('through PagesService: random create, level change, rename and delete keep to the outline rules', async () => {
    const s = new Services(h());
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ commands, paging }) => runScenario(serviceDriver(s, await s.newBase()), commands, paging)),
      { numRuns: 60 },
    );
  });

  it('through the REST API: random create, level change, rename and delete keep to the outline rules', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ commands, paging }) => runScenario(httpDriver(await h().fresh()), commands, paging)),
      { numRuns: 30 },
    );
  });
});
