import type { Car, CarListItem } from '@bilmarknaden/shared/api-types';

export function carItem(id: number, over: Partial<CarListItem> = {}): CarListItem {
  return {
    id,
    title: `Bil ${id}`,
    year: 2015,
    transmission: 'manuell',
    fuel: 'diesel',
    price: 125000,
    created: '2024-11-21T14:05:00',
    milage: 12000,
    hp: 150,
    make: 'Volvo',
    model: 'V70',
    imageCount: 1,
    imageVersion: 1,
    kommun: null,
    dealer: null,
    ...over,
  };
}

export function carDetail(id: number, over: Partial<Car> = {}): Car {
  return {
    ...carItem(id),
    description: 'Fin bil.\nServad.',
    color: 'röd',
    type: 'kombi',
    drivetrain: 'awd',
    user: 'kalle',
    equipment: [],
    ...over,
  };
}

export const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => carItem(from + i + 1));
