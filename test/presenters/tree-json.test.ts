// The tree answer is written as JSON text straight from the rows; it must say what the nested
// tree of domain/outline.ts says, for any outline.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildTree, type Tree } from '../../src/domain/outline.ts';
import { TREE_LEVELS } from '../../src/domain/types.ts';
import { presentTreeJson } from '../../src/presenters/api.ts';
import type { TreeRow } from '../../src/store/store.ts';

interface NodeJson { content_id: string; title: string; level: number; children: NodeJson[] }
const nodeJson = (node: Tree<TreeRow>): NodeJson => ({
  content_id: node.contentId, title: node.title, level: node.level, children: node.children.map(nodeJson),
});

const rowsArbitrary = fc.array(
  fc.record({ contentId: fc.string({ minLength: 6, maxLength: 6 }), title: fc.string({ unit: 'binary' }), level: fc.integer({ min: 0, max: 5 }) }),
  { maxLength: 40 },
);

test('tree JSON equals the nested tree of the outline rules, titles with any characters included', () => {
  fc.assert(fc.property(rowsArbitrary, (rows) => {
    const expected = { tree: buildTree(rows, TREE_LEVELS).map(nodeJson) };
    assert.deepEqual(JSON.parse(presentTreeJson(rows).toString('utf8')), expected);
  }), { numRuns: 300 });
});

test('tree JSON of a frozen row list is kept; of a mutable one it is written afresh', () => {
  const frozen = Object.freeze([{ contentId: 'aaaaaa', title: 'A', level: 0 }]);
  assert.equal(presentTreeJson(frozen), presentTreeJson(frozen));
  const mutable = [{ contentId: 'aaaaaa', title: 'A', level: 0 }];
  const first = presentTreeJson(mutable);
  mutable[0].title = 'B';
  assert.notDeepEqual(presentTreeJson(mutable), first);
});
