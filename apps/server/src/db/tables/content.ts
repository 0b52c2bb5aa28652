/** Tables of the ten content resources (issue 3). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the content tables land
export interface ContentTables {}
