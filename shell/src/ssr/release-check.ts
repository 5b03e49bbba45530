/**
 * How often, at most, the render server asks the remote's root manifest which release is current (a 304 most of the
 * time, ETag). A page kept from a render is sent again only while the release it was rendered with is still the
 * current one: after a deploy, within this many milliseconds, visitors get pages that name the new release. Pages
 * naming the previous release would still work (a deploy keeps earlier releases, scripts/release/deploy.ts), but a
 * release that is gone (a bare `npm run build` of the public-site, a release dropped from hosting) would leave every
 * cached page on "A new version of the site is loading" until the market period ended.
 */
export const RELEASE_CHECK_MS = 5_000;
