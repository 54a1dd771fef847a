import type { Preview } from '@storybook/react-vite';
import '../engine/styles.css';
import { activateLocale, DEFAULT_LOCALE, languageName, LOCALES } from '../engine/index.ts';

const preview: Preview = {
  parameters: {
    a11y: { test: 'error' },
    layout: 'padded',
  },
  // A language switch in the toolbar: every widget's words, and the days' lessons that have a
  // translation, in the chosen language (docs/decisions/023-the-reader-s-language.md).
  globalTypes: {
    locale: {
      description: 'The language the widgets and lessons are shown in',
      toolbar: { title: 'Language', icon: 'globe', items: LOCALES.map((locale) => ({ value: locale, title: languageName(locale) })), dynamicTitle: true },
    },
  },
  initialGlobals: { locale: DEFAULT_LOCALE },
  loaders: [
    async ({ globals }) => {
      const locale = await activateLocale(typeof globals.locale === 'string' ? globals.locale : DEFAULT_LOCALE);
      document.documentElement.lang = locale;
      return {};
    },
  ],
};
export default preview;
