import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  attributeLabels,
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  transmissionOptions,
  typeOptions,
  type Option,
} from '@bilmarknaden/shared/options';
import { newAdRules, NEW_AD_FIELDS, type NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import type { VehicleFacts } from '@bilmarknaden/shared/api-types';
import type { Rule } from '@bilmarknaden/shared/validation/rules';
import {
  normalizeRegistrationNumber,
  registrationNumberRules,
  type RegistrationNumberInput,
} from '@bilmarknaden/shared/validation/registration-number';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import { matchName, useMakes, useModels } from '../../../lib/car-queries.ts';
import { MAKES_FAILED, namesAsOptions, SelectField } from '../../../components/select-field.tsx';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { EquipmentCheckboxes } from '../../../components/equipment-checkboxes.tsx';
import { EQUIPMENT_LABEL, sortEquipment } from '@bilmarknaden/shared/equipment';
import { FAILED_CALL } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { compressImage } from '../utils/compress-image.ts';
import {
  addPhotos,
  markUnreadable,
  movePhoto,
  photosFailure,
  removePhoto,
  type PickedPhoto,
} from '../utils/photo-list.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { SellerPriceRange } from './seller-price-range.tsx';
import { FixedRegistrationNumber, RegistrationField } from './registration-field.tsx';
import '../new-ad.css';

const EMPTY_AD: NewAdInput = {
  title: '',
  description: '',
  price: '',
  make: '',
  model: '',
  year: '',
  milage: '',
  hp: '',
  color: '',
  type: '',
  transmission: '',
  drivetrain: '',
  fuel: '',
  kommun: '',
  equipment: [],
};

type FormInput = NewAdInput & RegistrationNumberInput;
type FieldName = keyof FormInput;

// A new ad's number comes first: a failing field below it is the message shown (the last failing rule wins).
const NEW_AD_RULES: readonly Rule<FormInput>[] = [...registrationNumberRules, ...newAdRules];

/**
 * The register's facts as the form's values: the same names and option values; the equipment it knows is checked
 * besides what the seller already checked.
 */
const fromFacts = (a: NewAdInput, f: VehicleFacts): NewAdInput => ({
  ...a,
  make: f.make,
  model: f.model,
  year: String(f.year),
  hp: String(f.hp),
  fuel: f.fuel,
  transmission: f.transmission,
  type: f.type,
  color: f.color,
  equipment: sortEquipment([...a.equipment, ...(f.equipment ?? [])]),
});

interface AdSubmit {
  form: FormData;
  onProgress: (fraction: number) => void;
}

interface AdFormProps {
  initial?: NewAdInput;
  submitLabel: string;
  /** Sends the multipart form; rejects with ApiRequestError (400: the server's message). */
  onSubmit: (submit: AdSubmit) => Promise<void>;
  /** Edit: photos are optional and new ones replace the old set. */
  photoHint?: string;
  /** The place a new ad starts with (the seller's registered city's kommun), until the seller picks one. */
  defaultKommun?: string;
  /**
   * Absent: a new ad, whose registration number is asked for (with 'Hämta fordonsuppgifter'). Given: an edit,
   * which shows the ad's number and cannot change it (null: an ad published before numbers were asked for).
   */
  fixedRegistrationNumber?: string | null;
}

/** The ad's fields with labels, the photo picker, the last failing rule in a red alert, busy state and progress. */
export function AdForm({
  initial = EMPTY_AD,
  submitLabel,
  onSubmit,
  photoHint,
  defaultKommun,
  fixedRegistrationNumber,
}: AdFormProps) {
  const newAd = fixedRegistrationNumber === undefined;
  const [ad, setAd] = useState<NewAdInput>(initial);
  const [registrationNumber, setRegistrationNumber] = useState('');
  // The profile may arrive after the form: its kommun fills an untouched, empty place.
  const placeTouched = useRef(false);
  useEffect(() => {
    if (defaultKommun && !placeTouched.current) setAd((a) => (a.kommun === '' ? { ...a, kommun: defaultKommun } : a));
  }, [defaultKommun]);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  // What the photo picker has to say (a file too large, too many, unreadable), until the next submit.
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const fieldId = (k: FieldName) => `${ids}-${k}`;
  const alertId = `${ids}-alert`;

  // Revoke preview URLs when the form goes away (removed photos are revoked at once).
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const makes = useMakes();
  const make = matchName(makes.data, ad.make);
  const models = useModels(make || undefined);
  const model = matchName(models.data, ad.model);
  const makeOptions = namesAsOptions(makes.data);
  if (make && !makeOptions.some((o) => o.value === make)) makeOptions.unshift({ value: make, label: make });
  const modelOptions = namesAsOptions(models.data);
  if (model && !modelOptions.some((o) => o.value === model)) modelOptions.unshift({ value: model, label: model });

  const setEquipment = useCallback((equipment: string[]) => setAd((a) => ({ ...a, equipment })), []);
  const set = (key: Exclude<keyof NewAdInput, 'equipment'>) => (value: string) =>
    setAd((a) => (key === 'make' && value !== a.make ? { ...a, make: value, model: '' } : { ...a, [key]: value }));

  const input = Object.fromEntries(NEW_AD_FIELDS.map((k) => [k, ad[k].trim()])) as unknown as FormInput;
  input.make = make;
  input.model = model;
  input.registrationNumber = registrationNumber.trim();
  input.equipment = ad.equipment;
  const form = useRuleSubmit<FormInput>({
    rules: newAd ? NEW_AD_RULES : newAdRules,
    input,
    focus: (field) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus(),
    failed: FAILED_CALL,
    logLabel: 'Annonsen kunde inte skickas',
  });
  const { busy } = form;
  const message = notice ?? form.shown?.message ?? null;
  const invalid = notice ? null : (form.shown?.field ?? null);

  const submit = (e: FormEvent) => {
    // A photo that cannot be sent is named first, before any field.
    const blocked = photosFailure(photos);
    setNotice(blocked);
    if (blocked) {
      e.preventDefault();
      return;
    }
    void form.submit(e, async (fields) => {
      try {
        const files = await Promise.all(photos.map((p) => compressImage(p.file)));
        const body = new FormData();
        // An edit never sends the number: it cannot change it.
        if (newAd) body.append('registrationNumber', normalizeRegistrationNumber(fields.registrationNumber));
        for (const k of NEW_AD_FIELDS) body.append(k, fields[k]);
        // One field per item; with none checked an empty one, so that an edit clears the ad's equipment.
        if (fields.equipment.length === 0) body.append('equipment', '');
        for (const code of fields.equipment) body.append('equipment', code);
        files.forEach((file, i) => body.append(`images[${i}]`, file, file.name));
        if (files.length) setProgress(0);
        await onSubmit({ form: body, onProgress: setProgress });
      } catch (error) {
        setProgress(null);
        throw error;
      }
    });
  };

  // A field's message shows right below the field (in view beside the focused field after a failed submit, and read
  // with it); one without a field (a photo, the connection) shows above the submit button.
  const alertBelow = (key: FieldName) =>
    message && invalid === key ? (
      <div id={alertId} className="alert ad-form__wide" role="alert">
        {message}
      </div>
    ) : null;
  const describedBy = (key: FieldName) => (invalid === key ? alertId : undefined);

  const text = (key: Exclude<keyof NewAdInput, 'equipment'>, label: string, extra: Record<string, string> = {}) => (
    <>
      <div className="field">
        <label htmlFor={fieldId(key)}>{label}</label>
        <input
          id={fieldId(key)}
          name={key}
          type="text"
          value={ad[key]}
          aria-invalid={invalid === key || undefined}
          aria-describedby={describedBy(key)}
          onChange={(e) => set(key)(e.target.value)}
          {...extra}
        />
      </div>
      {alertBelow(key)}
    </>
  );
  const numeric = { inputMode: 'numeric', autoComplete: 'off' };
  /** One of the five attributes chosen from a fixed list (colour, type, gearbox, drivetrain, fuel). */
  const option = (
    key: 'color' | 'type' | 'transmission' | 'drivetrain' | 'fuel',
    placeholder: string,
    options: readonly Option[],
  ) => (
    <>
      <SelectField
        id={fieldId(key)}
        name={key}
        invalid={invalid === key}
        describedBy={describedBy(key)}
        label={attributeLabels[key]}
        placeholder={placeholder}
        value={ad[key]}
        options={options}
        onChange={set(key)}
      />
      {alertBelow(key)}
    </>
  );

  return (
    <form ref={formRef} className="ad-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset className="ad-form__fields" disabled={busy}>
        {newAd ? (
          <RegistrationField
            id={fieldId('registrationNumber')}
            value={registrationNumber}
            onChange={setRegistrationNumber}
            onFacts={(facts) => setAd((a) => fromFacts(a, facts))}
            invalid={invalid === 'registrationNumber'}
            describedBy={describedBy('registrationNumber')}
          />
        ) : (
          fixedRegistrationNumber && (
            <FixedRegistrationNumber id={fieldId('registrationNumber')} value={fixedRegistrationNumber} />
          )
        )}
        {alertBelow('registrationNumber')}
        {text('title', 'Rubrik')}
        <div className="field ad-form__wide">
          <label htmlFor={fieldId('description')}>Beskrivning</label>
          <textarea
            id={fieldId('description')}
            name="description"
            rows={6}
            aria-invalid={invalid === 'description' || undefined}
            aria-describedby={describedBy('description')}
            value={ad.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        </div>
        {alertBelow('description')}
        {text('price', 'Pris (kr)', numeric)}
        <div>
          <SelectField
            id={fieldId('make')}
            name="make"
            invalid={invalid === 'make'}
            describedBy={describedBy('make')}
            label={attributeLabels.make}
            placeholder="Välj märke"
            value={make}
            options={makeOptions}
            onChange={set('make')}
          />
          {makes.isError && (
            <p className="field-note" role="status">
              {MAKES_FAILED}
            </p>
          )}
        </div>
        {alertBelow('make')}
        <SelectField
          id={fieldId('model')}
          name="model"
          invalid={invalid === 'model'}
          describedBy={describedBy('model')}
          label={attributeLabels.model}
          placeholder="Välj modell"
          value={model}
          options={modelOptions}
          disabled={!make}
          onChange={set('model')}
        />
        {alertBelow('model')}
        {text('year', 'Årsmodell', numeric)}
        {text('milage', 'Miltal (mil)', numeric)}
        <SellerPriceRange make={make} model={model} year={input.year} milage={input.milage} />
        {text('hp', 'Hästkrafter (hk)', numeric)}
        {option('color', 'Välj färg', colorOptions)}
        {option('type', 'Välj typ', typeOptions)}
        {option('transmission', 'Välj växellåda', transmissionOptions)}
        {option('drivetrain', 'Välj drivlina', drivetrainOptions)}
        {option('fuel', 'Välj bränsle', fuelOptions)}
        <PlaceCombobox
          id={fieldId('kommun')}
          name="kommun"
          label="Plats (kommun)"
          placeholder="Skriv för att söka"
          value={ad.kommun}
          invalid={invalid === 'kommun'}
          describedBy={describedBy('kommun')}
          onChange={(code) => {
            placeTouched.current = true;
            set('kommun')(code);
          }}
        />
        {alertBelow('kommun')}
        <div className="ad-form__wide">
          <EquipmentCheckboxes
            legend={EQUIPMENT_LABEL}
            hint={
              newAd
                ? 'Kryssa i det bilen har. Det fordonsregistret känner till kryssas i när du hämtar fordonsuppgifterna.'
                : 'Kryssa i det bilen har.'
            }
            name="equipment"
            value={ad.equipment}
            onChange={setEquipment}
          />
        </div>
        {alertBelow('equipment')}
      </fieldset>
      <PhotoPicker
        photos={photos}
        disabled={busy}
        hint={photoHint}
        onAdd={(files) => {
          const { list, message: m } = addPhotos(photos, files, (f) => URL.createObjectURL(f));
          setPhotos(list);
          setNotice(m);
        }}
        onMove={(i, d) => setPhotos((l) => movePhoto(l, i, d))}
        onUnreadable={(key) => {
          if (markUnreadable(photos, key) === photos) return; // a HEIC preview, or already marked
          // Two bad files fail in one turn: each marks the list as it then is.
          setPhotos((l) => markUnreadable(l, key));
          setNotice(IMAGE_MESSAGES.notAnImage);
        }}
        onRemove={(i) => {
          const gone = photos[i];
          if (gone) URL.revokeObjectURL(gone.url);
          const next = removePhoto(photos, i);
          setPhotos(next);
          if (notice && notice === gone?.failure && !photosFailure(next)) setNotice(null);
        }}
      />
      {progress !== null && (
        <div className="ad-form__progress">
          <label htmlFor={`${ids}-progress`}>Uppladdning</label>
          <progress id={`${ids}-progress`} max={100} value={Math.round(progress * 100)}>
            {Math.round(progress * 100)} %
          </progress>
        </div>
      )}
      {message &&
        !(
          invalid &&
          (invalid === 'registrationNumber' ||
            invalid === 'equipment' ||
            NEW_AD_FIELDS.includes(invalid as (typeof NEW_AD_FIELDS)[number]))
        ) && (
          <div id={alertId} className="alert" role="alert">
            {message}
          </div>
        )}
      <div className="ad-form__submit">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        {busy && <Spinner size="small" label="Skickar annonsen..." />}
      </div>
    </form>
  );
}
