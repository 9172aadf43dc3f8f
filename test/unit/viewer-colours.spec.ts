import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectRoot } from 'src/common/project-root';
import { MEMORY_TYPE_LABEL, MemoryScope, MemoryStatus, MemoryType, RelationType } from 'src/domain/memory.enums';
import { MEMORY_COLOURS, RELATION_COLOURS } from 'src/viewer/app/colours';
import { MEMORY_SCOPES, MEMORY_STATUSES, MEMORY_TYPES } from 'src/viewer/app/types';

const GRASS = readFileSync(join(projectRoot(__dirname), 'cypher/browser/engram.grass'), 'utf8');

function property(selector: string, name: string): string | undefined {
  const start = GRASS.indexOf(`${selector} {`);
  const block = start < 0 ? '' : GRASS.slice(start, GRASS.indexOf('\n}', start));

  return new RegExp(`\\n\\s+${name}: ([^;]+);`).exec(block)?.[1];
}

/** WCAG relative luminance contrast of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string): number => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));

    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];

  return (light + 0.05) / (dark + 0.05);
}

describe('viewer colours', () => {
  it.each(Object.values(MemoryType))(
    'should colour %s memories as the Neo4j Browser style sheet does, with readable captions',
    (type) => {
      const swatch = MEMORY_COLOURS[type];
      const label = MEMORY_TYPE_LABEL[type];

      expect(swatch).toMatchObject({
        fill: property(`node.${label}`, 'color'),
        border: property(`node.${label}`, 'border-color'),
        label,
      });
      expect(contrast(swatch?.text ?? '#FFFFFF', swatch?.fill ?? '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.values(RelationType))('should draw %s edges in the style sheet colour and width', (type) => {
    expect(RELATION_COLOURS[type]).toEqual({
      colour: property(`relationship.${type}`, 'color'),
      width: Number(property(`relationship.${type}`, 'shaft-width')?.replace('px', '')),
    });
  });

  it("should offer the server's memory types, statuses and scopes as filters", () => {
    expect([...MEMORY_TYPES].sort()).toEqual(Object.values(MemoryType).sort());
    expect([...MEMORY_STATUSES].sort()).toEqual(Object.values(MemoryStatus).sort());
    expect([...MEMORY_SCOPES].sort()).toEqual(Object.values(MemoryScope).sort());
  });
});
