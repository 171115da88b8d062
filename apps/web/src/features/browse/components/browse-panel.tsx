import { useId, useState, type FormEvent } from 'react';
import { attributeLabels } from '@bilmarknaden/shared/options';
import { matchName, useMakes, useModels } from '../../../components/car-queries.ts';
import { MAKES_FAILED, namesAsOptions, SelectField } from '../../../components/select-field.tsx';
import type { BrowseFilter } from '../utils/browse-filters.ts';

interface BrowsePanelProps {
  id: string;
  initial: BrowseFilter;
  onApply: (filter: BrowseFilter) => void;
}

/** The slide-down filter panel: make, model (after a make), year from and to; apply filters and closes. */
export function BrowsePanel({ id, initial, onApply }: BrowsePanelProps) {
  const [draft, setDraft] = useState(initial);
  const [fromText, setFromText] = useState(String(initial.yearFrom));
  const [toText, setToText] = useState(String(initial.yearTo));
  const ids = useId();
  const makes = useMakes();
  const make = matchName(makes.data, draft.make);
  const models = useModels(make || undefined);
  const model = matchName(models.data, draft.model);
  const makeOptions = namesAsOptions(makes.data);
  if (make && !makeOptions.some((o) => o.value === make)) makeOptions.unshift({ value: make, label: make });
  const modelOptions = namesAsOptions(models.data);
  if (model && !modelOptions.some((o) => o.value === model)) modelOptions.unshift({ value: model, label: model });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const num = (t: string, fallback: number) => (/^\d{4}$/.test(t.trim()) ? Number(t.trim()) : fallback);
    onApply({ make, model, yearFrom: num(fromText, initial.yearFrom), yearTo: num(toText, initial.yearTo) });
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
            id={`${ids}-from`}
            type="text"
            inputMode="numeric"
            maxLength={4}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>År till</label>
          <input
            id={`${ids}-to`}
            type="text"
            inputMode="numeric"
            maxLength={4}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="button button--primary">
        Använd filter
      </button>
    </form>
  );
}
