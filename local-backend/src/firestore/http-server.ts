/**
 * HTTP transport: CORS, body parsing (the SDK posts JSON as text/plain), routing of
 * `/v1/projects/{p}/databases/(default)/documents[/{path}]:{rpc}` and of the `/emulator/v1/...` admin endpoints,
 * and JSON error replies (an empty body breaks the SDK).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { identifyCaller } from './auth-tokens';
import type { DocumentsApi } from './documents-api';
import { ApiError, invalidArgument, notFound } from './errors';
import { MAX_REQUEST_BYTES } from './limits';
import { checkMessage, RPC_MESSAGES } from './protocol';

export interface AdminEndpoints {
  reset(documents?: unknown[]): number;
  importDocuments(documents: unknown[]): number;
  exportDatabase(): unknown;
  counters(): unknown;
  resetCounters(): void;
}

export interface HttpServerOptions {
  projectId: string;
  api: DocumentsApi;
  admin: AdminEndpoints;
  log: boolean;
  /** Largest request body accepted; default Firestore's 10 MiB. */
  maxRequestBytes?: number;
}

const DOCUMENTS_ROUTE = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents(\/[^:]*)?(?::([A-Za-z]+))?$/;
const CLEAR_ROUTE = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/[^/]+\/documents$/;

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    ...(origin ? { Vary: 'Origin', 'Access-Control-Allow-Credentials': 'true' } : {}),
  };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders(req),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Raised while reading a body that is over the cap; the reply closes the connection (the rest is not read). */
class BodyTooLarge extends ApiError {
  constructor(limit: number) {
    super(400, 'INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`);
  }
}

/**
 * Reads the body, counting bytes as they arrive: a declared Content-Length over the cap is refused before
 * reading anything, and a body that grows past it is refused at that point, never buffered whole.
 */
async function readJson(req: IncomingMessage, limit: number): Promise<Record<string, any>> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  // Listeners rather than `for await`: leaving an async iterator destroys the socket, and the client would
  // never read the 400. Over the cap we just stop reading (pause), so TCP back-pressure stops the sender.
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const received: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      received.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(received);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, any>;
  } catch {
    throw invalidArgument('The request body is not a JSON object');
  }
}

