import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { settle, usePageData, useSettled, type Loaded } from './loaded.ts';

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

describe('usePageData', () => {
  function Page({ load }: { load: () => string }) {
    const [data] = usePageData(load);
    const navigate = useNavigate();
    return (
      <>
        <p>{data}</p>
        <button type="button" onClick={() => navigate('#background')}>Jump to Background</button>
        <button type="button" onClick={() => navigate('?gene=TP53')}>Choose TP53</button>
      </>
    );
  }

  it('loads once for a jump within the page (only the hash changes), and again for another address', async () => {
    const load = vi.fn(() => `loaded ${load.mock.calls.length}`);
    render(
      <MemoryRouter initialEntries={['/sections/day-3']}>
        <Routes>
          <Route path="/sections/day-3" element={<Page load={load} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('loaded 1')).toBeInTheDocument();

    await act(async () => screen.getByRole('button', { name: 'Jump to Background' }).click());
    expect(screen.getByText('loaded 1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => screen.getByRole('button', { name: 'Choose TP53' }).click());
    expect(screen.getByText('loaded 2')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
