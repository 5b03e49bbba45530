import { doc, getDoc, type Firestore } from 'firebase/firestore/lite';
import { readGameDate, readGameStats } from '@sbc/domain';
import type { GameDate, GameStats } from '@sbc/domain';
import { COLLECTIONS, GAME_DATE_DOCUMENT, GAME_STATS_DOCUMENT } from './collections';
import { GatewayError, GatewayErrorCode } from './errors';

/** gameParameters/date, field `value`. A missing document or unreadable value is an error ('Unavailable'). */
export async function getGameDate(db: Firestore): Promise<GameDate> {
  const snapshot = await getDoc(doc(db, COLLECTIONS.gameParameters, GAME_DATE_DOCUMENT));
  const date = snapshot.exists() ? readGameDate(snapshot.data().value) : null;
  if (!date) throw new GatewayError(GatewayErrorCode.invalidData, 'The game date is missing or unreadable');
  return date;
}

/** gameParameters/gameStats; undefined when missing or on any failure (section 8), which is logged. */
export async function getGameStats(db: Firestore): Promise<GameStats | undefined> {
  try {
    const snapshot = await getDoc(doc(db, COLLECTIONS.gameParameters, GAME_STATS_DOCUMENT));
    return snapshot.exists() ? readGameStats(snapshot.data()) : undefined;
  } catch (error) {
    console.error('Failed to load game stats', error);
    return undefined;
  }
}
