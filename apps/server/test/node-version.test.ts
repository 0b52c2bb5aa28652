import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leastVersion, nodeVersionProblem } from '../../../scripts/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

describe('the Node version check at start (issue 25)', () => {
  it('reads the least version from package.json engines', () => {
    expect(pkg.engines.node).toBe('>=20.11');
    expect(leastVersion(pkg.engines.node)).toEqual([20, 11, 0]);
    expect(leastVersion('^20')).toBeUndefined();
  });

  it('lets the running Node and newer ones through', () => {
    expect(nodeVersionProblem(process.versions.node, pkg.engines.node)).toBeUndefined();
    for (const v of ['20.11.0', 'v20.20.2', '22.1.0', '24.0.0'])
      expect(nodeVersionProblem(v, '>=20.11')).toBeUndefined();
  });

  it('names the needed and the running version for an older Node', () => {
    for (const v of ['18.19.1', 'v20.10.0', '16.0.0']) {
      const message = nodeVersionProblem(v, '>=20.11');
      expect(message).toContain('Balai membutuhkan Node.js 20.11.0 atau lebih baru');
      expect(message).toContain(`yang berjalan Node.js ${v.replace(/^v/, '')}`);
    }
  });

  it('is the first import of npm start and npm run dev', () => {
    for (const script of ['scripts/start.mjs', 'scripts/dev.mjs']) {
      const source = fs.readFileSync(path.join(root, script), 'utf8');
      expect(source.match(/^import .*$/m)?.[0]).toBe("import './node-version.mjs';");
    }
    // Importing the check on this Node prints nothing and exits 0.
    const run = spawnSync(process.execPath, ['scripts/node-version.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
