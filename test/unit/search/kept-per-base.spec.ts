// KeptPerBase: least recently used bases go first once the bound is passed. Checked against a plain
// list in order of use, over random uses, keeps and deletes.
import fc from 'fast-check';
import { KeptPerBase } from '../../../src/search/kept-per-base';

type Step = { kind: 'use' | 'delete'; base: string } | { kind: 'set'; base: string; units: number };

/** The model: [base, value, units], least recently used first. */
class ListModel {
  entries: [string, number, number][] = [];

  constructor(private readonly maxUnits: number) {}

  use(base: string): number | undefined {
    const at = this.entries.findIndex(([id]) => id === base);
    if (at < 0) return undefined;
    const [entry] = this.entries.splice(at, 1);
    this.entries.push(entry);
    return entry[1];
  }

  set(base: string, value: number, units: number): void {
    this.delete(base);
    this.entries.push([base, value, units]);
    while (this.size() > this.maxUnits) this.entries.shift();
  }

  delete(base: string): void {
    this.entries = this.entries.filter(([id]) => id !== base);
  }

  size(): number {
    return this.entries.reduce((sum, [, , units]) => sum + units, 0);
  }
}

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constantFrom('use' as const, 'delete' as const), base: fc.constantFrom('a', 'b', 'c', 'd') }),
    fc.record({ kind: fc.constant('set' as const), base: fc.constantFrom('a', 'b', 'c', 'd'), units: fc.integer({ min: 0, max: 4 }) }),
  ),
  { maxLength: 60 },
);

describe('KeptPerBase', () => {
  it('keeps, uses and drops bases as a list in order of use does', () => {
    fc.assert(fc.property(steps, fc.integer({ min: 0, max: 8 }), (all: Step[], maxUnits) => {
      const kept = new KeptPerBase<number>(maxUnits);
      const model = new ListModel(maxUnits);
      all.forEach((step, value) => {
        if (step.kind === 'use') expect(kept.use(step.base)).toBe(model.use(step.base));
        else if (step.kind === 'set') {
          kept.set(step.base, value, step.units);
          model.set(step.base, value, step.units);
        } else {
          kept.delete(step.base);
          model.delete(step.base);
        }
        expect(kept.size()).toBe(model.size());
      });
    }), { numRuns: 500 });
  });

  it('drops the least recently used base first, a base used twice in a row staying the most recent', () => {
    const kept = new KeptPerBase<string>(3);
    kept.set('a', 'A', 1);
    kept.set('b', 'B', 1);
    kept.set('c', 'C', 1);
    expect([kept.use('a'), kept.use('a'), kept.use('b')]).toEqual(['A', 'A', 'B']);
    kept.set('d', 'D', 1);
    expect([kept.use('c'), kept.use('a'), kept.use('b'), kept.use('d')]).toEqual([undefined, 'A', 'B', 'D']);
  });

  it('counts a base kept anew as the most recent, even after it was used last', () => {
    const kept = new KeptPerBase<string>(2);
    kept.set('a', 'A', 1);
    kept.set('b', 'B', 1);
    expect(kept.use('a')).toBe('A');
    kept.set('c', 'C', 1);
    expect(kept.use('a')).toBe('A');
    kept.set('d', 'D', 1);
    expect([kept.use('c'), kept.use('a'), kept.use('d')]).toEqual([undefined, 'A', 'D']);
  });
});
