export { OrderSteps } from './OrderSteps.tsx';

export * from './constants.ts';
