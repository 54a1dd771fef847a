export {
  EmbedPanel,
} from './EmbedPanel.tsx';

