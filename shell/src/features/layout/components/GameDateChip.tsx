import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { formatGameDateShort, GAME_DATE_LOADING, GAME_DATE_UNAVAILABLE } from '@sbc/domain';

/** The game date is a UTC calendar day (see formatGameDateShort), so its machine form is the UTC date. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Header chip: 'Loading…', then the short date, or 'Unavailable' on failure. Loaded once on mount; the header
 * refresh re-reads it through the store. Decision: while a refresh re-reads the date, the previous date stays
 * visible instead of flashing back to 'Loading…'.
 */
export const GameDateChip = observer(function GameDateChip() {
  const { game } = useRootStore();

  useEffect(() => {
    void game.loadDate();
  }, [game]);

  const date = game.date && !Number.isNaN(game.date.getTime()) ? game.date : null;
  let content: React.ReactNode;
  if (game.dateState === 'error') content = GAME_DATE_UNAVAILABLE;
  else if (date) content = <time dateTime={isoDay(date)}>{formatGameDateShort(date)}</time>;
  else if (game.dateState === 'ready') content = GAME_DATE_UNAVAILABLE;
  else content = GAME_DATE_LOADING;

  return (
    <div className="shell-date-chip" role="status" aria-label="Game date" title="Game date">
      <svg className="shell-date-chip-icon" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <rect x="1.5" y="3" width="13" height="11.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span>{content}</span>
    </div>
  );
});
