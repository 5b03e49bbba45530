import { formatCount } from '@sbc/domain';

/** "Showing 50 of 580 products." with "Show 50 more" and "Show all 580", under a list shown a page at a time. */
export function ShowMoreRows({ shown, matching, pageSize, noun, onShowMore }: { shown: number; matching: number; pageSize: number; noun: string; onShowMore: (count: number) => void }) {
  const left = matching - shown;
  if (left <= 0) return null;
  return (
    <div className="ps-show-more">
      <p className="ps-hint">
        Showing {formatCount(shown)} of {formatCount(matching)} {noun}.
      </p>
      <button type="button" className="ps-btn" onClick={() => onShowMore(pageSize)}>
        Show {formatCount(Math.min(pageSize, left))} more
      </button>
      {left > pageSize && (
        <button type="button" className="ps-btn" onClick={() => onShowMore(left)}>
          Show all {formatCount(matching)}
        </button>
      )}
    </div>
  );
}
