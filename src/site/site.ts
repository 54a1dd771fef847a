import { readSiteData } from './site-data.ts';

/** The configured site name shown in headers, the footer and page titles (`content/site/site.json`). */
export const SITE_NAME: string = readSiteData().site.name;

/** The site's one-line tagline under the name on the home page, or an empty string when none is set. */
export const SITE_TAGLINE: string = readSiteData().site.tagline;

/** The logo in the home page header, served by the server from the images folder. */
export const LOGO_SRC = '/images/logo.svg';
