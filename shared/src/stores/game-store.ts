import { makeAutoObservable, runInAction } from 'mobx';
import type { GameDate, GameStats } from '@sbc/domain';
import type { PublicReadGateway } from '../data/gateway';
import { InFlight } from './cached-load';
import type { GameStoreApi, LoadState } from './contract';

/** The header's game date ('Loading…' / date / 'Unavailable') and the home page's headline statistics. */
export class GameStore implements GameStoreApi {
  date: GameDate | null = null;
  dateState: LoadState = 'idle';
  stats: GameStats | undefined = undefined;
  statsState: LoadState = 'idle';
  private readonly inFlight = new InFlight();

  constructor(private readonly gateway: Pick<PublicReadGateway, 'game'>) {
    makeAutoObservable<GameStore, 'gateway' | 'inFlight'>(this, { gateway: false, inFlight: false }, { autoBind: true });
  }

  /** Always reads (the header refresh re-reads the date); a failure keeps no stale date: it shows 'Unavailable'. */
  loadDate(): Promise<void> {
    return this.inFlight.run('date', async () => {
      runInAction(() => (this.dateState = 'loading'));
      try {
        const date = await this.gateway.game.getDate();
        runInAction(() => {
          this.date = date;
          this.dateState = 'ready';
        });
      } catch (error) {
        console.error('Failed to load the game date', error);
        runInAction(() => {
          this.date = null;
          this.dateState = 'error';
        });
      }
    });
  }

  /** Statistics read elsewhere (the market clock's read of the same document): shown as if loaded here. */
  applyStats(stats: GameStats): void {
    this.stats = stats;
    this.statsState = 'ready';
  }

  /** undefined stats (missing or failed, SPEC section 8) end in state 'error': the home page shows dashes. */
  loadStats(): Promise<void> {
    return this.inFlight.run('stats', async () => {
      runInAction(() => (this.statsState = 'loading'));
      let stats: GameStats | undefined;
      try {
        stats = await this.gateway.game.getStats();
      } catch (error) {
        console.error('Failed to load game stats', error);
        stats = undefined;
      }
      runInAction(() => {
        this.stats = stats;
        this.statsState = stats ? 'ready' : 'error';
      });
    });
  }
}
