export { Banner, BannerError, BANNER_DEFAULT_DISMISS_LABEL, BANNER_STORAGE_PREFIX, bannerStorageKey, type BannerProps } from './Banner.tsx';
