/**
 * Memory and relation colours of the Neo4j Browser style sheet (cypher/browser/engram.grass): a unit test checks that
 * they stay the same. `text` is a caption colour with a contrast of at least 4.5:1 on `fill` (WCAG AA), darker than the sheet's where needed.
 */
export interface Swatch {
  fill: string;
  border: string;
  text: string;
  label: string;
}

export const MEMORY_COLOURS: Readonly<Record<string, Swatch>> = {
  FACT: { fill: '#4C8EDA', border: '#2870C2', text: '#000000', label: 'Fact' },
  PREFERENCE: { fill: '#F79767', border: '#F36924', text: '#2A2C34', label: 'Preference' },
  DECISION: { fill: '#8DCC93', border: '#5DB665', text: '#2A2C34', label: 'Decision' },
  IDENTITY: { fill: '#DA7194', border: '#CC3C6C', text: '#000000', label: 'Identity' },
  EVENT: { fill: '#FFC454', border: '#D7A013', text: '#2A2C34', label: 'Event' },
  OBSERVATION: { fill: '#57C7E3', border: '#23B3D7', text: '#2A2C34', label: 'Observation' },
  GOAL: { fill: '#F16667', border: '#EB2728', text: '#000000', label: 'Goal' },
  TODO: { fill: '#D9C8AE', border: '#C0A378', text: '#2A2C34', label: 'Todo' },
};

export const RELATION_COLOURS: Readonly<Record<string, { colour: string; width: number }>> = {
  UPDATES: { colour: '#4C8EDA', width: 3 },
  CONTRADICTS: { colour: '#F16667', width: 3 },
  RELATED_TO: { colour: '#A5ABB6', width: 1 },
  CAUSED_BY: { colour: '#FFC454', width: 2 },
  RESULT_OF: { colour: '#F79767', width: 2 },
  PART_OF: { colour: '#8DCC93', width: 2 },
};

export function swatchOf(type: string): Swatch {
  return MEMORY_COLOURS[type] ?? { fill: '#A5ABB6', border: '#9AA1AC', text: '#2A2C34', label: type };
}
