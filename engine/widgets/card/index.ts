export { Card } from './Card.tsx';
