import { composeStories } from '@storybook/react-vite';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, DEFAULT_LOCALE } from '../i18n/messages.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';
import { storySchema } from '../storybook/story-schema.ts';
import { withAnswers } from '../storybook/with-answers.tsx';
import { EmbedPanel } from './embed-panel/EmbedPanel.tsx';
import { FacilitatorTip } from './facilitator-tip/FacilitatorTip.tsx';
import { FreeText } from './free-text/FreeText.tsx';
import { ZoomableImage } from './image-overlay/ZoomableImage.tsx';
import * as orderStories from './order-steps/OrderSteps.stories.tsx';
import { SaveButton } from './save-button/SaveButton.tsx';
import { WidgetBoundary } from './widget-boundary/WidgetBoundary.tsx';

// The widgets' own texts in the reader's language (content/locales/es/engine.json); the lesson's texts
// (labels, steps, captions) are the MDX's and stay as given.

const { Empty } = composeStories(orderStories);

function renderInForm(widget: ReactNode, schema: AnswersSchema, saved?: Answers) {
  const Decorated = withAnswers(schema, saved);
  const Story = () => <>{widget}</>;
  return render(<>{(Decorated as (story: typeof Story) => ReactNode)(Story)}</>);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLocale(DEFAULT_LOCALE));
});

describe('the widgets in Spanish', () => {
  it('swaps the ordering exercise to Spanish in place: lists, buttons, places, instructions and what a move announces', async () => {
    const user = userEvent.setup();
    const { container } = render(<Empty />);
    // The drag layer arrives when the page is idle and takes over the lists' buttons: a click made while
    // it swaps them in was lost, one run in three, so the test waits for it first.
    await waitFor(() => expect(container.querySelector('.order-steps')).toHaveAttribute('data-drag', 'ready'), { timeout: 5000 });
    const orderList = screen.getByRole('list', { name: 'Your order' });
    await act(() => activateLocale('es'));

    expect(screen.getByRole('list', { name: 'Tu orden' })).toBe(orderList);
    expect(screen.getByRole('list', { name: 'Pasos' })).toBeInTheDocument();
    expect(within(orderList).getAllByRole('listitem')[0]).toHaveTextContent('1Suelta aquí el paso 1');
    const handle = screen.getByRole('button', { name: 'Transcription' });
    expect(handle).toHaveAttribute('aria-roledescription', 'paso que se puede arrastrar');
    // A busy machine (the suite's two workers on two cores) may take more than the default second.
    await waitFor(() => expect(handle).toHaveAccessibleDescription(expect.stringMatching(/^Para mover este paso, presiona Espacio para tomarlo\./)), { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Agregar Transcription a Tu orden' }));
    expect(await screen.findByText('Transcription ahora está en el espacio 1 de Tu orden.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar Transcription' })).toHaveTextContent('Quitar');
  });

  it('counts characters as Spanish writes numbers, with "carácter" for one and "caracteres" for more', async () => {
    await act(() => activateLocale('es'));
    const schema = storySchema({
      long: { type: 'string', maxLength: 4000, description: 'A long answer.', default: '' },
      one: { type: 'string', maxLength: 1, description: 'One letter.', default: '' },
    });
    renderInForm(
      <>
        <FreeText name="long" label="Long" />
        <FreeText name="one" label="One" />
      </>,
      schema,
      { long: 'x'.repeat(3600), one: 'x' },
    );
    expect(screen.getByRole('textbox', { name: 'Long' })).toHaveAccessibleDescription('Casi llena: 3600 de 4000 caracteres.');
    expect(screen.getByRole('textbox', { name: 'One' })).toHaveAccessibleDescription('Esta respuesta está llena: admite como máximo 1 carácter.');
  });

  it('keeps English numbers in English: "4,000 characters"', () => {
    const schema = storySchema({ long: { type: 'string', maxLength: 4000, description: 'A long answer.', default: '' } });
    renderInForm(<FreeText name="long" label="Long" />, schema, { long: 'x'.repeat(3600) });
    expect(screen.getByRole('status')).toHaveTextContent('Nearly full: 3,600 of 4,000 characters.');
  });

  it('names the zoom controls in Spanish and keeps the space before %', async () => {
    await act(() => activateLocale('es'));
    render(<ZoomableImage src="/images/cell.svg" alt="A cell" width={400} height={300} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Zoom' });
    expect(within(toolbar).getByRole('button', { name: 'Alejar' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Acercar' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Restablecer zoom' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('status')).toHaveTextContent('100 %');
  });

  it("says a broken widget's message, the save button and the facilitator's tip in Spanish", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => activateLocale('es'));
    function Broken(): never {
      throw new Error('broken on purpose');
    }
    render(
      <WidgetBoundary widget="Broken" authorErrors={false}>
        <Broken />
      </WidgetBoundary>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Esta parte de la lección tiene un problema; tus respuestas están a salvo.');

    renderInForm(<SaveButton />, storySchema({}));
    expect(screen.getByRole('button', { name: 'Guardar mi trabajo' })).toBeInTheDocument();

    render(<FacilitatorTip>Pair the students.</FacilitatorTip>);
    expect(screen.getByRole('complementary', { name: 'Consejo para el/la facilitador/a' })).toHaveTextContent('Consejo para el/la facilitador/a');
  });

  it('says above an embed in another language which language it is in, and nothing for one in the reader\'s', async () => {
    const video = 'https://www.youtube-nocookie.com/embed/abc?cc_lang_pref=es';
    const { rerender } = render(<EmbedPanel title="El ciclo celular" src={video} aspect="video" lang="en" />);
    // An English reader of an English video reads no notice.
    expect(screen.queryByText(/is in English/)).not.toBeInTheDocument();
    await act(() => activateLocale('es'));
    expect(screen.getByText('Este video está en inglés.')).toBeInTheDocument();

    rerender(<EmbedPanel title="HHMI: p53" src="https://media.hhmi.org/biointeractive/click/p53/01.html" lang="en-US" />);
    expect(screen.getByText('Esta actividad está en inglés.')).toBeInTheDocument();
    rerender(<EmbedPanel title="PhET" src="https://phet.colorado.edu/sims/html/gene-expression-essentials/latest/gene-expression-essentials_es.html" lang="es" />);
    expect(screen.queryByText(/está en/)).not.toBeInTheDocument();
  });
});
