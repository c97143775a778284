// The kept tree: one build per base and outline version, however many requests come meanwhile,
// and never an older tree (nor an older tree's gzip) for a newer version.
import { gunzipSync } from 'node:zlib';
import type { UnitOfWork } from '../../../src/database/unit-of-work';
import type { TreeRow, TreeRowsQuery } from '../../../src/pages/tree-rows.query';
import { TreeService } from '../../../src/tree/tree.service';

/** A repository whose reads wait until released, answering the titles current at release. */
function slowRepository() {
  let title = 'v1';
  const waiting: (() => void)[] = [];
  const repo = {
    reads: 0,
    rows: async (): Promise<TreeRow[]> => {
      repo.reads++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return [{ contentId: 'abc123', title, level: 0 }];
    },
  };
  return {
    repo,
    setTitle: (t: string) => (title = t),
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

const service = (repo: object) => new TreeService({ reader: {} } as unknown as UnitOfWork, repo as unknown as TreeRowsQuery);
const titleOf = (json: Buffer) => (JSON.parse(json.toString()) as { tree: { title: string }[] }).tree[0].title;

describe('TreeService', () => {
  it('builds once for requests of the same version that come while it builds, and keeps the answer', async () => {
    const { repo, release } = slowRepository();
    const trees = service(repo);
    const answers = Array.from({ length: 10 }, () => trees.treeJson('base-a', 1));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const jsons = await Promise.all(answers);
    expect(repo.reads).toBe(1);
    expect(jsons.every((json) => json === jsons[0])).toBe(true);
    expect(await trees.treeJson('base-a', 1)).toBe(jsons[0]);
    expect(repo.reads).toBe(1);
  });

  it('a request for a newer version does not join a build under way for an older one', async () => {
    const { repo, release, setTitle } = slowRepository();
    const trees = service(repo);
    const older = trees.treeJson('base-a', 1);
    await new Promise((resolve) => setImmediate(resolve));
    setTitle('v2');
    const newer = trees.treeJson('base-a', 2);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(repo.reads).toBe(2);
    expect(titleOf(await newer)).toBe('v2');
    await older;
    expect(titleOf(await trees.treeJson('base-a', 2))).toBe('v2');
  });

  it('bases do not share builds', async () => {
    const { repo, release } = slowRepository();
    const trees = service(repo);
    const both = [trees.treeJson('base-a', 1), trees.treeJson('base-b', 1)];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all(both);
    expect(repo.reads).toBe(2);
  });

  describe('gzip', () => {
    /** A repository answering at once with enough rows to pass GZIP_MIN_BYTES, titled `title()`. */
    function largeRepository(title: () => string) {
      const repo = { reads: 0, rows: async (): Promise<TreeRow[]> => {
        repo.reads++;
        return Array.from({ length: 40 }, (_, i) => ({ contentId: `p${String(i).padStart(5, '0')}`, title: `${title()} ${i}`, level: 0 }));
      } };
      return repo;
    }

    /** Answers until one comes gzipped (gzip is made off the event loop), with how many came plain first. */
    async function untilGzipped(trees: TreeService, version: number, baseId = 'base-a') {
      for (let plain = 0; plain < 200; plain++) {
        const answer = await trees.treeAnswer(baseId, version, true);
        if (answer.encoding === 'gzip') return { answer, plain };
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('never gzipped');
    }

    it('answers plain until the gzip of the kept answer is made, then that gzip, which inflates to the same bytes', async () => {
      const trees = service(largeRepository(() => 'v1'));
      const plain = await trees.treeAnswer('base-a', 1, true);
      expect(plain.encoding).toBeUndefined();
      const { answer } = await untilGzipped(trees, 1);
      expect(gunzipSync(answer.bytes).equals(plain.bytes)).toBe(true);
      expect(answer.bytes.length).toBeLessThan(plain.bytes.length);
      expect((await trees.treeAnswer('base-a', 1, false)).bytes).toBe(plain.bytes);
    });

    it('a newer version is never answered with the gzip of an older one', async () => {
      let title = 'v1';
      const trees = service(largeRepository(() => title));
      await untilGzipped(trees, 1);
      title = 'v2';
      const newer = await trees.treeAnswer('base-a', 2, true);
      expect(newer.encoding).toBeUndefined();
      expect(titleOf(newer.bytes)).toBe('v2 0');
      expect(titleOf(gunzipSync((await untilGzipped(trees, 2)).answer.bytes))).toBe('v2 0');
    });

    it('makes one gzip at a time: an answer asked for meanwhile is not compressed until asked again after', async () => {
      const trees = service(largeRepository(() => 'v1'));
      expect((await Promise.all([trees.treeAnswer('base-a', 1, true), trees.treeAnswer('base-b', 1, true)])).map((a) => a.encoding)).toEqual([undefined, undefined]);
      await untilGzipped(trees, 1, 'base-a');
      // Had base-b's gzip been started with base-a's, it would be made by now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await trees.treeAnswer('base-b', 1, true)).encoding).toBeUndefined();
      expect((await untilGzipped(trees, 1, 'base-b')).answer.encoding).toBe('gzip');
    });
  });
});
