/**
 * What the test doubles of the data layer (./fake-gateway.ts, ./fake-watchlist.ts) share: every call recorded in
 * order, and any method made to fail or to wait until released, so tests can see what was asked and stage
 * failures and slow answers.
 */
export interface FakeCall<Method extends string> {
  method: Method;
  args: unknown[];
}

export interface FakeCallControls<Method extends string> {
  /** Every call, in order. */
  readonly calls: FakeCall<Method>[];
  callCount(method: Method): number;
  /** Makes later calls of `method` reject with `error` (undefined stops failing). */
  fail(method: Method, error: Error | undefined): void;
  /** Later calls of `method` wait until the returned release function is called. */
  hold(method: Method): () => void;
}

export interface FakeCallLog<Method extends string> extends FakeCallControls<Method> {
  /** The start of every fake method: records the call, waits for a hold, then rejects if told to fail. */
  enter(method: Method, args: unknown[]): Promise<void>;
}

export function createCallLog<Method extends string>(failing: Partial<Record<Method, Error>> = {}): FakeCallLog<Method> {
  const errors = new Map(Object.entries(failing) as Array<[Method, Error]>);
  const holds = new Map<Method, Promise<void>>();
  const calls: FakeCall<Method>[] = [];
  return {
    calls,
    callCount: (method) => calls.filter((c) => c.method === method).length,
    fail(method, error) {
      if (error) errors.set(method, error);
      else errors.delete(method);
    },
    hold(method) {
      let release!: () => void;
      holds.set(method, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(method);
        release();
      };
    },
    async enter(method, args) {
      calls.push({ method, args });
      const hold = holds.get(method);
      if (hold) await hold;
      const error = errors.get(method);
      if (error) throw error;
    },
  };
}
