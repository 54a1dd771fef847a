import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { settle, useSettled, type Loaded } from './loaded.ts';

function Shown({ promise }: { promise: Promise<Loaded<string>> }) {
  const loaded = useSettled(promise);
  if (loaded === undefined) return <p>Loading…</p>;
  return <p>{loaded.status === 'ready' ? loaded.value : 'Could not load'}</p>;
}

describe('useSettled', () => {
  it('shows Loading while the download runs, then what it brought', async () => {
    let arrive: (value: string) => void = () => undefined;
    render(<Shown promise={settle(new Promise<string>((resolve) => (arrive = resolve)), 'The lesson')} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    await act(async () => arrive('Gene regulation'));

    expect(await screen.findByText('Gene regulation')).toBeInTheDocument();
  });

  it('shows what a finished download brought in the first render, with no Loading in between', async () => {
    const promise = settle(Promise.resolve('Gene regulation'), 'The lesson');
    await promise;

    render(<Shown promise={promise} />);

    expect(screen.getByText('Gene regulation')).toBeInTheDocument();
  });

  it('shows a failed download as failed, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Shown promise={settle(Promise.reject(new TypeError('Failed to fetch')), 'The lesson')} />);

    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('The lesson could not be loaded.', expect.any(TypeError));
    error.mockRestore();
  });
});
