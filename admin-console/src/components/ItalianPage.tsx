import type { ComponentType } from 'react';
import { ConfirmProvider } from './ConfirmDialog';

/**
 * The admin console's screens are Italian (SPEC: add product and JSON editor are Italian screens); the rest of
 * the site is English. Wrapping each exposed page in lang="it" lets screen readers pronounce it in Italian and
 * the browser hyphenate it correctly. The spec's English action names (Add Product, JSON Editor...) carry
 * lang="en" where they are rendered. Each page also gets the console's confirm dialog (ConfirmDialog.tsx).
 */
export function italianPage<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function ItalianPage(props: P) {
    return (
      <div lang="it" className="ac-lang">
        <ConfirmProvider>
          <Page {...props} />
        </ConfirmProvider>
      </div>
    );
  }
  ItalianPage.displayName = `Italian(${Page.displayName ?? Page.name})`;
  return ItalianPage;
}
