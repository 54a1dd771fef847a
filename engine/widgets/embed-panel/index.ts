export {
  EmbedPanel,
  EMBED_BLOCKED_MESSAGE,
  EMBED_BLOCKED_WARNING_MS,
  EMBED_DEFAULT_HEIGHT_PX,
  EMBED_OFFLINE_MESSAGE,
  type EmbedPanelProps,
} from './EmbedPanel.tsx';
export { EmbedFrame, type EmbedFrameProps } from './EmbedFrame.tsx';
export { useEmbedLoad, type EmbedLoad, type EmbedLoadStatus, type UseEmbedLoadOptions } from './use-embed-load.ts';
