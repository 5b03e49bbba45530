/**
 * React DOM's client, loaded only when a page is ready to render or hydrate. It is the largest file of the start-up
 * (about 65 KB compressed) and arrives last on a phone's link; nothing before rendering needs it, so the shell, the
 * shared modules, the remote's page and its data are all evaluated while its bytes still arrive, and hydration
 * starts as soon as it lands (issue 26: the dead window between first paint and hydration). A static import of
 * `react-dom/client` anywhere on the start-up path (the shell or @sbc/shared) would hold all of that back again.
 */
export const loadReactDomClient = () => import('react-dom/client');
