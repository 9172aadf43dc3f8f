export { EngramClient, EngramError } from './client';
export type { EngramClientOptions } from './client';
export * from './schema.generated';
