/** Moved to components/letters (the desk shows it too); kept here for the resident screens. */
export { SummaryList, type SummaryRow } from '../../../components/letters/summary-list.tsx';
