export { ThinkRespond, type ThinkRespondProps } from './ThinkRespond.tsx';
