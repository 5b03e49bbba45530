export { TradeBookPage as default } from '../features/trade-book/components/TradeBookPage';
