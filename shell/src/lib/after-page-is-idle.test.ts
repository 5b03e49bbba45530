/** @jest-environment jsdom */
import { afterPageIsIdle, IDLE_WAIT_LIMIT_MS } from './after-page-is-idle';

type IdleCallback = (deadline: IdleDeadline) => void;

describe('afterPageIsIdle: after the load event, when the browser is idle, and never later than the limit', () => {
  let readyState: DocumentReadyState;
  let idleRequests: Array<{ callback: IdleCallback; options?: IdleRequestOptions }>;

  beforeEach(() => {
    jest.useFakeTimers();
    readyState = 'loading';
    jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    idleRequests = [];
    window.requestIdleCallback = (callback: IdleCallback, options?: IdleRequestOptions) => idleRequests.push({ callback, options });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    // @ts-expect-error jsdom has no requestIdleCallback: the tests put one in.
    delete window.requestIdleCallback;
  });

  it('waits for the load event, then asks for an idle moment bounded by the limit', () => {
    const work = jest.fn();
    afterPageIsIdle(work);
    expect(idleRequests).toHaveLength(0);
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(idleRequests).toHaveLength(1);
    expect(idleRequests[0].options).toEqual({ timeout: IDLE_WAIT_LIMIT_MS });
    expect(work).not.toHaveBeenCalled();
    idleRequests[0].callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, asks for the idle moment at once', () => {
    readyState = 'complete';
    afterPageIsIdle(jest.fn());
    expect(idleRequests).toHaveLength(1);
  });

  it('a browser without requestIdleCallback (Safari) runs the work on the next task after the load', () => {
    // @ts-expect-error as in Safari
    delete window.requestIdleCallback;
    readyState = 'complete';
    const work = jest.fn();
    afterPageIsIdle(work);
    expect(work).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
