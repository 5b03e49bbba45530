import { RUNTIME_CONFIG_PATH } from '../config/runtime-config';

/**
 * A remote's own dev page, started without the stack, has no runtime config to read: it says so and how to
 * start, instead of a blank page. (Inside the site the shell reads the config and shows its own error.)
 */
export function StandaloneStartupError({ app, error }: { app: string; error: unknown }) {
  return (
    <main role="alert">
      <h1>{app} could not start</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <p>
        This page needs {RUNTIME_CONFIG_PATH}, which the local stack writes. Start the stack from the repository
        root with <code>npm start</code> (or <code>npm run dev</code> for live reload), then reload this page.
      </p>
    </main>
  );
}
