import '@testing-library/jest-dom';

// A page of 120 rows clicked through in jsdom takes 1-2 s alone and past 5 s (jest's default) when the unit run shares
// 2 cores with the integration tests and the builds (npm test runs them side by side): a limit, not a figure. Set
// here because a project's `testTimeout` in jest.config.js is not applied (CI timed out at 5 s with it set to 20 s).
jest.setTimeout(20_000);
