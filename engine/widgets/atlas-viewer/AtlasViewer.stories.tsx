import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { fireEvent, userEvent, within } from 'storybook/test';
import { AtlasViewer } from './AtlasViewer.tsx';

/**
 * Holds back the frame's real load event, as a site that never answers (or refuses to be embedded)
 * would, so each story shows the same state on every network. A load event that a story or test
 * dispatches itself is not trusted and passes. (load does not bubble, but it does pass ancestors in the
 * capture phase.)
 */
const holdRealLoads: Decorator = (Story) => (
  <div
    ref={(element) => {
      if (!element) return;
      const hold = (event: Event) => {
        if (event.target instanceof HTMLIFrameElement && event.isTrusted) event.stopPropagation();
      };
      element.addEventListener('load', hold, true);
      return () => element.removeEventListener('load', hold, true);
    }}
  >
    <Story />
  </div>
);

/** A phone's width, so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/AtlasViewer',
  component: AtlasViewer,
  decorators: [holdRealLoads],
  // The Day 4 props (content/days/day-4.mdx).
  args: {
    title: 'Human Protein Atlas',
    genes: [
      { symbol: 'EGFR', label: 'EGFR', href: 'https://www.proteinatlas.org/ENSG00000146648-EGFR' },
      { symbol: 'RAS', label: 'RAS (KRAS)', href: 'https://www.proteinatlas.org/ENSG00000133703-KRAS' },
      { symbol: 'TDG', label: 'TDG', href: 'https://www.proteinatlas.org/ENSG00000139372-TDG' },
    ],
    fallbackHref: 'https://www.proteinatlas.org/search/EGFR',
    quickLinks: [
      { label: 'Tissue', path: '/tissue' },
      { label: 'Single cell', path: '/single+cell' },
    ],
  },
} satisfies Meta<typeof AtlasViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first gene's page is loading: the overlay says "Loading Human Protein Atlas: EGFR…" (for 5 s, then it becomes Blocked). */
export const Loading: Story = {};

/** The frame has loaded (the story dispatches its load event): the overlay is gone. */
export const Loaded: Story = {
  play: ({ canvasElement }) => {
    fireEvent.load(within(canvasElement).getByTitle('Human Protein Atlas: EGFR'));
  },
};

/**
 * No load event in time: the overlay hints that the browser may block the embed and to use "Open on
 * Protein Atlas", with Try again. Shown at once here (`hintAfterMs` 0); in a lesson after 5 s.
 */
export const Blocked: Story = { args: { hintAfterMs: 0 } };

/** The student chose RAS: the frame and the link go to the KRAS page, and the loading overlay is back. */
export const GeneChanged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.load(canvas.getByTitle('Human Protein Atlas: EGFR'));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Gene' }), 'RAS');
  },
};

/** Without quick links: only the selector and "Open on Protein Atlas". */
export const WithoutQuickLinks: Story = { args: { quickLinks: undefined } };

/** 390 px wide: the selector, the link and the quick links stack; the frame is as wide as the screen. */
export const NarrowScreen: Story = {
  decorators: [phoneWidth],
  args: {
    quickLinks: [
      { label: 'Tissue', path: '/tissue' },
      { label: 'Single cell', path: '/single+cell' },
      { label: 'Subcellular', path: '/subcellular' },
      { label: 'Cancer', path: '/cancer' },
    ],
  },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone390: { name: 'Phone, 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' } } },
  },
  globals: { viewport: { value: 'phone390', isRotated: false } },
};
