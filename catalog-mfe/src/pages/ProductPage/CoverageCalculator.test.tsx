import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoverageCalculator } from './CoverageCalculator';

describe('CoverageCalculator', () => {
  it('works out packs from length × width with the stated allowance and adds them in one click', async () => {
    const onAdd = jest.fn();
    render(<CoverageCalculator coverage={20} packaging="Roll in carton" onAdd={onAdd} />);
    expect(screen.getByText(/We add/)).toHaveTextContent('Each roll covers 20 m². We add 10% to your area for overlaps and cutting waste.');
    await userEvent.click(screen.getByRole('radio', { name: 'Length × width' }));
    await userEvent.type(screen.getByLabelText('Length (m)'), '6.5');
    await userEvent.type(screen.getByLabelText('Width (m)'), '4');
    // 26 m² + 10% = 28.6 m² → 2 rolls of 20 m².
    expect(screen.getByRole('status')).toHaveTextContent('You need 2 rolls for 26 m² (28.6 m² with the 10% allowance). 2 rolls cover 40 m².');
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 rolls to basket' }));
    expect(onAdd).toHaveBeenCalledWith(2);
  });

  it('asks for measurements greater than 0 and offers nothing to add until then', async () => {
    render(<CoverageCalculator coverage={8} packaging="25kg tub" onAdd={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Area to cover (m²)'), '0');
    expect(screen.getByRole('status')).toHaveTextContent('Enter measurements in metres greater than 0.');
    expect(screen.queryByRole('button', { name: /to basket/ })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Area to cover (m²)'));
    await userEvent.type(screen.getByLabelText('Area to cover (m²)'), '30');
    expect(screen.getByRole('button', { name: 'Add 5 tubs to basket' })).toBeInTheDocument();
  });
});
