import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { MEMORY_TYPE_LABEL, RelationType } from 'src/domain/memory.enums';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';

const GRASS = readFileSync(join(projectRoot(__dirname), 'cypher/browser/engram.grass'), 'utf8');

function block(selector: string): string | null {
  const start = GRASS.indexOf(`${selector} {`);

  return start < 0 ? null : GRASS.slice(start, GRASS.indexOf('\n}', start) + 2);
}

describe('Neo4j Browser kit', () => {
  it.each(Object.values(MEMORY_TYPE_LABEL))('should give :%s its own colour and show its content', (label) => {
    const style = block(`node.${label}`);

    expect(style).toMatch(/color: #[0-9A-F]{6};/);
    expect(style).toContain('caption: "{content}"');
  });

  it('should give every memory type a different colour', () => {
    const colours = Object.values(MEMORY_TYPE_LABEL).map(
      (label) => /\n\s+color: (#[0-9A-F]{6})/.exec(block(`node.${label}`) ?? '')?.[1],
    );

    expect(new Set(colours).size).toBe(colours.length);
  });

  it.each([
    ...Object.values(RelationType),
    'CITES',
    'EXTRACTED_FROM',
    'HAS_MESSAGE',
    'SUMMARIZES',
    'MENTIONS',
    'MERGED_INTO',
  ])('should style %s edges', (type) => {
    expect(block(`relationship.${type}`)).not.toBeNull();
  });

  it('should caption bulletins by when they were generated and messages by what they say', () => {
    expect(block('node.Bulletin')).toContain('caption: "{generatedAt}"');
    expect(block('node.Message')).toContain('caption: "{content}"');
  });

  it('should caption entities by name in a colour no memory type has', () => {
    const style = block('node.Entity');
    const colourOf = (text: string | null): string | undefined => /\n\s+color: (#[0-9A-F]{6})/.exec(text ?? '')?.[1];

    expect(style).toContain('caption: "{name}"');
    expect(Object.values(MEMORY_TYPE_LABEL).map((label) => colourOf(block(`node.${label}`)))).not.toContain(
      colourOf(style),
    );
  });

  it('should hold the saved exploration queries the README describes', () => {
    const names = CypherRegistry.load()
      .names()
      .filter((name) => name.startsWith('browser/'));

    expect(names).toEqual(
      expect.arrayContaining([
        'browser/identity-graph',
        'browser/supersession-chains',
        'browser/memory-provenance',
        'browser/bulletin-citations',
        'browser/most-central',
        'browser/entity-profile',
        'browser/entity-connections',
      ]),
    );
  });
});
