import fc from 'fast-check';
import { NestingGauge } from '../../../src/content/nesting-gauge';

class TooDeep extends Error {}
const refuse = () => new TooDeep();

describe('NestingGauge', () => {
  it('lets `limit` levels in and refuses the next', () => {
    const gauge = new NestingGauge(3, refuse);
    for (let level = 0; level < 3; level++) gauge.enter();
    expect(() => gauge.enter()).toThrow(TooDeep);
    gauge.leave();
    expect(() => gauge.enter()).not.toThrow();
  });

  it('within leaves its level again when the work throws', () => {
    const gauge = new NestingGauge(1, refuse);
    expect(() => gauge.within(() => { throw new Error('work failed'); })).toThrow('work failed');
    expect(gauge.within(() => 'ran')).toBe('ran');
  });

  it('refuses exactly the steps of any walk that would go past the limit', () => {
    const steps = fc.array(fc.boolean(), { maxLength: 300 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), steps, (limit, walk) => {
      const gauge = new NestingGauge(limit, refuse);
      let depth = 0;
      for (const deeper of walk) {
        if (!deeper) {
          if (depth === 0) continue;
          gauge.leave();
          depth--;
        } else if (depth === limit) {
          expect(() => gauge.enter()).toThrow(TooDeep);
        } else {
          gauge.enter();
          depth++;
        }
      }
    }));
  });
});
