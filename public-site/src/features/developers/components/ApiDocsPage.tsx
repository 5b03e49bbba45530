import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths, usePageMeta } from '@sbc/shared';
import { pageSeo } from '../../../lib/page-seo';
import '../../../components/ps-base.css';
import './api-docs.css';

/**
 * /developers/api: the open data API (functions/src/open-data, documented for machines by /api/v1/openapi.json)
 * explained for people. Static content, rendered on the server like the FAQ. Its test checks that every path,
 * field and error code of the OpenAPI document appears here, so the two cannot drift apart.
 */

export const API_BASE = '/api/v1';
export const OPENAPI_URL = `${API_BASE}/openapi.json`;

/** Shown in the examples until the browser knows the site's address (the server render has no window). */
export const EXAMPLE_ORIGIN_PLACEHOLDER = 'https://<this site>';

const noSubscription = () => () => undefined;

/** The site's own address for the examples: the browser's origin once hydrated, the placeholder before. */
function useSiteOrigin(): string {
  return useSyncExternalStore(noSubscription, () => window.location.origin, () => EXAMPLE_ORIGIN_PLACEHOLDER);
}

const ENDPOINTS: Array<{ path: string; returns: string; parameters: ReactNode }> = [
  {
    path: '/products',
    returns: 'Every product, sorted by name.',
    parameters: <><code>sector</code>, <code>slugs</code>, <code>limit</code>, <code>cursor</code></>,
  },
  { path: '/products/{slug}', returns: 'One product with its recipe and its recorded days.', parameters: <code>range</code> },
  { path: '/sectors', returns: 'Every sector with its market aggregates, most valuable first.', parameters: 'none' },
  { path: '/materials', returns: 'Every material of the stock ledger, sorted by name.', parameters: <><code>names</code>, <code>limit</code>, <code>cursor</code></> },
  { path: '/materials/{name}', returns: 'One material with its movement and its three snapshots.', parameters: 'none' },
  { path: '/stats', returns: "The game's statistics, as the home page shows them.", parameters: 'none' },
  {
    path: '/history',
    returns: 'The figures recorded at each market update for up to 100 products and materials, in a window.',
    parameters: <><code>products</code>, <code>materials</code>, <code>from</code>, <code>to</code>, <code>interval</code></>,
  },
  {
    path: '/movers',
    returns: 'The biggest risers and fallers of the latest update, by price, request index and supply.',
    parameters: <><code>window</code>, <code>sector</code></>,
  },
  {
    path: '/plan/suggestions',
    returns: 'What to make with a budget: every product ranked by the total margin of the units the budget allows, best first (the production planner’s).',
    parameters: <><code>sbc</code>, <code>slots</code>, <code>hours</code>, <code>limit</code>, <code>cursor</code></>,
  },
  {
    path: '/plan/profitability',
    returns: 'Every product ranked by its margin per unit at today’s material prices, highest first (the profitability ranking’s), with the sectors and talents to filter by.',
    parameters: <><code>sector</code>, <code>talent</code>, <code>sort</code>, <code>dir</code>, <code>limit</code>, <code>cursor</code></>,
  },
];

const UNITS: Array<{ unit: string; fields: string[] }> = [
  {
    unit: 'SBC (the game’s currency, not real money)',
    fields: [
      'averagePrice', 'minPrice', 'maxPrice', 'marketCap', 'productionCost', 'unitPrice', 'inventoryValue', 'previousUnitPrice',
      'startUnitPrice', 'totalValue', 'totalMarketValue', 'unitPriceSincePrevious', 'inventoryValueSinceStart', 'price',
      'cash', 'revenue', 'margin', 'materialsCost', 'marginPerUnit',
    ],
  },
  { unit: 'By the figure: SBC (price), percent (requestIndex) or pieces and units (supply)', fields: ['from', 'to'] },
  {
    unit: 'Pieces or units',
    fields: ['supply', 'piecesOnMarket', 'quantity', 'previousQuantity', 'startQuantity', 'totalCount', 'averagePerDay', 'quantitySincePrevious', 'quantitySinceStart'],
  },
  { unit: 'Percent (0 to 100)', fields: ['requestIndex'] },
  { unit: 'Percent of the average price (negative for a loss; null when unknown)', fields: ['marginPercent'] },
  { unit: 'Fraction (0.05 is +5 %)', fields: ['priceChange', 'change'] },
  { unit: 'Game minutes', fields: ['productionTimeMinutes', 'leadTimeMinutes'] },
  { unit: 'Game hours; SBC per game hour', fields: ['hours', 'marginPerHour'] },
  { unit: 'Warehouse slots per piece or unit; a suggestion’s slots in all', fields: ['spaceRequired', 'slots'] },
  { unit: 'Time, ISO 8601 UTC (null when unknown)', fields: ['updatedAt', 'lastUpdated', 'at', 'since'] },
  { unit: 'Day, YYYY-MM-DD UTC (one per real calendar day, the last one today)', fields: ['date'] },
  {
    unit: 'Counts',
    fields: ['productCount', 'materialCount', 'listingCount', 'cycleCount', 'totalPlayers', 'totalHeadquarters', 'count', 'total'],
  },
  {
    unit: 'History and movers',
    fields: ['points', 'interval', 'window', 'risers', 'fallers', 'nextCursor'],
  },
  { unit: 'Planner: what runs out first (sbc, slots or hours)', fields: ['limitedBy'] },
  { unit: 'Profitability: the talent a product needs ("None" for none), the recipe’s materials without a price, every sector and talent ranked', fields: ['talent', 'missingMaterials', 'sectors', 'talents'] },
  {
    unit: 'Text, identifiers and flags',
    fields: ['slug', 'name', 'sector', 'type', 'kind', 'enabled', 'talentRequired', 'imageUrl', 'id', 'unit', 'material', 'point'],
  },
];

