import {
  attributeLabels,
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  optionLabel,
  transmissionOptions,
  typeOptions,
} from '@bilmarknaden/shared/options';
import { findKommun, findLan } from '@bilmarknaden/shared/places';
import { formatNumber, formatPrice } from '../../../lib/format.ts';
import { EQUIPMENT_LABEL, equipmentLabel } from '@bilmarknaden/shared/equipment';
import { distanceChip } from '@bilmarknaden/shared/distance';
import { SELLER_LABELS } from '@bilmarknaden/shared/filters';
import { equipmentOf, type HomeFilterKey, type HomeFilters } from './home-filters.ts';
import { SORT_OPTIONS, sortValue } from './sort-options.ts';

export interface Chip {
  key: HomeFilterKey;
  label: string;
  /** An equipment chip's code: each chosen item has its own chip. */
  value?: string;
}

/**
 * One chip per active filter, in the order the filters appear on screen; `names` spell the make and model as the
 * lists do (the URL may say 'volvo').
 */
export function activeChips(filters: HomeFilters, names: { make?: string; model?: string } = {}): Chip[] {
  const chips: Chip[] = [];
  const add = (key: HomeFilterKey, label: string | undefined) => {
    if (label) chips.push({ key, label });
  };
  const f = filters;
  add('searchterm', f.searchterm && `Sök: ${f.searchterm}`);
  add('make', f.make && `${attributeLabels.make}: ${names.make || f.make}`);
  add('model', f.model && `${attributeLabels.model}: ${names.model || f.model}`);
  add('trans', f.trans && `${attributeLabels.transmission}: ${optionLabel(transmissionOptions, f.trans)}`);
  add('fuel', f.fuel && `${attributeLabels.fuel}: ${optionLabel(fuelOptions, f.fuel)}`);
  add('type', f.type && `${attributeLabels.type}: ${optionLabel(typeOptions, f.type)}`);
  add('color', f.color && `${attributeLabels.color}: ${optionLabel(colorOptions, f.color)}`);
  add('drivetrain', f.drivetrain && `${attributeLabels.drivetrain}: ${optionLabel(drivetrainOptions, f.drivetrain)}`);
  add('lan', f.lan && `Län: ${findLan(f.lan)?.shortName ?? f.lan}`);
  add('kommun', f.kommun && `Kommun: ${findKommun(f.kommun)?.name ?? f.kommun}`);
  for (const code of equipmentOf(f)) {
    chips.push({ key: 'equipment', value: code, label: `${EQUIPMENT_LABEL}: ${equipmentLabel(code)}` });
  }
  add('near', distanceChip(f.near, f.within) ?? undefined);
  add('seller', f.seller && `Säljare: ${SELLER_LABELS[f.seller]}`);
  add('dealer', f.dealer && `Handlare: ${f.dealer}`);
  add('priceMin', f.priceMin !== undefined ? `Pris från ${formatPrice(f.priceMin)}` : undefined);
  add('priceMax', f.priceMax !== undefined ? `Pris till ${formatPrice(f.priceMax)}` : undefined);
  add('yearMin', f.yearMin !== undefined ? `År från ${f.yearMin}` : undefined);
  add('yearMax', f.yearMax !== undefined ? `År till ${f.yearMax}` : undefined);
  add('milageMax', f.milageMax !== undefined ? `Högst ${formatNumber(f.milageMax)} mil` : undefined);
  if (f.orderBy || f.order) {
    const label = SORT_OPTIONS.find((o) => o.value === sortValue(f.orderBy, f.order))?.label;
    add('sort', label && `Sortering: ${label}`);
  }
  return chips;
}
