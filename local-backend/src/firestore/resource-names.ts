/**
 * Resource names. Internally a document is identified by its path below `.../documents/` ("c/id/sub/id2");
 * on the wire by its full name `projects/{p}/databases/(default)/documents/c/id`.
 */
import { invalidArgument } from './errors';

export function documentsRoot(projectId: string): string {
  return `projects/${projectId}/databases/(default)/documents`;
}

export function fullName(projectId: string, path: string): string {
  return `${documentsRoot(projectId)}/${path}`;
}

/** Full document name → relative path; checks it belongs to the served database and names a document. */
export function relativeDocumentPath(projectId: string, name: unknown): string {
  const root = `${documentsRoot(projectId)}/`;
  if (typeof name !== 'string' || !name.startsWith(root)) {
    throw invalidArgument(`Document name "${String(name)}" is not in database ${documentsRoot(projectId)}`);
  }
  const path = name.slice(root.length);
  const segments = path.split('/');
  if (segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw invalidArgument(`"${String(name)}" is not a document name`);
  }
  return path;
}

export function collectionIdOf(path: string): string {
  const segments = path.split('/');
  return segments[segments.length - 2] ?? '';
}

export function parentOf(path: string): string {
  return path.split('/').slice(0, -2).join('/');
}
