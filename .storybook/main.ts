import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../engine/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Lesson images, at the same /images/ path the server uses, so stories show real pictures.
  staticDirs: [{ from: '../content/images', to: '/images' }],
  // Telemetry waits on network calls that cannot succeed here: a build took three times as long.
  core: { disableTelemetry: true },
};
export default config;
