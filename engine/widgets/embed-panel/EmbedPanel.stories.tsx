import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { EmbedPanel } from './EmbedPanel.tsx';

const SIMULATION = 'https://phet.colorado.edu/sims/html/gene-expression-essentials/latest/gene-expression-essentials_en.html';

/**
 * Holds back the frame's load event, as a site that never answers would, so the story shows the same
 * state on every network. (load does not bubble, but it does pass ancestors in the capture phase.)
 */
const neverLoads: Decorator = (Story) => (
  <div
    ref={(element) => {
      if (!element) return;
      const hold = (event: Event) => {
        if (event.target instanceof HTMLIFrameElement) event.stopPropagation();
      };
      element.addEventListener('load', hold, true);
      return () => element.removeEventListener('load', hold, true);
    }}
  >
    <Story />
  </div>
);
/** A tiny page that loads at once, so the story needs no network. */
const LOADS_AT_ONCE =
  'data:text/html;charset=utf-8,' +
  encodeURIComponent('<!doctype html><html lang="en"><title>Demo</title><body style="font:16px system-ui;padding:16px"><main><h1>A simulation</h1><p>Loaded.</p></main></body></html>');

/** A phone's width (390 px), so the story shows the narrow layout in any window. */
const phoneWidth: Decorator = (Story) => (
  <div style={{ maxWidth: 390 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Widgets/EmbedPanel',
  component: EmbedPanel,
  args: { title: 'PhET: Gene Expression Essentials', src: SIMULATION, height: 320 },
} satisfies Meta<typeof EmbedPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The frame has not loaded yet: the overlay says "Loading…" (for 3.5 s, then it becomes Blocked). */
export const Loading: Story = { decorators: [neverLoads] };

/** The frame has loaded: the overlay is gone. */
export const Loaded: Story = { args: { src: LOADS_AT_ONCE } };

/** No load event 3.5 s after the panel came into view: the overlay warns and offers Try again and Open in new tab. */
export const Blocked: Story = { decorators: [neverLoads] };

/** The browser is offline: the panel says so at once and tries again when the connection returns. */
export const Offline: Story = {
  beforeEach: () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    return () => {
      Reflect.deleteProperty(navigator, 'onLine');
    };
  },
};

/** A video: 16:9 and as wide as the lesson. */
export const Video: Story = {
  args: { title: 'Amoeba Sisters: Gene Regulation and the Operon', src: 'https://www.youtube-nocookie.com/embed/ebIpkw3XapE', aspect: 'video' },
};

/** A 390 px phone: the title wraps above Reload and Open in new tab, and the frame is as wide as the screen. */
export const NarrowScreen: Story = { args: { src: LOADS_AT_ONCE }, decorators: [phoneWidth] };
