import { useId, useRef, useState, type FormEvent } from 'react';
import { BROWSE_YEAR_FROM, BROWSE_YEAR_TO } from '@bilmarknaden/shared/constants';
import { attributeLabels } from '@bilmarknaden/shared/options';
import { findKommun, LAN } from '@bilmarknaden/shared/places';
import { rangeOrderMessage, readBound } from '@bilmarknaden/shared/validation/filter-ranges';
import { matchName, useCarCount, useMakes, useModels } from '../../../lib/car-queries.ts';
import { formatCarCount } from '../../../lib/format.ts';
import { MAKES_FAILED, namesAsOptions, SelectField } from '../../../components/select-field.tsx';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { EquipmentCheckboxes } from '../../../components/equipment-checkboxes.tsx';
import { DistanceFilter } from '../../../components/distance-filter.tsx';
import { EQUIPMENT_LABEL } from '@bilmarknaden/shared/equipment';
import { SellerFilter } from '../../../components/seller-filter.tsx';
import { browseParams, browseQuery, type BrowseFilter } from '../utils/browse-filters.ts';

interface BrowsePanelProps {
  id: string;
  initial: BrowseFilter;
  onApply: (filter: BrowseFilter) => void;
  /** The user's own kommun: prefills the distance filter. */
  homeKommun?: string;
}

const LAN_OPTIONS = LAN.map((l) => ({ value: l.code, label: l.shortName }));

type YearCheck = { ok: true; from: number; to: number } | { ok: false; from?: string; to?: string };

/** The typed years: an empty one is no limit (the default), a bad one or a reversed range is said, not fixed. */
function checkYears(fromText: string, toText: string): YearCheck {
  const from = readBound('year', fromText);
  const to = readBound('year', toText);
  if (!from.ok || !to.ok)
    return { ok: false, from: from.ok ? undefined : from.message, to: to.ok ? undefined : to.message };
  const years = { from: from.value ?? BROWSE_YEAR_FROM, to: to.value ?? BROWSE_YEAR_TO };
  const reversed = rangeOrderMessage('year', years.from, years.to);
  return reversed ? { ok: false, from: reversed } : { ok: true, ...years };
}

/**
 * The slide-down filter panel: make, model (after a make), year from and to, county, kommun and equipment; apply filters
 * and closes. Years it
 * cannot use keep what was typed, get their message next to the field, and the panel stays open.
 */
export function BrowsePanel({ id, initial, onApply, homeKommun }: BrowsePanelProps) {
  const [draft, setDraft] = useState(initial);
  const [fromText, setFromText] = useState(String(initial.yearFrom));
  const [toText, setToText] = useState(String(initial.yearTo));
  // After a refused apply the messages follow the typing, so a corrected year clears its message at once.
  const [attempted, setAttempted] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const makes = useMakes();
  const make = matchName(makes.data, draft.make);
  const models = useModels(make || undefined);
  const model = matchName(models.data, draft.model);
  const makeOptions = namesAsOptions(makes.data);
  if (make && !makeOptions.some((o) => o.value === make)) makeOptions.unshift({ value: make, label: make });
  const modelOptions = namesAsOptions(models.data);
  if (model && !modelOptions.some((o) => o.value === model)) modelOptions.unshift({ value: model, label: model });

  const years = checkYears(fromText, toText);
  const errors: { from?: string; to?: string } = attempted && !years.ok ? years : {};
  // What applying would list, counted as the choices change (years still being typed count as they were).
  const counted = years.ok ? years : { from: initial.yearFrom, to: initial.yearTo };
  const count = useCarCount(
    browseQuery(
      browseParams({
        make,
        model,
        yearFrom: counted.from,
        yearTo: counted.to,
        lan: draft.lan,
        kommun: draft.kommun,
        equipment: draft.equipment,
        distance: draft.distance,
        seller: draft.seller,
      }),
    ),
  ).data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!years.ok) {
      setAttempted(true);
      (years.from ? fromRef : toRef).current?.focus();
      return;
    }
    onApply({
      make,
      model,
      yearFrom: years.from,
      yearTo: years.to,
      lan: draft.lan,
      kommun: draft.kommun,
      equipment: draft.equipment,
      distance: draft.distance,
      seller: draft.seller,
    });
  };

  return (
    <form id={id} className="browse-panel" onSubmit={submit} aria-label="Filtrera bilar">
      <div className="browse-panel__grid">
        <div>
          <SelectField
            label={attributeLabels.make}
            placeholder="Alla märken"
            value={make}
            options={makeOptions}
            onChange={(v) => setDraft((d) => ({ ...d, make: v, model: '' }))}
          />
          {makes.isError && <p className="field-note">{MAKES_FAILED}</p>}
        </div>
        <SelectField
          label={attributeLabels.model}
          placeholder="Alla modeller"
          value={model}
          options={modelOptions}
          disabled={!make}
          onChange={(v) => setDraft((d) => ({ ...d, model: v }))}
        />
        <div className="field">
          <label htmlFor={`${ids}-from`}>År från</label>
          <input
            ref={fromRef}
            id={`${ids}-from`}
            type="text"
            inputMode="numeric"
            maxLength={4}
            value={fromText}
            aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? `${ids}-from-error` : undefined}
            onChange={(e) => setFromText(e.target.value)}
          />
          {errors.from && (
            <p id={`${ids}-from-error`} className="field__error" role="alert">
              {errors.from}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>År till</label>
          <input
            ref={toRef}
            id={`${ids}-to`}
            type="text"
            inputMode="numeric"
            maxLength={4}
            value={toText}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? `${ids}-to-error` : undefined}
            onChange={(e) => setToText(e.target.value)}
          />
          {errors.to && (
            <p id={`${ids}-to-error`} className="field__error" role="alert">
              {errors.to}
            </p>
          )}
        </div>
        <SelectField
          label="Län"
          placeholder="Alla län"
          value={draft.lan}
          options={LAN_OPTIONS}
          // A county drops a kommun outside it.
          onChange={(v) =>
            setDraft((d) => ({ ...d, lan: v, kommun: v && findKommun(d.kommun)?.lan !== v ? '' : d.kommun }))
          }
        />
        <PlaceCombobox
          label="Kommun"
          placeholder="Alla kommuner"
          lan={draft.lan || undefined}
          value={draft.kommun}
          onChange={(v) => setDraft((d) => ({ ...d, kommun: v }))}
        />
        <SellerFilter
          placeholder="Privat och handlare"
          value={draft.seller || undefined}
          onChange={(v) => setDraft((d) => ({ ...d, seller: v ?? '' }))}
        />
      </div>
      <DistanceFilter
        value={draft.distance}
        defaultNear={homeKommun}
        onChange={(distance) => setDraft((d) => ({ ...d, distance }))}
        nearestToggle
      />
      <EquipmentCheckboxes
        legend={EQUIPMENT_LABEL}
        hint="Bara bilar med allt du väljer visas."
        value={draft.equipment}
        onChange={(equipment) => setDraft((d) => ({ ...d, equipment }))}
      />
      {/* Phones: stays at the screen's bottom while the fields scroll, so the count is always in view. */}
      <div className="browse-panel__apply">
        <button type="submit" className="button button--primary">
          {count ? `Visa ${formatCarCount(count.count, count.more)}` : 'Visa bilar'}
        </button>
      </div>
    </form>
  );
}
