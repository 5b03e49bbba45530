import { provideFederationRuntime } from './remotes/host-runtime';
import { startServerPageModules } from './remotes/server-page-remote';

// Before any remote entry loads: a remote's host-runtime entry runs on the shell's federation runtime
// (./remotes/host-runtime.ts).
provideFederationRuntime();

// A server-rendered page's own remote modules start loading at once, while the shared modules still download
// (./remotes/server-page-remote.ts).
startServerPageModules();

// Module Federation's async boundary: everything, shared modules included, loads behind this dynamic import.
// The shared modules are evaluated first, each in a task of its own: evaluated together with the bootstrap they
// made one 200 ms task on a throttled phone, during which the server-rendered page ignored input. React DOM's
// client is not among them: it is loaded last, when the page is ready to hydrate (./react-dom-client.ts).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

import('react-router-dom')
  .then(nextTask)
  .then(() => import('@sbc/shared'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
