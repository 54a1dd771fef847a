import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import type { MessageDraft } from '../api/facilitator-endpoints.ts';
import { ROOM_12 } from './fixtures.ts';
import { MessageComposer } from './MessageComposer.tsx';

async function write(subject: string, body: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), subject);
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), body);
}

describe('the message composer', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('sends to the whole class unless told otherwise, leaving student_ids out, then empties and says how many got it', async () => {
    const onSend = vi.fn(async (_draft: MessageDraft) => 3);
    render(<MessageComposer students={ROOM_12.students} onSend={onSend} />);

    await write('Day 2 starts at 9', 'Bring your **notes**.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(onSend).toHaveBeenCalledWith({ subject: 'Day 2 starts at 9', body: 'Bring your **notes**.' });
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 3 students.');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  it('sends to the chosen students only', async () => {
    const onSend = vi.fn(async (_draft: MessageDraft) => 2);
    render(<MessageComposer students={ROOM_12.students} onSend={onSend} />);

    await write('Catch up', 'Day 1 is waiting for you.');
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen students' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Alan Turing/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Grace Hopper/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(onSend).toHaveBeenCalledOnce();
    expect(onSend.mock.calls[0]![0].student_ids?.toSorted()).toEqual([2, 3]);
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 2 students.');
  });

  it('refuses to send without a subject, a message or a chosen student, and sends nothing', async () => {
    const onSend = vi.fn(async () => 1);
    render(<MessageComposer students={ROOM_12.students} onSend={onSend} />);

    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a subject.');

    await write('Catch up', 'Hello');
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen students' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one student.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the message and says why when the server refuses it', async () => {
    const onSend = vi.fn(async () => Promise.reject(new ApiError(400, 'not_in_class', 'Student 3 is not in this class.')));
    render(<MessageComposer students={ROOM_12.students} onSend={onSend} />);

    await write('Catch up', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('no longer in this class');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Catch up');
  });

  it('says in Spanish how many students got the message, one or several, and why the server refused it', async () => {
    await act(() => activateLocale('es'));
    const onSend = vi.fn(async () => 1).mockResolvedValueOnce(1).mockResolvedValueOnce(3).mockRejectedValueOnce(new ApiError(0, 'network_error', 'Failed to fetch'));
    render(<MessageComposer students={ROOM_12.students} onSend={onSend} />);
    const writeInSpanish = async () => {
      await userEvent.type(screen.getByRole('textbox', { name: 'Asunto' }), 'El Día 2');
      await userEvent.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Trae tus notas.');
      await userEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    };

    await writeInSpanish();
    expect(await screen.findByRole('status')).toHaveTextContent('Enviado a 1 estudiante.');
    await writeInSpanish();
    expect(await screen.findByRole('status')).toHaveTextContent('Enviado a 3 estudiantes.');
    await writeInSpanish();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo conectar con el servidor. Revisa la conexión e inténtalo de nuevo.');
  });
});
