import './offline.css';
import { useState } from 'react';
import { useUpdateOffer } from '../offline-state';
import { UPDATE_AVAILABLE_TEXT, UPDATE_LATER_LABEL, UPDATE_RELOAD_LABEL } from '../offline-text';

/**
 * "A new version is available" with a Reload button, when the service worker of a new shell deploy is waiting
 * (../register.ts). The page is never switched under the visitor: the new version starts when they choose Reload
 * (or on their next visit). A polite live region; focus stays where it is, the buttons are in the tab order.
 */
export function UpdatePrompt() {
  const accept = useUpdateOffer();
  const [dismissed, setDismissed] = useState<(() => void) | null>(null);
  const shown = accept !== null && dismissed !== accept;
  return (
    <div className="shell-update-prompt" role="status" aria-live="polite" aria-label="New version">
      {shown && (
        <div className="shell-update-prompt-card shell-floating-card">
          <p className="shell-update-prompt-text">{UPDATE_AVAILABLE_TEXT}</p>
          <div className="shell-update-prompt-actions">
            <button type="button" className="shell-button shell-button-primary" onClick={accept}>
              {UPDATE_RELOAD_LABEL}
            </button>
            <button type="button" className="shell-button shell-button-secondary" onClick={() => setDismissed(() => accept)}>
              {UPDATE_LATER_LABEL}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
