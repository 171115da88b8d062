// Counts the app's changes of page (a new path), so that a closing dialog can tell that a link in it changed the
// page: the keyboard then goes to the new page (app/use-route-focus.ts), not back to the dialog's opener.
let changes = 0;

export function notePageChange(): void {
  changes++;
}

export function pageChangeCount(): number {
  return changes;
}
