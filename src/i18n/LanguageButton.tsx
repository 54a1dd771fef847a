import messages from '../../content/locales/en/shell.json';
import { languageName, useLocale, useMessages } from '../../engine/index.ts';
import { useDeferredMenu } from '../layout/menus-loader.ts';
import { GlobeIcon } from './GlobeIcon.tsx';

/**
 * The language control of every page (docs/decisions/023-the-reader-s-language.md): a button named
 * "Language: English" ("Idioma: Español"), showing the language's name, that opens a menu of the site's
 * languages, each a `menuitemradio` named in its own language. Choosing one switches the page in place:
 * no navigation, no reload; the lesson's answers and what is being typed stay (src/i18n/language.ts).
 *
 * The menu's code (Radix) loads on first use, as the navigation bar's menus do: until it arrives the
 * button is a stand-in that looks the same and opens the menu once it has arrived (src/layout/menus-loader.ts).
 */
export function LanguageButton() {
  const t = useMessages(messages);
  const locale = useLocale();
  const { menus, takeOver, triggerProps } = useDeferredMenu('press');
  const name = languageName(locale);
  const label = t('language.button', { language: name });
  if (menus) return <menus.LanguageDropdown label={label} name={name} {...takeOver} />;
  return (
    <button type="button" className="control menu-trigger language-button" aria-label={label} aria-haspopup="menu" aria-expanded="false" data-state="closed" {...triggerProps}>
      <GlobeIcon />
      <span className="language-button__name" lang={locale}>
        {name}
      </span>
    </button>
  );
}
