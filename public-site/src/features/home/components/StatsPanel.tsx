import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { formatHomeMetric } from '@sbc/domain';

/** The three live statistics; a missing or failed statistic shows the domain's dash. */
export const StatsPanel = observer(function StatsPanel() {
  const { game } = useRootStore();
  useEffect(() => {
    if (game.statsState === 'idle') void game.loadStats();
  }, [game]);
  const stats = game.stats;
  const loading = game.statsState === 'idle' || game.statsState === 'loading';
  const items = [
    { label: 'Headquarters', value: formatHomeMetric(stats?.totalHeadquarters) },
    { label: 'Market value', value: stats ? `${formatHomeMetric(stats.totalMarketValue)} SBC` : formatHomeMetric(undefined) },
    { label: 'Players', value: formatHomeMetric(stats?.totalPlayers) },
  ];
  return (
    <section className="ps-stats" aria-labelledby="ps-stats-title" aria-busy={loading}>
      <h2 id="ps-stats-title" className="ps-visually-hidden">Live statistics</h2>
      <dl className="ps-stats__list">
        {items.map((item) => (
          <div key={item.label} className="ps-stats__item">
            <dt>{item.label}</dt>
            <dd className="ps-num">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
