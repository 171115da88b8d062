import { describe, expect, it } from 'vitest';
import {
  EQUIPMENT,
  EQUIPMENT_CODES,
  EQUIPMENT_GROUPS,
  equipmentLabel,
  equipmentParam,
  groupedEquipment,
  readEquipmentParam,
  sortEquipment,
  splitEquipment,
} from './equipment.ts';
import { watchChips, watchName } from './watches.ts';

describe('the equipment list', () => {
  it('has about 40 items in the five groups, each code unique, URL-safe and labelled', () => {
    expect(EQUIPMENT_GROUPS.map((g) => g.label)).toEqual([
      'Komfort',
      'Säkerhet',
      'Vinter',
      'Drag och last',
      'Multimedia',
    ]);
    expect(EQUIPMENT.length).toBeGreaterThanOrEqual(38);
    expect(EQUIPMENT.length).toBeLessThanOrEqual(45);
    expect(new Set(EQUIPMENT_CODES).size).toBe(EQUIPMENT.length);
    for (const item of EQUIPMENT) {
      expect(item.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(item.label.trim()).not.toBe('');
    }
    for (const code of ['dragkrok', 'motorvarmare', 'fyrhjulsdrift', 'apple-carplay']) {
      expect(EQUIPMENT_CODES).toContain(code);
    }
  });

  it('sorts codes into the list’s order once each, dropping unknown ones', () => {
    expect(sortEquipment(['apple-carplay', 'dragkrok', 'okänd', 'motorvarmare', 'dragkrok'])).toEqual([
      'motorvarmare',
      'dragkrok',
      'apple-carplay',
    ]);
    expect(equipmentLabel('kupevarmare')).toBe('Kupévärmare');
    expect(equipmentLabel('okänd')).toBe('okänd');
  });

  it('reads repeated values and commas, case and spaces aside', () => {
    expect(splitEquipment(['Dragkrok', ' motorvarmare, isofix ', '', 7])).toEqual([
      'dragkrok',
      'motorvarmare',
      'isofix',
    ]);
    expect(splitEquipment(undefined)).toEqual([]);
  });

  it('reads the filter: codes in order, or the first unknown one', () => {
    expect(readEquipmentParam('apple-carplay,DRAGKROK')).toEqual({ codes: ['dragkrok', 'apple-carplay'] });
    expect(readEquipmentParam('dragkrok,raketmotor')).toEqual({ unknown: 'raketmotor' });
    expect(readEquipmentParam(null)).toEqual({ codes: [] });
    expect(equipmentParam(['apple-carplay', 'dragkrok'])).toBe('dragkrok,apple-carplay');
  });

  it('groups an ad’s equipment for its page, leaving out empty groups', () => {
    expect(groupedEquipment(['apple-carplay', 'motorvarmare', 'stolsvarme'])).toEqual([
      { label: 'Vinter', items: ['Motorvärmare', 'Stolsvärme'] },
      { label: 'Multimedia', items: ['Apple CarPlay'] },
    ]);
    expect(groupedEquipment([])).toEqual([]);
  });

  it('names a bevakning’s equipment in its chips and name', () => {
    expect(watchChips({ make: 'Volvo', equipment: 'dragkrok,motorvarmare' })).toEqual([
      'Volvo',
      'Motorvärmare',
      'Dragkrok',
    ]);
    expect(watchName({ equipment: 'apple-carplay' })).toBe('Apple CarPlay');
  });
});
