import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { pageReleases, type AppKey } from '../../../releases/page-releases';
import { activeCanary, type KeptRelease, keptReleases, type RemoteKey, setCanaryPin } from '../../../releases/canary';
import { currentManifestUrl } from '../../../remotes/register-remotes';
import { CANARY_REMOTE_NAMES } from './CanaryBanner';

const APP_LABELS: Record<AppKey, string> = {
  shell: 'Site shell',
  publicSite: 'Market pages',
  adminConsole: 'Admin console',
};

/** What a release shows as when the page does not know it (not loaded yet, or a build without a release id). */
export const RELEASE_NOT_LOADED = 'not loaded';

const REMOTE_NAMES: Record<RemoteKey, string> = { publicSite: 'publicSite', adminConsole: 'adminConsole' };
const STATUS_TEXT: Record<KeptRelease['status'], string> = { current: 'everyone’s', staged: 'staged, not yet everyone’s', earlier: 'earlier' };

/**
 * An admin picks a release of a remote to try in this session (a canary, ../../../releases/canary.ts), from the
 * releases its site keeps. Pinning reloads the page on that release.
 */
function TryRelease({ remote }: { remote: RemoteKey }) {
  const [releases, setReleases] = useState<KeptRelease[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState('');
  useEffect(() => {
    const manifestUrl = currentManifestUrl(REMOTE_NAMES[remote]);
    if (!manifestUrl) return;
    let live = true;
    keptReleases(manifestUrl).then(
      (list) => {
        if (!live) return;
        setReleases(list);
        // A staged release is what an admin most likely came to try.
        setChoice(list.find((release) => release.status === 'staged')?.id ?? list[0]?.id ?? '');
      },
      () => live && setError(`The releases of ${CANARY_REMOTE_NAMES[remote]} could not be listed.`),
    );
    return () => {
      live = false;
    };
  }, [remote]);
  if (error) return <p role="status">{error}</p>;
  if (!releases || releases.length === 0) return null;
  const label = `Release of ${CANARY_REMOTE_NAMES[remote]} to try in this session`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) setCanaryPin(remote, choice);
      }}
    >
      <label>
        {label}{' '}
        <select value={choice} onChange={(event) => setChoice(event.target.value)}>
          {releases.map((release) => (
            <option key={release.id} value={release.id}>
              {release.id} ({STATUS_TEXT[release.status]})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="shell-canary-stop">
        Try it
      </button>
      {activeCanary.pins[remote] && (
        <button type="button" className="shell-canary-stop" onClick={() => setCanaryPin(remote, null)}>
          Stop trying {activeCanary.pins[remote]}
        </button>
      )}
    </form>
  );
}

/**
 * "About this version" in the footer: which release of each app this page runs (../../../releases/page-releases.ts),
 * for a visitor reporting a problem and for a team checking its deploy; an admin can also try another release of a
 * remote in this session. The list is filled after hydration: the render server does not know the browser's
 * releases (a remote loads later, or at another release), and a difference would be a hydration mismatch.
 */
export const AboutThisVersion = observer(function AboutThisVersion() {
  const { auth } = useRootStore();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <details className="shell-footer-version" onToggle={(event) => setOpen(event.currentTarget.open)}>
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
      {mounted && open && auth.isAdmin && (['publicSite', 'adminConsole'] as RemoteKey[]).map((remote) => <TryRelease key={remote} remote={remote} />)}
    </details>
  );
});
