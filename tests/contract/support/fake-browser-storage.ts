/**
 * A stand-in for one origin's localStorage seen from several tabs, as browsers behave:
 * - every tab has its own Storage object over the same data, and its own window;
 * - setItem/removeItem/clear queue a 'storage' event for every OTHER tab's window (never the
 *   writer's), with key, oldValue, newValue and storageArea = that tab's Storage object;
 *   like a browser's queued task, events arrive later: `deliverEvents()` hands them over;
 * - no event when nothing changed (same value, missing key, already empty);
 * - a write over the quota throws DOMException QuotaExceededError and changes nothing.
 */
export class FakeOrigin {
  readonly data = new Map<string, string>();
  private readonly tabs: FakeTab[] = [];
  private pending: Array<() => void> = [];

  constructor(readonly options: { quotaBytes?: number } = {}) {}

  openTab(): FakeTab {
    const tab = new FakeTab(this);
    this.tabs.push(tab);
    return tab;
  }

  deliverEvents(): void {
    const events = this.pending;
    this.pending = [];
    for (const dispatch of events) dispatch();
  }

  notifyOthers(writer: FakeTab, key: string | null, oldValue: string | null, newValue: string | null): void {
    for (const tab of this.tabs) {
      if (tab === writer) continue;
      this.pending.push(() => tab.window.dispatchEvent(storageEvent(tab.localStorage, key, oldValue, newValue)));
    }
  }

  sizeWith(key: string, value: string): number {
    let size = key.length + value.length;
    for (const [k, v] of this.data) if (k !== key) size += k.length + v.length;
    return size;
  }
}

export class FakeTab {
  readonly window = new EventTarget();
  readonly localStorage: FakeStorage;

  constructor(origin: FakeOrigin) {
    this.localStorage = new FakeStorage(origin, this);
  }
}

export class FakeStorage {
  constructor(
    private readonly origin: FakeOrigin,
    private readonly tab: FakeTab,
  ) {}

  get length(): number {
    return this.origin.data.size;
  }

  key(index: number): string | null {
    return [...this.origin.data.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.origin.data.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const quota = this.origin.options.quotaBytes;
    if (quota !== undefined && this.origin.sizeWith(key, value) > quota) {
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    }
    const oldValue = this.getItem(key);
    if (oldValue === value) return;
    this.origin.data.set(key, value);
    this.origin.notifyOthers(this.tab, key, oldValue, value);
  }

  removeItem(key: string): void {
    const oldValue = this.getItem(key);
    if (oldValue === null) return;
    this.origin.data.delete(key);
    this.origin.notifyOthers(this.tab, key, oldValue, null);
  }

  clear(): void {
    if (this.origin.data.size === 0) return;
    this.origin.data.clear();
    this.origin.notifyOthers(this.tab, null, null, null);
  }
}

/** Node has no StorageEvent: a plain Event carrying the same fields. */
function storageEvent(storageArea: FakeStorage, key: string | null, oldValue: string | null, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, oldValue, newValue, storageArea, url: 'http://localhost/' });
}

/** A storage whose every call throws, as Safari or Firefox do when storage is blocked. */
export function throwingStorage(error: unknown) {
  const fail = (): never => {
    throw error;
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}
