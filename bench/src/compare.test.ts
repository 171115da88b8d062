import { describe, expect, it } from 'vitest';
import { parseCompareArgs } from './compare-options.ts';
import { spreadIds } from './compare.ts';
import { frameGroup, summarise } from './cpu-profile-top.ts';

describe('bench:compare', () => {
  it('takes exactly two commits and the options around them', () => {
    const o = parseCompareArgs(['25f6514', '--ads', '20000', 'main', '--only', 'list page 1, detail', '--keep']);
    expect(o.commits).toEqual(['25f6514', 'main']);
    expect(o.ads).toBe(20_000);
    expect(o.only).toEqual(['list page 1', 'detail']);
    expect(o.keep).toBe(true);
    expect(() => parseCompareArgs(['25f6514'])).toThrow('two commits');
    expect(() => parseCompareArgs(['a', 'b', 'c'])).toThrow('two commits');
    expect(() => parseCompareArgs(['a', 'b', '--fast'])).toThrow('Unknown option --fast');
    expect(() => parseCompareArgs(['a', 'b', '--ads'])).toThrow('--ads needs a value');
  });

  it('spreads distinct ids over the whole range, in the same order every time', () => {
    const ids = spreadIds(101, 20_100, 2000);
    expect(new Set(ids).size).toBe(2000);
    expect(Math.min(...ids)).toBe(101);
    expect(Math.max(...ids)).toBeGreaterThan(20_000);
    expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
    expect(spreadIds(101, 20_100, 2000)).toEqual(ids);
    expect(spreadIds(1, 5, 2000).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('cpu-profile-top', () => {
  it('sums self time by function and group, leaving out the first seconds when asked', () => {
    const frame = (id: number, functionName: string, url: string) => ({
      id,
      callFrame: { functionName, url, lineNumber: 0 },
    });
    const profile = {
      nodes: [
        frame(1, '(idle)', ''),
        frame(2, 'wasm-function[12]', 'wasm://wasm/022a9842'),
        frame(3, 'query', 'file:///app/node_modules/@electric-sql/pglite/dist/index.js'),
      ],
      samples: [2, 3, 2, 1],
      timeDeltas: [1_000_000, 500_000, 1_000_000, 2_500_000],
    };
    const all = summarise(profile);
    expect(all.totalMs).toBe(5000);
    expect(all.groups).toEqual([
      { group: '(idle)', ms: 2500 },
      { group: 'WebAssembly', ms: 2000 },
      { group: '@electric-sql/pglite', ms: 500 },
    ]);
    expect(all.functions[1]).toMatchObject({ name: 'wasm-function[12]', ms: 2000 });
    expect(summarise(profile, 2).totalMs).toBe(3500);
    expect(frameGroup('node:internal/fs', 'fstatSync')).toBe('node');
  });
});
