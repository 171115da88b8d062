/** A command-line value as a whole number ≥ min (`1_000_000` allowed); throws a message naming the flag. */
export function wholeNumberArg(flag: string, value: string | undefined, min: number): number {
  const n = Number(value?.replaceAll('_', ''));
  if (value === undefined || !Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number ≥ ${min}`);
  return n;
}
