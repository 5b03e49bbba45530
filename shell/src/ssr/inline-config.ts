/**
 * A server-rendered page carries the runtime configuration it was rendered with (the remotes' manifests, the
 * Firebase project) in a JSON script element, so the browser starts loading the remote at once instead of first
 * asking for /app-config.json (a round trip of its own on a phone). A client-rendered page has none and fetches
 * the file as before; so does a page whose inline copy is missing or invalid.
 */
import { runtimeConfigProblems, serializeState, type RuntimeConfig } from '@sbc/shared';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@sbc/shared/src/ssr/page-elements';

/** The element the render server writes into the page's <head>. */
export function inlineRuntimeConfigHtml(config: RuntimeConfig): string {
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${serializeState(config)}</script>`;
}

/** The page's inline configuration, or null when it has none or an invalid one (then /app-config.json is fetched). */
export function readInlineRuntimeConfig(doc: Document): RuntimeConfig | null {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    const problems = runtimeConfigProblems(value);
    if (problems.length === 0) return value as RuntimeConfig;
    console.error(`[shell] the page's inline runtime config is invalid (${problems.join('; ')}); fetching /app-config.json`);
  } catch (error) {
    console.error("[shell] the page's inline runtime config is not JSON; fetching /app-config.json", error);
  }
  return null;
}
