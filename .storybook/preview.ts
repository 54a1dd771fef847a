import type { Preview } from '@storybook/react-vite';
import '../engine/styles.css';

const preview: Preview = {
  parameters: {
    a11y: { test: 'error' },
    layout: 'padded',
  },
};
export default preview;
