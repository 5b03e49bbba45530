import { makeAutoObservable } from 'mobx';
import type { Talent } from '@sbc/domain';
import type { PublicReadGateway } from '../data/gateway';
import type { SessionCache } from '../data/session-cache';
import { CachedList } from './cached-load';
import type { LoadState, TalentsStoreApi } from './contract';

/** The talents of the add-product form: read once per session (cache app.talents.cache). */
export class TalentsStore implements TalentsStoreApi {
  private readonly list: CachedList<Talent>;

  constructor(gateway: Pick<PublicReadGateway, 'game'>, cache: SessionCache) {
    this.list = new CachedList({ slot: () => cache.talents, fetch: () => gateway.game.getTalents(), label: 'talents' });
    makeAutoObservable<TalentsStore, 'list'>(this, { list: false }, { autoBind: true });
  }

  get talents(): Talent[] {
    return this.list.items;
  }

  get state(): LoadState {
    return this.list.state;
  }

  load(): Promise<void> {
    return this.list.load();
  }
}
