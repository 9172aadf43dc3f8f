import { takenBackTopic } from 'src/memory/write/learned-fact-take-back';

describe('takenBackTopic', () => {
  it.each([
    ['scrap the café plan, not happening', ['café']],
    ['Det bliver ikke til noget med Skagen, glem det.', ['skagen']],
    ['the Tbilisi plan is off, forget I mentioned it', ['tbilisi']],
    ['drop the sourdough thing', ['sourdough']],
  ])('should name what %s takes back', (text, topic) => {
    expect(takenBackTopic(text)).toEqual(topic);
  });

  it('should name nothing when the take-back names no topic', () => {
    expect(takenBackTopic('scrap that, not happening')).toBeNull();
    expect(takenBackTopic('glem det')).toBeNull();
  });
});
