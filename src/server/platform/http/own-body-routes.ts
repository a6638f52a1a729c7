/**
 * The upload routes, read from the API document rather than listed again: a route takes uploads when
 * its documented request body is multipart/form-data (every one reads it through readMultipart, which
 * counts it against its own limit). A new upload route is covered by being documented as one.
 */
export interface RouteMatcher {
  method: string;
  pattern: RegExp;
}

interface DocumentPaths {
  paths?: Record<string, object | undefined>;
}

const METHODS = ['post', 'put', 'patch'] as const;

export function multipartRoutes(doc: DocumentPaths): RouteMatcher[] {
  const found: RouteMatcher[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown> | undefined)?.[method] as
        | { requestBody?: { content?: Record<string, unknown> } }
        | undefined;
      if (!operation?.requestBody?.content?.['multipart/form-data']) continue;
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      found.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`) });
    }
  }
  return found;
}

export function matchesRoute(routes: readonly RouteMatcher[], method: string, path: string): boolean {
  return routes.some((r) => r.method === method && r.pattern.test(path));
}
