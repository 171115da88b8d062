import type { ListOrderBy, Order } from '@bilmarknaden/shared/constants';
import { NEAREST_LABEL } from '@bilmarknaden/shared/distance';

/** The sort choices the home list offers; the first is the default (created desc); 'Närmast' needs a kommun. */
export const SORT_OPTIONS: readonly { value: `${ListOrderBy}-${Order}`; label: string }[] = [
  { value: 'created-desc', label: 'Senast inlagda' },
  { value: 'created-asc', label: 'Äldst inlagda' },
  { value: 'price-asc', label: 'Lägst pris' },
  { value: 'price-desc', label: 'Högst pris' },
  { value: 'year-desc', label: 'Nyast årsmodell' },
  { value: 'year-asc', label: 'Äldst årsmodell' },
  { value: 'milage-asc', label: 'Lägst miltal' },
  { value: 'hp-desc', label: 'Flest hästkrafter' },
  { value: 'distance-asc', label: NEAREST_LABEL },
];

/** The value of 'Närmast', offered only while a kommun is chosen. */
export const NEAREST_SORT_VALUE = 'distance-asc';

export function sortValue(orderBy: ListOrderBy | undefined, order: Order | undefined): string {
  // 'Närmast' is nearest first whatever the order.
  if (orderBy === 'distance') return NEAREST_SORT_VALUE;
  return `${orderBy ?? 'created'}-${order ?? 'desc'}`;
}

export function parseSortValue(value: string): { orderBy: ListOrderBy; order: Order } {
  const [orderBy, order] = value.split('-') as [ListOrderBy, Order];
  return { orderBy, order };
}
