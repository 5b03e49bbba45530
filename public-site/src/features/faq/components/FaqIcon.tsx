/**
 * The FAQ's icons, drawn as inline SVG (24 × 24, stroke in the text colour) so they render everywhere; emoji
 * show as empty boxes where no emoji font is installed. Unknown names get a neutral dot.
 */
const PATHS: Record<string, string> = {
  'chart-up': 'M3 20h18M5 16l4-5 4 3 6-8M15 6h4v4',
  target: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11v2M21 3l-8 8',
  refresh: 'M20 11a8 8 0 0 0-14.9-4M4 4v4h4M4 13a8 8 0 0 0 14.9 4M20 20v-4h-4',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7M7 16h4',
  bricks: 'M3 6h18v12H3zM3 12h18M9 6v6M15 12v6M7 12v6M17 6v6',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
};

export function FaqIcon({ name }: { name: string }) {
  const d = PATHS[name];
  return (
    <svg className="ps-faq__icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {d ? (
        <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <circle cx="12" cy="12" r="4" fill="currentColor" />
      )}
    </svg>
  );
}
