import { MemoryKeyValueStore, MemoryStorageArea } from '@/adapters/memory/memory-key-value-store';
import { MemoryCommitArea, MemorySharedCommits } from './memory-shared-commits';

/**
 * One browser profile in memory: its localStorage and its commit log (IndexedDB). Each tab
 * opened on it hears the others. `manual`: the test runs the log's transactions and
 * notifications one by one, in the order it chooses (`log.run`, `log.drain`).
 */
export class FakeBrowser {
  readonly storage: MemoryStorageArea;
  readonly log: MemoryCommitArea;

  constructor(options: { manual?: boolean; quotaBytes?: number } = {}) {
    this.storage = new MemoryStorageArea({ quotaBytes: options.quotaBytes });
    this.log = new MemoryCommitArea({ manual: options.manual });
  }

  openTab(name = 'tab') {
    return { store: new MemoryKeyValueStore(this.storage), commits: new MemorySharedCommits(this.log, name) };
  }
}
