import { Type } from '@sinclair/typebox';

/** The largest value of an `integer` column (ad, conversation, report ids). */
export const INT_MAX = 2_147_483_647;

/**
 * An id of an `integer` column as a request gives it: bounded, so that a number past the column is a 400 naming the
 * field, not a database error (issue 46).
 */
export const RowIdSchema = () => Type.Integer({ minimum: 1, maximum: INT_MAX });

/** A message id (`bigint`) as a request gives it: bounded by what a JSON number holds exactly. */
export const MessageIdSchema = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** An id from a path or a query string: digits only and within the column's range, else null (answered 404). */
export function parseRowId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= INT_MAX ? n : null;
}
