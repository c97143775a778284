// The outline version of summaries read in several statements: one version, or "changed meanwhile".
import { oneVersion } from '../../src/pages/search-pages.query';

describe('oneVersion', () => {
  it('is null when nothing was read, the version when all agree, -1 when any differs', () => {
    expect(oneVersion([])).toBeNull();
    expect(oneVersion([7, 7, 7])).toBe(7);
    expect(oneVersion([7, 8, 7])).toBe(-1);
    expect(oneVersion([0])).toBe(0);
  });
});
