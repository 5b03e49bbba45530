/**
 * The shape of every request body, checked once, before any engine reads it.
 *
 * Firestore's REST bodies are protobuf messages in JSON form, and many of their members are `oneof`s: a Filter
 * is a composite OR a field OR a unary filter, a Value one kind, a Write one operation, a transaction selector one
 * of transaction / newTransaction / readTime... Google's parser refuses a message that sets two members of one
 * oneof. This emulator used to read such a message in two ways (the rules looked at `compositeFilter`, the query
 * engine at `fieldFilter`), which let a query be authorised as one query and run as another. So every message is
 * walked here against the schema below, and a second member of a oneof, a message that is not an object, a
 * list that is not an array or nesting beyond what Firestore accepts is a 400 INVALID_ARGUMENT.
 *
 * A member counts as set when it is present and not null (proto3 JSON reads null as "default"), except
 * `nullValue`, whose only value is null.
 */
import { invalidArgument } from './errors';
import { MAX_VALUE_DEPTH } from './limits';

type FieldType = string | { list: string } | { map: string };

interface MessageSchema {
  /** Members holding other messages (scalars are not listed: the engines check them where they read them). */
  fields?: Record<string, FieldType>;
  /** Each group: at most one of these members may be set. */
  oneofs?: string[][];
}

const VALUE_KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
];
const CONSISTENCY = ['transaction', 'newTransaction', 'readTime'];

const SCHEMA: Record<string, MessageSchema> = {
  Value: { oneofs: [VALUE_KINDS], fields: { arrayValue: 'ArrayValue', mapValue: 'MapValue', geoPointValue: 'LatLng' } },
  ArrayValue: { fields: { values: { list: 'Value' } } },
  MapValue: { fields: { fields: { map: 'Value' } } },
  LatLng: {},
  Document: { fields: { fields: { map: 'Value' } } },
  Write: {
    oneofs: [['update', 'delete', 'transform', 'verify']],
    fields: {
      update: 'Document',
      transform: 'DocumentTransform',
      updateMask: 'DocumentMask',
      updateTransforms: { list: 'FieldTransform' },
      currentDocument: 'Precondition',
    },
  },
  DocumentMask: {},
  DocumentTransform: { fields: { fieldTransforms: { list: 'FieldTransform' } } },
  FieldTransform: {
    oneofs: [['setToServerValue', 'increment', 'maximum', 'minimum', 'appendMissingElements', 'removeAllFromArray']],
    fields: {
      increment: 'Value',
      maximum: 'Value',
      minimum: 'Value',
      appendMissingElements: 'ArrayValue',
      removeAllFromArray: 'ArrayValue',
    },
  },
  Precondition: { oneofs: [['exists', 'updateTime']] },
  TransactionOptions: { oneofs: [['readOnly', 'readWrite']], fields: { readOnly: 'ReadOnly', readWrite: 'ReadWrite' } },
  ReadOnly: {},
  ReadWrite: {},
  CommitRequest: { fields: { writes: { list: 'Write' } } },
  BatchWriteRequest: { fields: { writes: { list: 'Write' } } },
  BatchGetDocumentsRequest: { oneofs: [CONSISTENCY], fields: { newTransaction: 'TransactionOptions', mask: 'DocumentMask' } },
  BeginTransactionRequest: { fields: { options: 'TransactionOptions' } },
  RollbackRequest: {},
  ListCollectionIdsRequest: {},
  RunQueryRequest: { oneofs: [CONSISTENCY], fields: { structuredQuery: 'StructuredQuery', newTransaction: 'TransactionOptions' } },
  RunAggregationQueryRequest: {
    oneofs: [CONSISTENCY],
    fields: { structuredAggregationQuery: 'StructuredAggregationQuery', newTransaction: 'TransactionOptions' },
  },
  StructuredAggregationQuery: { fields: { structuredQuery: 'StructuredQuery', aggregations: { list: 'Aggregation' } } },
  Aggregation: { oneofs: [['count', 'sum', 'avg']], fields: { count: 'Count', sum: 'FieldAggregation', avg: 'FieldAggregation' } },
  Count: {},
  FieldAggregation: { fields: { field: 'FieldReference' } },
  StructuredQuery: {
    fields: {
      select: 'Projection',
      from: { list: 'CollectionSelector' },
      where: 'Filter',
      orderBy: { list: 'Order' },
      startAt: 'Cursor',
      endAt: 'Cursor',
    },
  },
  Projection: { fields: { fields: { list: 'FieldReference' } } },
  CollectionSelector: {},
  FieldReference: {},
  Order: { fields: { field: 'FieldReference' } },
  Cursor: { fields: { values: { list: 'Value' } } },
  Filter: {
    oneofs: [['compositeFilter', 'fieldFilter', 'unaryFilter']],
    fields: { compositeFilter: 'CompositeFilter', fieldFilter: 'FieldFilter', unaryFilter: 'UnaryFilter' },
  },
  CompositeFilter: { fields: { filters: { list: 'Filter' } } },
  FieldFilter: { fields: { field: 'FieldReference', value: 'Value' } },
  UnaryFilter: { fields: { field: 'FieldReference' } },
};

