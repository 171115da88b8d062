import type { Order, OrderBy } from '@bilmarknaden/shared/constants';

/** The sort choices the home list offers; the first is the default (created desc). */
export const SORT_OPTIONS: readonly { value: `${OrderBy}-${Order}`; label: string }[] = [
  { value: 'created-desc', label: 'Senast inlagda' },
  { value: 'created-asc', label: 'Äldst inlagda' },
  { value: 'price-asc', label: 'Lägst pris' },
  { value: 'price-desc', label: 'Högst pris' },
  { value: 'year-desc', label: 'Nyast årsmodell' },
  { value: 'year-asc', label: 'Äldst årsmodell' },
  { value: 'milage-asc', label: 'Lägst miltal' },
  { value: 'hp-desc', label: 'Flest hästkrafter' },
];

export function sortValue(orderBy: OrderBy | undefined, order: Order | undefined): string {
  return `${orderBy ?? 'created'}-${order ?? 'desc'}`;
}

export function parseSortValue(value: string): { orderBy: OrderBy; order: Order } {
  const [orderBy, order] = value.split('-') as [OrderBy, Order];
  return { orderBy, order };
}
