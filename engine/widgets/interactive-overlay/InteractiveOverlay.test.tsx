import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './InteractiveOverlay.stories.tsx';

const { Closed } = composeStories(stories);

async function open() {
  const user = userEvent.setup();
  render(<Closed />);
  const trigger = screen.getByRole('button', { name: 'Open Anatomy of a Gene' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Anatomy of a Gene' });
  return { user, trigger, dialog };
}

describe('InteractiveOverlay', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a button labelled by its children, and shows no dialog until pressed', () => {
    render(<Closed />);
    const trigger = screen.getByRole('button', { name: 'Open Anatomy of a Gene' });
    expect(trigger).toHaveAttribute('type', 'button');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the page in a titled, described dialog, inside an embed panel', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleDescription('An interactive page from learn.genetics.utah.edu. Close it to come back to the lesson.');
    expect(within(dialog).getByTitle('Anatomy of a Gene')).toHaveAttribute('src', 'https://learn.genetics.utah.edu/content/basics/geneanatomy/');
    expect(within(dialog).getByRole('button', { name: 'Reload Anatomy of a Gene' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open in new tab: Anatomy of a Gene' })).toHaveAttribute('target', '_blank');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes with the Close button and gives focus back to the opening button', async () => {
    const { user, trigger, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes with Escape and gives focus back', async () => {
    const { user, trigger } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes with a click on the backdrop', async () => {
    const { user, trigger } = await open();
    await user.click(screen.getByTestId('overlay-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('keeps focus inside while open', async () => {
    const { user, dialog } = await open();
    for (let press = 0; press < 6; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let press = 0; press < 6; press += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('gives every button type="button"', async () => {
    const { dialog } = await open();
    for (const button of within(dialog).getAllByRole('button')) expect(button).toHaveAttribute('type', 'button');
  });

  it.each(['Closed', 'Open'])('has no serious accessibility violation when %s', async (state) => {
    // jsdom's frames cannot answer axe's messages; axe checks the <iframe> element and not inside it.
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(null);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    if (state === 'Closed') {
      const { container } = render(<Closed />);
      expect(await seriousAxeViolations(container)).toEqual([]);
      return;
    }
    const { dialog } = await open();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });
});
