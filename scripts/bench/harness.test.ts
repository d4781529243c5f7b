import { describe, expect, it } from 'vitest';
import { interleave, roundOrder, withTimeout } from './harness.mjs';
import { FLOOR_TARGETS, initScript, W3KIT_TARGETS } from './init-script.mjs';

describe('roundOrder', () => {
  it('rotates the loads by one each round', () => {
    expect(roundOrder(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(roundOrder(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(roundOrder(['a', 'b', 'c'], 4)).toEqual(['b', 'c', 'a']);
    expect(roundOrder(['a', 'b'], 1)).toEqual(['b', 'a']);
  });
});

describe('interleave', () => {
  it('loads each page once per round in rotating order, keying samples page.measure in round order', async () => {
    const order: string[] = [];
    let n = 0;
    const runLoad = async (_browser: unknown, load: { id: string }) => {
      order.push(load.id);
      n++;
      return { values: { t: n }, state: { seen: load.id } };
    };
    const rounds: string[][] = [];
    const { samples, runs } = await interleave(
      {},
      [{ id: 'floor' }, { id: 'w3kit' }],
      3,
      (_round: number, byId: Record<string, unknown>) => rounds.push(Object.keys(byId)),
      runLoad,
    );
    expect(order).toEqual(['floor', 'w3kit', 'w3kit', 'floor', 'floor', 'w3kit']);
    // Round 2 loaded w3kit (3) before floor (4): sample i of each page is still round i.
    expect(samples).toEqual({ 'floor.t': [1, 4, 5], 'w3kit.t': [2, 3, 6] });
    expect(runs.w3kit.map((r: { state: { seen: string } }) => r.state.seen)).toEqual(['w3kit', 'w3kit', 'w3kit']);
    expect(rounds).toHaveLength(3);
  });

  it('stops at the first failed load', async () => {
    const runLoad = async () => {
      throw new Error('page error: boom');
    };
    await expect(interleave({}, [{ id: 'a' }], 2, undefined, runLoad)).rejects.toThrow('boom');
  });
});

describe('withTimeout', () => {
  it('passes a settled value through and times out a slow one, naming it', async () => {
    await expect(withTimeout(Promise.resolve(3), 50, 'x')).resolves.toBe(3);
    await expect(withTimeout(new Promise(() => undefined), 10, 'slow thing')).rejects.toThrow('timed out after 10 ms: slow thing');
  });
});

describe('initScript', () => {
  it('is a script that embeds where the page keeps its button and dialog', () => {
    for (const targets of [W3KIT_TARGETS, FLOOR_TARGETS]) {
      const script = initScript(targets);
      expect(() => new Function(script)).not.toThrow();
      expect(script).toContain(JSON.stringify(targets));
    }
    expect(W3KIT_TARGETS.button).toEqual(['w3-button', 'w3-connect-button', 'button']);
    expect(FLOOR_TARGETS.dialog).toEqual(['bench-floor', '[role=dialog]']);
  });
});
