import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lessonComponents } from '../mdx-components.ts';
import { lazyWidget } from './lazy-widget.tsx';

const manifests = import.meta.glob<unknown>('./*/*.widget.json', { eager: true, import: 'default' });

describe('the lesson components', () => {
  it('hold one component for each widget manifest, by the tag its file names', () => {
    const tags = Object.keys(manifests).map((path) => /\/([A-Za-z]+)\.widget\.json$/.exec(path)![1]);
    expect(Object.keys(lessonComponents).filter((tag) => tag !== 'section' && tag !== 'Peek').sort()).toEqual(tags.sort());
  });
});

describe('a widget that loads lazily', () => {
  it('reads Loading… in its place, busy, until its code arrives, then shows itself', async () => {
    let arrive: (module: Record<string, unknown>) => void = () => undefined;
    const Late = lazyWidget('Late', () => new Promise((resolve) => (arrive = resolve)));
    render(<Late label="Gene" />);
    expect(screen.getByText('Loading…')).toHaveAttribute('aria-busy', 'true');

    arrive({ Late: ({ label }: { label: string }) => <p>{label} arrived</p> });
    expect(await screen.findByText('Gene arrived')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
