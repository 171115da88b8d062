// A filter's range read the wrong way round: said in Swedish rather than swapped or listed as empty.
// A bound itself is read by the ad's own rule and message (new-ad.ts: 'Ange ett giltigt pris' …).

export const RANGE_ORDER_MESSAGES = {
  year: 'Från-året får inte vara efter till-året',
  price: 'Från-priset får inte vara högre än till-priset',
} as const;

export type OrderedRange = keyof typeof RANGE_ORDER_MESSAGES;

/** The message when both bounds are given and from is above to; equal bounds are a range of one. */
export function rangeOrderMessage(range: OrderedRange, from: number | undefined, to: number | undefined) {
  return from !== undefined && to !== undefined && from > to ? RANGE_ORDER_MESSAGES[range] : undefined;
}
