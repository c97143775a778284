// writeProblems, the deployment test's check of acknowledged writes, can fail: each way a base can
// break the promise is named, and a base that keeps it passes.
import type { Outcome } from './load';
import { writeProblems } from './writes';

const sent = (kind: 'create' | 'rename', pageId: string, title: string, status: number): Outcome =>
  ({ requestId: title, method: kind === 'create' ? 'POST' : 'PATCH', kind, started: 0, ended: 0, status, body: null, pageId, title });

const outcomes = [sent('create', 'aaaaaa', 'A', 201), sent('rename', 'aaaaaa', 'A2', 200), sent('rename', 'aaaaaa', 'A3', 502), sent('create', 'bbbbbb', 'B', 201)];

describe('writeProblems', () => {
  it('passes a base with every acknowledged page, an allowed title each, and orders 0 to n - 1', () => {
    for (const title of ['A2', 'A3']) {
      expect(writeProblems(outcomes, [{ content_id: 'aaaaaa', title, order: 0 }, { content_id: 'bbbbbb', title: 'B', order: 1 }])).toEqual([]);
    }
  });

  it('names a missing page, a title older than the last acknowledged one, and a gap or a repeat in order', () => {
    expect(writeProblems(outcomes, [{ content_id: 'aaaaaa', title: 'A', order: 0 }])).toEqual([
      'page aaaaaa is titled "A", expected one of ["A2","A3"]',
      'page bbbbbb was created (201) but is not listed',
    ]);
    expect(writeProblems(outcomes, [{ content_id: 'aaaaaa', title: 'A2', order: 0 }, { content_id: 'bbbbbb', title: 'B', order: 2 }])).toEqual(['order is not 0 to 1: 2 at place 1']);
    expect(writeProblems(outcomes, [{ content_id: 'aaaaaa', title: 'A2', order: 1 }, { content_id: 'bbbbbb', title: 'B', order: 1 }])).toEqual(['order is not 0 to 1: 1 at place 0']);
  });
});
