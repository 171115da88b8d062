import { INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import type { LoadScenario } from './load.ts';
import { CEILING_PATH } from './ceiling-route.ts';

const list = `${INVENTORY_BASE}/001/2003`;

export const CEILING: LoadScenario = { name: 'ceiling', path: CEILING_PATH, listOrSearch: false };

/** The measured API requests; `ids` rotate through the detail scenario, `token` is a bench user's. */
export function apiScenarios(ids: readonly number[], token: string): LoadScenario[] {
  return [
    { name: 'list page 1', path: `${list}?start=0&end=20`, listOrSearch: true },
    { name: 'deep window', path: `${list}?start=10000&end=10020`, listOrSearch: true },
    {
      name: 'filtered',
      path: `${list}?make=volvo&fuel=diesel&priceMin=50000&priceMax=200000&orderBy=price&order=asc`,
      listOrSearch: true,
    },
    { name: 'search', path: `${list}?searchterm=dragkrok`, listOrSearch: true },
    { name: 'partial word', path: `${list}?searchterm=volv`, listOrSearch: true },
    {
      name: 'detail',
      path: `${INVENTORY_BASE}/001/2001?carid=${ids[0]}`,
      paths: ids.map((id) => `${INVENTORY_BASE}/001/2001?carid=${id}`),
      listOrSearch: false,
    },
    {
      name: 'saved',
      path: `${INVENTORY_BASE}/001/3002`,
      headers: { authorization: `Bearer ${token}` },
      listOrSearch: false,
    },
  ];
}
