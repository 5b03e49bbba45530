/** Shown when the runtime configuration cannot be read: the only failure the shell cannot route around. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <main className="startup-error" role="alert">
      <h1>SBC Tycoon could not start</h1>
      <p>The site configuration could not be loaded. Please reload the page in a moment.</p>
      <p className="startup-error-detail">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
