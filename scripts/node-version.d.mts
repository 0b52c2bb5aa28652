export function leastVersion(range: string): [number, number, number] | undefined;
export function nodeVersionProblem(current: string, range: string): string | undefined;
