import { describe, expect, it } from 'vitest';
import { initialsOf } from './display-name.ts';

describe('initialsOf', () => {
  it.each([
    ['Karin Åström', 'KÅ'],
    ['anna.svensson', 'AS'],
    ['Eva-Lena Öberg Lind', 'EL'],
    ['bilhandlarn', 'B'],
    ['  ', ''],
  ])('%s → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
