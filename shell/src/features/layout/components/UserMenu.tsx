import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { canEditCatalogue, ROLE_LABELS, sessionRole } from '@sbc/domain';
import { paths, useRootStore } from '@sbc/shared';
import { displayNameOf, initialOf } from '../user-identity';

/**
 * The avatar dropdown (SPEC section 2): initial, display name, e-mail, the role's badge (Admin, Editor) and Admin
 * Dashboard for admins and editors (issue 38: an editor's console has no Manage Users), Logout. Follows the menu-button pattern: click/Enter/Space toggles, focus moves to the first item,
 * arrows move between items, Escape closes and returns focus to the button; an outside click or tabbing
 * away closes it.
 */
export const UserMenu = observer(function UserMenu() {
  const { auth } = useRootStore();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onMouseDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const user = auth.user;
  if (!user) return null;
  const name = displayNameOf(user);
  const role = sessionRole(auth);

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !containerRef.current?.contains(next)) setOpen(false);
  };

  const openAdminDashboard = () => {
    setOpen(false);
    navigate(paths.admin);
  };

  // SPEC section 4: success closes the dropdown and goes home; a failure is only logged (by the store), so
  // the menu stays open on the same page and the user can try again.
  const logout = async () => {
    if (!(await auth.logout())) return;
    setOpen(false);
    navigate(paths.home);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the menu (a bubbling blur from its items) closes it; no action happens on this element
    <div className="shell-user" ref={containerRef} onBlur={closeWhenFocusLeaves}>
      <button
        ref={buttonRef}
        type="button"
        className="shell-avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`${initialOf(user)} – account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{initialOf(user)}</span>
      </button>
      {open && (
        <div id={panelId} className="shell-user-panel">
          <div className="shell-user-identity">
            <p className="shell-user-name">
              {name}
              {role !== 'player' && <span className="shell-admin-badge">{ROLE_LABELS[role]}</span>}
            </p>
            {user.email && <p className="shell-user-email">{user.email}</p>}
          </div>
          <div role="menu" aria-label="Account" ref={menuRef} onKeyDown={moveFocusWithArrows}>
            {canEditCatalogue(role) && (
              <button type="button" role="menuitem" className="shell-menu-item" onClick={openAdminDashboard}>
                Admin Dashboard
              </button>
            )}
            <button type="button" role="menuitem" className="shell-menu-item" onClick={() => void logout()}>
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
});

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

function moveFocusWithArrows(event: KeyboardEvent<HTMLDivElement>) {
  const items = menuItems(event.currentTarget);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const target: Record<string, number> = {
    ArrowDown: index >= last ? 0 : index + 1,
    ArrowUp: index <= 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  if (!(event.key in target)) return;
  event.preventDefault();
  items[target[event.key]!]?.focus();
}
