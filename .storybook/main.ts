import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../engine/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Lesson images, at the same /images/ path the server uses, so stories show real pictures.
  staticDirs: [{ from: '../content/images', to: '/images' }],
  // Telemetry waits on network calls that cannot succeed here: a build took three times as long.
  core: { disableTelemetry: true },
  // The app's service worker (vite.config.ts) has nothing to do in Storybook, which never registers it.
  viteFinal(viteConfig) {
    const withoutWorker = (plugins: unknown[]): unknown[] =>
      plugins.map((plugin) => (Array.isArray(plugin) ? withoutWorker(plugin) : plugin)).filter((plugin) => !isWorkerPlugin(plugin));
    return { ...viteConfig, plugins: withoutWorker(viteConfig.plugins ?? []) as typeof viteConfig.plugins };
  },
};

function isWorkerPlugin(plugin: unknown): boolean {
  return typeof plugin === 'object' && plugin !== null && 'name' in plugin && String(plugin.name).startsWith('vite-plugin-pwa');
}
export default config;