const ERRORS: Array<{ status: number; code: string; when: string }> = [
  { status: 400, code: 'unknown_parameter', when: 'A query parameter the endpoint does not take (a typo such as ?sectr=).' },
  { status: 400, code: 'invalid_parameter', when: 'A parameter given twice, empty, or out of range: limit from 1 to 10000, range 7, 14, 30 or all; a budget figure (sbc, slots, hours) missing or not above 0.' },
  { status: 400, code: 'unknown_sector', when: 'A sector that /sectors does not list, or a materials sector.' },
  {
    status: 400,
    code: 'range_too_wide',
    when: 'A history window wider than its interval keeps: 7 days of every update (interval=period), 744 days of one point a day (interval=day).',
  },
  { status: 400, code: 'unknown_format', when: 'A list asked for in another format than JSON or CSV (products.xml).' },
  { status: 400, code: 'invalid_path', when: 'A path that is not valid percent-encoding.' },
  { status: 404, code: 'not_found', when: 'No such product, material or endpoint.' },
  { status: 405, code: 'method_not_allowed', when: 'Anything but GET, HEAD or OPTIONS: the API is read-only.' },
  { status: 429, code: 'rate_limited', when: 'Too many requests from your address: wait the seconds Retry-After says.' },
  { status: 503, code: 'unavailable', when: 'The market data cannot be read right now: try again after Retry-After seconds.' },
];