/** decodeURIComponent that answers 400 (not a 500 from URIError) for a malformed %-escape. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidArgument(`The path segment "${segment.slice(0, 100)}" is not valid percent-encoding`);
  }
}

function decodePath(raw: string | undefined): string {
  return (raw ?? '')
    .split('/')
    .filter((s) => s !== '')
    .map(decodeSegment)
    .join('/');
}

export function createFirestoreHttpServer(options: HttpServerOptions): Server {
  const { projectId, api, admin } = options;
  const bodyLimit = options.maxRequestBytes ?? MAX_REQUEST_BYTES;

  async function documents(req: IncomingMessage, match: RegExpExecArray, url: URL): Promise<unknown> {
    const [, project, database, rawPath, rpc] = match;
    if (decodeSegment(project) !== projectId) {
      throw notFound(`Project "${decodeSegment(project)}" is not served here (this emulator serves "${projectId}")`);
    }
    if (decodeSegment(database) !== '(default)') throw notFound('Only the (default) database exists');
    const caller = identifyCaller(req.headers.authorization, projectId);
    const path = decodePath(rawPath);
    const depth = path ? path.split('/').length : 0;
    if (req.method === 'GET' && !rpc) {
      return depth % 2 === 0
        ? api.getDocument(caller, path)
        : api.listDocuments(caller, path, url.searchParams.get('showMissing') === 'true');
    }
    if (req.method !== 'POST' || !rpc) throw notFound(`No route for ${req.method} ${url.pathname}`);
    if (!RPC_MESSAGES[rpc]) throw notFound(`Unknown method :${rpc}`);
    const body = await readJson(req, bodyLimit);
    // Every oneof holds one member, every message is an object, nothing nests too deep: from here on the
    // engines may read the body one way only.
    checkMessage(body, RPC_MESSAGES[rpc], rpc);
    const parentPath = (): string => {
      if (depth % 2 !== 0) throw invalidArgument(`"${path}" is not a document path`);
      return path;
    };
    switch (rpc) {
      case 'batchGet':
        return api.batchGet(caller, body);
      case 'runQuery':
        return api.runQuery(caller, parentPath(), body);
      case 'runAggregationQuery':
        return api.runAggregationQuery(caller, parentPath(), body);
      case 'commit':
        return api.commit(caller, body);
      case 'batchWrite':
        return api.batchWrite(caller, body);
      case 'beginTransaction':
        return api.beginTransaction(body);
      case 'rollback':
        return api.rollback(body);
      case 'listCollectionIds':
        return api.listCollectionIds(caller, parentPath());
      default:
        throw notFound(`Unknown method :${rpc}`);
    }
  }

  async function emulatorAdmin(req: IncomingMessage, url: URL): Promise<unknown> {
    const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
    switch (route) {
      case 'GET /emulator/v1/health':
        return { ok: true };
      case 'POST /emulator/v1/reset': {
        const body = await readJson(req, bodyLimit);
        return { ok: true, documents: admin.reset(Array.isArray(body.documents) ? body.documents : undefined) };
      }
      case 'POST /emulator/v1/import': {
        const body = await readJson(req, bodyLimit);
        if (!Array.isArray(body.documents)) throw invalidArgument('"documents" must be an array');
        return { ok: true, documents: admin.importDocuments(body.documents) };
      }
      case 'GET /emulator/v1/export':
        return admin.exportDatabase();
      case 'GET /emulator/v1/counters':
        return admin.counters();
      case 'POST /emulator/v1/counters/reset':
        admin.resetCounters();
        return { ok: true };
      default:
        if (req.method === 'DELETE' && CLEAR_ROUTE.test(url.pathname)) {
          admin.reset();
          return {};
        }
        throw notFound(`No route for ${route}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '3600',
      });
      res.end();
      return 204;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      const match = DOCUMENTS_ROUTE.exec(url.pathname);
      let result: unknown;
      if (match) result = await documents(req, match, url);
      else if (url.pathname.startsWith('/emulator/')) result = await emulatorAdmin(req, url);
      else throw notFound(`No route for ${req.method} ${url.pathname}`);
      send(req, res, 200, result);
      return 200;
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : error instanceof TypeError || error instanceof SyntaxError
            ? invalidArgument(error.message)
            : error instanceof RangeError && /call stack/.test(error.message)
              ? invalidArgument('The request nests values too deeply')
            : new ApiError(500, 'INTERNAL', (error as Error)?.message ?? String(error));
      if (apiError.httpStatus === 500) console.error('[firestore-emulator]', error);
      if (error instanceof BodyTooLarge) {
        // Answer now; the rest of the body is never read (the request stays paused, so the sender is held back
        // by TCP). The socket is destroyed a little after the reply went out, so the client has time to read it
        // (closing it at once makes the client's pending write fail with EPIPE before it reads the reply).
        res.once('finish', () => setTimeout(() => req.socket.destroy(), 2000).unref());
      }
      send(req, res, apiError.httpStatus, apiError.toBody());
      return apiError.httpStatus;
    }
  }

  const server = createServer((req, res) => {
    const started = Date.now();
    void handle(req, res).then((status) => {
      if (options.log) console.log(`[firestore-emulator] ${req.method} ${req.url} ${status} ${Date.now() - started}ms`);
    });
  });
  // An idle keep-alive connection stays open as Google's front ends keep it (minutes). It was closed after 1 s (so
  // that stop() did not wait): the Admin SDK's REST client (the functions) reuses its idle sockets, and a request sent
  // as the emulator closed one failed with ECONNRESET — a telemetry report lost, now and then, in the journeys.
  // stop() closes every connection itself (./emulator.ts).
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  return server;
}

/** How long the emulator keeps an idle keep-alive connection open (see createFirestoreHttpServer). */
export const IDLE_CONNECTION_MS = 120_000;
