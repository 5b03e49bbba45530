/**
 * Caller identity from the `Authorization` header.
 * - `Bearer owner`: firebase-admin against an emulator → admin, rules bypassed.
 * - `Bearer <JWT>` from the Auth emulator (alg none, header `typ`): checked for expiry and audience.
 * - The SDK's `mockUserToken` (header spelled `type`, iat 0 so `exp` is 1970): only the audience is checked,
 *   like the official emulator does, since its expiry is meaningless by construction.
 * Signatures are not verified: everything is local and unsigned.
 */
import type { RulesAuth } from '../rules/contract';
import { unauthenticated } from './errors';

export type Caller = { kind: 'admin' } | { kind: 'anonymous' } | { kind: 'user'; auth: RulesAuth };

function decodePart(part: string): Record<string, unknown> {
  const json = Buffer.from(part.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  const value = JSON.parse(json) as unknown;
  if (!value || typeof value !== 'object') throw new Error('not an object');
  return value as Record<string, unknown>;
}

export function identifyCaller(authorization: string | undefined, projectId: string, nowSeconds = Date.now() / 1000): Caller {
  if (!authorization) return { kind: 'anonymous' };
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) throw unauthenticated('Authorization header must be "Bearer <token>"');
  const token = match[1];
  if (token === 'owner') return { kind: 'admin' };
  const parts = token.split('.');
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    if (parts.length !== 3) throw new Error('not a JWT');
    header = decodePart(parts[0]);
    claims = decodePart(parts[1]);
  } catch {
    throw unauthenticated('The ID token is malformed');
  }
  const isMockToken = header.type === 'JWT' && header.typ === undefined;
  if (claims.aud !== projectId) {
    throw unauthenticated(`The ID token is for project "${String(claims.aud)}", not "${projectId}"`);
  }
  if (!isMockToken && (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)) {
    throw unauthenticated('The ID token has expired');
  }
  const uid = claims.sub ?? claims.user_id;
  if (typeof uid !== 'string' || uid === '') throw unauthenticated('The ID token has no subject');
  return { kind: 'user', auth: { uid, token: claims } };
}
