import { BrowserRouter } from 'react-router-dom';
import { StoreProvider, type RootStore } from '@sbc/shared';
import { AppRoutes } from './routes';
import { ScrollToTop } from '../components/ScrollToTop';

/** The routed site, inside whichever router the environment gives (the browser's, or the render server's static one). */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
    </>
  );
}

export function App({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </StoreProvider>
  );
}
