/** Field paths (`a.b`, `` `odd.key`.c ``) and reading/writing them inside a document's fields. */
import type { RestFields, RestValue } from './values';

export const NAME_FIELD = '__name__';

export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < path.length) current += path[++i];
      else if (ch === '`') quoted = false;
      else current += ch;
    } else if (ch === '`') {
      quoted = true;
    } else if (ch === '.') {
      segments.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  segments.push(current);
  if (quoted || segments.some((s) => s === '')) throw new TypeError(`Invalid field path "${path}"`);
  return segments;
}

export function getField(fields: RestFields, path: string[]): RestValue | undefined {
  let value: RestValue | undefined = fields[path[0]];
  for (let i = 1; i < path.length; i++) {
    if (!value || !('mapValue' in value)) return undefined;
    value = (value as any).mapValue?.fields?.[path[i]];
  }
  return value;
}

/** Sets a value, creating (or replacing non-map values with) intermediate maps. Mutates `fields`. */
export function setField(fields: RestFields, path: string[], value: RestValue): void {
  let target = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const existing = target[path[i]] as any;
    if (!existing || !('mapValue' in existing)) {
      target[path[i]] = { mapValue: { fields: {} } };
    }
    const map = (target[path[i]] as any).mapValue;
    map.fields ??= {};
    target = map.fields;
  }
  target[path[path.length - 1]] = value;
}

export function deleteField(fields: RestFields, path: string[]): void {
  let target: RestFields | undefined = fields;
  for (let i = 0; i < path.length - 1 && target; i++) {
    const next = target[path[i]] as any;
    target = next && 'mapValue' in next ? next.mapValue.fields : undefined;
  }
  if (target) delete target[path[path.length - 1]];
}

/** Deep copy; documents are small JSON trees so structuredClone is fine. */
export function cloneFields(fields: RestFields): RestFields {
  return structuredClone(fields);
}