/** Messages nested deeper than this (filters inside filters...) are refused before anything recurses on them. */
export const MAX_MESSAGE_DEPTH = 100;

function isSet(message: Record<string, unknown>, key: string): boolean {
  if (!Object.hasOwn(message, key)) return false;
  const value = message[key];
  return value !== undefined && (value !== null || key === 'nullValue');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Throws INVALID_ARGUMENT unless `body` is a well-formed `type` message. `where` names the place in errors
 * (`structuredQuery.where.compositeFilter.filters[0]`).
 */
export function checkMessage(body: unknown, type: string, where = type): void {
  walk(body, type, where, 0, 0);
}

function walk(message: unknown, type: string, where: string, depth: number, valueDepth: number): void {
  const schema = SCHEMA[type];
  if (!schema) throw new Error(`protocol: no schema for ${type}`);
  if (!isObject(message)) throw invalidArgument(`${where} must be a JSON object (a ${type} message)`);
  if (depth > MAX_MESSAGE_DEPTH) throw invalidArgument(`${where}: the request nests messages more than ${MAX_MESSAGE_DEPTH} deep`);
  const nextValueDepth = type === 'Value' ? valueDepth + 1 : valueDepth;
  if (type === 'Value' && nextValueDepth > MAX_VALUE_DEPTH) {
    throw invalidArgument(`${where}: maps and arrays are nested more than ${MAX_VALUE_DEPTH} deep (Firestore's limit is ${MAX_VALUE_DEPTH})`);
  }
  for (const group of schema.oneofs ?? []) {
    const set = group.filter((key) => isSet(message, key));
    if (set.length > 1) {
      throw invalidArgument(`${where} sets ${set.join(' and ')}, which are one oneof: a ${type} may set only one of ${group.join(', ')}`);
    }
  }
  if (type === 'Value' && !VALUE_KINDS.some((key) => isSet(message, key))) {
    throw invalidArgument(`${where} is not a Value (it sets none of ${VALUE_KINDS.join(', ')})`);
  }
  for (const [key, fieldType] of Object.entries(schema.fields ?? {})) {
    if (!isSet(message, key)) continue;
    const value = message[key];
    const at = `${where}.${key}`;
    if (typeof fieldType === 'string') {
      walk(value, fieldType, at, depth + 1, nextValueDepth);
    } else if ('list' in fieldType) {
      if (!Array.isArray(value)) throw invalidArgument(`${at} must be an array`);
      value.forEach((item, i) => walk(item, fieldType.list, `${at}[${i}]`, depth + 1, nextValueDepth));
    } else {
      if (!isObject(value)) throw invalidArgument(`${at} must be a JSON object`);
      for (const [name, item] of Object.entries(value)) walk(item, fieldType.map, `${at}.${name}`, depth + 1, nextValueDepth);
    }
  }
}

/** The request message of each documents RPC. */
export const RPC_MESSAGES: Record<string, string> = {
  batchGet: 'BatchGetDocumentsRequest',
  runQuery: 'RunQueryRequest',
  runAggregationQuery: 'RunAggregationQueryRequest',
  commit: 'CommitRequest',
  batchWrite: 'BatchWriteRequest',
  beginTransaction: 'BeginTransactionRequest',
  rollback: 'RollbackRequest',
  listCollectionIds: 'ListCollectionIdsRequest',
};
