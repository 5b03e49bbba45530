import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { formatDelta, MOVER_WINDOW_LABELS, MOVER_WINDOWS, type MoverWindow } from '@sbc/domain';
import { useMarketFollowedRead } from '../../../hooks/use-market-followed-read';
import { getMovers, type ApiMover, type ApiMovers } from '../../../lib/open-data-client';

/** Said until the recorded history has a baseline for the chosen window. */
export const NO_MOVERS_TEXT = 'Not enough recorded history for this window yet: movers appear after the next market updates.';
/** Items per list on the home page (the API gives 5). */
const SHOWN = 3;

function MoverRow({ mover }: { mover: ApiMover }) {
  const change = formatDelta(mover.change * 100, 1);
  const to = mover.kind === 'material' ? paths.material(mover.id) : paths.product(mover.id);
  return (
    <li className="ps-movers__row">
      <Link to={to}>{mover.name}</Link> <span className={`ps-delta ps-delta--${change.tone}`}>{change.text}%</span>
    </li>
  );
}

/** Whether the movers are those of the market update at `updateAt` or a later one (the recording has written them). */
const moversHoldUpdate = (movers: ApiMovers, updateAt: number) => movers.at !== null && Date.parse(movers.at) >= updateAt;

/**
 * The home page's compact movers: the biggest price risers and fallers since the previous market update, over 24
 * hours or over 7 days (docs/market-history.md#movers), from the open data API's /api/v1/movers in the browser after
 * hydration (no Firebase; the API reads marketMovers/latest once per period for every visitor), again when another
 * window is chosen, and again when the market updates while the page is open (../../../hooks/use-market-followed-read.ts:
 * the new movers replace the old ones in place, asked again until the recording has written them).
 */
export const MoversPanel = observer(function MoversPanel() {
  const [span, setSpan] = useState<MoverWindow>('period');
  const read = useMarketFollowedRead(span, (variant) => getMovers(span, variant), moversHoldUpdate, 'the market movers');
  const movers: ApiMovers | 'loading' | 'error' = read.state === 'ready' ? read.value : read.state;

  const price = typeof movers === 'object' && movers.since !== null ? movers.price : null;
  return (
    <section className="ps-card ps-movers" aria-labelledby="ps-movers-title">
      <h2 id="ps-movers-title">Market movers</h2>
      <fieldset className="ps-range">
        <legend>Movers over</legend>
        {MOVER_WINDOWS.map((w) => (
          <label key={w} className="ps-range__choice">
            <input type="radio" name="ps-movers-window" value={w} checked={span === w} onChange={() => setSpan(w)} />
            <span>{MOVER_WINDOW_LABELS[w]}</span>
          </label>
        ))}
      </fieldset>
      {movers === 'loading' && <p className="ps-hint">Loading the movers…</p>}
      {movers === 'error' && <p className="ps-hint">The movers cannot be read right now.</p>}
      {typeof movers === 'object' && !price && <p className="ps-hint">{NO_MOVERS_TEXT}</p>}
      {price && (
        <div className="ps-movers__lists">
          <div>
            <h3 id="ps-movers-risers">Price risers</h3>
            <ol aria-labelledby="ps-movers-risers">
              {price.risers.slice(0, SHOWN).map((m) => (
                <MoverRow key={`${m.kind}/${m.id}`} mover={m} />
              ))}
            </ol>
          </div>
          <div>
            <h3 id="ps-movers-fallers">Price fallers</h3>
            <ol aria-labelledby="ps-movers-fallers">
              {price.fallers.slice(0, SHOWN).map((m) => (
                <MoverRow key={`${m.kind}/${m.id}`} mover={m} />
              ))}
            </ol>
          </div>
        </div>
      )}
      <p className="ps-hint">
        By request index, supply and sector: <Link to={paths.developersApi}>the open data API</Link>’s <code>/api/v1/movers</code>.
      </p>
    </section>
  );
});
