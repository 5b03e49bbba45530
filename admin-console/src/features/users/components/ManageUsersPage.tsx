import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { usePageMeta, useRootStore, USERS_PAGE_SIZE } from '@sbc/shared';
import { canManageUsers, ROLE_LABELS, roleMessages, roleOfUser, sessionRole, type UserDocument } from '@sbc/domain';
import { useConfirm } from '../../../components/ConfirmDialog';
import { ROLE_HISTORY_LOAD_FAILED, USERS_LOAD_FAILED, UsersStore } from '../stores/users-store';
import '../../../components/admin.css';
import './manage-users.css';
import { BackToDashboard } from '../../../components/BackToDashboard';

// Dates as the rest of the console shows them (Italian), to the minute.
const DATE_TIME = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'short' });
const when = (instant: UserDocument['createdAt']) => (instant instanceof Date && !Number.isNaN(instant.getTime()) ? DATE_TIME.format(instant) : '—');

/**
 * /admin/users: who plays, in pages of 50 by e-mail, with a search by e-mail or display name. Admin status is
 * shown, never changed here (SPEC section 6: it is granted only by editing the user document by hand). The editor
 * role (issue 38) is granted and revoked here, after a confirmation, and each change is listed in the role history
 * (who, what, to whom, when). Admins only: anyone else gets the console's refusal (the shell's guard says the same).
 */
export const ManageUsersPage = observer(function ManageUsersPage() {
  const root = useRootStore();
  usePageMeta({ title: 'Gestione utenti · SBC Tycoon', description: 'Gli utenti registrati.', robots: 'noindex, nofollow' });
  if (!canManageUsers(sessionRole(root.auth))) {
    return (
      <div className="ac-page">
        <h1>{roleMessages.adminOnlyTitle}</h1>
        <p role="alert">{roleMessages.adminOnly}</p>
        <BackToDashboard />
      </div>
    );
  }
  return <UsersOfAdmin />;
});

