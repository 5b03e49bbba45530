import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { activeCanary, dropCanaryPins, type RemoteKey, setCanaryPin } from '../../../releases/canary';

/** How a remote is named to the admin who pinned it. */
export const CANARY_REMOTE_NAMES: Record<RemoteKey, string> = { publicSite: 'the market pages', adminConsole: 'the admin console' };

/**
 * The header's notice while this session runs a pinned release (../../../releases/canary.ts), with a way out.
 * A pin in a session that is not an admin's is removed (the page reloads without it). Shown after hydration only:
 * the render server knows nothing of a session's pins.
 */
export const CanaryBanner = observer(function CanaryBanner() {
  const { auth } = useRootStore();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const pinned = Object.entries(activeCanary.pins) as Array<[RemoteKey, string]>;
  // Signed out, or signed in and checked not to be an admin (not while the check is under way).
  const notAdmin = auth.initialized && (auth.user === null || (auth.adminChecked && !auth.isAdmin));
  useEffect(() => {
    if (pinned.length > 0 && notAdmin) dropCanaryPins();
  }, [pinned.length, notAdmin]);
  if (!mounted || pinned.length === 0 || notAdmin) return null;
  return (
    <div className="shell-canary" role="status">
      {pinned.map(([remote, id]) => (
        <p key={remote}>
          Trying release <code>{id}</code> of {CANARY_REMOTE_NAMES[remote]} in this session only.{' '}
          <button type="button" className="shell-canary-stop" onClick={() => setCanaryPin(remote, null)}>
            Stop trying it
          </button>
        </p>
      ))}
    </div>
  );
});
