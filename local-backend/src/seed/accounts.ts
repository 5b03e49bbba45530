/** The demo sign-ins; the orchestration puts them in the Auth emulator and the users collection. */
export interface DemoAccount {
  email: string;
  password: string;
  displayName: string;
  isAdmin: boolean;
}

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = Object.freeze([
  Object.freeze({ email: 'admin@sbc-tycoon.test', password: 'admin-demo-1', displayName: 'Demo Admin', isAdmin: true }),
  Object.freeze({ email: 'player@sbc-tycoon.test', password: 'player-demo-1', displayName: 'Demo Player', isAdmin: false }),
]);
