/** The Authorization the fake gateway accepts. */
export const WA_TOKEN: string;
/** Starts the gateway on a free port; resolves with its address (`${url}/send` takes messages). */
export function startFakeWaGateway(): Promise<string>;
