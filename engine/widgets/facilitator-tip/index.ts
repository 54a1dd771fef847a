export { FacilitatorTip } from './FacilitatorTip.tsx';
