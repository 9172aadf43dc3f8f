import { forgetInClauses, isBareForget } from 'src/extraction/forget-requests';

describe('isBareForget', () => {
  it.each([
    'forget it',
    'please forget it.',
    'So scratch that!',
    'Glem det.',
    'og glem det igen',
    'forget about it pls',
  ])('%j only asks to forget what was said', (text) => {
    expect(isBareForget(text)).toBe(true);
  });

  it.each(['forget my email', 'I forget it every time', 'Glem ikke mælken', 'it'])('%j is no bare forget', (text) => {
    expect(isBareForget(text)).toBe(false);
  });
});

describe('forgetInClauses', () => {
  it('finds a forget request in a clause of a longer sentence', () => {
    expect(
      forgetInClauses("By the way, please forget where I work, I'd rather not have my employer stored anywhere.", null),
    ).toMatchObject({ kind: 'forget', slots: ['employer'] });
  });

  it('points a bare "forget it" at the rest of its sentence', () => {
    expect(forgetInClauses('So the greyhound plan is off, please forget it.', null)).toMatchObject({
      patternId: 'point-back',
      query: 'So the greyhound plan is off',
      slots: [],
    });
  });

  it('points "forget anything about her" at the person the rest of its sentence names, and the slot it ends', () => {
    expect(
      forgetInClauses("Astrid and I aren't together anymore, so please forget anything about her.", null),
    ).toMatchObject({ patternId: 'point-back', query: "Astrid and I aren't together anymore", slots: ['partner'] });
  });

  it('points "that\'s no longer true" at the rest of its sentence', () => {
    expect(
      forgetInClauses("I stepped down from the volunteer fire brigade in October, so that's no longer true.", null),
    ).toMatchObject({ query: 'I stepped down from the volunteer fire brigade in October' });
  });

  it('takes the one slot the words a bare "forget it" or "slet den" points at name', () => {
    expect(forgetInClauses("I'd rather you didn't keep my phone number, forget it.", null)).toMatchObject({
      patternId: 'point-back',
      slots: ['phone'],
    });
    expect(forgetInClauses('Du behøver ikke huske min alder, slet den venligst.', null)).toMatchObject({
      slots: ['age'],
    });
  });

  it('points a bare "Glem det." at the sentence before it', () => {
    const previous = 'Det bliver ikke til noget med maratonløbet.';
    expect(forgetInClauses('Glem det.', previous)).toMatchObject({ query: previous });
  });

  it.each([
    ['Scratch that, I work for SoundCloud.', null],
    ['Forget it.', null],
    ['Forget it.', 'Ok.'],
    ['I had a great weekend, we went hiking.', 'We went to the lake.'],
  ])('%j (after %j) asks nothing', (sentence, previous) => {
    expect(forgetInClauses(sentence, previous)).toBeNull();
  });
});
