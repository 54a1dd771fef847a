import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyImport } from '../lazy-import.ts';
import { lazyComponent } from './lazy-component.ts';

function pageModule(text: string) {
  return { Page: ({ name }: { name: string }) => <p>{`${text} ${name}`}</p> };
}

describe('lazyComponent', () => {
  it('renders a module that has already arrived in the first render, without its boundary showing Loading', async () => {
    const source = lazyImport(() => Promise.resolve(pageModule('Day 1 for')));
    await source();
    const Page = lazyComponent(source, (module) => module.Page);

    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ada" />
      </Suspense>,
    );

    // Synchronously after the first render: no fallback was ever put on screen.
    expect(screen.getByText('Day 1 for Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the fallback while the module downloads, then the page, from the same import the preload started', async () => {
    let arrive: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const source = lazyImport(() => new Promise<ReturnType<typeof pageModule>>((resolve) => (arrive = resolve)));
    const preload = source();
    const Page = lazyComponent(source, (module) => module.Page);

    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    await act(async () => {
      arrive(pageModule('Day 2 for'));
      await preload;
    });

    expect(await screen.findByText('Day 2 for Ada')).toBeInTheDocument();
  });
});
