// The tree answer as JSON text, written straight from the rows: at 100,000 pages the tree has
// tens of thousands of nodes, and building objects only to serialise them cost most of the request.
import { walkTree } from '../outline/outline';
import { TREE_LEVELS } from '../outline/limits';
import type { TreeRow } from './tree.repository';

export function treeJson(rows: readonly TreeRow[]): string {
  const parts: string[] = ['{"tree":['];
  const needsComma: boolean[] = [false];
  walkTree(rows, TREE_LEVELS, {
    enter(row) {
      if (needsComma[needsComma.length - 1]) parts.push(',');
      needsComma[needsComma.length - 1] = true;
      parts.push(`{"content_id":${JSON.stringify(row.contentId)},"title":${JSON.stringify(row.title)},"level":${row.level},"children":[`);
      needsComma.push(false);
    },
    leave() {
      parts.push(']}');
      needsComma.pop();
    },
  });
  parts.push(']}');
  return parts.join('');
}
