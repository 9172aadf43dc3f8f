import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { AppConfig } from 'src/config/config';
import { fetchModel, modelProblems } from 'src/embedding/onnx/model-fetch';
import { CATALOGUE, catalogueModel } from 'src/embedding/onnx/onnx-models';
import type { CatalogueModel } from 'src/embedding/onnx/onnx-models';

const USAGE =
  'usage: models list | models fetch <name...> | models fetch --all | models verify [name...]\n' +
  `names: ${CATALOGUE.map((m) => m.name).join(', ')}\n`;

function named(names: readonly string[], all: readonly CatalogueModel[]): CatalogueModel[] {
  return names
    .map((name) => {
      const model = catalogueModel(name);
      if (!model) {
        throw new Error(`unknown model ${JSON.stringify(name)}\n${USAGE}`);
      }

      return model;
    })
    .concat(names.length === 0 ? all : []);
}

/**
 * `npm run models -- <list | fetch | verify>`: the catalogue's models in ENGRAM_MODELS_DIR. `fetch` with no name
 * fetches the configured LOCAL_EMBEDDING_MODEL. Progress goes to stderr; the exit code is 1 when a model is missing
 * or fails its check.
 */
export async function runModels(
  config: AppConfig,
  args: readonly string[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const { modelsDir, model: configured } = config.embeddings.local;
  const [action, ...rest] = args;
  const log = (line: string): boolean => process.stderr.write(`${line}\n`);
  switch (action) {
    case 'list':
      for (const model of CATALOGUE) {
        const here = existsSync(join(modelsDir, model.name, 'model.onnx')) ? 'fetched' : 'not fetched';
        const mark = model.name === configured ? ' (LOCAL_EMBEDDING_MODEL)' : '';
        out.write(`${model.name}\t${model.dimensions}d\t${model.pooling} pooling\t${model.licence}\t${here}${mark}\n`);
      }
      out.write(`models directory: ${modelsDir}\n`);

      return 0;
    case 'fetch': {
      const names = rest.includes('--all') ? CATALOGUE.map((m) => m.name) : rest.length > 0 ? rest : [configured];
      for (const model of named(names, [])) {
        out.write(`${await fetchModel(model, modelsDir, log)}\n`);
      }

      return 0;
    }
    case 'verify': {
      let failed = 0;
      const models = named(rest, rest.length > 0 ? [] : CATALOGUE.filter((m) => existsSync(join(modelsDir, m.name))));
      for (const model of models) {
        const problems = await modelProblems(model, join(modelsDir, model.name));
        failed += problems.length > 0 ? 1 : 0;
        out.write(`${model.name}: ${problems.length === 0 ? 'ok' : problems.join('; ')}\n`);
      }

      return failed > 0 ? 1 : 0;
    }
    default:
      process.stderr.write(USAGE);

      return 2;
  }
}