function Example({ label, children }: { label: string; children: string }) {
  return (
    <figure className="ps-api__example">
      <figcaption>{label}</figcaption>
      {/* A long line scrolls sideways on a phone: the block takes focus, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <pre tabIndex={0}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

export function ApiDocsPage() {
  usePageMeta(
    pageSeo({
      title: 'Open data API',
      description: 'Read the SBC Tycoon market from your spreadsheet, bot or tool: products, sectors, materials and statistics as JSON or CSV, no key needed.',
    }),
  );
  const origin = useSiteOrigin();
  const base = `${origin}${API_BASE}`;

  return (
    <div className="ps-page ps-api">
      <header className="ps-api__hero">
        <p className="ps-eyebrow">Developers</p>
        <h1>Open data API</h1>
        <p className="ps-hint">
          The market figures this site shows, for your spreadsheets, bots and tools: read-only, free, no key, as JSON or as CSV.
        </p>
      </header>

      <section className="ps-card" aria-labelledby="ps-api-start">
        <h2 id="ps-api-start">Start here</h2>
        <p>
          Every endpoint lives under <code>{API_BASE}</code> on this site and answers <code>GET</code>. Add <code>.csv</code> to a path
          for a CSV table instead of JSON: <code>{API_BASE}/products.csv</code>. The machine-readable description (OpenAPI 3.1) is at{' '}
          <a href={OPENAPI_URL}>{OPENAPI_URL}</a>; generate a client from it, or read it in any OpenAPI viewer.
        </p>
        <p>
          The figures are the ones on the pages: <Link to={paths.products}>products</Link>, <Link to={paths.materials}>materials</Link> and
          the home page’s statistics. A change that would break a client gets a new version, <code>/api/v2</code>; v1 only grows.
        </p>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-endpoints">
        <h2 id="ps-api-endpoints">Endpoints</h2>
        <div className="ps-api__table-wrap">
          <table className="ps-api__table" aria-labelledby="ps-api-endpoints">
            <thead>
              <tr>
                <th scope="col">Path (after {API_BASE})</th>
                <th scope="col">Returns</th>
                <th scope="col">Query parameters</th>
              </tr>
            </thead>
            <tbody>
              {ENDPOINTS.map((endpoint) => (
                <tr key={endpoint.path}>
                  <th scope="row">
                    <code>{endpoint.path}</code>
                  </th>
                  <td>{endpoint.returns}</td>
                  <td>{endpoint.parameters}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ps-api__params">
          <dt><code>sector</code></dt>
          <dd>Only the products of this sector: a products sector of <code>/sectors</code>, in any letter case.</dd>
          <dt><code>limit</code></dt>
          <dd>At most this many items on a page of a list, the first by name: a whole number from 1 to 10000. Without it a list answers every item.</dd>
          <dt><code>cursor</code></dt>
          <dd>
            Where the next page starts: when more items remain, the answer names the next page in its <code>Link</code> header (
            <code>rel="next"</code>) and in <code>meta.nextCursor</code>. Follow it until it is absent; pages never overlap or skip an item, and
            they cost the API no extra read.
          </dd>
          <dt><code>slugs</code>, <code>names</code></dt>
          <dd>Only these products (by slug) or materials (by name): up to 100, separated by commas.</dd>
          <dt><code>products</code>, <code>materials</code></dt>
          <dd>The items of <code>/history</code>: slugs and material names, up to 100 together.</dd>
          <dt><code>from</code>, <code>to</code></dt>
          <dd>
            The history’s window: an ISO 8601 time (<code>2026-11-27T09:30:00Z</code>) or a day (<code>2026-11-20</code>). By default the last
            day (30 days with <code>interval=day</code>), up to now.
          </dd>
          <dt><code>interval</code></dt>
          <dd>
            <code>period</code>: every market update, kept 7 days; <code>day</code>: one point a day (the day’s last update), kept 2 years. A
            window wider than that is a 400 <code>range_too_wide</code>.
          </dd>
          <dt><code>window</code></dt>
          <dd>
            The movers since the previous update (<code>period</code>, the default), over 24 hours (<code>day</code>) or 7 days (
            <code>week</code>); with <code>sector</code>, one sector’s (<code>materials</code> for the materials).
          </dd>
          <dt><code>sbc</code>, <code>slots</code>, <code>hours</code></dt>
          <dd>
            The budget of <code>/plan/suggestions</code>, all three needed: SBC to spend, warehouse slots free and game hours, each a number
            above 0 (<code>120</code>, <code>2.5</code>). With it, <code>limit</code> is how many suggestions, the best first (default 20), and
            <code>cursor</code> the next page of the same budget (a cursor of another budget is a 400).
          </dd>
          <dt><code>talent</code></dt>
          <dd>
            Only the products of <code>/plan/profitability</code> that need this talent (any letter case; <code>None</code> for those that need
            none). There, <code>sector</code> is one sector in any letter case, and one no product has answers an empty list; without{' '}
            <code>limit</code> the whole ranking comes.
          </dd>
          <dt><code>sort</code>, <code>dir</code></dt>
          <dd>
            The order of <code>/plan/profitability</code> by one of its columns: <code>name</code>, <code>sector</code>, <code>talent</code>,{' '}
            <code>price</code>, <code>materials</code>, <code>production</code>, <code>margin</code>, <code>marginPercent</code>,{' '}
            <code>marginPerHour</code> or <code>leadTime</code>; <code>dir</code> is <code>asc</code> (the default) or <code>desc</code>. Unknown
            figures come last either way, and equal ones keep the ranking’s order. A page’s <code>cursor</code> holds its order.
          </dd>
          <dt><code>range</code></dt>
          <dd>Only the last <code>7</code>, <code>14</code> or <code>30</code> recorded days of a product’s history, or <code>all</code> (the default).</dd>
        </dl>
        <p className="ps-hint">
          A product is found by its slug (the last part of its page’s address) or its name; a material by its name. Names with spaces are
          percent-encoded: <code>/materials/Acciaio%20inox</code>.
        </p>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-formats">
        <h2 id="ps-api-formats">Formats, fields and units</h2>
        <p>
          JSON answers are an object with <code>data</code> (the list, or the one item) and, for lists, <code>meta</code> with{' '}
          <code>count</code> (items in <code>data</code>), <code>total</code> (items of the whole list) and <code>nextCursor</code> (the next
          page's <code>cursor</code>, or null on the last page). Field names are stable: a
          new field may appear, none changes meaning or disappears within v1.
        </p>
        <p>
          CSV answers are UTF-8 with a byte-order mark, comma-separated with CRLF line ends (RFC 4180): a header line of the JSON field
          names, then one line per row (a product’s or material’s CSV is its history). A text cell that starts with = + - or @ is
          prefixed with <code>'</code> so that no spreadsheet runs it as a formula.
        </p>
        <div className="ps-api__table-wrap">
          <table className="ps-api__table" aria-label="Fields by unit">
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Fields</th>
              </tr>
            </thead>
            <tbody>
              {UNITS.map(({ unit, fields }) => (
                <tr key={unit}>
                  <th scope="row">{unit}</th>
                  <td className="ps-api__fields">
                    {fields.map((field) => (
                      <code key={field}>{field}</code>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="ps-hint">
          One product also has <code>requestedMaterials</code>, its recipe (each <code>material</code> with the <code>quantity</code> one
          piece needs), and its <code>history</code>: one point per day with <code>averagePrice</code> and <code>requestIndex</code> (null
          on a day one of them was not recorded). A material keeps three snapshots (<code>start</code>, <code>previous</code>, <code>current</code>) and its{' '}
          <code>movement</code> between them. Every field is described in the OpenAPI document.
        </p>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-caching">
        <h2 id="ps-api-caching">Caching and freshness</h2>
        <p>
          The market updates every 30 minutes, on the hour and the half hour. Every answer carries an <code>ETag</code>: send it back in{' '}
          <code>If-None-Match</code> and an unchanged answer is a <code>304 Not Modified</code> with no body. <code>Cache-Control</code> lets
          the site’s CDN keep an answer until the next market update (at most 5 minutes), so polling more often than that brings nothing new.
        </p>
        <p>
          Send <code>Accept-Encoding: br</code> or <code>gzip</code> (every HTTP library does) and answers of 1 KB or more come compressed,
          with <code>Vary: Accept-Encoding</code>: the whole product list is about a tenth of its size.
        </p>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-limits">
        <h2 id="ps-api-limits">Rate limit and browsers</h2>
        <p>
          Up to 120 requests per 60 seconds per address. Every answer says where you stand, in the IETF headers{' '}
          <code>RateLimit-Policy: "default";q=120;w=60</code> and <code>RateLimit: "default";r=119;t=60</code> (requests left, seconds until
          the window ends). Past that the API answers <code>429 Too Many Requests</code> with <code>Retry-After</code>, the seconds to wait. Answers the CDN already holds do not count. Any website may call the API from a
          browser: CORS is open for <code>GET</code>.
        </p>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-errors">
        <h2 id="ps-api-errors">Errors</h2>
        <p>
          An error is JSON, whatever format was asked for: <code>{'{ "error": { "code": "not_found", "message": "…" } }'}</code>. The code is
          stable, the message is for people.
        </p>
        <div className="ps-api__table-wrap">
          <table className="ps-api__table" aria-labelledby="ps-api-errors">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Code</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {ERRORS.map((error) => (
                <tr key={error.code}>
                  <td>{error.status}</td>
                  <th scope="row">
                    <code>{error.code}</code>
                  </th>
                  <td>{error.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="ps-card" aria-labelledby="ps-api-examples">
        <h2 id="ps-api-examples">Examples</h2>
        <Example label="The five first products of the energy sector (curl)">{`curl "${base}/products?sector=energy&limit=5"`}</Example>
        <Example label="A product's last 30 days as a CSV file">{`curl -o solar-panel.csv "${base}/products/solar-panel.csv?range=30"`}</Example>
        <Example label="Three products' figures at every market update of the last day">{`curl "${base}/history?products=solar-panel,wind-turbine,clay-brick"`}</Example>
        <Example label="One point a day since the start of the year, as CSV">{`curl -o copper.csv "${base}/history.csv?materials=Copper&from=2026-01-01&interval=day"`}</Example>
        <Example label="Today's biggest risers and fallers of the energy sector over 24 hours">{`curl "${base}/movers?window=day&sector=energy"`}</Example>
        <Example label="What to make with 5,000 SBC, 200 warehouse slots and 12 game hours: the best 5">{`curl "${base}/plan/suggestions?sbc=5000&slots=200&hours=12&limit=5"`}</Example>
        <Example label="Ask again only if it changed (ETag)">
          {`curl -i "${base}/sectors"\n# … ETag: "…"\ncurl -i -H 'If-None-Match: "…"' "${base}/sectors"\n# HTTP/1.1 304 Not Modified`}
        </Example>
        <Example label="Google Sheets: the energy sector in a sheet, refreshed by Sheets">{`=IMPORTDATA("${base}/products.csv?sector=energy")`}</Example>
        <Example label="LibreOffice Calc or Excel: Data › From the web (Excel: Power Query), with this address">{`${base}/materials.csv`}</Example>
        <Example label="JavaScript, from any web page">
          {`const answer = await fetch("${base}/stats");\nconst { data } = await answer.json();\nconsole.log(data.totalPlayers, data.lastUpdated);`}
        </Example>
      </section>
    </div>
  );
}
