/** Moved to components/letters (the desk shows it too); kept here for the resident screens. */
export { StatusTag } from '../../../components/letters/status-tag.tsx';
