import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { QUIZZES } from '../site/sections.ts';
import { QuizPage } from './QuizPage.tsx';

const preModule = QUIZZES[0]!;

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('a module quiz page', () => {
  it('tells the student to press the form’s Submit, in bold', () => {
    render(<QuizPage quiz={preModule} />);

    const intro = screen.getByText(/^Answer every question/);
    expect(intro).toHaveTextContent(
      'Answer every question, then press Submit at the end of the form. Your answers go to the programme, not to your workbook. If the form does not appear, open it in a new tab.',
    );
    expect(intro.querySelector('strong')).toHaveTextContent(/^Submit$/);
  });

  it('says it in Spanish once the student switches, the button’s name still in bold', async () => {
    render(<QuizPage quiz={preModule} />);

    await act(() => activateLocale('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Cuestionario inicial' })).toBeInTheDocument();
    const intro = screen.getByText(/^Responde todas las preguntas/);
    expect(intro).toHaveTextContent(/^Responde todas las preguntas y luego presiona Enviar al final del formulario\./);
    expect(intro.querySelector('strong')).toHaveTextContent(/^Enviar$/);
    expect(intro.textContent).not.toContain('\u2063');
  });
});
