/** The administrators' notes (SPEC section 2: admin dashboard and JSON editor). */
export function AdminNotes() {
  return (
    <aside className="ac-notes" aria-labelledby="ac-notes-title">
      <h2 id="ac-notes-title">Note per gli amministratori</h2>
      <ul>
        <li>Questa sezione è riservata agli amministratori.</li>
        <li>
          Gli utenti sono salvati nella collezione <code>users</code>.
        </li>
        <li>
          Lo stato di amministratore è la proprietà <code>isAdmin</code> del documento utente e si concede solo
          modificando manualmente quel documento.
        </li>
        <li>Le modifiche fatte con il JSON Editor vengono scritte direttamente nel database.</li>
      </ul>
    </aside>
  );
}
