import type { ComponentType } from 'react';

/*
 * Every page module under src/web/features/<feature>/pages, and the staff's pages under
 * src/web/features/<feature>/admin (named *Page.tsx), each its own lazy chunk (decision 0023),
 * keyed as the route table names them (src/shared/routes/route-table.ts). Its own module, without
 * the router's imports, so that a unit test can check the glob against the table.
 */
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/pages/*.tsx',
  '../features/*/admin/*Page.tsx',
]);

export const PAGE_MODULES: Record<string, () => Promise<Record<string, ComponentType>>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.replace(/^\.\.\//, ''), load]),
);
