// The tree answer is written as JSON text straight from the rows; it must say what the nested
// tree of the outline rules says, for any outline and any title.
import fc from 'fast-check';
import { buildTree, type Tree } from '../../../src/outline/outline';
import { TREE_LEVELS } from '../../../src/outline/limits';
import { treeJson } from '../../../src/tree/tree.json';
import type { TreeRow } from '../../../src/pages/tree-rows.query';

interface NodeJson { content_id: string; title: string; level: number; children: NodeJson[] }
const nodeJson = (node: Tree<TreeRow>): NodeJson => ({
  content_id: node.contentId, title: node.title, level: node.level, children: node.children.map(nodeJson),
});

const rowsArbitrary = fc.array(
  fc.record({ contentId: fc.string({ minLength: 6, maxLength: 6 }), title: fc.string({ unit: 'binary' }), level: fc.integer({ min: 0, max: 5 }) }),
  { maxLength: 40 },
);

describe('tree JSON', () => {
  it('equals the nested tree of the outline rules, titles with any characters included, whatever its chunks', () => {
    fc.assert(fc.property(rowsArbitrary, fc.integer({ min: 1, max: 200 }), (rows, chunkCharacters) => {
      const expected = { tree: buildTree(rows, TREE_LEVELS).map(nodeJson) };
      expect(JSON.parse(treeJson(rows).toString('utf8'))).toEqual(expected);
      expect(treeJson(rows, chunkCharacters).equals(treeJson(rows))).toBe(true);
    }), { numRuns: 300 });
  });

  it('is an empty tree for no rows', () => {
    expect(treeJson([]).toString('utf8')).toBe('{"tree":[]}');
  });
});
