import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { useDocumentTitle } from './use-document-title.ts';

function Titled({ title, children }: { title: string; children?: React.ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}

let toggle: (on: boolean) => void = () => {};
function Page() {
  const [open, setOpen] = useState(false);
  toggle = setOpen;
  return <Titled title="Inställningar">{open && <Titled title="Min profil" />}</Titled>;
}

describe('useDocumentTitle', () => {
  it('gives the title back to what is still shown when a part goes, and the first title when all have gone', () => {
    document.title = 'Bilmarknaden';
    const { unmount } = render(<Page />);
    expect(document.title).toBe('Inställningar – Bilmarknaden');
    act(() => toggle(true));
    expect(document.title).toBe('Min profil – Bilmarknaden');
    act(() => toggle(false));
    expect(document.title).toBe('Inställningar – Bilmarknaden');
    act(() => toggle(true));
    // Both go at once (the user leaves the page with the part open): React may clean up the outer one first.
    unmount();
    expect(document.title).toBe('Bilmarknaden');
  });
});
