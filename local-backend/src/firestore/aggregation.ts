/**
 * count / sum / avg over a query's results (after offset/limit, as Firestore does).
 * sum stays an integer while every summed value is an integer and the total fits in int64, else it is a double;
 * avg is always a double, null when no document has a numeric value. Non-numeric values are ignored.
 */
import { invalidArgument } from './errors';
import { getField, parseFieldPath } from './field-paths';
import type { StoredDocument } from './store';
import { doubleValue, isInteger, isNumber, numberOf, type RestValue } from './values';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function numericValues(docs: StoredDocument[], spec: any): RestValue[] {
  const fieldPath = spec?.field?.fieldPath;
  if (typeof fieldPath !== 'string') throw invalidArgument('sum/avg need a field');
  const path = parseFieldPath(fieldPath);
  return docs.map((d) => getField(d.fields, path)).filter((v): v is RestValue => isNumber(v));
}

function sum(values: RestValue[]): RestValue {
  if (values.every(isInteger)) {
    const total = values.reduce((acc, v) => acc + BigInt((v as any).integerValue), 0n);
    if (total <= INT64_MAX && total >= INT64_MIN) return { integerValue: total.toString() };
  }
  return doubleValue(values.reduce((acc, v) => acc + numberOf(v), 0));
}

function aggregate(docs: StoredDocument[], aggregation: any): RestValue {
  if (aggregation.count) {
    const upTo = aggregation.count.upTo;
    const n = upTo === undefined ? docs.length : Math.min(docs.length, Number(typeof upTo === 'object' ? upTo.value : upTo));
    return { integerValue: String(n) };
  }
  if (aggregation.sum) return sum(numericValues(docs, aggregation.sum));
  if (aggregation.avg) {
    const values = numericValues(docs, aggregation.avg);
    if (values.length === 0) return { nullValue: 'NULL_VALUE' };
    return doubleValue(values.reduce((acc, v) => acc + numberOf(v), 0) / values.length);
  }
  throw invalidArgument('Unsupported aggregation');
}

export function runAggregations(docs: StoredDocument[], aggregations: unknown): Record<string, RestValue> {
  const list = (aggregations ?? []) as any[];
  if (list.length === 0) throw invalidArgument('At least one aggregation is required');
  const result: Record<string, RestValue> = {};
  list.forEach((a, i) => {
    result[typeof a.alias === 'string' && a.alias ? a.alias : `field_${i + 1}`] = aggregate(docs, a);
  });
  return result;
}
