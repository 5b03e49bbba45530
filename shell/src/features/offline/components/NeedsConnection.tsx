import './offline.css';
import type { ReactNode } from 'react';
import { useOffline } from '../offline-state';
import { NEEDS_CONNECTION_TEXT, type ConnectionNeed } from '../sw-policy';

/**
 * Sign-in, registration and the admin pages without a connection: the page says so above its form, which stays (a
 * draft typed before the connection dropped is not lost), instead of failing silently on submit.
 */
export function NeedsConnection({ need, children }: { need: ConnectionNeed; children: ReactNode }) {
  const offline = useOffline();
  return (
    <>
      {offline && (
        <p className="shell-needs-connection" role="alert">
          {NEEDS_CONNECTION_TEXT[need]}
        </p>
      )}
      {children}
    </>
  );
}
