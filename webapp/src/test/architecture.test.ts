/**
 * One direction of imports (style.md): shared (components, lib, config, types)
 * -> features -> app. A feature imports no other feature; the app imports a
 * feature only through its public index; routing comes through lib/router.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SRC = join(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
}

const all = files(SRC).map((path) => ({ path, rel: relative(SRC, path).split(sep).join('/') }));

describe('architecture', () => {
  it('shared code imports no feature and no app code', () => {
    const offenders = all
      .filter(({ rel }) => /^(components|lib|config|types)\//.test(rel))
      .flatMap(({ path, rel }) => imports(path).filter((i) => /^@\/(features|app)\b/.test(i)).map((i) => `${rel} -> ${i}`));
    expect(offenders).toEqual([]);
  });

  it('features import no other feature and no app code', () => {
    const offenders = all
      .filter(({ rel }) => rel.startsWith('features/'))
      .flatMap(({ path, rel }) => {
        const own = rel.split('/')[1];
        return imports(path)
          .filter((i) => i.startsWith('@/app') || (i.startsWith('@/features/') && i.split('/')[2] !== own) || /\.\.\/\.\.\/\.\.\//.test(i))
          .map((i) => `${rel} -> ${i}`);
      });
    expect(offenders).toEqual([]);
  });

  it('the app uses features only through their public index', () => {
    const offenders = all
      .filter(({ rel }) => rel.startsWith('app/') || rel === 'main.tsx')
      .flatMap(({ path, rel }) => imports(path).filter((i) => /^@\/features\/[^/]+\/.+/.test(i)).map((i) => `${rel} -> ${i}`));
    expect(offenders).toEqual([]);
  });

  it('only lib/router imports react-router', () => {
    const offenders = all
      .filter(({ rel }) => rel !== 'lib/router.ts')
      .flatMap(({ path, rel }) => imports(path).filter((i) => /^react-router/.test(i)).map((i) => `${rel} -> ${i}`));
    expect(offenders).toEqual([]);
  });
});
