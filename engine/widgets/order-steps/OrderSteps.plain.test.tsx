import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as stories from './OrderSteps.stories.tsx';

const ORDER_STEPS_INSTRUCTIONS =
  'To move this step, press Space to pick it up. Use the arrow keys to move it to another place, in either list. ' +
  'Press Space again to drop it, or Escape to cancel. The buttons with each step do the same without dragging.';

// The drag layer (./sortable.tsx) is a chunk OrderSteps loads when the exercise comes near. Here it never
// arrives, as on a slow or lost connection: the exercise must work with its buttons alone.
vi.mock('./sortable.tsx', () => new Promise(() => undefined));

const { Empty, PartlyOrdered } = composeStories(stories);
const orderList = () => screen.getByRole('list', { name: 'Your order' });
const slots = () => within(orderList()).getAllByRole('listitem').map((slot) => within(slot).queryAllByRole('button')[0]?.textContent ?? slot.textContent);

describe('OrderSteps before its drag layer has arrived', () => {
  it('shows both lists, each handle named by its step and described by how to move it', () => {
    render(<Empty />);
    const handle = screen.getByRole('button', { name: 'Transcription' });
    expect(handle).toHaveAccessibleDescription(ORDER_STEPS_INSTRUCTIONS);
    expect(handle).toHaveAttribute('aria-roledescription', 'draggable step');
    expect(slots()).toEqual(['1Drop step 1 here', '2Drop step 2 here', '3Drop step 3 here', '4Drop step 4 here', '5Drop step 5 here']);
    expect(screen.getByRole('group', { name: 'Put the steps of switching a gene on in order' })).not.toHaveAttribute('data-drag');
  });

  it('moves steps with the buttons, and focus follows the step', async () => {
    const user = userEvent.setup();
    render(<PartlyOrdered />);
    await user.click(screen.getByRole('button', { name: 'Add Translation to Your order' }));
    expect(slots()[1]).toBe('Translation');
    expect(screen.getByRole('button', { name: 'Translation' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Move Translation down' }));
    expect(slots()[2]).toBe('Translation');
    expect(screen.getByRole('button', { name: 'Move Translation down' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Translation' }));
    expect(slots()[2]).toBe('3Drop step 3 here');
  });
});
