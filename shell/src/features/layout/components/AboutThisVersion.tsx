import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { pageReleases, type AppKey } from '../../../releases/page-releases';

const APP_LABELS: Record<AppKey, string> = {
  shell: 'Site shell',
  publicSite: 'Market pages',
  adminConsole: 'Admin console',
};

/** What a release shows as when the page does not know it (not loaded yet, or a build without a release id). */
export const RELEASE_NOT_LOADED = 'not loaded';

/**
 * "About this version" in the footer: which release of each app this page runs (../../../releases/page-releases.ts),
 * for a visitor reporting a problem and for a team checking its deploy. The list is filled after hydration: the
 * render server does not know the browser's releases (a remote loads later, or at another release), and a
 * difference would be a hydration mismatch.
 */
export const AboutThisVersion = observer(function AboutThisVersion() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <details className="shell-footer-version">
      <summary>About this version</summary>
      {mounted && (
        <dl>
          {(Object.keys(APP_LABELS) as AppKey[]).map((app) => (
            <div key={app}>
              <dt>{APP_LABELS[app]}</dt>
              <dd>
                <code>{pageReleases[app] ?? RELEASE_NOT_LOADED}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
});
