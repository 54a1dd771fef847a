import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAxeClean } from '../../engine/test/axe.ts';
import { SENT_TO_ROOM_12 } from './fixtures.ts';
import { SentMessages } from './SentMessages.tsx';

describe('the sent messages', () => {
  it('name who sent each message and how many of its recipients read it', () => {
    render(<SentMessages messages={SENT_TO_ROOM_12} />);
    expect(screen.getByRole('heading', { name: 'Day 2 starts at 9' })).toBeInTheDocument();
    expect(screen.getByText(/from Maria Rivera · 1 of 3 read/)).toBeInTheDocument();
  });

  it("say a message is from a deleted account once its sender's account is gone (the API sends no sender)", async () => {
    const { container } = render(<SentMessages messages={[{ ...SENT_TO_ROOM_12[0]!, sender: null }]} />);
    expect(screen.getByText(/from a deleted account · 1 of 3 read/)).toBeInTheDocument();
    await expectAxeClean(container);
  });
});
