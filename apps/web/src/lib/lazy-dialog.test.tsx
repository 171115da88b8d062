import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyDialog } from './lazy-dialog.tsx';

interface Props {
  open: boolean;
  title: string;
}
const Shown = ({ open, title }: Props) => (open ? <div role="dialog" aria-label={title} /> : <p>stängd</p>);

describe('lazyDialog', () => {
  it('fetches the dialog only when it first opens, then keeps it mounted with its props', async () => {
    const load = vi.fn(async () => Shown);
    const Dialog = lazyDialog(load);
    const { container, rerender } = render(<Dialog open={false} title="Anmäl annons" />);
    expect(load).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();

    rerender(<Dialog open title="Anmäl annons" />);
    expect(await screen.findByRole('dialog', { name: 'Anmäl annons' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Closed again, it stays mounted: the dialog itself handles its closing.
    rerender(<Dialog open={false} title="Anmäl annons" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('stängd')).toBeInTheDocument();
  });

  it("opens by the given condition, and the trigger's focus fetches without rendering", async () => {
    const load = vi.fn(async () => ({ car }: { car: string | null }) => <p>{car ?? 'ingen'}</p>);
    const Dialog = lazyDialog(load, (props) => props.car !== null);
    Dialog.trigger.onFocus();
    expect(load).toHaveBeenCalledTimes(1);
    const { container, rerender } = render(<Dialog car={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Dialog car="Volvo V70" />);
    expect(await screen.findByText('Volvo V70')).toBeInTheDocument();
  });
});
