/**
 * A page evaluates @sbc/domain and @sbc/shared at start-up, between its first paint and hydration (the dead window,
 * docs/performance.md#first-paint-dead-window-on-a-phone). The first Intl formatter, collator or toLocaleString a
 * page calls loads the browser's locale data: 35–55 ms of a phone's CPU each time it happened there (issue 26; again
 * in November 2026, when the trade book's messages formatted three numbers on import). Formatting on first use is
 * fine; on import, nothing.
 */
it('importing @sbc/domain and @sbc/shared formats nothing with Intl, toLocale…String or localeCompare', () => {
  const calls: string[] = [];
  // Each watched function is replaced by one that notes the call and answers a plain string (never the real one).
  const watch = (owner: object, key: string, name: string) => {
    const spy = jest.spyOn(owner as Record<string, () => string>, key);
    spy.mockImplementation(function (this: unknown) {
      calls.push(name);
      return String(this);
    });
    return spy;
  };
  const spies = [
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString'),
    watch(Date.prototype, 'toLocaleString', 'Date#toLocaleString'),
    watch(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString'),
    watch(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString'),
    watch(String.prototype, 'localeCompare', 'String#localeCompare'),
    watch(Intl, 'NumberFormat', 'Intl.NumberFormat'),
    watch(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat'),
    watch(Intl, 'Collator', 'Intl.Collator'),
    watch(Intl, 'PluralRules', 'Intl.PluralRules'),
  ];
  try {
    jest.isolateModules(() => {
      require('../../domain/src/index');
      require('./index');
    });
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect(calls).toEqual([]);
});
