import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { loginReturningTo, paths, usePageMeta, useRootStore } from '@sbc/shared';
import { formatPercent, formatSbc, itemKey, tradeBook as computeBook } from '@sbc/domain';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { StateMessage } from '../../../components/StateMessage';
import { pageSeo } from '../../../lib/page-seo';
import { PositionsTable, ProfitAndLoss } from './PositionsTable';
import { TradeForm } from './TradeForm';
import { TradeImport } from './TradeImport';
import { TradesTable } from './TradesTable';
import '../../../components/ps-base.css';
import '../../../components/ps-table.css';
import './trade-book.css';

export const TRADE_BOOK_EMPTY_TEXT = 'No trades yet. Record your first buy below, or import your trades from a CSV file.';
export const TRADE_BOOK_METHOD_TEXT =
  'Average cost: a buy adds to what an item cost you; a sell realises its price minus the average cost of what you hold. Holdings are valued at today’s prices (a product’s average market price, a material’s unit price), and follow the market as it updates.';

/**
 * /trade-book: the signed-in player's trades, holdings valued at current prices, realised and unrealised profit and
 * loss and ROI per item and in total (domain/src/trade-book.ts), a form, a CSV import with a dry run, and CSV exports.
 * Reads: the book 1, then each item's current price (TradeBookStore), read again on each market update the page
 * follows (its freshness line reads the game stats, so the market clock runs) and on a header refresh.
 */
export const TradeBookPage = observer(function TradeBookPage() {
  const root = useRootStore();
  const { auth } = root;
  const book = root.tradeBook;
  usePageMeta(pageSeo({ title: 'Trade book', description: 'Your SBC Tycoon trades, holdings and profit and loss.', robots: 'noindex, follow' }));

  const uid = auth.user?.uid;
  useEffect(() => {
    if (uid) void book.load();
  }, [uid, book]);

  const trades = book.trades;
  const items = [...new Set(trades.map(itemKey))].sort().join('\u0000');
  // A new item's record is read when it joins the book; the store revalues the records on a market update or a
  // header refresh by itself (the items' records in the market store).
  useEffect(() => {
    if (items !== '') void book.loadPrices();
  }, [book, items]);

  // Computed in render (an observer): a new price re-renders the page. At most MAX_TRADES trades, a linear pass.
  const summary = computeBook(trades, (kind, item) => book.priceOf(kind, item));

  if (!auth.initialized) return <div className="ps-page"><StateMessage kind="loading">Loading your trade book…</StateMessage></div>;
  if (!auth.user) {
    return (
      <div className="ps-page">
        <h1>Trade book</h1>
        <p>
          <Link to={loginReturningTo(paths.tradeBook)}>Sign in</Link> to keep your trade book.
        </p>
      </div>
    );
  }

  return (
    <div className="ps-page ps-trade-book">
      <header>
        <p className="ps-eyebrow">Your market</p>
        <h1>Trade book</h1>
        <p className="ps-hint">{TRADE_BOOK_METHOD_TEXT}</p>
        <FreshnessLine />
      </header>
      {book.error && (
        <p className="ps-state ps-state--error" role="alert">
          {book.error}
        </p>
      )}
      {(book.state === 'idle' || book.state === 'loading') && <StateMessage kind="loading">Loading your trade book…</StateMessage>}
      {book.state === 'ready' && trades.length === 0 && <StateMessage kind="empty">{TRADE_BOOK_EMPTY_TEXT}</StateMessage>}
      {book.state === 'ready' && trades.length > 0 && (
        <>
          <section className="ps-card" aria-labelledby="ps-book-totals">
            <h2 id="ps-book-totals">Totals</h2>
            <dl className="ps-book-totals">
              <div><dt>Bought for</dt><dd className="ps-num">{formatSbc(summary.boughtCost)}</dd></div>
              <div><dt>Holdings value</dt><dd className="ps-num">{summary.value === null ? '—' : formatSbc(summary.value)}</dd></div>
              <div><dt>Realised P&amp;L</dt><dd className="ps-num"><ProfitAndLoss value={summary.realised} /></dd></div>
              <div><dt>Unrealised P&amp;L</dt><dd className="ps-num"><ProfitAndLoss value={summary.unrealised} /></dd></div>
              <div><dt>ROI</dt><dd className="ps-num">{summary.roiPercent === null ? '—' : formatPercent(summary.roiPercent)}</dd></div>
            </dl>
            {summary.value === null && <p className="ps-hint">An item you hold has no current price: its value and the totals that need it are unknown (—).</p>}
          </section>
          <PositionsTable positions={summary.positions} />
          <TradesTable trades={trades} />
        </>
      )}
      {book.state !== 'error' && (
        <div className="ps-trade-book__tools">
          <TradeForm />
          <TradeImport />
        </div>
      )}
    </div>
  );
});
