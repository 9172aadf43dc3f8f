import { askedRequest, REQUEST_FORMS } from 'src/language/requests';

describe(askedRequest.name, () => {
  const examples = REQUEST_FORMS.flatMap((form) => form.examples.map((example) => ({ id: form.id, ...example })));

  it.each(examples)('$id: should read $text as $imperative', ({ text, imperative }) => {
    expect(askedRequest(text)).toBe(imperative);
  });

  it('should read a long question in linear time', () => {
    const started = performance.now();
    askedRequest(`can you remind me to ${'a '.repeat(20_000)}`);
    askedRequest(`so, `.repeat(10_000));

    expect(performance.now() - started).toBeLessThan(100);
  });
});
