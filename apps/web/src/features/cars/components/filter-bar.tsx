import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { CarCount } from '@bilmarknaden/shared/api-types';
import { formatCarCount } from '../../../lib/format.ts';
import {
  attributeLabels,
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  transmissionOptions,
  typeOptions,
} from '@bilmarknaden/shared/options';
import type { FilterKey, PlaceKey, RangeKey, SellerValue } from '@bilmarknaden/shared/filters';
import { SellerFilter } from '../../../components/seller-filter.tsx';
import { LAN } from '@bilmarknaden/shared/places';
import { matchName, useMakes, useModels } from '../../../lib/car-queries.ts';
import { MAKES_FAILED, namesAsOptions, SelectField } from '../../../components/select-field.tsx';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { equipmentOf, type HomeFilters } from '../utils/home-filters.ts';
import { EquipmentFilter } from '../../../components/equipment-checkboxes.tsx';
import { NEAREST_SORT_VALUE, parseSortValue, SORT_OPTIONS, sortValue } from '../utils/sort-options.ts';
import { DistanceFilter, type DistanceValue } from '../../../components/distance-filter.tsx';
import { RangeField } from './range-field.tsx';

interface FilterBarProps {
  filters: HomeFilters;
  onFilter: (key: FilterKey, value: string) => void;
  onRange: (key: RangeKey, value: number | undefined) => void;
  onPlace: (key: PlaceKey, value: string) => void;
  onSort: (value: ReturnType<typeof parseSortValue>) => void;
  onEquipment: (codes: string[]) => void;
  onDistance: (value: DistanceValue) => void;
  /** The user's own kommun (from their profile's city): prefills the distance filter's kommun. */
  homeKommun?: string;
  /** 'Privat / Handlare'. */
  onSeller: (value: SellerValue | undefined) => void;
  /** A new number drops what was typed in the range fields and not applied ('Rensa alla filter'). */
  draftsKey: number;
  /** How many ads the filters match: on phones, 'Visa N bilar' under the open filters. */
  count?: CarCount;
  /** 'Visa N bilar': the filters fold away and the results take the keyboard. */
  onShowResults?: () => void;
}

/** The home filter dropdowns, ranges and sort order. */
const LAN_OPTIONS = LAN.map((l) => ({ value: l.code, label: l.shortName }));

