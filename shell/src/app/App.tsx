import { BrowserRouter } from 'react-router-dom';
import { StoreProvider, type RootStore } from '@sbc/shared';
import { AppRoutes } from './routes';
import { ScrollToTop } from '../components/ScrollToTop';

export function App({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <BrowserRouter>
        <ScrollToTop />
        <AppRoutes />
      </BrowserRouter>
    </StoreProvider>
  );
}
