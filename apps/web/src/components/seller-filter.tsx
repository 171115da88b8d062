import { SELLER_LABELS, SELLER_VALUES, type SellerValue } from '@bilmarknaden/shared/filters';
import { SelectField } from './select-field.tsx';

const SELLER_OPTIONS = SELLER_VALUES.map((v) => ({ value: v, label: SELLER_LABELS[v] }));

/** 'Privat / Handlare' (issue 45): either (empty), the private sellers' ads or the dealers'. */
export function SellerFilter({
  value,
  onChange,
  placeholder,
}: {
  value: SellerValue | undefined;
  onChange: (value: SellerValue | undefined) => void;
  placeholder?: string;
}) {
  return (
    <SelectField
      label="Säljare"
      placeholder={placeholder ?? 'Alla'}
      value={value ?? ''}
      options={SELLER_OPTIONS}
      onChange={(v) => onChange(SELLER_VALUES.find((x) => x === v))}
    />
  );
}
