import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order Vitest hands files to its three workers. Its own order runs the projects one after another by
 * name, so the browser journeys (the longest files, 20 to 80 s each) came after every API file and the
 * last of them ran while the other workers sat idle. Longest first leaves only short files for the end.
 *
 * A local run knows each file's last duration from Vitest's cache, and sorts by it across projects. A clean
 * clone (CI) knows none: the browser files go first, then the API files on PostgreSQL and on PGlite, then
 * the unit files, each by size, largest first.
 */
const PROJECT_RANK: Record<string, number> = { e2e: 0, 'api-postgres': 1, 'api-pglite': 2 };
const rank = (spec: TestSpecification) => PROJECT_RANK[spec.project.name] ?? 3;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const duration = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)?.duration;
    if (files.every((spec) => duration(spec) !== undefined)) {
      return [...files].sort((a, b) => (duration(b) ?? 0) - (duration(a) ?? 0));
    }
    const size = new Map(files.map((spec) => [spec, statSync(spec.moduleId).size]));
    return [...files].sort((a, b) => rank(a) - rank(b) || (size.get(b) ?? 0) - (size.get(a) ?? 0));
  }
}
