/** Tables of the letter engine (issue 4). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the letter tables land
export interface LettersTables {}