const UsersOfAdmin = observer(function UsersOfAdmin() {
  const root = useRootStore();
  const confirm = useConfirm();
  const [users] = useState(() => new UsersStore(root));
  const [text, setText] = useState('');
  const captionId = useId();
  const historyId = useId();
  const me = root.auth.user?.uid;

  useEffect(() => {
    void users.load();
    void users.loadHistory();
  }, [users]);

  const changeRole = async (user: UserDocument) => {
    const grant = roleOfUser(user) !== 'editor';
    const who = user.email || user.displayName || user.uid;
    const ok = await confirm({
      message: grant ? roleMessages.confirmGrant(who) : roleMessages.confirmRevoke(who),
      confirmLabel: grant ? roleMessages.grant : roleMessages.revoke,
    });
    if (ok) await users.setRole(user, grant ? 'editor' : 'player');
  };

  return (
    <div className="ac-page">
      <BackToDashboard />
      <h1>Gestione utenti</h1>
      <p className="ac-note">
        Lo stato di amministratore non si modifica da qui: si concede solo modificando a mano il campo <code>isAdmin</code> del
        documento utente nella console di Firebase. Il ruolo di editor (prodotti e materiali, senza gestione degli utenti) si
        concede e si revoca da qui, e ogni modifica resta nella cronologia dei ruoli.
      </p>
      {users.notice && (
        <p className={`ac-alert ${users.notice.kind === 'alert' ? 'ac-alert-error' : 'ac-alert-success'}`} role={users.notice.kind}>
          {users.notice.text}
        </p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not in React's typings yet */}
      <form
        className="ac-card ac-row ac-users-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void users.find(text);
        }}
      >
        <div className="ac-field">
          <label htmlFor="ac-users-query">Cerca utenti</label>
          <input id="ac-users-query" type="search" placeholder="Inizio dell'e-mail o del nome…" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" className="ac-btn ac-btn-primary">
          Cerca
        </button>
        {users.search !== '' && (
          <button
            type="button"
            className="ac-btn"
            onClick={() => {
              setText('');
              void users.find('');
            }}
          >
            Mostra tutti
          </button>
        )}
      </form>

      <section className="ac-card" aria-labelledby={captionId} aria-busy={users.state === 'loading' || undefined}>
        <h2 id={captionId}>{users.search === '' ? `Utenti · pagina ${users.page}` : `Risultati per “${users.search}”`}</h2>
        {users.state === 'error' && (
          <p role="alert">
            {USERS_LOAD_FAILED}{' '}
            <button type="button" className="ac-btn" onClick={() => void users.load()}>
              Riprova
            </button>
          </p>
        )}
        {users.state === 'loading' && users.users.length === 0 && <p>Caricamento utenti…</p>}
        {users.state === 'ready' && users.users.length === 0 && <p>{users.search === '' ? 'Nessun utente registrato.' : 'Nessun utente trovato.'}</p>}
        {users.users.length > 0 && (
          // On a phone the table scrolls sideways inside this region, which keyboard users reach with Tab.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable)
          // biome-ignore lint/a11y/useSemanticElements: a labelled scroll container around the table, not a document section
          <div className="ac-table-wrap" role="region" aria-label="Tabella utenti" tabIndex={0}>
            <table className="ac-table">
              <caption className="ac-visually-hidden">Utenti registrati</caption>
              <thead>
                <tr>
                  <th scope="col">Nome visualizzato</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Creato</th>
                  <th scope="col">Ultimo accesso</th>
                  <th scope="col">Ruolo</th>
                  <th scope="col">Azioni</th>
                </tr>
              </thead>
              <tbody>
                {users.users.map((user) => (
                  <tr key={user.uid}>
                    <th scope="row">{user.displayName || '—'}</th>
                    <td className="ac-break">{user.email}</td>
                    <td>{when(user.createdAt)}</td>
                    <td>{when(user.lastLoginAt)}</td>
                    <td>{roleOfUser(user) === 'player' ? ROLE_LABELS.player : <span className="ac-badge">{ROLE_LABELS[roleOfUser(user)]}</span>}</td>
                    <td>
                      {roleOfUser(user) !== 'admin' && user.uid !== me && (
                        <button
                          type="button"
                          className="ac-btn"
                          disabled={users.changing !== null}
                          aria-label={`${roleOfUser(user) === 'editor' ? roleMessages.revoke : roleMessages.grant}: ${user.email || user.displayName}`}
                          onClick={() => void changeRole(user)}
                        >
                          {roleOfUser(user) === 'editor' ? roleMessages.revoke : roleMessages.grant}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {users.search === '' ? (
          <nav className="ac-row ac-pager" aria-label="Pagine utenti">
            <button type="button" className="ac-btn" disabled={!users.hasPrevious || users.state === 'loading'} onClick={() => void users.previous()}>
              Pagina precedente
            </button>
            <span>Pagina {users.page}</span>
            <button type="button" className="ac-btn" disabled={!users.hasNext || users.state === 'loading'} onClick={() => void users.next()}>
              Pagina successiva
            </button>
          </nav>
        ) : (
          users.users.length === USERS_PAGE_SIZE && <p className="ac-note">Sono mostrati i primi {USERS_PAGE_SIZE} risultati: precisa la ricerca.</p>
        )}
      </section>

      <section className="ac-card" aria-labelledby={historyId} aria-busy={users.historyState === 'loading' || undefined}>
        <h2 id={historyId}>Cronologia dei ruoli</h2>
        {users.historyState === 'error' && (
          <p role="alert">
            {ROLE_HISTORY_LOAD_FAILED}{' '}
            <button type="button" className="ac-btn" onClick={() => void users.loadHistory()}>
              Riprova
            </button>
          </p>
        )}
        {users.historyState === 'ready' && users.history.length === 0 && <p>Nessuna modifica dei ruoli.</p>}
        {users.history.length > 0 && (
          <ul className="ac-role-history">
            {users.history.map((change) => (
              <li key={change.id}>
                <time dateTime={change.at?.toISOString()}>{when(change.at ?? undefined)}</time>:{' '}
                <span className="ac-break">{change.email ?? change.uid}</span> {change.role === 'editor' ? 'ha concesso' : 'ha revocato'} il ruolo di
                editor a <span className="ac-break">{change.userEmail}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
});
