import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Gallery } from './Gallery';

const images = [1, 2, 3].map((n) => ({ src: `/media/p-${n}.svg`, alt: `Membrane, picture ${n}` }));
const mainImage = () => screen.getAllByRole('img', { name: /Membrane, picture/ })[0]!;

describe('Gallery', () => {
  it('moves between pictures with the arrows, the thumbnails and the left/right keys', async () => {
    render(<Gallery images={images} name="Membrane" />);
    expect(mainImage()).toHaveAttribute('src', '/media/p-1.svg');
    expect(mainImage()).toHaveAttribute('width', '800');
    await userEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(mainImage()).toHaveAttribute('alt', 'Membrane, picture 2');
    await userEvent.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(mainImage()).toHaveAttribute('src', '/media/p-3.svg');
    expect(screen.getByRole('button', { name: 'Show picture 3 of 3' })).toHaveAttribute('aria-current', 'true');

    // Keys: right wraps from the last to the first, left goes back.
    screen.getByRole('button', { name: /Open picture/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(mainImage()).toHaveAttribute('src', '/media/p-1.svg');
    await userEvent.keyboard('{ArrowLeft}');
    expect(mainImage()).toHaveAttribute('src', '/media/p-3.svg');
  });

  it('opens a full-screen lightbox where left/right keys move and Escape closes', async () => {
    render(<Gallery images={images} name="Membrane" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open picture 1 of 3 full screen' }));
    const dialog = screen.getByRole('dialog', { name: 'Membrane: picture 1 of 3' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/p-1.svg');

    screen.getByRole('button', { name: 'Close' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/p-2.svg');
    expect(dialog).toHaveAccessibleName('Membrane: picture 2 of 3');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/p-1.svg');
    await userEvent.keyboard('{ArrowLeft}');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/media/p-3.svg');

    // Escape: the browser fires 'cancel' on the dialog.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog).not.toHaveAttribute('open');
    // The gallery shows the picture the lightbox was left on.
    expect(mainImage()).toHaveAttribute('src', '/media/p-3.svg');
  });

  it("shows a chosen variant's picture", () => {
    const { rerender } = render(<Gallery images={images} name="Membrane" />);
    rerender(<Gallery images={images} name="Membrane" show="/media/p-2.svg" />);
    expect(mainImage()).toHaveAttribute('src', '/media/p-2.svg');
  });

  it('shows a placeholder with the product name when there is no picture, without arrows', () => {
    render(<Gallery images={[]} name="Float Switch" />);
    expect(screen.getByRole('img', { name: 'Float Switch' })).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    expect(screen.queryByRole('button', { name: 'Next picture' })).not.toBeInTheDocument();
  });
});
