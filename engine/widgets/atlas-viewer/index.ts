export {
  AtlasViewer,
} from './AtlasViewer.tsx';
