// Only `site.json` here: the name is on every page, while the home page's gallery, team and resources
// (site-data.ts) load with the home page's own chunk. A file not written yet is absent.
/** `content/site/site.json`: the site's name and the tagline under it. */
export interface SiteJson {
  name: string;
  tagline?: string;
}

const files = import.meta.glob<SiteJson>('../../content/site/site.json', { eager: true, import: 'default' });
const site = Object.values(files)[0];

/** The site name used when `site.json` has none: the outreach programme that first ran the module. */
export const DEFAULT_SITE_NAME = 'SciTrek';

/** The configured site name shown in headers, the footer and page titles (`content/site/site.json`). */
export const SITE_NAME: string = site?.name || DEFAULT_SITE_NAME;

/** The logo in the home page header, served by the server from the images folder. */
export const LOGO_SRC = '/images/logo.svg';
