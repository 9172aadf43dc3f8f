import * as chrono from 'chrono-node';

import {
  asksWhen,
  carriesTime,
  inWindow,
  mayNameTime,
  nameCandidates,
  namedSubjects,
  subjectsOf,
  timeWindow,
  vectorQueryText,
} from 'src/recall/query-signals';

const reference = new Date('2023-10-20T12:00:00Z');
const day = (iso: string): Date => new Date(`${iso}T12:00:00Z`);

describe('query signals', () => {
  describe(mayNameTime.name, () => {
    it.each([
      'What did Melanie do on 20 July 2023?',
      'What did they do last weekend?',
      'Where did she go in May?',
      'What happened yesterday?',
      'What did he cook tonight?',
      'plans for the weekend',
      'a d ago',
      'in a m',
      'the d out',
      'what lasts',
      'on Sat.',
      'two weeks from now',
      'this morning',
      'end of the month',
    ])('lets chrono read %p', (text) => {
      expect(mayNameTime(text)).toBe(true);
    });

    it.each([
      'What did Caroline paint?',
      'Who is Melanie married to?',
      'What is her favourite book about adoption?',
      'Who is Caroline dating?',
    ])('spares the parse of %p, in which chrono finds nothing', (text) => {
      expect(mayNameTime(text)).toBe(false);
      expect(chrono.parse(text, { instant: reference, timezone: 'UTC' })).toEqual([]);
    });
  });

  describe(timeWindow.name, () => {
    it('should read a day as a window from the day before to three days after', () => {
      const window = timeWindow('What did Melanie do on 20 July 2023?', reference);

      expect(window).toMatchObject({
        kind: 'range',
        from: new Date('2023-07-19T00:00:00Z'),
        to: new Date('2023-07-23T00:00:00Z'),
      });
      expect(inWindow(window!, day('2023-07-22'))).toBe(true);
      expect(inWindow(window!, day('2023-07-23'))).toBe(false);
    });

    it('should read relative expressions from the reference time, not from now', () => {
      const window = timeWindow('What did I do last week?', reference);

      expect(inWindow(window!, day('2023-10-13'))).toBe(true);
      expect(inWindow(window!, day('2023-09-20'))).toBe(false);
      expect(inWindow(timeWindow('what happened yesterday', reference)!, day('2023-10-19'))).toBe(true);
    });

    it('should read a month with its year, a bare year, and a month without a year as any year', () => {
      expect(inWindow(timeWindow('What happened in May 2023?', reference)!, day('2023-06-15'))).toBe(true);
      expect(inWindow(timeWindow('What happened in May 2023?', reference)!, day('2023-08-15'))).toBe(false);
      expect(inWindow(timeWindow('What did Jon do in 2022?', reference)!, day('2022-03-01'))).toBe(true);
      expect(inWindow(timeWindow('What did Jon do in 2022?', reference)!, day('2023-03-01'))).toBe(false);
      const october = timeWindow('what did we discuss in October?', reference);

      expect(october).toMatchObject({ kind: 'months', months: [9, 10] });
      expect(inWindow(october!, day('2021-11-02'))).toBe(true);
    });

    it('should find no window in a query without a date, "May" as a verb included', () => {
      expect(timeWindow('When did Caroline go to the support group?', reference)).toBeNull();
      expect(timeWindow('May I ask what Jon did?', reference)).toBeNull();
    });
  });

  it('should tell "when" questions and contents that state a time', () => {
    expect(asksWhen('When did Caroline go to the support group?')).toBe(true);
    expect(asksWhen('What year did John start surfing?')).toBe(true);
    expect(asksWhen('What did Caroline paint?')).toBe(false);
    expect(carriesTime('I went there last weekend')).toBe(true);
    expect(carriesTime('We moved in 2019')).toBe(true);
    expect(carriesTime('I love painting')).toBe(false);
  });

  describe('names', () => {
    it('should take capitalised non-stop words as name candidates, possessives dropped, acronyms and months not', () => {
      expect(nameCandidates("What is Mel's favourite LGBTQ event in May?")).toEqual(['Mel']);
      expect(nameCandidates('When did Caroline and Melanie meet?')).toEqual(['Caroline', 'Melanie']);
    });

    it('should read a memory subject from the author, a speaker prefix, or the first name it mentions', () => {
      expect(subjectsOf('I went', 'Jon')).toEqual(['Jon']);
      expect(subjectsOf('Caroline: thanks Melanie!')).toEqual(['Caroline']);
      expect(subjectsOf('The support group made Caroline feel accepted')).toEqual(['Caroline']);
      expect(subjectsOf("Melanie praised Caroline's empathy")).toEqual(['Melanie']);
    });

    it('should match a query name to a known subject by first name or a 3-letter prefix', () => {
      expect(namedSubjects('What did Mel paint?', ['Caroline', 'Melanie'])).toEqual(['Melanie']);
      expect(namedSubjects('What did John Smith say?', ['John Smith'])).toEqual(['John Smith']);
      expect(namedSubjects('What did Me say?', ['Melanie'])).toEqual([]);
    });

    it('should strip names from the vector query, keeping the query when nothing else is left', () => {
      expect(vectorQueryText("What is Caroline's favourite painting?")).toBe('What is favourite painting?');
      expect(vectorQueryText('Caroline')).toBe('Caroline');
      expect(vectorQueryText('what about painting')).toBe('what about painting');
    });
  });
});
