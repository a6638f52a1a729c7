import type { QueryClient } from '@tanstack/react-query';
import { renderScope } from './scope';

export { newQueryClient } from '../lib/queryClient';

/** lib/queryClient.ts as the server render sees it: each render's own cache (scope.ts, decision 0095). */
export const queryClient = new Proxy({} as QueryClient, {
  get(_target, property) {
    const client = renderScope().queryClient;
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});
