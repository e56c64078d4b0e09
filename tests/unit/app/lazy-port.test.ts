import { describe, expect, it } from 'vitest';
import { lazyPort, loadOnce } from '@/app/lazy-port';
import { NETWORK_FAILURE_MESSAGE } from '@/domain/backend-error';
import { ok, type Result } from '@/domain/result';

interface Counter {
  add(n: number): Promise<Result<number>>;
  onChange(listener: (total: number) => void): () => void;
}

/** A Counter adapter that tells its listeners of each addition. */
function counter(): Counter {
  let total = 0;
  const listeners = new Set<(total: number) => void>();
  return {
    add: async (n) => {
      total += n;
      for (const listener of listeners) listener(total);
      return ok(total);
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A load that fails while `down` is true, and counts how often it was tried. */
function loader<T>(make: () => T) {
  const state = { down: false, loads: 0 };
  const load = async () => {
    state.loads += 1;
    if (state.down) throw new TypeError('Failed to fetch dynamically imported module');
    return make();
  };
  return { state, load };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadOnce', () => {
  it('loads once for every caller, and tries again after a failure', async () => {
    const { state, load } = loader(() => 'chargé');
    const once = loadOnce(load);
    state.down = true;
    await expect(once()).rejects.toThrow(TypeError);
    state.down = false;
    expect(await Promise.all([once(), once()])).toEqual(['chargé', 'chargé']);
    expect(await once()).toBe('chargé');
    expect(state.loads).toBe(2);
  });
});

describe('lazyPort', () => {
  it('loads nothing until a method is used, then serves every call from the one adapter', async () => {
    const { state, load } = loader(counter);
    const port = lazyPort<Counter>(load);
    expect(state.loads).toBe(0);
    expect(await port.add(2)).toEqual(ok(2));
    expect(await port.add(3)).toEqual(ok(5));
    expect(state.loads).toBe(1);
  });

  it('a code that cannot load is the port’s network failure, and the next call loads it', async () => {
    const { state, load } = loader(counter);
    const told: unknown[] = [];
    const port = lazyPort<Counter>(load, { onLoadError: (error) => told.push(error) });
    state.down = true;
    expect(await port.add(1)).toEqual({ ok: false, error: { code: 'network', message: NETWORK_FAILURE_MESSAGE } });
    expect(told).toHaveLength(1);
    state.down = false;
    expect(await port.add(1)).toEqual(ok(1));
  });

  it('a subscription loads the adapter and hears its changes; stopped, it hears no more', async () => {
    const { state, load } = loader(counter);
    const port = lazyPort<Counter>(load);
    const heard: number[] = [];
    const stop = port.onChange((total) => heard.push(total));
    await flush();
    expect(state.loads).toBe(1);
    await port.add(4);
    stop();
    await port.add(1);
    expect(heard).toEqual([4]);
  });

  it('a subscription stopped before the adapter arrived never starts', async () => {
    const { load } = loader(counter);
    const port = lazyPort<Counter>(load);
    const heard: number[] = [];
    port.onChange((total) => heard.push(total))();
    await flush();
    await port.add(4);
    expect(heard).toEqual([]);
  });

  it('subscriptionsLoad false: listening loads nothing; the first call loads the adapter and hands the listener over', async () => {
    const { state, load } = loader(counter);
    const port = lazyPort<Counter>(load, { subscriptionsLoad: false });
    const heard: number[] = [];
    port.onChange((total) => heard.push(total));
    await flush();
    expect(state.loads).toBe(0);
    await port.add(2);
    expect(heard).toEqual([2]);
  });

  it('is neither a promise nor a disposable: awaiting it gives the port, without loading it', async () => {
    const { state, load } = loader(counter);
    const port = lazyPort<Counter>(load);
    expect(await Promise.resolve(port)).toBe(port);
    expect((port as unknown as { dispose?: unknown }).dispose).toBeUndefined();
    expect(state.loads).toBe(0);
  });
});
