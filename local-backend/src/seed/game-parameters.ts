/** gameParameters/date and gameParameters/gameStats. */
import type { Rng } from './prng';

/** The game calendar runs ahead of the real one; the demo sits in its year 2031. */
export function gameDate(rng: Rng): Date {
  return new Date(Date.UTC(2031, rng.int(0, 11), rng.int(1, 28), 6, 0, 0));
}

/**
 * totalMarketValue is the value of everything on the market (products plus materials), so it matches the
 * sector figures; totalPlayers is stored as a numeric string on purpose (older writers did so) to exercise
 * the lenient reader.
 */
export function gameStats(rng: Rng, totalMarketValue: number, lastUpdated: Date): Record<string, unknown> {
  return {
    totalHeadquarters: rng.int(1180, 1320),
    totalMarketValue: Math.round(totalMarketValue),
    totalPlayers: String(rng.int(4600, 5000)),
    lastUpdated,
  };
}
