import { useSyncExternalStore } from 'react';
import { COMPARE_MAX, STORAGE_KEYS } from '@bilmarknaden/shared/constants';

// The ads chosen for 'Jämför' (issue 44), kept in this browser's localStorage as a small external store: a card, the
// ad page, the layout's bar and the comparison page share it without a provider or an import across features.

export const COMPARE_FULL_MESSAGE = `Du kan jämföra högst ${COMPARE_MAX} bilar. Ta bort en först.`;

/** What a press of 'Jämför' did: added, taken out, or refused because the comparison is full. */
export type CompareToggleResult = 'added' | 'removed' | 'full';

const listeners = new Set<() => void>();
const EMPTY: readonly number[] = [];
// The last value read, kept while the stored text is the same: useSyncExternalStore needs a stable snapshot.
let cachedRaw: string | null = null;
let cached: readonly number[] = EMPTY;
// Where storage is refused (a private window, a full quota), the list lives in this tab only.
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.compare);
  } catch {
    return memoryRaw;
  }
}

/** The stored ids, read leniently: anything but distinct positive integers is dropped, at most COMPARE_MAX kept. */
function parse(raw: string | null): readonly number[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const ids = value.filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0);
    return [...new Set(ids)].slice(0, COMPARE_MAX);
  } catch {
    return EMPTY;
  }
}

/** The compared ad ids, in the order they were added. */
export function comparedIds(): readonly number[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function write(ids: readonly number[]): void {
  const raw = JSON.stringify(ids);
  memoryRaw = raw;
  try {
    localStorage.setItem(STORAGE_KEYS.compare, raw);
  } catch {
    // Kept in memory (memoryRaw) for this tab.
  }
  listeners.forEach((l) => l());
}

/** Adds an ad unless the comparison is full ('full': nothing changes). */
export function addToCompare(id: number): 'added' | 'full' {
  const ids = comparedIds();
  if (ids.includes(id)) return 'added';
  if (ids.length >= COMPARE_MAX) return 'full';
  write([...ids, id]);
  return 'added';
}

export function removeFromCompare(id: number): void {
  const ids = comparedIds();
  if (ids.includes(id)) write(ids.filter((i) => i !== id));
}

/** 'Jämför' pressed: the ad goes in, or out when it is already there; a fourth is refused. */
export function toggleCompare(id: number): CompareToggleResult {
  if (comparedIds().includes(id)) {
    removeFromCompare(id);
    return 'removed';
  }
  return addToCompare(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event: the comparison is the same in every tab.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.compare) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useComparedIds(): readonly number[] {
  return useSyncExternalStore(subscribe, comparedIds, () => EMPTY);
}
