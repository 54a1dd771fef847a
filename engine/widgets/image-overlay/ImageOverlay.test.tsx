import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './ImageOverlay.stories.tsx';

const { Closed, WithoutCaption } = composeStories(stories);
const ALT = 'The lac operon: a repressor sits on the operator, between the promoter and the genes lacZ, lacY and lacA.';
const CAPTION = 'The lac operon switched off: the repressor blocks the operator.';

async function open(Story = Closed) {
  const user = userEvent.setup();
  render(<Story />);
  const thumbnail = screen.getByRole('button', { name: `Enlarge image: ${ALT}` });
  await user.click(thumbnail);
  return { user, thumbnail, dialog: await screen.findByRole('dialog') };
}

describe('ImageOverlay', () => {
  it('is a thumbnail button named "Enlarge image: {alt}", with the caption below', () => {
    render(<Closed />);
    const thumbnail = screen.getByRole('button', { name: `Enlarge image: ${ALT}` });
    expect(thumbnail).toHaveAttribute('type', 'button');
    expect(screen.getByRole('figure')).toHaveTextContent(CAPTION);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the image large, titled by its caption', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleName(CAPTION);
    expect(within(dialog).getByRole('img', { name: ALT })).toBeInTheDocument();
  });

  it('still has a title without a caption', async () => {
    const { dialog } = await open(WithoutCaption);
    expect(dialog).toHaveAccessibleName('Enlarged image');
    expect(screen.queryByText(CAPTION)).not.toBeInTheDocument();
  });

  it('closes with the Close button, Escape, or the backdrop, and gives focus back to the thumbnail', async () => {
    const { user, thumbnail, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(thumbnail).toHaveFocus());

    await user.click(thumbnail);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(thumbnail).toHaveFocus());

    await user.click(thumbnail);
    await screen.findByRole('dialog');
    await user.click(screen.getByTestId('overlay-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(thumbnail).toHaveFocus());
  });

  it('has no serious accessibility violation when Closed', async () => {
    const { container } = render(<Closed />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('has no serious accessibility violation when Open', async () => {
    const { dialog } = await open();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });
});
