// The tree answer as JSON bytes, written straight from the rows: at 100,000 pages the tree has
// tens of thousands of nodes, and building objects only to serialise them cost most of the request.
// The text goes to bytes a chunk at a time, so a build holds the rows and a few chunks rather than
// every node's pieces and the whole text besides (about 50 MB of old space at 100,000 pages).
import { walkTree } from '../outline/outline';
import { TREE_LEVELS } from '../outline/limits';
import type { TreeRow } from '../pages/tree-rows.query';

/** Characters of JSON text made into bytes at once. */
const CHUNK_CHARACTERS = 64 * 1024;

export function treeJson(rows: readonly TreeRow[], chunkCharacters = CHUNK_CHARACTERS): Buffer {
  const chunks: Buffer[] = [];
  let text = '{"tree":[';
  const needsComma: boolean[] = [false];
  walkTree(rows, TREE_LEVELS, {
    enter(row) {
      if (needsComma[needsComma.length - 1]) text += ',';
      needsComma[needsComma.length - 1] = true;
      text += `{"content_id":${JSON.stringify(row.contentId)},"title":${JSON.stringify(row.title)},"level":${row.level},"children":[`;
      needsComma.push(false);
      // Only whole pieces go out: JSON.stringify escapes lone surrogates, so no character is split.
      if (text.length >= chunkCharacters) {
        chunks.push(Buffer.from(text));
        text = '';
      }
    },
    leave() {
      text += ']}';
      needsComma.pop();
    },
  });
  chunks.push(Buffer.from(`${text}]}`));
  return Buffer.concat(chunks);
}
