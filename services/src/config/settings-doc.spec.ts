import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envSchema } from './app-config';

const operations = readFileSync(join(__dirname, '../../../docs/OPERATIONS.md'), 'utf8');

/** The rows of OPERATIONS.md's configuration table. */
function configurationRows(): string[] {
  const start = operations.indexOf('\n## Configuration');
  const end = operations.indexOf('\n## ', start + 1);
  return operations
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

const variablesIn = (text: string) => [...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);

describe('the configuration table of docs/OPERATIONS.md', () => {
  const rows = configurationRows();
  const settings = Object.keys(envSchema.shape);

  it('names every variable the boot config reads', () => {
    const documented = new Set(rows.flatMap(variablesIn));
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('has a row only for variables the boot config reads', () => {
    const rowNames = rows.flatMap((row) => variablesIn(row.split('|')[1]!));
    expect(rowNames.filter((name) => !settings.includes(name))).toEqual([]);
  });
});
