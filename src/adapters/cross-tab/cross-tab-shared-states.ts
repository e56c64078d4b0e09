import type { KeyValueStore } from '@/ports/key-value-store';
import type { Logger } from '@/ports/logger';
import type { SharedCommits } from '@/ports/shared-commits';
import type { SharedState, SharedStateOptions, SharedStates } from '@/ports/shared-state';
import { PersistedState } from './persisted-state';

/** The shared states of this browser's tabs, each stored under its key in `store` and committed through `commits`. */
export class CrossTabSharedStates implements SharedStates {
  constructor(
    private readonly store: KeyValueStore,
    private readonly commits: SharedCommits,
    private readonly logger: Logger,
  ) {}

  open<T>(options: SharedStateOptions<T>): SharedState<T> {
    return new PersistedState({ ...options, store: this.store, commits: this.commits, logger: this.logger });
  }
}
