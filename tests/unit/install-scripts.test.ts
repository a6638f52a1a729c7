import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * npm 11 lists, at the end of every install, the dependencies whose install scripts package.json's
 * `allowScripts` does not cover (decision 0037). The lockfile has no `resolved` URLs, so npm cannot
 * verify a version and only name-only entries match.
 */
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));

const withInstallScripts = (): string[] => [
  ...new Set(
    Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
];

describe('the install scripts', () => {
  it('are each allowed or denied by name, so a clean install ends without warnings', () => {
    const packages = withInstallScripts();
    expect(packages).toContain('esbuild');
    expect(packages.filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean')).toEqual([]);
  });

  it('allow what the tools run on (esbuild: tsx, drizzle-kit, vite) and no telemetry', () => {
    expect(pkg.allowScripts.esbuild).toBe(true);
    expect(pkg.allowScripts['@scarf/scarf']).toBe(false);
    // The deny only stops the script once npm enforces the list; Scarf's own switch stops it today.
    expect(pkg.scarfSettings).toEqual({ enabled: false });
  });
});
