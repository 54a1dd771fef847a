export { ThinkRespond } from './ThinkRespond.tsx';
