import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ImageGallery, type GalleryImage } from './ImageGallery.tsx';

// Stories may name real genes: they are fixtures, not engine code. The images are the Day 3 cards,
// served at /images/ (content/images/) by the app, and by Storybook through its staticDirs.
const card = (slug: string, caption: string, alt: string): GalleryImage => ({ src: `/images/expression/${slug}.svg`, alt, caption, width: 480, height: 400 });

const GENE_CARDS: GalleryImage[] = [
  card('gene-hk1', 'HK1', 'HK1 is about the same in healthy tissue and in tumour for all four people: every bar is close to 1, so this gene stays steady.'),
  card('gene-gapdh', 'GAPDH', 'GAPDH is about the same in healthy tissue and in tumour for all four people: every bar is close to 1, so this gene stays steady.'),
  card('gene-brca1', 'BRCA1', 'BRCA1 is much lower in the tumour than in healthy tissue for all four people: the tumour bars are less than half the height of the healthy ones.'),
  card('gene-brca2', 'BRCA2', 'BRCA2 is much lower in the tumour than in healthy tissue for all four people: the tumour bars are about half the height of the healthy ones.'),
  card('gene-tp53', 'TP53', 'TP53 is much lower in the tumour than in healthy tissue for all four people: the tumour bars are only about a third of the height of the healthy ones.'),
  card('gene-myc', 'MYC', 'MYC is much higher in the tumour than in healthy tissue for all four people: the tumour bars are about three times the height of the healthy ones.'),
];

const PATIENT_CARDS: GalleryImage[] = [
  card('patient-case-1', 'Patient Case 1', "In Patient 1's tumour, MYC is about three times the healthy level and TP53 is about a third of it; HK1, GAPDH, BRCA1 and BRCA2 stay close to healthy."),
  card('patient-case-2', 'Patient Case 2', "In Patient 2's tumour, BRCA1 and BRCA2 are both only about a third of the healthy level; HK1, GAPDH, TP53 and MYC stay close to healthy."),
  card('patient-case-3', 'Patient Case 3', "Patient 3's tumour is close to healthy for every gene except MYC, which is a little higher: about one and a half times the healthy level."),
];

/** The lesson column's width (engine/styles.css `.lesson`), so the grid shows as it does on a day page. */
const lessonWidth: Decorator = (Story) => (
  <div className="lesson" style={{ padding: 0 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/ImageGallery',
  component: ImageGallery,
  decorators: [lessonWidth],
  args: { label: 'Gene cards', images: GENE_CARDS },
} satisfies Meta<typeof ImageGallery>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Six gene cards: three columns on a laptop, two on a tablet, one on a phone. */
export const GeneCards: Story = {};

/** Three patient cards. */
export const PatientCards: Story = { args: { label: 'Patient cards', images: PATIENT_CARDS } };

/** A card opened: the chart as large as the screen allows, its caption under it, a Close button and backdrop around it. */
export const OpenedImage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open MYC full size' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'MYC' });
    // The dialog fades in: wait for the image to be drawn rather than checking mid-animation.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: GENE_CARDS[5]?.alt })).toBeVisible());
  },
};

/**
 * Keyboard only: Tab reaches each card in reading order, Enter opens it, focus stays inside the dialog
 * (on Close), and Escape closes it and gives focus back to the card.
 */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    const gapdh = canvas.getByRole('button', { name: 'Open GAPDH full size' });
    await expect(gapdh).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'GAPDH' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(gapdh).toHaveFocus());
  },
};

/** A 390 px phone: one card per row, and an opened card takes the whole screen. */
export const NarrowScreen: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
};
