export { WatchlistPage as default } from '../features/watchlist/components/WatchlistPage';
