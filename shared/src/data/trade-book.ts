/**
 * The players' trade books in Firestore (issue 37): one document per player, `tradeBooks/{uid}`, holding every
 * trade in the list `trades` (domain/src/trade-book.ts: Trade, readTrades) and `updatedAt` (server time).
 * firestore.rules: only the owner reads and writes it; at most MAX_TRADES trades.
 *
 * Why one document: opening the book costs one read whatever its length (a document per trade would cost one
 * read per trade on every visit), and an import of many trades is one write that lands whole or not at all.
 */
import { doc, getDoc, runTransaction, serverTimestamp, type Firestore } from 'firebase/firestore/lite';
import { MAX_TRADES, readTrades, tradeMessages, type Trade } from '@sbc/domain';
import { GatewayError, GatewayErrorCode } from './errors';

export const TRADE_BOOKS_COLLECTION = 'tradeBooks';

/** The player's trades, in recorded order: 1 read (a player without a book: 1 read, []). */
export async function getTrades(db: Firestore, uid: string): Promise<Trade[]> {
  const snapshot = await getDoc(doc(db, TRADE_BOOKS_COLLECTION, uid));
  return snapshot.exists() ? readTrades(snapshot.data().trades) : [];
}

/**
 * Changes the book in a transaction: 1 read, 1 write. `change` gets the stored trades (another tab's additions
 * included) and returns the new list, or throws to write nothing; the commit carries the read's precondition, so a
 * write landing in between makes the SDK run `change` again on the newer book. Returns the trades written.
 */
export async function updateTrades(db: Firestore, uid: string, change: (current: Trade[]) => Trade[]): Promise<Trade[]> {
  const ref = doc(db, TRADE_BOOKS_COLLECTION, uid);
  return runTransaction(db, async (tx) => {
    const snapshot = await tx.get(ref);
    const next = change(snapshot.exists() ? readTrades(snapshot.data().trades) : []);
    if (next.length > MAX_TRADES) throw new GatewayError(GatewayErrorCode.invalidData, tradeMessages.tooMany);
    tx.set(ref, { trades: next.map((t) => ({ ...t })), updatedAt: serverTimestamp() });
    return next;
  });
}
