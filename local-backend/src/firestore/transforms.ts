/**
 * Field transforms of a write (`updateTransforms`). Each returns the field's new value, which is also what the
 * commit reports in `transformResults`.
 * - increment: integer + integer stays an integer (saturating at int64 bounds, as Firestore does); any double
 *   makes a double; a missing or non-numeric field becomes the operand.
 * - maximum/minimum: a missing or non-numeric field becomes the operand; otherwise the larger/smaller value.
 * - appendMissingElements / removeAllFromArray: a missing or non-array field counts as an empty array.
 */
import { serverValue } from './enums';
import { invalidArgument } from './errors';
import { getField, parseFieldPath, setField } from './field-paths';
import { formatTimestamp, type Nanos } from './timestamps';
import {
  arrayContains,
  arrayValues,
  compareValues,
  doubleValue,
  isInteger,
  isNumber,
  normalizeValue,
  numberOf,
  valuesEqual,
  type RestFields,
  type RestValue,
} from './values';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function increment(current: RestValue | undefined, operand: RestValue): RestValue {
  if (!isNumber(current)) return operand;
  if (isInteger(current) && isInteger(operand)) {
    const total = BigInt((current as any).integerValue) + BigInt((operand as any).integerValue);
    return { integerValue: (total > INT64_MAX ? INT64_MAX : total < INT64_MIN ? INT64_MIN : total).toString() };
  }
  return doubleValue(numberOf(current!) + numberOf(operand));
}

function extreme(current: RestValue | undefined, operand: RestValue, keepLarger: boolean): RestValue {
  if (!isNumber(current)) return operand;
  const c = numberOf(current!);
  const o = numberOf(operand);
  if (Number.isNaN(c)) return current!;
  if (Number.isNaN(o)) return operand;
  const cmp = compareValues(operand, current!);
  return (keepLarger ? cmp > 0 : cmp < 0) ? operand : current!;
}

function elementsOf(transform: any, key: string): RestValue[] {
  return ((transform[key]?.values ?? []) as unknown[]).map(normalizeValue);
}

export function applyTransform(fields: RestFields, transform: any, requestTime: Nanos): RestValue {
  if (typeof transform?.fieldPath !== 'string') throw invalidArgument('A field transform needs a fieldPath');
  const path = parseFieldPath(transform.fieldPath);
  const current = getField(fields, path);
  let next: RestValue;
  if ('setToServerValue' in transform) {
    serverValue(transform.setToServerValue);
    next = { timestampValue: formatTimestamp(requestTime) };
  } else if ('increment' in transform) {
    next = increment(current, normalizeValue(transform.increment));
  } else if ('maximum' in transform) {
    next = extreme(current, normalizeValue(transform.maximum), true);
  } else if ('minimum' in transform) {
    next = extreme(current, normalizeValue(transform.minimum), false);
  } else if ('appendMissingElements' in transform) {
    const values = [...(arrayValues(current) ?? [])];
    for (const v of elementsOf(transform, 'appendMissingElements')) if (!arrayContains(values, v)) values.push(v);
    next = { arrayValue: { values } };
  } else if ('removeAllFromArray' in transform) {
    const remove = elementsOf(transform, 'removeAllFromArray');
    next = { arrayValue: { values: (arrayValues(current) ?? []).filter((v) => !remove.some((r) => valuesEqual(r, v))) } };
  } else {
    throw invalidArgument(`Unsupported field transform ${JSON.stringify(transform)}`);
  }
  setField(fields, path, next);
  return next;
}
