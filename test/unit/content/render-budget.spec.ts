import { ContentRefused } from '../../../src/content/content-refused';
import { renderBudgetMs, UNBUDGETED_LENGTH, withinRenderBudget } from '../../../src/content/render-budget';

const spin = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
  return 'done';
};

describe('withinRenderBudget', () => {
  it('is 1 s and 3 ms a KiB', () => {
    expect(renderBudgetMs(0)).toBe(1000);
    expect(renderBudgetMs(1024 * 1024)).toBe(1000 + 3 * 1024);
  });

  it('stops the work of a long body once its budget is used up', () => {
    // Uncut, the work would finish and return: the refusal shows that it was cut off.
    expect(() => withinRenderBudget(UNBUDGETED_LENGTH + 1, () => spin(30_000))).toThrow(ContentRefused);
  });

  it('answers what the work returns, or throws what it throws', () => {
    expect(withinRenderBudget(UNBUDGETED_LENGTH + 1, () => 'rendered')).toBe('rendered');
    expect(withinRenderBudget(10, () => 'rendered')).toBe('rendered');
    expect(() => withinRenderBudget(UNBUDGETED_LENGTH + 1, () => { throw new TypeError('bad'); })).toThrow(TypeError);
  });
});
