/**
 * The `tokenizer.json` of a BERT WordPiece vocabulary (`vocab.txt`, one token a line, the line number its id), for
 * model folders that ship the vocabulary alone: BERT's normalizer (lower case), pre-tokenizer and
 * `[CLS] text [SEP]` template, as the Hugging Face tokenizers library writes them for BERT models.
 */
export function wordPieceTokenizerJson(vocabText: string, lowercase = true): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  vocabText
    .split(/\r?\n/u)
    .filter((token) => token !== '')
    .forEach((token, id) => {
      vocab[token] ??= id;
    });
  const special = (token: string): { id: string; type_id: number } => ({ id: token, type_id: 0 });
  const required = ['[CLS]', '[SEP]', '[UNK]', '[PAD]'];
  const missing = required.filter((token) => vocab[token] === undefined);
  if (missing.length > 0) {
    throw new Error(`vocab.txt lacks the special tokens ${missing.join(', ')}`);
  }

  return {
    version: '1.0',
    added_tokens: required.map((token) => ({
      id: vocab[token],
      content: token,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: special('[CLS]') },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: special('[SEP]') },
      ],
      pair: [
        { SpecialToken: special('[CLS]') },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: special('[SEP]') },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [vocab[token]], tokens: [token] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}
