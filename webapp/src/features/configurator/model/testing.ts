/** Test fixtures: the configurators of the shared vectors (tests/vectors/configurator.json). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfiguratorData } from '../types';

const VECTORS = resolve(__dirname, '..', '..', '..', '..', '..', 'tests', 'vectors', 'configurator.json');
const doc = JSON.parse(readFileSync(VECTORS, 'utf8')) as { configurators: Record<'keyboard' | 'mouse' | 'soon', ConfiguratorData> };

/** A fresh copy of a vector configurator, with `changes` merged over it. */
export function vectorConfigurator(name: 'keyboard' | 'mouse' | 'soon', changes: Partial<ConfiguratorData> = {}): ConfiguratorData {
  return { ...structuredClone(doc.configurators[name]), ...changes };
}
