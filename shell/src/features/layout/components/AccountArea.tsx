import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useRootStore, useServerSnapshot } from '@sbc/shared';
import { UserMenu } from './UserMenu';

/**
 * Guests get Login and Sign Up, signed-in users the avatar menu. Decision: nothing is shown until the
 * provider has reported the first sign-in state, so a returning user does not see Login flash by.
 */
export const AccountArea = observer(function AccountArea() {
  const { auth } = useRootStore();
  // A server-rendered page is the signed-out page without an account area; hydration must render the same.
  const serverSnapshot = useServerSnapshot();
  if (serverSnapshot || !auth.initialized) return null;
  if (auth.user) return <UserMenu />;
  return (
    <div className="shell-guest-actions">
      <Link to={paths.login} className="shell-button shell-button-ghost">
        Login
      </Link>
      <Link to={paths.register} className="shell-button shell-button-accent">
        Sign Up
      </Link>
    </div>
  );
});
