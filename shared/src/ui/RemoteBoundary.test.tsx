import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteBoundary } from './RemoteBoundary';

let broken = true;
function Flaky() {
  if (broken) throw new Error('chunk failed');
  return <p>Remote content</p>;
}

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('keeps a failing region to a short message with Retry, and renders it again on Retry', async () => {
    const onRetry = jest.fn(() => {
      broken = false;
    });
    render(
      <>
        <header>Header still here</header>
        <RemoteBoundary region="catalog" onRetry={onRetry}>
          <Flaky />
        </RemoteBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, this part of the page could not be loaded.');
    expect(screen.getByText('Header still here')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Remote content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
