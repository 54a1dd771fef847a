export {
  AtlasViewer,
  AtlasViewerPropsError,
  atlasUrlFor,
  ATLAS_BLOCKED_HINT,
  ATLAS_FRAME_HEIGHT_PX,
  ATLAS_GENE_LABEL,
  ATLAS_HINT_MS,
  ATLAS_OPEN_LINK_TEXT,
  type AtlasGene,
  type AtlasQuickLink,
  type AtlasViewerProps,
} from './AtlasViewer.tsx';
