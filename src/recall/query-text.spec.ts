import { searchableQuery } from 'src/recall/query-text';

describe(searchableQuery.name, () => {
  it.each([
    ['When did Caroline go to the LGBTQ support group?', 'caroline go lgbtq support group'],
    ['What is my name?', 'name'],
    ['who am I', 'who am i'],
    ['  ', ''],
    ['Où habite-t-elle ?', 'où habite elle'],
  ])('%s → %s', (query, expected) => {
    expect(searchableQuery(query)).toBe(expected);
  });
});
