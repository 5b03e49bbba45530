import { makeAutoObservable, runInAction } from 'mobx';
import type { Talent } from '../domain/types';
import type { DataGateway } from '../data/gateway';
import type { SessionCache } from '../data/session-cache';
import { InFlight, loadWithCache } from './cached-load';
import type { LoadState, TalentsStoreApi } from './contract';

/** The talents of the add-product form: read once per session (cache app.talents.cache). */
export class TalentsStore implements TalentsStoreApi {
  talents: Talent[] = [];
  state: LoadState = 'idle';
  private readonly inFlight = new InFlight();

  constructor(
    private readonly gateway: DataGateway,
    private readonly cache: SessionCache,
  ) {
    makeAutoObservable<TalentsStore, 'gateway' | 'cache' | 'inFlight'>(
      this,
      { gateway: false, cache: false, inFlight: false },
      { autoBind: true },
    );
  }

  load(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    return this.inFlight.run('talents', async () => {
      runInAction(() => (this.state = 'loading'));
      const outcome = await loadWithCache({
        slot: this.cache.talents,
        fetch: () => this.gateway.getTalents(),
        force: false,
        current: this.talents,
        label: 'talents',
      });
      runInAction(() => {
        this.talents = outcome.items;
        this.state = outcome.state;
      });
    });
  }
}