export function FilterBar({
  filters,
  onFilter,
  onRange,
  onPlace,
  onSort,
  onEquipment,
  onDistance,
  homeKommun,
  onSeller,
  draftsKey,
  count,
  onShowResults,
}: FilterBarProps) {
  // Phones: the fields fold away behind a toggle so the cards come first; wider screens always show them.
  const [open, setOpen] = useState(false);
  const makes = useMakes();
  const make = matchName(makes.data, filters.make);
  const models = useModels(make || undefined);
  const model = matchName(models.data, filters.model);
  const makeOptions = namesAsOptions(makes.data);
  // A make from the URL that the server does not list still shows as selected.
  if (make && !makeOptions.some((o) => o.value === make)) makeOptions.unshift({ value: make, label: make });
  const modelOptions = namesAsOptions(models.data);
  if (model && !modelOptions.some((o) => o.value === model)) modelOptions.unshift({ value: model, label: model });

  return (
    <section className="filter-bar" aria-label="Filter">
      <button
        type="button"
        className="button button--secondary filter-bar__toggle"
        aria-expanded={open}
        aria-controls="home-filter-grid"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Dölj filter' : 'Visa filter'}
      </button>
      <div id="home-filter-grid" className={`filter-bar__grid ${open ? '' : 'filter-bar__grid--folded'}`}>
        <div>
          <SelectField
            label={attributeLabels.make}
            value={make}
            options={makeOptions}
            onChange={(v) => onFilter('make', v)}
          />
          {makes.isError && (
            <p className="field-note" role="status">
              {MAKES_FAILED}
            </p>
          )}
        </div>
        <SelectField
          label={attributeLabels.model}
          value={model}
          options={modelOptions}
          disabled={!make}
          onChange={(v) => onFilter('model', v)}
        />
        <SelectField
          label={attributeLabels.transmission}
          value={filters.trans ?? ''}
          options={transmissionOptions}
          onChange={(v) => onFilter('trans', v)}
        />
        <SelectField
          label={attributeLabels.fuel}
          value={filters.fuel ?? ''}
          options={fuelOptions}
          onChange={(v) => onFilter('fuel', v)}
        />
        <SelectField
          label={attributeLabels.type}
          value={filters.type ?? ''}
          options={typeOptions}
          onChange={(v) => onFilter('type', v)}
        />
        <SelectField
          label={attributeLabels.color}
          value={filters.color ?? ''}
          options={colorOptions}
          onChange={(v) => onFilter('color', v)}
        />
        <SelectField
          label={attributeLabels.drivetrain}
          value={filters.drivetrain ?? ''}
          options={drivetrainOptions}
          onChange={(v) => onFilter('drivetrain', v)}
        />
        <SelectField label="Län" value={filters.lan ?? ''} options={LAN_OPTIONS} onChange={(v) => onPlace('lan', v)} />
        <PlaceCombobox
          label="Kommun"
          placeholder="Alla"
          lan={filters.lan}
          value={filters.kommun ?? ''}
          onChange={(v) => onPlace('kommun', v)}
        />
        <RangeField
          key={`priceMin-${draftsKey}`}
          label="Pris från"
          kind="price"
          side="from"
          partner={filters.priceMax}
          value={filters.priceMin}
          onCommit={(v) => onRange('priceMin', v)}
        />
        <RangeField
          key={`priceMax-${draftsKey}`}
          label="Pris till"
          kind="price"
          side="to"
          partner={filters.priceMin}
          value={filters.priceMax}
          onCommit={(v) => onRange('priceMax', v)}
        />
        <RangeField
          key={`yearMin-${draftsKey}`}
          label="År från"
          kind="year"
          side="from"
          partner={filters.yearMax}
          value={filters.yearMin}
          onCommit={(v) => onRange('yearMin', v)}
        />
        <RangeField
          key={`yearMax-${draftsKey}`}
          label="År till"
          kind="year"
          side="to"
          partner={filters.yearMin}
          value={filters.yearMax}
          onCommit={(v) => onRange('yearMax', v)}
        />
        <RangeField
          key={`milageMax-${draftsKey}`}
          label="Högst miltal"
          kind="milage"
          side="to"
          value={filters.milageMax}
          onCommit={(v) => onRange('milageMax', v)}
        />
        <DistanceFilter
          key={`distance-${draftsKey}`}
          value={{ near: filters.near ?? '', within: filters.within ?? '', nearest: filters.orderBy === 'distance' }}
          defaultNear={homeKommun}
          onChange={onDistance}
        />
        <EquipmentFilter value={equipmentOf(filters)} onChange={onEquipment} />
        <SellerFilter value={filters.seller} onChange={onSeller} />
        <div className="field">
          <label htmlFor="home-sort">Sortering</label>
          <select
            id="home-sort"
            value={sortValue(filters.orderBy, filters.order)}
            onChange={(e) => onSort(parseSortValue(e.target.value))}
          >
            {/* 'Närmast' measures from the distance filter's kommun: offered once one is chosen. */}
            {SORT_OPTIONS.filter((o) => o.value !== NEAREST_SORT_VALUE || filters.near).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {/* Phones: stays at the screen's bottom while the filters scroll, so the count is always in view. */}
        <div className="filter-bar__show">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // Folded first, so the results are scrolled to where they stand without the filters.
              flushSync(() => setOpen(false));
              onShowResults?.();
            }}
          >
            {count ? `Visa ${formatCarCount(count.count, count.more)}` : 'Visa bilar'}
          </button>
        </div>
      </div>
    </section>
  );
}
