export { OrderSteps, OrderStepsFieldError, ORDER_LIST_NAME, ORDER_STEPS_INSTRUCTIONS, STEPS_LIST_NAME, type OrderStepsProps } from './OrderSteps.tsx';
export { locateStep, moveStep, normalizeOrderValue, stepId, type OrderValue, type StepList, type StepLocation } from './move-step.ts';
export * from './constants.ts';
