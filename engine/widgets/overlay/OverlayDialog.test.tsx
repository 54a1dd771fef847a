import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './OverlayDialog.stories.tsx';

const { Closed, Media, HiddenTitle } = composeStories(stories);
const DESCRIPTION = 'Close it with the Close button, the Escape key or a click outside.';

async function open(Story = Closed) {
  const user = userEvent.setup();
  render(<Story />);
  const trigger = screen.getByRole('button', { name: 'Show the operon' });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'The lac operon' });
  return { user, trigger, dialog };
}

describe('OverlayDialog', () => {
  it('shows only its trigger until pressed', () => {
    render(<Closed />);
    expect(screen.getByRole('button', { name: 'Show the operon' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a modal dialog named by its title and described by its description, with focus inside', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleDescription(DESCRIPTION);
    expect(within(dialog).getByText(/RNA polymerase transcribes the genes/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveAttribute('type', 'button');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps focus inside while open, forwards and backwards', async () => {
    const { user, dialog } = await open();
    for (let press = 0; press < 5; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let press = 0; press < 5; press += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { user, trigger } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on a click on the backdrop and gives focus back', async () => {
    const { user, trigger } = await open();
    await user.click(screen.getByTestId('overlay-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on Close and gives focus back', async () => {
    const { user, trigger, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('stays open on a click inside it', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByText(/A repressor sits on the operator/));
    expect(screen.getByRole('dialog', { name: 'The lac operon' })).toBeInTheDocument();
  });

  it('is full size unless the author asks for media size', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAttribute('data-size', 'full');
  });

  it('is as large as its content at media size', async () => {
    const { dialog } = await open(Media);
    expect(dialog).toHaveAttribute('data-size', 'media');
  });

  it('keeps a hidden title and description for screen readers', async () => {
    const { dialog } = await open(HiddenTitle);
    expect(dialog).toHaveAccessibleDescription(DESCRIPTION);
    // Hidden from sight by CSS (the screenshot baselines show it); still the dialog's name for screen readers.
    expect(dialog).toHaveAccessibleName('The lac operon');
  });

  it.each([
    ['Closed', false],
    ['Open', true],
  ] as const)('has no serious accessibility violation when %s', async (_state, opened) => {
    if (!opened) {
      const { container } = render(<Closed />);
      expect(await seriousAxeViolations(container)).toEqual([]);
      return;
    }
    const { dialog } = await open();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });
});
