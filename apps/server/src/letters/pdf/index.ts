export {
  renderLetterPdf,
  warmUpLetterPdf,
  type LetterPdfInput,
  type LetterPdfRow,
  type LetterPdfSigner,
  type LetterPdfVillage,
} from './render-letter.ts';
export { prepareLogo, sniffLogo, type PreparedLogo } from './logo.ts';
export { formatIssueDate } from './date-id.ts';
export { MISSING_GLYPH } from './fonts.ts';
