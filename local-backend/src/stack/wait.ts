/** Waiting for a service to answer, with a message that names the service that did not come up. */

export interface WaitOptions {
  /** Service name for the error message. */
  name: string;
  timeoutMs: number;
  /** Decides from the response whether the service is ready; default: any HTTP answer. */
  isReady?: (response: Response) => boolean | Promise<boolean>;
  intervalMs?: number;
  /** Stop waiting early (e.g. the process exited): return a reason to fail with. */
  abortReason?: () => string | undefined;
  /** Extra text for the timeout message (where to look). */
  hint?: string;
}

export async function waitForHttp(url: string, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    const aborted = options.abortReason?.();
    if (aborted) throw new Error(`${options.name} did not come up: ${aborted}${options.hint ? `\n${options.hint}` : ''}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (!options.isReady || (await options.isReady(response))) return;
      lastProblem = `HTTP ${response.status}`;
      await response.body?.cancel();
    } catch (error) {
      lastProblem = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
  throw new Error(
    `${options.name} did not come up within ${Math.round(options.timeoutMs / 1000)} s at ${url} (last: ${lastProblem})` +
      (options.hint ? `\n${options.hint}` : ''),
  );
}

/** True when something already answers at the URL (used to detect a running stack). */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
