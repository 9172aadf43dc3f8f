import { EntityKind } from 'src/domain/entity.types';
import { foldName, keysFor } from 'src/entities/entity-names';
import { findMentions } from 'src/entities/find-mentions';

const named = (content: string, slot: { name: string; value: string } | null = null): string[] =>
  findMentions(content, slot).map((m) => `${m.user === true ? 'user:' : ''}${m.kind}:${m.name}`);

describe('findMentions', () => {
  it('should name the people, places and organisations of an English sentence', () => {
    expect(named('My sister Ana moved to Lisbon and works at Google')).toEqual(
      expect.arrayContaining(['PERSON:Ana', 'PLACE:Lisbon', 'ORGANIZATION:Google']),
    );
  });

  it('should read a slot value as its thing and the self-description as the user', () => {
    expect(named('I work at Novo Nordisk', { name: 'employer', value: 'Novo Nordisk' })).toEqual(
      expect.arrayContaining(['user:PERSON:', 'ORGANIZATION:Novo Nordisk']),
    );
    expect(named('My name is Ada', { name: 'name', value: 'Ada' })).toEqual(['user:PERSON:Ada']);
  });

  it('should find relatives and pets in Danish and English', () => {
    expect(named('Jeg gik en tur med min hund Rex og min søster Ida')).toEqual(
      expect.arrayContaining(['PET:Rex', 'PERSON:Ida']),
    );
    expect(named('our cat called Miso hates the vet')).toEqual(['PET:Miso']);
  });

  it('should find nothing in a sentence without names, and never a weekday or the pronoun I', () => {
    expect(named('I like long walks on the beach')).toEqual([]);
    expect(named('On Monday I met Tom')).not.toContain('PERSON:Monday');
  });
});

describe('foldName and keysFor', () => {
  it('should fold case, diacritics, possessives and a leading article', () => {
    expect(foldName("Ana's")).toBe('ana');
    expect(foldName('ANA’S')).toBe('ana');
    expect(foldName('José')).toBe('jose');
    expect(foldName('The Big Apple')).toBe('big apple');
    expect(foldName('København')).toBe('kobenhavn');
  });

  it('should know short forms of places and first names, within their kind only', () => {
    expect(keysFor(EntityKind.PLACE, 'nyc')).toContain('new york city');
    expect(keysFor(EntityKind.PERSON, 'nyc')).toEqual(['nyc']);
    expect(keysFor(EntityKind.PERSON, 'bob smith')).toContain('robert smith');
  });
});
