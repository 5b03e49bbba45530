import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MarketStoreApi } from '@sbc/shared';
import { resolveSectorParam, type SectorResolution } from '@sbc/domain';

/** The query parameter that carries the selected sector: /products?sector=Food is shareable and survives reload. */
export const SECTOR_PARAM = 'sector';

/**
 * Keeps the store's selected sector and the URL in step; the URL is the source of truth.
 *
 * - `?sector=X` present: the store selects X (which loads that sector only).
 * - First render without it: the store's earlier selection (coming back to the page) is written to the URL,
 *   or else, once the sectors are known, the first sector is auto-selected (the store allows that once) and
 *   written to the URL. Both use `replace`, so Back does not land on an empty dashboard.
 * - Later, a URL without it (Clear, or Back to such an entry) means "nothing selected".
 * Selecting pushes a history entry, so Back returns to the previous sector.
 * - Once the sectors are known, a `?sector=` that names no product sector (a typo, an old link, a sector of
 *   materials only) is replaced by the first product sector, and `fallback` says what was asked for, so the
 *   page can say why it shows another sector (never an empty product list).
 */
export function useSectorSelection(market: MarketStoreApi) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(SECTOR_PARAM);
  const resolved = useRef(false);
  const sectorsKnown = market.statsState === 'ready' || market.statsState === 'error';

  const writeUrl = useCallback(
    (sector: string | null, replace: boolean) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (sector === null) next.delete(SECTOR_PARAM);
          else next.set(SECTOR_PARAM, sector);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  useEffect(() => {
    if (fromUrl !== null) {
      if (market.selectedCategory !== fromUrl) market.selectCategory(fromUrl);
    } else if (resolved.current && market.selectedCategory !== null) {
      market.selectCategory(null);
    }
  }, [fromUrl, market]);

  useEffect(() => {
    if (resolved.current) return;
    if (fromUrl === null && market.selectedCategory === null) {
      if (!sectorsKnown) return;
      market.autoSelectFirstCategory();
    }
    resolved.current = true;
    const chosen = market.selectedCategory;
    if (fromUrl === null && chosen !== null) writeUrl(chosen, true);
  }, [fromUrl, sectorsKnown, market, writeUrl]);

  const [fallback, setFallback] = useState<Exclude<SectorResolution, { kind: 'ok' }> | null>(null);
  const groups = market.statsState === 'ready' ? market.categoryGroups : null;
  useEffect(() => {
    if (fromUrl === null || groups === null || groups.length === 0) return;
    const resolution = resolveSectorParam(fromUrl, groups);
    if (resolution.kind !== 'ok') setFallback(resolution);
    if (resolution.sector !== null && resolution.sector !== fromUrl) writeUrl(resolution.sector, true);
  }, [fromUrl, groups, writeUrl]);

  const select = useCallback(
    (sector: string) => {
      setFallback(null);
      writeUrl(sector, false);
    },
    [writeUrl],
  );
  const clear = useCallback(() => {
    setFallback(null);
    market.selectCategory(null);
    writeUrl(null, false);
  }, [market, writeUrl]);

  return { selected: fromUrl ?? market.selectedCategory, select, clear, fallback };
}
